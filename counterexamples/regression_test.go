package counterexamples_test

import (
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
