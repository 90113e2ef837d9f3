package counterexamples

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFoundKeepsTheFirstRecord: re-finding a counterexample whose
// file differs only in its header comments keeps the file as it was; a
// file whose body differs is refused and left alone.
func TestWriteFoundKeepsTheFirstRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.txt")
	first := "# found by: modelcheck explore --depth 12\n# length: 4\n\nrun\nspawn r1\n----\n"
	steps := []struct {
		data    string
		want    Written
		err     string
		content string
	}{
		{first, Created, "", first},
		{first, Unchanged, "", first},
		{"# found by: modelcheck explore --depth 9\n# length: 3\n\nrun\nspawn r1\n----\n", Recorded, "", first},
		{"# found by: modelcheck explore --depth 12\n# length: 4\n\nrun\nspawn r2\n----\n", 0, "already exists with other content", first},
	}
	for i, s := range steps {
		got, err := WriteFound(path, []byte(s.data))
		if s.err != "" {
			if err == nil || !strings.Contains(err.Error(), s.err) {
				t.Fatalf("step %d: error %v, want %q", i, err, s.err)
			}
		} else if err != nil || got != s.want {
			t.Fatalf("step %d: %v, %v; want %v", i, got, err, s.want)
		}
		if b, _ := os.ReadFile(path); string(b) != s.content {
			t.Fatalf("step %d: file holds %q, want %q", i, b, s.content)
		}
	}
	if Recorded.String() != "already recorded" {
		t.Errorf("Recorded spelled %q", Recorded)
	}
}
