package conformance

import (
	"path/filepath"
	"testing"

	"github.com/cockroachdb/datadriven"

	"modelcheck/internal/fixtures"
)

// testdataDir is the repository's testdata folder.
const testdataDir = "../../testdata"

// TestFixtures runs every contract fixture, each file its own subtest named
// by its fixture ID (the file name), e.g.
// go test ./runtime/conformance -run 'TestFixtures/sc-edf-001'.
func TestFixtures(t *testing.T) { runDir(t, "fixtures", func() directiveRunner { return &Runner{} }) }

// TestParity runs the native-vs-browser parity scenarios.
func TestParity(t *testing.T) { runDir(t, "parity", func() directiveRunner { return &Runner{} }) }

// directiveRunner runs one file's directives in order.
type directiveRunner interface {
	Do(d *datadriven.TestData) (string, error)
}

// runDir runs testdata/dir/*.txt, each file checked for what the contracts
// ask of a fixture: its id, seed and repro command (the snapshot id and
// fingerprint are directive outputs).
func runDir(t *testing.T, dir string, newRunner func() directiveRunner) {
	header := func(id string) []string {
		return []string{"# id: " + id + "\n", "# seed: ", "# repro: go test ./runtime/conformance -run '", "fingerprint"}
	}
	fixtures.Run(t, filepath.Join(testdataDir, dir), header, func() func(*datadriven.TestData) (string, error) {
		return newRunner().Do
	})
}
