package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestStampSeesEveryEdit: a file edited, added or removed anywhere in the
// tree (testdata included) is reported; the version control folder and
// bin/ are not read.
func TestStampSeesEveryEdit(t *testing.T) {
	root := t.TempDir()
	write := func(rel, body string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("runtime/a.go", "package a")
	write("testdata/x.txt", "x")
	write("gone.go", "package gone")
	write(".git/HEAD", "ref")
	write("bin/modelcheck", "elf")
	before, err := stampTree(root)
	if err != nil {
		t.Fatal(err)
	}
	if got := before.changed(before); len(got) != 0 {
		t.Fatalf("an unchanged tree reports %v", got)
	}
	write("runtime/a.go", "package a // edited")
	write("testdata/new.txt", "new")
	if err := os.Remove(filepath.Join(root, "gone.go")); err != nil {
		t.Fatal(err)
	}
	write(".git/HEAD", "other")
	write("bin/modelcheck", "rebuilt")
	after, err := stampTree(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"gone.go", "runtime/a.go", "testdata/new.txt"}
	if got := before.changed(after); !slices.Equal(got, want) {
		t.Fatalf("changed = %v, want %v", got, want)
	}
}

// TestListFew names three paths and counts the rest.
func TestListFew(t *testing.T) {
	if got := listFew([]string{"a", "b"}); got != "a, b" {
		t.Errorf("two: %q", got)
	}
	if got := listFew([]string{"a", "b", "c", "d", "e"}); got != "a, b, c and 2 more" {
		t.Errorf("five: %q", got)
	}
}
