package main

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGoChildrenBuildInTheWorkFolder: every go child (the builds, the
// coverage build and its covdata, go test of -checks and of -tests) runs
// with GOTMPDIR a folder that exists inside the work folder, so that what
// a killed child leaves goes when mutate removes that folder. A fake go
// first on PATH logs what each one was given; and no go child is made
// anywhere but goCmd.
func TestGoChildrenBuildInTheWorkFolder(t *testing.T) {
	fake := t.TempDir()
	log := filepath.Join(fake, "log")
	script := "#!/bin/sh\nif [ -d \"$GOTMPDIR\" ]; then d=dir; else d=missing; fi\necho \"$1 $d $GOTMPDIR\" >>" + log + "\n"
	if err := os.WriteFile(filepath.Join(fake, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", fake+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GOTMPDIR", "") // one the user set must not win

	work := t.TempDir()
	r, err := newRunner(options{maxMemory: 2048, timeout: time.Minute}, t.TempDir(), work, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	m := Mutant{File: "runtime/x/x.go"}
	r.build(ctx, "", filepath.Join(work, "modelcheck"))
	r.goTest(ctx, r.checksArgs("", "invariants/x"))
	r.testsPass(ctx, filepath.Join(work, "overlay.json"), m)
	r.measureReach(ctx) // fails for want of a profile, after its two go children

	text, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	var verbs []string
	for _, l := range lines {
		verb, rest, _ := strings.Cut(l, " ")
		verbs = append(verbs, verb)
		if want := "dir " + filepath.Join(work, "gotmp"); rest != want {
			t.Errorf("go %s ran with %q, want GOTMPDIR an existing folder in the work folder (%q)", verb, rest, want)
		}
	}
	if got, want := strings.Join(verbs, " "), "build test test test build tool"; got != want {
		t.Errorf("go children run: %s, want %s", got, want)
	}

	// Any other go child would escape the folder: exec.Command or
	// exec.CommandContext with the name "go" belongs in goCmd alone.
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Name.Name == "goCmd" {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || !strings.HasPrefix(sel.Sel.Name, "Command") {
					return true
				}
				for _, a := range call.Args {
					if lit, ok := a.(*ast.BasicLit); ok && lit.Value == `"go"` {
						t.Errorf("%s: %s makes a go child itself: use goCmd", fset.Position(call.Pos()), fn.Name.Name)
					}
				}
				return true
			})
		}
	}
}
