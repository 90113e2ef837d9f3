package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
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

func runDir(t *testing.T, dir string, newRunner func() directiveRunner) {
	files, err := filepath.Glob(filepath.Join(testdataDir, dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no files in %s/%s", testdataDir, dir)
	}
	for _, path := range files {
		id := strings.TrimSuffix(filepath.Base(path), ".txt")
		t.Run(id, func(t *testing.T) {
			checkHeader(t, path, id)
			r := newRunner()
			datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
				out, err := r.Do(d)
				if err != nil {
					t.Fatal(err)
				}
				return out
			})
		})
	}
}

// checkHeader insists that a file publishes what the contracts ask of a
// fixture: its id, seed and repro command (the snapshot id and fingerprint
// are directive outputs).
func checkHeader(t *testing.T, path, id string) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{"# id: " + id + "\n", "# seed: ", "# repro: go test ./runtime/conformance -run '", "fingerprint"} {
		if !strings.Contains(text, want) {
			t.Fatalf("%s: header is missing %q", path, strings.TrimSpace(want))
		}
	}
}
