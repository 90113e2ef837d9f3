package asupersync

import (
	"context"
	"slices"
	"testing"

	"modelcheck/explore"
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/fault"
)

// TestEveryListedTripHappens proves each (fault, invariant) pair of the
// catalogue on its own: with only that invariant checked, the explorer
// finds a violation of it within depth 12. Together with
// TestEveryInvariantHasAFault this shows every invariant can fail.
func TestEveryListedTripHappens(t *testing.T) {
	for _, fc := range Faults() {
		for _, trip := range fc.Trips {
			t.Run(fc.Fault.Name()+"/"+trip, func(t *testing.T) {
				t.Parallel()
				e, err := NewExplorable(scenarioWithFault(t, fc.Scenario, fc.Fault), []string{trip})
				if err != nil {
					t.Fatal(err)
				}
				r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: 12, Workers: 1})
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

// TestLeakyTasksStillCatchTheRuntimesLeak: no-leak allows, where tasks
// may break their obligations, the leak of an obligation whose holder
// completed Ok holding it. A cancelled holder's obligation is the
// runtime's to abort, so fault leak-obligation-on-cancel still trips
// no-leak there, as it does in default.
func TestLeakyTasksStillCatchTheRuntimesLeak(t *testing.T) {
	e, err := NewExplorable(scenarioWithFault(t, "leaky-tasks", fault.LeakObligationOnCancel), []string{"no-leak"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: 12, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Violations) == 0 {
		t.Fatal("leak-obligation-on-cancel: no-leak not violated in leaky-tasks within depth 12")
	}
}

// TestHandoffWithAWheelTimerDueIsWork: at a drain cycle's burst limit
// with the lanes empty and a live wheel timer due, the hand-off is right
// (000 P1: runnable work remains). burst-handoff-at-limit read the host
// timer table alone and called it wrong in wheel-browser at depth 17;
// depth 18 must explore clean.
func TestHandoffWithAWheelTimerDueIsWork(t *testing.T) {
	exploresClean(t, "wheel-browser", 18, "burst-handoff-at-limit", "pump-runs-with-work")
}

// TestSleepsStayWithinTheKernelClock: the kernel counts time in 32 bits
// of ms, so the environment never sleeps past that. wheel-defaults
// reached it at depth 25 (a day, then seven sleeps of a week), where the
// kernel's clock wrapped and wheel-clock-derived fired; depth 26 must
// explore clean.
func TestSleepsStayWithinTheKernelClock(t *testing.T) {
	exploresClean(t, "wheel-defaults", 26)
}

// exploresClean explores scenario to depth with the checks named in only
// (all if none) and fails on a violation.
func exploresClean(t *testing.T, scenario string, depth int, only ...string) {
	t.Helper()
	sc, err := model.Lookup(scenario)
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewExplorable(sc, only)
	if err != nil {
		t.Fatal(err)
	}
	r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: depth, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Violations) != 0 {
		t.Fatalf("%s to depth %d: %s at depth %d", scenario, depth, Names()[r.Violations[0].Invariant], r.Violations[0].Depth)
	}
}
