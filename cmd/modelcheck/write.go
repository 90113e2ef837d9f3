package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"modelcheck/counterexamples"
)

// written is the counterexample file of one violation.
type written struct {
	path   string // "" if none was written
	what   counterexamples.Written
	inputs int
	// kept and dropped are the run's faults the shrunk case still turns
	// on and those it turned out not to need (counterexamples.Shrunk).
	kept, dropped []string
	err           error // why none was written
}

// writeCounterexamples shrinks each violation and writes it to c.out as a
// counterexample file, one per violation, in the order of r.Violations. A
// file that cannot be written has its error and no path; the others are
// still written. A file that records the same finding already is kept (see
// counterexamples.WriteFound). An interrupt stops the shrinking, and the
// violations not yet written get that as their error: the run still exits
// 1, with the traces as found.
func writeCounterexamples(ctx context.Context, c *exploreConfig, sys counterexamples.System, faults []string, found counterexamples.Explored) []written {
	r := found.Result()
	files := make([]written, len(r.Violations))
	if c.out == "" {
		return files
	}
	origin := counterexamples.Origin{Command: exploreCommand(c, sys, faults), Dir: c.out}
	// An interrupt that came while the explorer ran stops the shrinking
	// before it starts; said as it happened.
	while := "while shrinking"
	if ctx.Err() != nil {
		while = "before shrinking"
	}
	for i, v := range r.Violations {
		shrunk, err := found.Counterexample(ctx, i, origin)
		switch {
		case err != nil && ctx.Err() != nil:
			// Said as the user did it: "context canceled" is Go's word.
			files[i].err = fmt.Errorf("interrupted %s the %s counterexample (its trace is as found; run again to write it)", while, v.Name)
			continue
		case err != nil:
			files[i].err = fmt.Errorf("shrinking the %s counterexample: %w", v.Name, err)
			continue
		}
		path := filepath.Join(c.out, shrunk.Name)
		files[i] = written{path: path, inputs: shrunk.Inputs, kept: shrunk.Faults, dropped: shrunk.Dropped}
		if files[i].what, err = counterexamples.WriteFound(path, shrunk.Data); err != nil {
			files[i] = written{err: err}
		}
	}
	return files
}

// exploreCommand is the command that finds a counterexample again: every
// flag that decides the result, in a fixed order, and none that does not
// (--workers, --json, --out), so that the file's bytes do not depend on
// them. --max-memory is left out too: it decides only whether a run gets
// as far as a violation, never which one it finds, and where it stops
// depends on the machine.
func exploreCommand(c *exploreConfig, sys counterexamples.System, faults []string) string {
	args := []string{"modelcheck explore", "--model", c.model, "--scenario", c.scenario, "--depth", strconv.Itoa(c.depth)}
	if c.dfs {
		args = append(args, "--dfs")
	}
	if c.walks > 0 {
		args = append(args, "--walks", strconv.Itoa(c.walks), "--seed", strconv.FormatUint(c.seed, 10))
		if c.swarm {
			args = append(args, "--swarm")
		}
	}
	if c.maxStates != 0 {
		args = append(args, "--max-states", strconv.Itoa(c.maxStates))
	}
	for _, f := range faults {
		args = append(args, "--fault", f)
	}
	for _, name := range checkOrder(sys, c.only) {
		args = append(args, "--invariant", name)
	}
	return strings.Join(args, " ")
}

// checkOrder is a list of invariant names without duplicates, in check
// order.
func checkOrder(sys counterexamples.System, names []string) []string {
	var out []string
	for _, inv := range sys.Invariants() {
		if slices.Contains(names, inv.Name) {
			out = append(out, inv.Name)
		}
	}
	return out
}
