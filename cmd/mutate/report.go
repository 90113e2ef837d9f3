package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// tally counts one package's verdicts.
type tally struct {
	total, noBuild, killed, crashed, timedOut, overMemory, survived, equivalent int
	// testsOnly counts the survivors whose counts were unchanged but
	// -tests's tests failed (testsPass).
	testsOnly int
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
	case OverMemory:
		t.overMemory++
	case Survived:
		t.survived++
	case Equivalent:
		t.equivalent++
	}
	t.total++
}

// dead is the mutants some explore run stopped: a violation, a crash, a
// timeout or the memory bound.
func (t tally) dead() int { return t.killed + t.crashed + t.timedOut + t.overMemory }

// rate is killed (crashes, timeouts and memory bounds included) over the
// mutants whose behaviour changed.
func (t tally) rate() string { return percent(t.dead(), t.dead()+t.survived) }

// invariantRate is the mutants an invariant named over the same
// denominator: what the checks catch without the help of a crash.
func (t tally) invariantRate() string { return percent(t.killed, t.dead()+t.survived) }

// sampleWords says which of the enumerated mutants -n took: the first n
// that compile, or all of them with -n 0 or an n past their number.
func sampleWords(n, enumerated int) string {
	if n == 0 || n >= enumerated {
		return "all that compile"
	}
	return fmt.Sprintf("first %d that compile", n)
}

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

// report prints the scenarios, a line per package, the total, then every
// survivor and every likely-equivalent mutant, in file and line order.
func report(w io.Writer, o options, scenarios []scenario, rc reach, enumerated int, results []result) {
	fmt.Fprintf(w, "mutate: seed %d, %d mutants enumerated in runtime/, %s\n", o.seed, enumerated, sampleWords(o.n, enumerated))
	var parts []string
	for _, sc := range scenarios {
		parts = append(parts, fmt.Sprintf("%s@%d", sc.Name, sc.Depth))
	}
	how := fmt.Sprintf("at most %d distinct states each", o.states)
	if o.floors {
		how += ", or as deep as its deepest committed counterexample was found"
	}
	fmt.Fprintf(w, "scenarios (depth: %s): %s\n\n", how, strings.Join(parts, " "))

	pkgs, byPkg, all := tallies(results)
	for _, r := range results {
		if r.TestsFail {
			byPkg[r.M.Package()].testsOnly++
			all.testsOnly++
		}
	}
	fmt.Fprintf(w, "%-18s %6s %7s %7s %8s %7s %8s %10s %9s %10s %8s\n", "package", "run", "killed", "crash", "timeout", "memory", "survived", "equivalent", "kill rate", "invariant", "nobuild")
	line := func(name string, t tally) {
		fmt.Fprintf(w, "%-18s %6d %7d %7d %8d %7d %8d %10d %9s %10s %8d\n", name, t.total, t.killed, t.crashed, t.timedOut, t.overMemory, t.survived, t.equivalent, t.rate(), t.invariantRate(), t.noBuild)
	}
	for _, p := range pkgs {
		line(p, *byPkg[p])
	}
	line("total", all)
	measure := "loose (no -tests): a mutant that changes no distinct-state count counts as equivalent"
	if o.tests {
		measure = fmt.Sprintf("strict (-tests): a mutant counts as equivalent only if the runtime's tests, the conformance fixtures and the committed counterexamples pass on it too; %d of the survivors changed no count and only those tests caught them", all.testsOnly)
	}
	fmt.Fprintf(w, "\nkill rate %s: %d of %d behaviour-changing mutants stopped by the explorer (%d by an invariant, %d crashes, %d timeouts, %d over the memory bound), %d survived; by an invariant alone %s\nmeasure: %s\n",
		all.rate(), all.dead(), all.dead()+all.survived, all.killed, all.crashed, all.timedOut, all.overMemory, all.survived, all.invariantRate(), measure)

	sorted := byPosition(results)
	fmt.Fprintf(w, "\nsurvivors (behaviour changed, no invariant caught it):\n")
	for _, r := range sorted {
		if r.Verdict != Survived {
			continue
		}
		why := strings.Join(r.Changed, "; ")
		if r.TestsFail {
			why = "counts unchanged; -tests's tests fail on it" + reachNote(rc, r.M)
		}
		fmt.Fprintf(w, "  %s\n      %s\n", r.M.ID(), why)
	}
	fmt.Fprintf(w, "\nequivalent (likely: every scenario's counts unchanged%s):\n", map[bool]string{true: ", and -tests's tests pass"}[o.tests])
	for _, r := range sorted {
		if r.Verdict == Equivalent {
			fmt.Fprintf(w, "  %s\n", r.M.ID())
			if note := reachNote(rc, r.M); note != "" {
				fmt.Fprintf(w, "      %s\n", strings.TrimPrefix(note, "; "))
			}
		}
	}
	fmt.Fprintf(w, "\nkilled by crash, timeout or memory bound:\n")
	for _, r := range sorted {
		if r.Verdict == Crashed || r.Verdict == TimedOut || r.Verdict == OverMemory {
			fmt.Fprintf(w, "  %s\n      %s: %s\n", r.M.ID(), r.Verdict, r.By)
		}
	}
}

// tallies counts the verdicts per package and in all; pkgs lists the
// packages in order.
func tallies(results []result) (pkgs []string, byPkg map[string]*tally, all tally) {
	byPkg = map[string]*tally{}
	for _, r := range results {
		p := byPkg[r.M.Package()]
		if p == nil {
			p = &tally{}
			byPkg[r.M.Package()] = p
		}
		p.add(r.Verdict)
		all.add(r.Verdict)
	}
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	return pkgs, byPkg, all
}

// byPosition is results in file and source order.
func byPosition(results []result) []result {
	sorted := append([]result(nil), results...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i].M, sorted[j].M
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Start < b.Start
	})
	return sorted
}

// reachNote says whether the unmutated scenarios run a mutant's code: a
// mutant that changes no count in code they run may still change the
// trace or a field the encoding leaves out, which no count shows. Go's
// coverage leaves a switch's case expressions out of its blocks, so a
// mutant there is said to be unmarked rather than guessed at.
func reachNote(rc reach, m Mutant) string {
	ran, known := rc.Reached(m)
	switch {
	case rc == nil:
		return ""
	case !known:
		return "; coverage marks no block at this spot (a case expression, say), so whether the scenarios run it is not known"
	case ran:
		return "; the scenarios run this code: look for a change in the trace or in a field the encoding leaves out"
	}
	return "; no scenario runs this code at its depth"
}
