package counterexamples

import (
	"path/filepath"
	"testing"
)

// TestWriteFoundKeepsTheFirstRecord: re-finding a counterexample whose
// file differs only in its header comments keeps the file as it was; a
// file whose body differs is refused and left alone.
func TestWriteFoundKeepsTheFirstRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.txt")
	first := "# found by: modelcheck explore --depth 12\n# length: 4\n\nrun\nspawn r1\n----\n"
	write := func(data string, _ bool) (Written, error) { return WriteFound(path, []byte(data)) }
	runWrites(t, path, write, []fileWrite{
		{first, false, Created, "", first},
		{first, false, Unchanged, "", first},
		{"# found by: modelcheck explore --depth 9\n# length: 3\n\nrun\nspawn r1\n----\n", false, Recorded, "", first},
		{"# found by: modelcheck explore --depth 12\n# length: 4\n\nrun\nspawn r2\n----\n", false, 0, "already exists with other content", first},
	})
	if Recorded.String() != "already recorded" {
		t.Errorf("Recorded spelled %q", Recorded)
	}
}
