package counterexamples

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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

// TestWriteFoundRefusesAFIFO: a FIFO (or any file but a regular one)
// under the counterexample's name is refused before it is read. WriteFound
// read the path first, to compare headers, and reading a FIFO blocks until
// something writes to it: explore hung after its run, with the violation
// found and never reported.
func TestWriteFoundRefusesAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "x.txt")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, write := range map[string]func(string, []byte) (Written, error){
		"WriteFound": WriteFound,
		"WriteFile":  func(p string, d []byte) (Written, error) { return WriteFile(p, d, true) },
	} {
		done := make(chan error, 1)
		go func() {
			_, err := write(fifo, []byte("run\n----\n"))
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s onto a FIFO: %v, want an error saying it is not a regular file", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s onto a FIFO did not return: it is reading it", name)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}
