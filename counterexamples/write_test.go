package counterexamples

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFileNeverOverwritesSilently: a new file is created (folder
// included), the same bytes leave it alone, other bytes are refused unless
// replacing is allowed, and no temporary file is left behind.
func TestWriteFileNeverOverwritesSilently(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "x.txt")
	write := func(data string, replace bool) (Written, error) { return WriteFile(path, []byte(data), replace) }
	runWrites(t, path, write, []fileWrite{
		{"one\n", false, Created, "", "one\n"},
		{"one\n", false, Unchanged, "", "one\n"},
		{"two\n", false, 0, "already exists with other content", "one\n"},
		{"two\n", true, Replaced, "", "two\n"},
	})
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
		t.Fatalf("a new file: %v, %v; want mode 0644", info.Mode(), err)
	}
	// A file replaced keeps its permissions: shrinking a read-only file in
	// place gave it 0644.
	if err := os.Chmod(path, 0o440); err != nil {
		t.Fatal(err)
	}
	if got, err := write("three\n", true); err != nil || got != Replaced {
		t.Fatalf("replacing a read-only file: %v, %v", got, err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o440 {
		t.Errorf("a replaced 0440 file: %v, %v; want it 0440 still", info.Mode(), err)
	}
}

// fileWrite is one write of a sequence and what it must leave: the
// result, or an error containing err, and the file's content after it.
type fileWrite struct {
	data    string
	replace bool
	want    Written
	err     string
	content string
}

// runWrites applies the steps in order with write, checking each.
func runWrites(t *testing.T, path string, write func(data string, replace bool) (Written, error), steps []fileWrite) {
	t.Helper()
	for i, s := range steps {
		got, err := write(s.data, s.replace)
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
}

// TestFailedWriteLeavesNoFolder: a path that names a folder is refused
// before anything is made, and a write that fails after making the
// folders for its file removes them again. shrink --out new/ made new/,
// then failed to rename its temporary file onto it ("file exists", naming
// the temporary file) and left the empty folder behind.
func TestFailedWriteLeavesNoFolder(t *testing.T) {
	root := t.TempDir()
	for _, path := range []string{
		filepath.Join(root, "new") + string(filepath.Separator),
		filepath.Join(root, "new", "deeper") + string(filepath.Separator) + ".",
		filepath.Join(root, "new", "deeper", strings.Repeat("x", 300)+".txt"), // too long a name to create
	} {
		if _, err := WriteFile(path, []byte("one\n"), false); err == nil {
			t.Errorf("WriteFile(%q) succeeded", path)
		} else if !strings.Contains(err.Error(), "names a folder") && !strings.HasPrefix(err.Error(), "writing "+path+": ") {
			t.Errorf("WriteFile(%q): %v, want it to name the path or say it names a folder", path, err)
		}
		if entries, _ := os.ReadDir(root); len(entries) != 0 {
			t.Fatalf("WriteFile(%q) left %v behind", path, entries)
		}
	}
}

// TestCheckTargetRefusesFolderNames: a path that can only name a folder
// (one ending in a separator, ".", "..", or the root itself) is refused
// as one, whether or not there is a folder there.
func TestCheckTargetRefusesFolderNames(t *testing.T) {
	root := t.TempDir()
	sep := string(filepath.Separator)
	for _, path := range []string{
		root + sep,
		root + sep + ".",
		root + sep + "..",
		filepath.Join(root, "new") + sep,
		filepath.Join(root, "new") + sep + ".",
		filepath.Join(root, "new") + sep + "..",
		sep,
	} {
		if err := CheckTarget(path); err == nil || err.Error() != path+" names a folder; name the file to write" {
			t.Errorf("CheckTarget(%q) = %v, want it to say the path names a folder", path, err)
		}
	}
}
