package models

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// generic are the packages that must know no system: they reach a system
// only through the registry (this package) and the interfaces of package
// model, so that adding a system touches only its own packages and one
// line here. model is its top folder only: model/<system> is a system.
var generic = []string{"../model", "../explore", "../counterexamples", "../cmd/modelcheck"}

// systemCode says whether an import path is a system's own code: a model
// below model/, its checks below invariants/, or its runtime (runtime/
// except dethash, a deterministic hash with no semantics of its own).
func systemCode(path string) bool {
	switch {
	case strings.HasPrefix(path, "modelcheck/model/"),
		strings.HasPrefix(path, "modelcheck/invariants/"),
		strings.HasPrefix(path, "modelcheck/runtime/") && path != "modelcheck/runtime/dethash":
		return true
	}
	return false
}

// TestGenericPackagesImportNoSystem reads the imports of every non-test Go
// file of the generic packages and fails on one of a system's packages.
func TestGenericPackagesImportNoSystem(t *testing.T) {
	checked := 0
	for _, dir := range generic {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			for _, imp := range f.Imports {
				p, err := strconv.Unquote(imp.Path.Value)
				if err != nil {
					t.Fatal(err)
				}
				if systemCode(p) {
					t.Errorf("%s imports %s: a generic package must reach a system only through package models", path, p)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no file checked")
	}
}

// TestSystemCodeIsRecognised: the test above would pass vacuously if it
// did not recognise a system's import paths.
func TestSystemCodeIsRecognised(t *testing.T) {
	for path, want := range map[string]bool{
		"modelcheck/model/asupersync":      true,
		"modelcheck/invariants/asupersync": true,
		"modelcheck/runtime/kernel":        true,
		"modelcheck/runtime/dethash":       false,
		"modelcheck/model":                 false,
		"modelcheck/explore":               false,
	} {
		if systemCode(path) != want {
			t.Errorf("systemCode(%q) = %v, want %v", path, !want, want)
		}
	}
}
