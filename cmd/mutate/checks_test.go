package main

import (
	"bytes"
	"context"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const checksSample = `package p

func check(a, b, c, d bool, n int) bool {
	if a || (b || c) {
		return true
	}
	if a || b && c {
		return false
	}
	if a || b {
		continue_()
	}
	if d {
		return true
	}
	bad := false
	if c || n > 1 {
		bad |= true
	}
	if a || d {
		f := func() bool { return true }
		_ = f
	}
	return bad
}

func continue_() {}
`

// TestEnumerateDisjuncts: a mutant per top-level || term (through
// parentheses) of each condition whose body gives the violation verdict
// asked for, none for a single-term condition, a body that gives another
// verdict or none (a call, or a return inside a function literal), and
// each mutant still parses with its term off.
func TestEnumerateDisjuncts(t *testing.T) {
	for verdict, want := range map[string][]string{
		"true":  {"a -> off", "b -> off", "c -> off"},
		"false": {"a -> off", "b && c -> off"},
		"|=":    {"c -> off", "n > 1 -> off"},
	} {
		ms, err := EnumerateDisjuncts("p/p.go", []byte(checksSample), verdict)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range ms {
			got = append(got, m.What)
			if m.Op != disjunctOp {
				t.Errorf("%s: op %q, want %q", m.ID(), m.Op, disjunctOp)
			}
			mutated := m.Apply([]byte(checksSample))
			if _, err := parser.ParseFile(token.NewFileSet(), m.File, mutated, 0); err != nil {
				t.Errorf("%s does not parse: %v", m.ID(), err)
			}
			if off := "false && (" + string(checksSample[m.Start:m.End]) + ")"; string(mutated[m.Start:m.Start+len(off)]) != off {
				t.Errorf("%s: want the term spliced as %s", m.ID(), off)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("verdict %s: disjuncts %q, want %q", verdict, got, want)
		}
	}
}

// TestChecksOfEveryModelAreEnumerated: each model's checks package gives
// disjunct mutants, their IDs are unique, and each mutated file parses.
func TestChecksOfEveryModelAreEnumerated(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	ms, err := EnumerateChecks(root, "")
	if err != nil {
		t.Fatal(err)
	}
	perPkg := map[string]int{}
	ids := map[string]bool{}
	for _, m := range ms {
		perPkg[m.Package()]++
		if ids[m.ID()] {
			t.Errorf("two mutants named %s", m.ID())
		}
		ids[m.ID()] = true
		src, err := os.ReadFile(filepath.Join(root, m.File))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), m.File, m.Apply(src), 0); err != nil {
			t.Errorf("%s does not parse: %v", m.ID(), err)
		}
	}
	for _, pkg := range []string{"invariants/asupersync", "invariants/sthira", "invariants/vm"} {
		if perPkg[pkg] == 0 {
			t.Errorf("no disjunct enumerated in %s (got %v)", pkg, perPkg)
		}
	}
}

// TestChecksFlagsThatDoNotApply: the explore flags are refused with
// -checks and -run without it, with exit 2, before anything runs.
func TestChecksFlagsThatDoNotApply(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-checks", "-depth", "3"}, "-depth does not apply with -checks"},
		{[]string{"-checks", "-tests"}, "-tests does not apply with -checks"},
		{[]string{"-checks", "-scenarios", "default"}, "-scenarios does not apply with -checks"},
		{[]string{"-run", "TestX"}, "-run applies only with -checks"},
		{[]string{"-checks", "-pkg", "no-such-package"}, `no disjunct in invariants/ matches -pkg "no-such-package"`},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want 2 and %q", tc.args, code, stderr.String(), stdout.String(), tc.want)
		}
	}
}

// TestChecksModeFindsTheTermNoTestNeeds runs -checks end to end on a small
// module of its own, whose invariants/asupersync (so that true is the
// violation verdict) holds a check `a || b` whose only test sets a.
// Turning a off fails that test; turning b off fails none, and the report
// names b.
func TestChecksModeFindsTheTermNoTestNeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on two mutants")
	}
	fakeChecksModule(t)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-checks", "-n", "0", "-j", "1"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"2 disjuncts enumerated in invariants/",
		"kill rate 50.0%: 1 of 2 disjuncts some test needs, 1 no test needs",
		"  invariants/asupersync/x.go:5:10: b -> off\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "x.go:5:5: a -> off\n") {
		t.Errorf("a, which TestA needs, is reported as a survivor:\n%s", out)
	}
}

// TestChecksRunThatSelectsNoTest: a -run pattern that selects no test in
// the checks package or the counterexamples is exit 2, naming it, once
// the unmutated run shows it, and no mutant runs: every term would have
// passed for one no test needs. One that selects tests in one of the two
// runs, with a line saying which package it selects none in.
func TestChecksRunThatSelectsNoTest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on the unmutated checks and on two mutants")
	}
	fakeChecksModule(t)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-checks", "-n", "0", "-j", "1", "-run", "NoSuchTest"}, &stdout, &stderr)
	if want := `mutate: -run "NoSuchTest" selects no test in ./invariants/asupersync/ or ./counterexamples/`; code != 2 || !strings.Contains(stderr.String(), want) || stdout.Len() != 0 {
		t.Errorf("-run NoSuchTest: exit %d, stderr %q, stdout %q; want 2 and %q", code, stderr.String(), stdout.String(), want)
	}
	stdout.Reset()
	stderr.Reset()
	code = run(context.Background(), []string{"-checks", "-n", "0", "-j", "1", "-run", "TestA"}, &stdout, &stderr)
	if want := `mutate: -run "TestA" selects no test in fake/counterexamples:`; code != 0 || !strings.Contains(stderr.String(), want) || !strings.Contains(stdout.String(), "kill rate 50.0%") {
		t.Errorf("-run TestA: exit %d, stderr %q, stdout %q; want 0, the report and %q", code, stderr.String(), stdout.String(), want)
	}
}

// TestRanNoTest reads go test's summary lines: a package -run selected no
// test of, and one without test files, ran none.
func TestRanNoTest(t *testing.T) {
	out := "ok  \tm/invariants/vm\t0.004s [no tests to run]\n" +
		"ok  \tm/counterexamples\t0.003s\n" +
		"?   \tm/empty\t[no test files]\n" +
		"ok  \tm/cached\t(cached) [no tests to run]\n"
	none, ran := ranNoTest(out)
	if want := []string{"m/invariants/vm", "m/empty", "m/cached"}; !slices.Equal(none, want) || ran != 1 {
		t.Errorf("ranNoTest: %q and %d ran, want %q and 1", none, ran, want)
	}
}

// fakeChecksModule makes a small module of its own the working
// directory: its invariants/asupersync (so that true is the violation
// verdict) holds a check `a || b` whose only test, TestA, sets a, and its
// counterexamples one empty TestRegression.
func fakeChecksModule(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                          "module fake\n\ngo 1.26\n",
		"invariants/asupersync/x.go":      "package x\n\n// Flags is a check with two terms.\nfunc Flags(a, b bool) bool {\n\tif a || b {\n\t\treturn true\n\t}\n\treturn false\n}\n",
		"invariants/asupersync/x_test.go": "package x\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {\n\tif !Flags(true, false) {\n\t\tt.Fatal(\"a is not flagged\")\n\t}\n}\n",
		"counterexamples/doc.go":          "// Package counterexamples stands for the real one.\npackage counterexamples\n",
		"counterexamples/ce_test.go":      "package counterexamples\n\nimport \"testing\"\n\nfunc TestRegression(t *testing.T) {}\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// TestMatchKeepsOnlyTheNamedMutants: -match keeps the mutants whose ID
// its regexp matches, in either mode; a bad regexp, or one that matches
// nothing, is exit 2 with the reason.
func TestMatchKeepsOnlyTheNamedMutants(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"-checks", "-list", "-n", "0", "-match", `/cancel_scheduled\.go:.*: id == a\.Outer -> off$`}
	code := run(context.Background(), args, &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if code != 0 || len(lines) != 1 || !strings.HasSuffix(lines[0], ": id == a.Outer -> off") {
		t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 0 and the one mutant", args, code, stdout.String(), stderr.String())
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-checks", "-list", "-match", "("}, "-match: error parsing regexp"},
		{[]string{"-list", "-match", "no such mutant"}, `no mutant's ID matches -match "no such mutant"`},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
