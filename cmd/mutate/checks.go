package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// The -checks mode turns mutate on the checks themselves. A check's
// verdict clause `if a || b || c` is run by the tests as soon as any one of
// its terms is true, so a test suite can run every clause and still never
// need b. The mode disables one top-level || term at a time (b becomes
// `false && (b)`, which still compiles and still uses b's variables),
// runs the checks' tests and the committed counterexamples on it, and
// reports the terms no test needs: each wants a test that fails without
// it, or a reason it cannot decide alone (invariants/AUDITS.md, sessions
// 31 and 32, is the record of such passes).

// checksDir is where the checks live, one package per model.
const checksDir = "invariants"

// disjunctOp is the operator class of the -checks mutants.
const disjunctOp = "disjunct"

// checksTimeout is -timeout's default under -checks: one run is a whole
// go test of a checks package and the counterexamples, not one explore.
const checksTimeout = 10 * time.Minute

// EnumerateChecks lists the disjunct mutants of every non-test Go file
// under root/invariants, files in lexical order. pkg, if not empty, keeps
// only the packages whose directory contains it.
func EnumerateChecks(root, pkg string) ([]Mutant, error) {
	return enumerateFiles(root, checksDir, pkg, func(name string, src []byte) ([]Mutant, error) {
		model := filepath.Base(filepath.Dir(name))
		verdict, ok := violationVerdicts[model]
		if !ok {
			return nil, fmt.Errorf("%s: no violation verdict known for the checks of %s: add it to violationVerdicts in cmd/mutate/checks.go", name, model)
		}
		return EnumerateDisjuncts(name, src, verdict)
	})
}

// violationVerdicts is how each model's checks say "violated": the
// asupersync checks return true, the VM's predicates return false (they
// hold otherwise), and Sthira's shadow derivation ORs into bad. Only the
// conditions that lead to that verdict are mutated: a term of a "does not
// apply" gate that no test needs only widens a check that still passes.
var violationVerdicts = map[string]string{"asupersync": "true", "vm": "false", "sthira": "|="}

// EnumerateDisjuncts lists one mutant per top-level || term of each if
// condition in src whose body gives the violation verdict: returns
// verdict ("true" or "false"), or, for verdict "|=", ORs into one. A
// condition with a single term has nothing to disable on its own; the
// clause as a whole is the business of the ordinary tests and of coverage.
func EnumerateDisjuncts(name string, src []byte, verdict string) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, 0)
	if err != nil {
		return nil, err
	}
	var out []Mutant
	ast.Inspect(f, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || !givesVerdict(is.Body, verdict) {
			return true
		}
		var terms []ast.Expr
		splitOr(is.Cond, &terms)
		if len(terms) < 2 {
			return true
		}
		for _, t := range terms {
			pos, end := fset.Position(t.Pos()), fset.Position(t.End())
			text := string(src[pos.Offset:end.Offset])
			out = append(out, Mutant{
				File: name, Line: pos.Line, Col: pos.Column, Start: pos.Offset, End: end.Offset,
				Repl: "false && (" + text + ")",
				What: abbrev(strings.Join(strings.Fields(text), " ")) + " -> off",
				Op:   disjunctOp,
			})
		}
		return true
	})
	return out, nil
}

// splitOr appends the top-level || terms of e, looking through
// parentheses around an || (so (a || b) || c has three terms).
func splitOr(e ast.Expr, out *[]ast.Expr) {
	switch x := e.(type) {
	case *ast.ParenExpr:
		if b, ok := x.X.(*ast.BinaryExpr); ok && b.Op == token.LOR {
			splitOr(b, out)
			return
		}
	case *ast.BinaryExpr:
		if x.Op == token.LOR {
			splitOr(x.X, out)
			splitOr(x.Y, out)
			return
		}
	}
	*out = append(*out, e)
}

// givesVerdict reports whether body (function literals inside it aside)
// returns verdict, or with verdict "|=" ORs into a variable.
func givesVerdict(body *ast.BlockStmt, verdict string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(x.Results) == 1 {
				if id, ok := x.Results[0].(*ast.Ident); ok && id.Name == verdict {
					found = true
				}
			}
		case *ast.AssignStmt:
			if verdict == "|=" && x.Tok == token.OR_ASSIGN {
				found = true
			}
		}
		return !found
	})
	return found
}

// checksArgs are the go test arguments that judge a -checks mutant of
// package pkg (a directory relative to the module root).
func (r *runner) checksArgs(overlay, pkg string) []string {
	args := []string{"test", "-count=1"}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	if r.opt.run != "" {
		args = append(args, "-run", r.opt.run)
	}
	return append(args, "./"+pkg+"/", "./counterexamples/")
}

// goTest runs go test with args under -timeout and -max-memory. It
// reports the verdict on a mutant: Killed (a test failed), Survived (all
// passed), NoBuild, TimedOut or OverMemory, the line that says why, and
// all go test printed.
func (r *runner) goTest(ctx context.Context, args []string) (verdict, by, text string) {
	ctx, cancel := context.WithTimeout(ctx, r.opt.timeout)
	defer cancel()
	cmd := r.goCmd(ctx, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	over, err := runWatched(cmd, r.opt.maxMemory<<20)
	text = out.String()
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return TimedOut, fmt.Sprintf("over %s", r.opt.timeout), text
	case over:
		return OverMemory, fmt.Sprintf("over %d MiB", r.opt.maxMemory), text
	case err == nil:
		return Survived, "", text
	case strings.Contains(text, "[build failed]") || strings.Contains(text, "[setup failed]"):
		return NoBuild, "", text
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return Crashed, err.Error(), text
	}
	return Killed, firstFailure(text), text
}

// ranNoTest lists the packages whose go test summary line says they ran
// no test: "ok  \tpath\t0.01s [no tests to run]" (-run selected none of
// theirs) or "?   \tpath\t[no test files]"; ran counts those that ran
// some.
func ranNoTest(out string) (none []string, ran int) {
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) < 2:
		case f[0] == "?" || f[0] == "ok" && strings.HasSuffix(line, "[no tests to run]"):
			none = append(none, f[1])
		case f[0] == "ok":
			ran++
		}
	}
	return none, ran
}

// firstFailure is the first line of go test's output naming a failed
// test, or its last line.
func firstFailure(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "--- FAIL: ") || strings.HasPrefix(t, "panic: ") {
			return abbrev(t)
		}
	}
	return abbrev(lines[len(lines)-1])
}

// baselineChecks runs the tests that judge the mutants on the unmutated
// tree, once per checks package of the mutants: a mutant's failing test
// means something only where the unmutated one passes.
func (r *runner) baselineChecks(ctx context.Context, order []Mutant) error {
	fmt.Fprintln(r.stderr, "mutate: measuring the unmutated tree: the checks' tests and the counterexamples")
	seen := map[string]bool{}
	for _, m := range order {
		if seen[m.Package()] {
			continue
		}
		seen[m.Package()] = true
		args := r.checksArgs("", m.Package())
		verdict, by, out := r.goTest(ctx, args)
		if verdict != Survived {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("the unmutated tree fails `go %s`: %s %s", strings.Join(args, " "), verdict, by)
		}
		if r.opt.run == "" {
			continue
		}
		// A -run pattern that selects no test passes every mutant: each
		// term would be reported as one no test needs, a report that
		// measured nothing. A pattern that selects tests in only one of
		// the two packages judges by those alone, which may be meant (the
		// counterexamples alone, or a checks test alone): said, not refused.
		none, ran := ranNoTest(out)
		if ran == 0 {
			return fmt.Errorf("-run %q selects no test in ./%s/ or ./counterexamples/: every term would pass for one no test needs", r.opt.run, m.Package())
		}
		if len(none) > 0 {
			fmt.Fprintf(r.stderr, "mutate: -run %q selects no test in %s: the terms of %s are judged by the other package's tests alone\n", r.opt.run, strings.Join(none, " or "), m.Package())
		}
	}
	return nil
}

// oneCheck judges one -checks mutant by its package's tests and the
// committed counterexamples.
func (r *runner) oneCheck(ctx context.Context, dir string, m Mutant) result {
	res := result{M: m}
	overlay, err := r.writeOverlay(dir, m)
	if err != nil {
		res.Verdict, res.By = Crashed, err.Error()
		return res
	}
	res.Verdict, res.By, _ = r.goTest(ctx, r.checksArgs(overlay, m.Package()))
	return res
}

// reportChecks prints a line per checks package, the total, and every
// term no test needed, in file and line order.
func reportChecks(w io.Writer, o options, enumerated int, results []result) {
	run := "every test"
	if o.run != "" {
		run = fmt.Sprintf("the tests -run %q selects", o.run)
	}
	fmt.Fprintf(w, "mutate -checks: seed %d, %d disjuncts enumerated in %s/, %s\n", o.seed, enumerated, checksDir, sampleWords(o.n, enumerated))
	fmt.Fprintf(w, "judged by %s of each checks package and of ./counterexamples/\n\n", run)
	pkgs, byPkg, all := tallies(results)
	fmt.Fprintf(w, "%-22s %6s %7s %8s %7s %8s %9s %8s\n", "package", "run", "killed", "timeout", "memory", "survived", "kill rate", "nobuild")
	line := func(name string, t tally) {
		fmt.Fprintf(w, "%-22s %6d %7d %8d %7d %8d %9s %8d\n", name, t.total, t.killed+t.crashed, t.timedOut, t.overMemory, t.survived, t.rate(), t.noBuild)
	}
	for _, p := range pkgs {
		line(p, *byPkg[p])
	}
	line("total", all)
	fmt.Fprintf(w, "\nkill rate %s: %d of %d disjuncts some test needs, %d no test needs\n", all.rate(), all.dead(), all.dead()+all.survived, all.survived)

	sorted := byPosition(results)
	fmt.Fprintf(w, "\nsurvivors (no test failed with the term off: give each a test, or a reason it cannot decide alone):\n")
	if all.survived == 0 {
		fmt.Fprintln(w, "  none")
	}
	for _, r := range sorted {
		if r.Verdict == Survived {
			fmt.Fprintf(w, "  %s\n", r.M.ID())
		}
	}
	if all.timedOut+all.overMemory > 0 {
		fmt.Fprintf(w, "\nkilled by timeout or memory bound:\n")
		for _, r := range sorted {
			if r.Verdict == TimedOut || r.Verdict == OverMemory {
				fmt.Fprintf(w, "  %s\n      %s: %s\n", r.M.ID(), r.Verdict, r.By)
			}
		}
	}
}
