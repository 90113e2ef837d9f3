package counterexamples

import (
	"os"
	"path/filepath"
	"testing"

	invariants "modelcheck/invariants/asupersync"
	model "modelcheck/model/asupersync"
)

// The pipeline's tests run it on the asupersync system: its committed
// counterexamples, its scenarios and its faults.
var asu = New(invariants.Spec())

// asuCase is an asupersync counterexample case.
type asuCase = Case[model.Scenario, model.Input]

// committedDir holds the committed counterexamples.
const committedDir = "../testdata/counterexamples"

// committed lists the committed counterexample files of the asupersync
// system (all of them until another system commits one).
func committed(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(committedDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if name, _, ok := headerModel(leadingComments(string(data))); !ok || name == asu.Name() {
			out = append(out, path)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no counterexamples in %s", committedDir)
	}
	return out
}
