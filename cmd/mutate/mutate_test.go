package main

import (
	"context"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const sample = `package p

import "modelcheck/runtime/fault"

type T struct{ n int; Faults fault.Set }

func (t *T) Step(x int) int {
	if x < 3 && t.n != 0 {
		t.n++
	}
	y := x + 1
	for i := 0; i <= y; i++ {
		t.touch()
	}
	if t.Faults.Has(fault.LifoReady) {
		t.n = 7
	} else {
		t.n = y
	}
	if t.Faults.Has(fault.LostWake) && t.n > 4 {
		t.n = 8
	}
	return y
}

func (t *T) touch() {}

func (t T) String() string { if t.n > 1 { return "a" + "b" }; return "" }

type parser struct{ n int }

func (p *parser) num() int { if p.n >= 5 { return 9 }; return 0 }

func ParseInput(s string) int { if len(s) > 8 { return 1 }; return 0 }

func ParseKind(s string) int { if s == "k" { return 1 }; return 0 }

func ProtocolByName(s string) int { if len(s) == 11 { return 1 }; return 0 }

func parseID(s string) int { if len(s) == 12 { return 1 }; return 0 }

func (t *T) Set(key, value string) error { if len(key) == 13 { t.n = 1 }; return nil }

func (t *T) SetN(n int) { if n < 14 { t.n = 1 } }

type Faults uint8

func (t *T) Round(f Faults, c Caps) {
	if f.Has(21) {
		t.n = 15
	}
	switch {
	case f.Has(22):
		t.n = 16
	case t.n == 0 && t.Faults.Has(fault.LostWake):
		t.n = 17
	case c.Has(19):
		t.n = 18
	}
}

func (t *T) Flag(b bool) bool {
	t.n += 2
	if !b {
		return true
	}
	return !b && t.n&1 != 0 || t.n<<1 < 3
}
`

func TestEnumerate(t *testing.T) {
	ms, err := Enumerate("p.go", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	var whats []string
	for _, m := range ms {
		whats = append(whats, m.What)
		// Every mutant is a Go file still (it may not type-check: the
		// build decides that).
		if _, err := parser.ParseFile(token.NewFileSet(), "m.go", m.Apply([]byte(sample)), 0); err != nil {
			t.Errorf("%s: does not parse: %v", m.ID(), err)
		}
	}
	for _, want := range []string{
		"< -> <=", "!= -> ==", "&& -> ||", "+ -> -", "<= -> <",
		"negate x < 3 && t.n != 0", "negate i <= y",
		"remove t.n++", "remove t.touch()", "remove t.n = y",
		"3 -> 3+1", "3 -> 3-1", "0 -> 0+1",
		"14 -> 14+1", // a setter of a value, not of a spelled key=value
		"t.n++ -> t.n--", "+= -> -=", "true -> false", "& -> |", "<< -> >>",
		"drop the not of !b", "negate !b",
		"remove t.n = 18", "19 -> 19+1", // c is no fault set: a capability's case is live
	} {
		if !slices.Contains(whats, want) {
			t.Errorf("no mutant %q among %q", want, whats)
		}
	}
	for _, never := range []string{
		"0 -> 0-1",       // a zero literal is not decremented (unsigned underflow)
		"remove t.n = 7", // the fault switch's planted bug is dead code
		"7 -> 7+1",
		"remove t.n = 8", // so is a switch joined by && to another test
		"4 -> 4+1",
		"> -> >=", // String is text only, ParseInput spelling only
		">= -> >", // a parser method reads text only
		"9 -> 9+1",
		"== -> !=",   // ParseKind reads a name
		"11 -> 11+1", // so do the ByName lookups
		"12 -> 12+1", // and the lower-case parse functions
		"13 -> 13+1", // a settings Set(key, value) reads a key=value line
		"negate t.Faults.Has(fault.LifoReady)",
		"remove t.n = 15", "21 -> 21+1", // f is a fault-set parameter: f.Has is a switch's test
		"remove t.n = 16", "22 -> 22+1", // and so selects a case of a tagless switch
		"remove t.n = 17", "== -> !=", // as a case joined by && to another test does
	} {
		if slices.Contains(whats, never) {
			t.Errorf("unexpected mutant %q", never)
		}
	}
	// An if's !c is negated once, not also dropped; a !c elsewhere is dropped.
	if n := strings.Count(strings.Join(whats, "\n"), "drop the not of !b"); n != 1 {
		t.Errorf("%d mutants drop a not of !b, want 1 (the return's)", n)
	}
	for _, w := range whats {
		if strings.HasPrefix(w, "remove y :=") {
			t.Errorf("a declaration was removed: %q", w)
		}
	}
}

// TestSelectOps: -ops keeps the named classes, every mutant has a class
// -ops can name, and an unknown class is an error naming it.
func TestSelectOps(t *testing.T) {
	ms, err := Enumerate("p.go", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if !slices.Contains(Ops, m.Op) {
			t.Errorf("%s: class %q is not in Ops", m.ID(), m.Op)
		}
		seen[m.Op] = true
	}
	for _, op := range Ops {
		if !seen[op] {
			t.Errorf("the sample has no %s mutant", op)
		}
	}
	got, err := SelectOps(ms, "bool,step")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range got {
		if m.Op != "bool" && m.Op != "step" {
			t.Errorf("-ops bool,step kept %s (%s)", m.ID(), m.Op)
		}
	}
	if all, _ := SelectOps(ms, ""); len(all) != len(ms) {
		t.Errorf("no -ops kept %d of %d", len(all), len(ms))
	}
	if _, err := SelectOps(ms, "bool,flip"); err == nil || !strings.Contains(err.Error(), `"flip"`) {
		t.Errorf("unknown class: %v, want an error naming \"flip\"", err)
	}
}

// TestIDsUnique: every mutant of the runtime has an ID of its own, so a
// report's survivor names one edit (two literals on one line differ by
// column).
func TestIDsUnique(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := EnumerateTree(root, "runtime", "")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.ID()] {
			t.Errorf("two mutants are %s", m.ID())
		}
		seen[m.ID()] = true
	}
}

// TestReach: a coverage profile's blocks say which mutants' code ran; a
// spot no block holds is unknown, and a malformed line is an error naming
// it.
func TestReach(t *testing.T) {
	profile := `mode: set
example.com/m/runtime/a/a.go:10.2,12.16 2 1
example.com/m/runtime/a/a.go:12.16,14.3 1 0
example.com/m/cmd/x/x.go:1.1,2.2 1 1
`
	rc, err := parseCoverage(strings.NewReader(profile), "example.com/m")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line, col  int
		ran, known bool
	}{{11, 5, true, true}, {12, 3, true, true}, {13, 1, false, true}, {14, 3, false, true}, {15, 1, false, false}} {
		ran, known := rc.Reached(Mutant{File: "runtime/a/a.go", Line: c.line, Col: c.col})
		if ran != c.ran || known != c.known {
			t.Errorf("%d:%d: ran %v known %v, want %v %v", c.line, c.col, ran, known, c.ran, c.known)
		}
	}
	if _, err := parseCoverage(strings.NewReader("mode: set\nexample.com/m/a.go:1.1,2.2 one 1\n"), "example.com/m"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a malformed line: %v, want an error naming line 2", err)
	}
	var none reach
	if note := reachNote(none, Mutant{File: "runtime/a/a.go", Line: 11}); note != "" {
		t.Errorf("no coverage: note %q, want none", note)
	}
	if note := reachNote(rc, Mutant{File: "runtime/a/a.go", Line: 15, Col: 1}); !strings.Contains(note, "not known") {
		t.Errorf("a spot between blocks: note %q, want it said to be unknown", note)
	}
}

func TestShuffleDependsOnSeedOnly(t *testing.T) {
	ms, err := Enumerate("p.go", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := Shuffle(ms, 7), Shuffle(ms, 7), Shuffle(ms, 8)
	if !slices.Equal(a, b) {
		t.Fatal("the same seed gave two orders")
	}
	if slices.Equal(a, c) {
		t.Fatal("seeds 7 and 8 gave the same order")
	}
}

// TestRealMutants builds two mutants of runtime/cancel and explores one
// scenario with each: a real bug (a severity check negated) must be
// killed by an invariant, and an edit that changes nothing must not be.
func TestRealMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modelcheck three times")
	}
	root, bug, same := knownMutant(t, "runtime/cancel/reason.go", "negates the WeakenSeverity check", func(m Mutant) bool {
		return strings.HasPrefix(m.What, "negate faults.Has(fault.WeakenSeverity)")
	})

	r, err := newRunner(options{states: 3000, depth: 12, timeout: 2 * time.Minute, only: "native", maxMemory: 1024},
		root, t.TempDir(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := r.baseline(ctx); err != nil {
		t.Fatal(err)
	}
	if ran, known := r.reach.Reached(bug); !ran || !known {
		t.Errorf("%s: reached %v (known %v), want the native scenario to run it", bug.ID(), ran, known)
	}
	if got := r.one(ctx, 0, bug); got.Verdict != Killed || !strings.Contains(got.By, "severity-monotone") {
		t.Errorf("%s: %s %s, want killed by severity-monotone", bug.ID(), got.Verdict, got.By)
	}
	if got := r.one(ctx, 0, same); got.Verdict != Equivalent || len(got.Changed) != 0 {
		t.Errorf("an unchanged file: %s %s %v, want equivalent", got.Verdict, got.By, got.Changed)
	}
}

// TestTestsReachFaultOnlyCode: under -tests, a mutant in code that only
// fault switches call (trace.EffectsFirst), which the runtime's tests and
// the conformance fixtures pass, fails the committed counterexamples that
// run those switches; the unchanged file passes all three.
func TestTestsReachFaultOnlyCode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three packages' tests twice")
	}
	root, bug, same := knownMutant(t, "runtime/trace/trace.go", "drops EffectsFirst's last reversal", func(m Mutant) bool {
		return m.What == "remove slices.Reverse(evs)"
	})
	r, err := newRunner(options{maxMemory: 2048}, root, t.TempDir(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		m    Mutant
		want bool
	}{{bug, false}, {same, true}} {
		overlay, err := r.writeOverlay(t.TempDir(), c.m)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.testsPass(ctx, overlay, c.m); got != c.want {
			t.Errorf("%s: tests pass %v, want %v", c.m.ID(), got, c.want)
		}
	}
}

// knownMutant finds the mutant of file (relative to the module root) that
// match picks, for a test that needs a known bug, and the mutant that
// leaves the file as it is. does says what the bug does, for when the
// file has changed and no mutant matches.
func knownMutant(t *testing.T, file, does string, match func(Mutant) bool) (root string, bug, same Mutant) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := Enumerate(file, src)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ms, match)
	if i < 0 {
		t.Fatalf("%s changed: no mutant %s; pick another known bug", file, does)
	}
	bug = ms[i]
	same = bug
	same.Repl, same.What = string(src[bug.Start:bug.End]), "identity"
	return root, bug, same
}
