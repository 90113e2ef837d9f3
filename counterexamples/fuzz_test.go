package counterexamples

import (
	"context"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
)

// fuzzPositioned is how every error about a file starts: the file and the
// line.
var fuzzPositioned = regexp.MustCompile(`^fuzz\.txt:\d+: `)

// seedCommitted adds every committed counterexample to the corpus.
func seedCommitted(f *testing.F) {
	paths, err := os.ReadDir(committedDir)
	if err != nil || len(paths) == 0 {
		f.Fatalf("no counterexamples in %s (%v)", committedDir, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(committedDir + "/" + p.Name())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// checkFuzzError insists that an error names the file and line, and
// echoes nothing raw: no control character, nothing long.
func checkFuzzError(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if !fuzzPositioned.MatchString(msg) {
		t.Fatalf("error without file:line: %q", msg)
	}
	if strings.ContainsFunc(msg, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		t.Fatalf("error with a control character: %q", msg)
	}
}

// FuzzParse: any bytes either parse or give an error naming file:line.
func FuzzParse(f *testing.F) {
	seedCommitted(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := asu.Parse("fuzz.txt", data); err != nil {
			checkFuzzError(t, err)
		}
	})
}

// FuzzReplay: any file that parses replays, or gives an error naming
// file:line (a refused input, a truncated output).
func FuzzReplay(f *testing.F) {
	seedCommitted(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := asu.Parse("fuzz.txt", data)
		if err != nil {
			return
		}
		if _, err := file.Replay(context.Background(), io.Discard); err != nil {
			checkFuzzError(t, err)
		}
	})
}
