package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// tally counts one package's verdicts.
type tally struct {
	total, noBuild, killed, crashed, timedOut, survived, equivalent int
}

func (t *tally) add(v string) {
	switch v {
	case NoBuild:
		t.noBuild++
		return
	case Killed:
		t.killed++
	case Crashed:
		t.crashed++
	case TimedOut:
		t.timedOut++
	case Survived:
		t.survived++
	case Equivalent:
		t.equivalent++
	}
	t.total++
}

// rate is killed (crashes and timeouts included) over the mutants whose
// behaviour changed.
func (t tally) rate() string {
	dead := t.killed + t.crashed + t.timedOut
	if dead+t.survived == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(dead)/float64(dead+t.survived))
}

// report prints the scenarios, a line per package, the total, then every
// survivor and every likely-equivalent mutant, in file and line order.
func report(w io.Writer, o options, scenarios []scenario, enumerated int, results []result) {
	fmt.Fprintf(w, "mutate: seed %d, %d mutants enumerated in runtime/, first %d that compile\n", o.seed, enumerated, o.n)
	var parts []string
	for _, sc := range scenarios {
		parts = append(parts, fmt.Sprintf("%s@%d", sc.Name, sc.Depth))
	}
	fmt.Fprintf(w, "scenarios (depth: at most %d distinct states each): %s\n\n", o.states, strings.Join(parts, " "))

	byPkg := map[string]*tally{}
	var all tally
	for _, r := range results {
		p := byPkg[r.M.Package()]
		if p == nil {
			p = &tally{}
			byPkg[r.M.Package()] = p
		}
		p.add(r.Verdict)
		all.add(r.Verdict)
	}
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	fmt.Fprintf(w, "%-18s %6s %7s %7s %8s %8s %10s %9s %6s\n", "package", "run", "killed", "crash", "timeout", "survived", "equivalent", "kill rate", "nobuild")
	line := func(name string, t tally) {
		fmt.Fprintf(w, "%-18s %6d %7d %7d %8d %8d %10d %9s %6d\n", name, t.total, t.killed, t.crashed, t.timedOut, t.survived, t.equivalent, t.rate(), t.noBuild)
	}
	for _, p := range pkgs {
		line(p, *byPkg[p])
	}
	line("total", all)

	sorted := append([]result(nil), results...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i].M, sorted[j].M
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Start < b.Start
	})
	fmt.Fprintf(w, "\nsurvivors (behaviour changed, no invariant caught it):\n")
	for _, r := range sorted {
		if r.Verdict != Survived {
			continue
		}
		why := strings.Join(r.Changed, "; ")
		if r.TestsFail {
			why = "counts unchanged; the runtime's tests fail on it"
		}
		fmt.Fprintf(w, "  %s\n      %s\n", r.M.ID(), why)
	}
	fmt.Fprintf(w, "\nequivalent (likely: every scenario's counts unchanged%s):\n", map[bool]string{true: ", and the runtime's tests pass"}[o.tests])
	for _, r := range sorted {
		if r.Verdict == Equivalent {
			fmt.Fprintf(w, "  %s\n", r.M.ID())
		}
	}
	fmt.Fprintf(w, "\nkilled by crash or timeout:\n")
	for _, r := range sorted {
		if r.Verdict == Crashed || r.Verdict == TimedOut {
			fmt.Fprintf(w, "  %s\n      %s: %s\n", r.M.ID(), r.Verdict, r.By)
		}
	}
}
