// Package runtime_test guards the rule design.md sets for every runtime
// package: pure state transitions, with no goroutines, clocks, global
// mutable state or unseeded randomness.
package runtime_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbidden imports: clocks, ambient randomness, concurrency, the host.
var forbidden = map[string]string{
	"time":         "a clock",
	"math/rand":    "unseeded randomness",
	"math/rand/v2": "unseeded randomness",
	"crypto/rand":  "unseeded randomness",
	"sync":         "concurrency",
	"sync/atomic":  "concurrency",
	"os":           "the host environment",
	"unsafe":       "unsafe memory access",
}

func TestRuntimeIsPure(t *testing.T) {
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) == 0 {
		t.Fatal("no runtime sources found")
	}
	for dir, files := range pkgs {
		g := globals{names: map[string]bool{}, specs: map[*ast.ValueSpec]bool{}}
		for _, f := range files {
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if why, bad := forbidden[p]; bad {
					t.Errorf("%s imports %s (%s)", fset.Position(imp.Pos()), p, why)
				}
			}
			for _, decl := range f.Decls {
				if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					for _, spec := range gd.Specs {
						g.specs[spec.(*ast.ValueSpec)] = true
						for _, n := range spec.(*ast.ValueSpec).Names {
							g.names[n.Name] = true
						}
					}
				}
			}
		}
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.GoStmt:
					t.Errorf("%s: goroutine in runtime package %s", fset.Position(n.Pos()), dir)
				case *ast.AssignStmt:
					for _, lhs := range n.Lhs {
						checkGlobalWrite(t, fset, g, lhs)
					}
				case *ast.IncDecStmt:
					checkGlobalWrite(t, fset, g, n.X)
				}
				return true
			})
		}
	}
}

// checkGlobalWrite reports an assignment whose target is rooted in a
// package-level variable: read-only tables are fine, writing one is global
// state. A root declared in the same file resolves to its declaration; one
// declared in another file of the package does not resolve at all.
func checkGlobalWrite(t *testing.T, fset *token.FileSet, g globals, e ast.Expr) {
	for {
		switch x := e.(type) {
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			if !g.names[x.Name] {
				return
			}
			if x.Obj != nil {
				if spec, ok := x.Obj.Decl.(*ast.ValueSpec); !ok || !g.specs[spec] {
					return // a local that shadows the global
				}
			}
			t.Errorf("%s: writes package-level variable %s (global state)", fset.Position(x.Pos()), x.Name)
			return
		default:
			return
		}
	}
}

// globals are a package's package-level variables.
type globals struct {
	names map[string]bool
	specs map[*ast.ValueSpec]bool
}
