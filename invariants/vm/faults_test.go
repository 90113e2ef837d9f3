package vm

import (
	"context"
	"slices"
	"testing"

	"modelcheck/explore"
	mvm "modelcheck/model/vm"
)

func explorer(t *testing.T, depth int, name string, only []string, f ...FaultCase) *explore.Result[mvm.Input] {
	t.Helper()
	sc, err := mvm.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, fc := range f {
		sc.Faults = sc.Faults.With(fc.Fault)
	}
	e, err := NewExplorable(sc, only)
	if err != nil {
		t.Fatal(err)
	}
	r, err := explore.Run[State, mvm.Input](context.Background(), e, explore.Options{Depth: depth, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return &r
}

// TestEveryFaultIsCaughtFirst: with every invariant checked, each fault
// is caught within depth 12 in its scenario, and the first violation is
// one of the invariants it lists.
func TestEveryFaultIsCaughtFirst(t *testing.T) {
	for _, fc := range faults {
		t.Run(fc.Fault.Name(), func(t *testing.T) {
			r := explorer(t, 12, fc.Scenario, nil, fc)
			if len(r.Violations) == 0 {
				t.Fatalf("fault %s: no violation within depth 12 in %s", fc.Fault.Name(), fc.Scenario)
			}
			if got := all[r.Violations[0].Invariant].Name; !slices.Contains(fc.Trips, got) {
				t.Fatalf("fault %s: first violation %s, want one of %v", fc.Fault.Name(), got, fc.Trips)
			}
		})
	}
}

// TestEveryListedInvariantCatchesItsFault: each invariant a fault lists,
// checked alone, catches the fault within depth 12 in its scenario. The
// first violation with every invariant checked is only one of them (a
// fault that also corrupts the interleavings' reference run, say, is
// caught there first by reference-derived), so this shows that every
// listed one is a real catch and not only a name in the catalogue.
func TestEveryListedInvariantCatchesItsFault(t *testing.T) {
	for _, fc := range faults {
		for _, inv := range fc.Trips {
			t.Run(fc.Fault.Name()+"/"+inv, func(t *testing.T) {
				r := explorer(t, 12, fc.Scenario, []string{inv}, fc)
				if len(r.Violations) == 0 {
					t.Fatalf("fault %s: %s alone finds no violation within depth 12 in %s", fc.Fault.Name(), inv, fc.Scenario)
				}
			})
		}
	}
}

// TestEveryInvariantHasAFault: a check that no fault can trip is not yet
// a check. session-trace-invariance is tripped by the correct VM itself
// (TestClaimIsFalse).
func TestEveryInvariantHasAFault(t *testing.T) {
	for _, inv := range all {
		if inv.Name == all[invClaim].Name {
			continue
		}
		found := false
		for _, fc := range faults {
			found = found || slices.Contains(fc.Trips, inv.Name)
		}
		if !found {
			t.Errorf("invariant %s is tripped by no fault", inv.Name)
		}
	}
}

// TestScenariosWithoutFaults: the correct VM breaks nothing in a
// scenario without a finding, explored with no depth bound so that every
// run of every program of its vocabulary goes to the end (with -short, to
// depth 12); in a scenario with a finding it breaks that invariant first.
func TestScenariosWithoutFaults(t *testing.T) {
	depth := 0
	if testing.Short() {
		depth = 12
	}
	for _, sc := range mvm.Scenarios() {
		t.Run(sc.Name, func(t *testing.T) {
			r := explorer(t, depth, sc.Name, nil)
			if sc.Finding == "" {
				if len(r.Violations) > 0 {
					t.Fatalf("violation of %s at depth %d", all[r.Violations[0].Invariant].Name, r.Violations[0].Depth)
				}
				if r.Distinct == 0 || (depth == 0 && r.Queue != 0) {
					t.Fatalf("explored %d states, %d left in the queue", r.Distinct, r.Queue)
				}
				return
			}
			if len(r.Violations) == 0 || all[r.Violations[0].Invariant].Name != sc.Finding {
				t.Fatalf("want %s broken, got %+v", sc.Finding, r.Violations)
			}
		})
	}
}
