//go:build unix

package counterexamples

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

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

// TestOpenNeverBlocksOnAFIFO: the open behind every read of a
// counterexample file, and of a file a write would replace, returns at
// once on a FIFO, whose type is then checked on what was opened. Each
// reader checks the path's type before it opens it, but a FIFO swapped in
// between the two blocked an ordinary open until something wrote to it:
// replay looping over a path another process kept replacing hung 4 times
// in 300.
func TestOpenNeverBlocksOnAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "x.txt")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		fh, err := openNonblocking(fifo)
		if err == nil {
			defer fh.Close()
			var info os.FileInfo
			if info, err = fh.Stat(); err == nil && info.Mode().IsRegular() {
				t.Errorf("a FIFO opened reads as a regular file")
			}
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("opening a FIFO: %v, want it opened, to be refused by its type", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("opening a FIFO did not return: the open blocks until a writer comes")
	}
}
