package sthira

import (
	"context"
	"slices"
	"testing"

	"modelcheck/explore"
	sm "modelcheck/model/sthira"
	rt "modelcheck/runtime/sthira"
)

// exploreWithFault explores a fault's scenario to depth 12 with the fault
// on, checking only the named invariants (all if none).
func exploreWithFault(t *testing.T, fc FaultCase, only []string) explore.Result[sm.Input] {
	t.Helper()
	sc, err := sm.Lookup(fc.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	sc.Config.Faults = sc.Config.Faults.With(fc.Fault)
	e, err := NewExplorable(sc, only)
	if err != nil {
		t.Fatal(err)
	}
	r, err := explore.Run(context.Background(), e, explore.Options{Depth: 12, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFaultCaughtFirst: with every invariant on, each fault's first
// violation within depth 12 in its scenario is one it lists.
func TestFaultCaughtFirst(t *testing.T) {
	for _, fc := range Faults() {
		t.Run(fc.Fault.Name(), func(t *testing.T) {
			r := exploreWithFault(t, fc, nil)
			if len(r.Violations) == 0 {
				t.Fatalf("fault %s: nothing violated within depth 12 in %s", fc.Fault.Name(), fc.Scenario)
			}
			if v := r.Violations[0]; !slices.Contains(fc.Trips, v.Name) {
				t.Fatalf("fault %s: first violation is %s (path %v), not one of %v", fc.Fault.Name(), v.Name, v.Path, fc.Trips)
			}
		})
	}
}

// TestEveryListedTripHappens proves each (fault, invariant) pair on its
// own: with only that invariant checked, it is violated within depth 12.
func TestEveryListedTripHappens(t *testing.T) {
	for _, fc := range Faults() {
		for _, trip := range fc.Trips {
			t.Run(fc.Fault.Name()+"/"+trip, func(t *testing.T) {
				r := exploreWithFault(t, fc, []string{trip})
				if len(r.Violations) == 0 || r.Violations[0].Name != trip {
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

// TestEveryFaultIsCatalogued: each switch of runtime/sthira has its case.
func TestEveryFaultIsCatalogued(t *testing.T) {
	for _, f := range rt.AllFaults() {
		if !slices.ContainsFunc(faults, func(fc FaultCase) bool { return fc.Fault == f }) {
			t.Errorf("fault %s has no catalogue entry", f.Name())
		}
	}
}
