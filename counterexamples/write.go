package counterexamples

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Written says what WriteFile did.
type Written int

// What WriteFile did.
const (
	// Created: there was no file at the path.
	Created Written = iota
	// Unchanged: the file already held these bytes.
	Unchanged
	// Replaced: the file held other bytes and replacing them was allowed.
	Replaced
)

func (w Written) String() string {
	return [...]string{"wrote", "unchanged", "rewrote"}[w]
}

// WriteFile writes data to path, creating its folder, so that nothing is
// ever half-written: the bytes go to a temporary file in the same folder,
// which is then renamed over path. A file that already holds other bytes
// is replaced only if replace is set; otherwise it is an error, because it
// may be a reviewed regression test or a different finding.
//
// Only a regular file is ever read or replaced: renaming over a symbolic
// link would replace the link (and reading a FIFO would block), so any
// other kind of file at path is an error.
func WriteFile(path string, data []byte, replace bool) (Written, error) {
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return 0, fmt.Errorf("%s is not a regular file (%s); not writing there (name a regular file, or a path that does not exist)", path, info.Mode().Type())
	}
	old, err := os.ReadFile(path)
	result := Created
	switch {
	case err == nil && bytes.Equal(old, data):
		return Unchanged, nil
	case err == nil && !replace:
		return 0, fmt.Errorf("%s already exists with other content; not overwriting it (compare them, then remove or move it)", path)
	case err == nil:
		result = Replaced
	case !errors.Is(err, fs.ErrNotExist):
		return 0, err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return 0, err
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return 0, werr
	}
	return result, nil
}
