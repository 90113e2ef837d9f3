package main

import (
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// treeStamp is the content of every file a run reads from the tree: each
// mutant is built from the live tree through an overlay, and the
// scenarios, fixtures and committed counterexamples are read from it too,
// so a file edited while a run is under way (a session still at work in
// the tree) gives later mutants another tree than earlier ones and the
// unmutated baseline. Their counts then differ for reasons no mutant
// caused, and such a report is not a measurement.
type treeStamp map[string][sha256.Size]byte

// stampTree hashes every regular file under root but the version control
// folder, dot folders and bin/ (build outputs, which no run reads).
func stampTree(root string) (treeStamp, error) {
	st := treeStamp{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		st[filepath.ToSlash(rel)] = sha256.Sum256(b)
		return nil
	})
	return st, err
}

// changed lists, sorted, the files added, removed or edited since s.
func (s treeStamp) changed(now treeStamp) []string {
	var out []string
	for p, h := range s {
		if g, ok := now[p]; !ok || g != h {
			out = append(out, p)
		}
	}
	for p := range now {
		if _, ok := s[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
