package counterexamples

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
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
	// Recorded: the file already held the same counterexample under other
	// header comments, and was kept (see WriteFound).
	Recorded
)

func (w Written) String() string {
	return [...]string{"wrote", "unchanged", "rewrote", "already recorded"}[w]
}

// WriteFound writes a counterexample that explore found, as WriteFile does
// without replacing, with one difference: a file at path that differs from
// data only in its leading comment lines is kept, and Recorded returned.
//
// The file name holds the fingerprint of the scenario, the checks and the
// script, and the rest of the body is their replay, so such a file is the
// same finding: typically found before by another command (another
// --depth, fault order or checks), which is what the "found by" line
// records. Re-finding a known bug is not a conflict, and the first record
// of how it was found stands. A body that differs is one: the runtime now
// replays the script otherwise, or the file was edited, and either needs a
// person, so it is an error and the file is left alone.
func WriteFound(path string, data []byte) (Written, error) {
	old, err := readExisting(path)
	if err == nil && old != nil && !bytes.Equal(old, data) && bytes.Equal(body(old), body(data)) {
		return Recorded, nil
	}
	return WriteFile(path, data, false)
}

// body is a file without its leading comment lines.
func body(file []byte) []byte {
	for bytes.HasPrefix(file, []byte("#")) {
		i := bytes.IndexByte(file, '\n')
		if i < 0 {
			return nil
		}
		file = file[i+1:]
	}
	return file
}

// WriteFile writes data to path, creating its folder, so that nothing is
// ever half-written: the bytes go to a temporary file in the same folder,
// which is then renamed over path. A file that already holds other bytes
// is replaced only if replace is set; otherwise it is an error, because it
// may be a reviewed regression test or a different finding.
//
// Only a regular file is ever read or replaced: renaming over a symbolic
// link would replace the link (and reading a FIFO would block), so any
// other kind of file at path is an error, and so is a path that names a
// folder (one ending in a separator). A write that fails leaves nothing
// behind: neither its temporary file nor a folder it made.
func WriteFile(path string, data []byte, replace bool) (Written, error) {
	if err := CheckTarget(path); err != nil {
		return 0, err
	}
	old, err := readExisting(path)
	if err != nil {
		return 0, err
	}
	result := Created
	switch {
	case old != nil && bytes.Equal(old, data):
		return Unchanged, nil
	case old != nil && !replace:
		return 0, fmt.Errorf("%s already exists with other content; not overwriting it (compare them, then remove or move it)", path)
	case old != nil:
		result = Replaced
	}
	// A new file is 0644; one replaced keeps its permissions (a shrink in
	// place of a file made read-only stays read-only).
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); old != nil && err == nil {
		mode = info.Mode().Perm()
	}
	dir := filepath.Dir(path)
	made, err := MakeFolder(dir)
	if err != nil {
		return 0, fmt.Errorf("writing %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		RemoveEmpty(made)
		return 0, fmt.Errorf("writing %s: %w", path, err)
	}
	_, werr := tmp.Write(data)
	// Synced before the rename: after a crash or power loss the name then
	// holds the old bytes or the new, never a file the rename made visible
	// before its blocks were written (an empty one, under delayed
	// allocation).
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), mode)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		RemoveEmpty(made)
		return 0, fmt.Errorf("writing %s: %w", path, werr)
	}
	return result, nil
}

// CheckTarget refuses a path WriteFile would refuse before writing
// anything: one that names a folder (ends in a separator, . or ..) or
// where something other than a regular file is. A command that works long
// before it writes (shrink) asks first, so that a bad path is not found
// only after the work.
func CheckTarget(path string) error {
	if base := filepath.Base(path); strings.HasSuffix(path, string(filepath.Separator)) || base == "." || base == ".." || base == string(filepath.Separator) {
		return fmt.Errorf("%s names a folder; name the file to write", path)
	}
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return notRegular(path, info)
	}
	return nil
}

// notRegular is the error for a path where a write finds something other
// than a regular file.
func notRegular(path string, info os.FileInfo) error {
	return fmt.Errorf("%s is not a regular file (a %s); not writing there (name a regular file, or a path that does not exist)", path, kind(info.Mode()))
}

// MakeFolder makes dir and any folder above it that is missing, and
// returns those it made, deepest first, for RemoveEmpty. If it fails, it
// removes what it made first: a path too long for the system failed
// after twenty folders of it were made, and they stayed. (A path too long
// to look at is missing too: os.MkdirAll makes its first folders all the
// same.)
func MakeFolder(dir string) (made []string, err error) {
	d := filepath.Clean(dir)
	for ; ; d = filepath.Dir(d) {
		// A part under a file (ENOTDIR) is missing too: the file is
		// what notAFolder names.
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENAMETOOLONG) && !errors.Is(err, syscall.ENOTDIR) {
			break
		}
		made = append(made, d)
	}
	// d, the deepest part of dir that is there, must be a folder.
	if err := notAFolder(d); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		RemoveEmpty(made)
		return nil, err
	}
	return made, nil
}

// notAFolder says what dir is when something other than a folder is
// there: mkdir's own words ("mkdir out: file exists" for a link to
// nothing, "not a directory" for a file) name neither what was found nor
// what was wanted.
func notAFolder(dir string) error {
	info, err := os.Lstat(dir)
	if err != nil {
		return nil // missing: MkdirAll makes it, or says why not
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		target, terr := os.Readlink(dir)
		if info, err = os.Stat(dir); err != nil {
			if terr == nil {
				return fmt.Errorf("%s is a symbolic link to %s, which does not exist; name a folder", dir, target)
			}
			return fmt.Errorf("%s is a symbolic link that leads nowhere; name a folder", dir)
		}
	}
	if info.IsDir() {
		return nil
	}
	return fmt.Errorf("%s is a %s, not a folder; name a folder", dir, kind(info.Mode()))
}

// kind names the kind of file of mode m, as an error message says it.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "folder"
	case m.IsRegular():
		return "file"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// RemoveEmpty removes the folders MakeFolder made, deepest first, as long
// as each is empty: one a file was written to stays, and so does every
// folder above it. One that is not there (MakeFolder failed before it) is
// passed over.
func RemoveEmpty(made []string) {
	for _, d := range made {
		if err := os.Remove(d); err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENAMETOOLONG) {
			return
		}
	}
}

// readExisting reads the file at path that a write would replace: nil if
// there is none. Anything there but a regular file is an error, found
// before it is read: renaming over a symbolic link would replace the
// link, and reading a FIFO blocks until something writes to it, so a FIFO
// left under a counterexample's name would hang explore after its run.
func readExisting(path string) ([]byte, error) {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case !info.Mode().IsRegular():
		return nil, notRegular(path, info)
	}
	fh, err := openNonblocking(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	// What was opened may have replaced what was checked.
	if info, err = fh.Stat(); err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, notRegular(path, info)
	}
	old, err := io.ReadAll(fh)
	if old == nil && err == nil {
		old = []byte{}
	}
	return old, err
}
