package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// The fuzz targets feed each runner's directives arbitrary text, seeded
// with the committed files: a runner never panics, and every error names
// the file and line.

var fuzzPositioned = regexp.MustCompile(`^fuzz\.txt:\d+: `)

// seedDir adds the files of a testdata folder to the corpus, those that
// contain want (every one if want is "").
func seedDir(f *testing.F, dir, want string) {
	files, err := filepath.Glob(filepath.Join(testdataDir, dir, "*.txt"))
	if err != nil {
		f.Fatal(err)
	}
	n := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		if strings.Contains(string(data), want) {
			f.Add(string(data))
			n++
		}
	}
	if n == 0 {
		f.Fatalf("no seeds in %s", dir)
	}
}

// fuzzDirectives splits text into directives by datadriven's rules, less
// its error checks: a directive line (continued by a trailing backslash),
// its input up to ----, then its expected output up to a blank line,
// which the runners never see. Lines that datadriven cannot parse end the
// file: reading them is datadriven's business, not the runners'.
func fuzzDirectives(text string) []*datadriven.TestData {
	lines := strings.Split(text, "\n")
	var out []*datadriven.TestData
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos := i + 1
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, `\`) + " " + strings.TrimSpace(lines[i])
		}
		cmd, args, err := datadriven.ParseLine(line)
		if err != nil {
			return out
		}
		var input []string
		for i++; i < len(lines) && lines[i] != "----"; i++ {
			input = append(input, lines[i])
		}
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
		}
		out = append(out, &datadriven.TestData{Pos: "fuzz.txt:" + strconv.Itoa(pos), Cmd: cmd, CmdArgs: args, Input: strings.Join(input, "\n")})
	}
	return out
}

// fuzzRun runs text's directives on a fresh runner until one fails, and
// checks that the failure names the file and line.
func fuzzRun(t *testing.T, r directiveRunner, text string) {
	for _, d := range fuzzDirectives(text) {
		if _, err := r.Do(d); err != nil {
			if !fuzzPositioned.MatchString(err.Error()) {
				t.Fatalf("error without file:line: %q", err)
			}
			return
		}
	}
}

// FuzzFixtures fuzzes the kernel fixture runner (init, run, state,
// certificate, fingerprint).
func FuzzFixtures(f *testing.F) {
	seedDir(f, "fixtures", "")
	f.Fuzz(func(t *testing.T, text string) { fuzzRun(t, &Runner{}, text) })
}

// FuzzParity fuzzes the parity directive.
func FuzzParity(f *testing.F) {
	seedDir(f, "parity", "")
	f.Fuzz(func(t *testing.T, text string) { fuzzRun(t, &Runner{}, text) })
}

// FuzzPool fuzzes the worker-pool directive.
func FuzzPool(f *testing.F) {
	seedDir(f, "fixtures", "\npool ")
	f.Fuzz(func(t *testing.T, text string) { fuzzRun(t, &Runner{}, text) })
}

// FuzzChannel fuzzes the channel runner.
func FuzzChannel(f *testing.F) {
	seedDir(f, "channel", "")
	f.Fuzz(func(t *testing.T, text string) { fuzzRun(t, &ChannelRunner{}, text) })
}

// FuzzWheel fuzzes the timer-wheel runner.
func FuzzWheel(f *testing.F) {
	seedDir(f, "wheel", "")
	f.Fuzz(func(t *testing.T, text string) { fuzzRun(t, &WheelRunner{}, text) })
}
