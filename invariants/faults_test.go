package invariants

import (
	"context"
	"slices"
	"testing"

	"modelcheck/explore"
	"modelcheck/model"
)

// TestEveryFaultIsCaught runs the explorer with each fault switch on, in
// its catalogued scenario, to depth 12, and requires the first violation to
// be one of the invariants the fault must trip.
func TestEveryFaultIsCaught(t *testing.T) {
	for _, fc := range Faults() {
		t.Run(fc.Fault.Name(), func(t *testing.T) {
			t.Parallel()
			sc, err := model.Lookup(fc.Scenario)
			if err != nil {
				t.Fatal(err)
			}
			sc.Kernel.Faults = sc.Kernel.Faults.With(fc.Fault)
			sc.Pump.Faults = sc.Kernel.Faults
			e, err := NewExplorable(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: 12, Workers: 1, StopAtFirst: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Violations) == 0 {
				t.Fatalf("fault %s: no violation within depth 12 (%d states)", fc.Fault.Name(), r.Distinct)
			}
			v := r.Violations[0]
			name := all[v.Invariant].Name
			if !slices.Contains(fc.Trips, name) {
				t.Fatalf("fault %s tripped %s at depth %d, want one of %v; path: %v", fc.Fault.Name(), name, v.Depth, fc.Trips, v.Path)
			}
			t.Logf("%s -> %s at depth %d", fc.Fault.Name(), name, v.Depth)
		})
	}
}

// TestEveryListedTripHappens proves each (fault, invariant) pair of the
// catalogue on its own: with only that invariant checked, the explorer
// finds a violation of it within depth 12. Together with
// TestEveryInvariantHasAFault this shows every invariant can fail.
func TestEveryListedTripHappens(t *testing.T) {
	for _, fc := range Faults() {
		for _, trip := range fc.Trips {
			t.Run(fc.Fault.Name()+"/"+trip, func(t *testing.T) {
				t.Parallel()
				sc, err := model.Lookup(fc.Scenario)
				if err != nil {
					t.Fatal(err)
				}
				sc.Kernel.Faults = sc.Kernel.Faults.With(fc.Fault)
				sc.Pump.Faults = sc.Kernel.Faults
				e, err := NewExplorable(sc, []string{trip})
				if err != nil {
					t.Fatal(err)
				}
				r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: 12, Workers: 1, StopAtFirst: true})
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Violations) == 0 || all[r.Violations[0].Invariant].Name != trip {
					t.Fatalf("fault %s: %s not violated within depth 12", fc.Fault.Name(), trip)
				}
			})
		}
	}
}

// TestEveryInvariantHasAFault: a check that no fault can trip is not yet a
// check.
func TestEveryInvariantHasAFault(t *testing.T) {
	for _, inv := range all {
		found := false
		for _, fc := range faults {
			found = found || slices.Contains(fc.Trips, inv.Name)
		}
		if !found {
			t.Errorf("invariant %s is tripped by no fault", inv.Name)
		}
	}
}
