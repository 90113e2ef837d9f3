package counterexamples_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"modelcheck/counterexamples"
	"modelcheck/models"
)

// TestRegression runs every committed counterexample as a datadriven test,
// each file its own subtest named after it, as the model its header names
// (see counterexamples.RunFile). After a deliberate change to the runtime
// or a check, go test ./counterexamples -rewrite regenerates the
// expectations, and the diff is what a reviewer reads.
func TestRegression(t *testing.T) {
	files, err := filepath.Glob("../testdata/counterexamples/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no counterexamples in ../testdata/counterexamples (%v)", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			t.Parallel()
			counterexamples.RunFile(t, path, byHeader)
		})
	}
}

// byHeader is the model a file's header names, the default one for a file
// without the line.
func byHeader(name string) (counterexamples.System, error) {
	if name == "" {
		return models.Default(), nil
	}
	return models.Lookup(name)
}

// TestCommittedWhereLinesNameTheirFile: every committed file's replay
// and test lines name the file where it is kept, whichever model wrote
// it. A file written into another folder and copied here keeps that
// folder's lines, which neither command can follow (session 18 committed
// nine such files before this test).
func TestCommittedWhereLinesNameTheirFile(t *testing.T) {
	files, err := filepath.Glob("../testdata/counterexamples/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no counterexamples in ../testdata/counterexamples (%v)", err)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(path)
		name := strings.TrimSuffix(base, ".txt")
		for _, want := range []string{
			"\n# replay: modelcheck replay testdata/counterexamples/" + base + "\n",
			"\n# test: go test ./counterexamples -run 'TestRegression/" + name + "$' -v\n",
		} {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s: no line %q", base, strings.TrimSpace(want))
			}
		}
	}
}
