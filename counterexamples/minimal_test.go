package counterexamples

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	invariants "modelcheck/invariants/asupersync"
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/fault"
)

// reproducer says whether a candidate case breaks the same invariant as
// the case it came from.
func reproducer(t *testing.T, c asuCase) func(asuCase) bool {
	t.Helper()
	o, err := asu.Execute(c.Scenario, c.Only, c.Script)
	if err != nil || o.Violation == nil {
		t.Fatalf("the case does not reproduce a violation (error %v)", err)
	}
	target := o.Violation.Index
	return func(c asuCase) bool {
		o, err := asu.Execute(c.Scenario, c.Only, c.Script)
		return err == nil && o.Violation != nil && o.Violation.Index == target
	}
}

// checkMinimal proves a case 1-minimal without the shrinker's help:
// dropping any single input, or taking one task, region, timer, obligation
// or finalizer out of the scenario, makes the violation disappear.
func checkMinimal(t *testing.T, c asuCase) {
	t.Helper()
	reproduces := reproducer(t, c)
	for i := range c.Script {
		if d := c.withScript(slices.Delete(slices.Clone(c.Script), i, i+1)); reproduces(d) {
			t.Errorf("still violated without input %d (%s)", i+1, c.Script[i])
		}
	}
	// Each change reports whether it applied.
	smaller := []struct {
		what   string
		change func(sc *model.Scenario) bool
	}{
		{"one task less", func(sc *model.Scenario) bool { sc.Tasks--; return sc.Tasks != 255 }},
		{"one region less", func(sc *model.Scenario) bool { sc.Regions--; return sc.Regions >= 1 }},
		{"one obligation less", func(sc *model.Scenario) bool { sc.Obligations--; return sc.Obligations != 255 }},
		{"one finalizer less", func(sc *model.Scenario) bool { sc.Finalizers--; return sc.Finalizers != 255 }},
		{"no sleep timer", func(sc *model.Scenario) bool { had := sc.Sleep != 0; sc.Sleep = 0; return had }},
		{"no timed task", func(sc *model.Scenario) bool { had := sc.TimedTasks; sc.TimedTasks = false; return had }},
	}
	for _, s := range smaller {
		// The changes set numbers and flags: a copy of the case shares
		// only slices they leave alone.
		d := c
		if s.change(&d.Scenario) && reproduces(d) {
			t.Errorf("still violated with %s in the scenario", s.what)
		}
	}
}

// TestCommittedAreMinimal: every committed counterexample that still
// reproduces (all but those whose bug was fixed, which say "no violation")
// is 1-minimal, is no longer than the path it was found with, and is a
// fixed point of shrink (shrinking it writes the same bytes under the same
// name).
func TestCommittedAreMinimal(t *testing.T) {
	for _, path := range committed(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			f, err := asu.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			r, err := f.Replay(context.Background(), nil)
			if err != nil || r.Mismatch != nil {
				t.Fatalf("replay: error %v, output differs from the file: %v", err, r.Mismatch)
			}
			if r.Outcome.Violation == nil {
				t.Skip("fixed: a regression test of the fix, with nothing to shrink")
			}
			checkMinimal(t, f.Case)
			if len(f.Case.Script) > f.Case.Origin.Length {
				t.Errorf("%d inputs, longer than the %d it was found with", len(f.Case.Script), f.Case.Origin.Length)
			}
			c, err := asu.Shrink(context.Background(), f.Case)
			if err != nil {
				t.Fatal(err)
			}
			name, data, err := asu.Format(c)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if name != filepath.Base(path) || !bytes.Equal(data, want) {
				t.Errorf("shrinking it again gives %s:\n%s", name, data)
			}
		})
	}
}

// TestEveryFaultHasACounterexample: one committed counterexample per fault
// switch, breaking an invariant the fault must trip.
func TestEveryFaultHasACounterexample(t *testing.T) {
	covered := map[string]bool{}
	for _, path := range committed(t) {
		f, err := asu.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		o, err := f.Run()
		if err != nil || o.Violation == nil {
			continue
		}
		for _, fc := range invariants.Faults() {
			if f.Case.Scenario.Kernel.Faults == (fault.Set{}).With(fc.Fault) && slices.Contains(fc.Trips, o.Violation.Invariant.Name) {
				covered[fc.Fault.Name()] = true
			}
		}
	}
	for _, fc := range invariants.Faults() {
		if !covered[fc.Fault.Name()] {
			t.Errorf("fault %s has no committed counterexample", fc.Fault.Name())
		}
	}
}
