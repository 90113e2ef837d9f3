package vm

import (
	"context"
	"slices"
	"testing"

	"modelcheck/explore"
	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// opEvent is the event each instruction shows when it runs.
var opEvent = map[rt.Op]string{rt.OpOpen: "event opened", rt.OpSend: "event sent", rt.OpRecv: "event received",
	rt.OpChoose: "event chose", rt.OpOffer: "event offered", rt.OpInvoke: "event invoked", rt.OpClose: "event closed",
	rt.OpSpawn: "event spawned", rt.OpHalt: "event halted"}

// purpose lists what a scenario turns on, as coverage labels: its input
// kind, the waits of capacity 1, overdraw's fault, and the event of every
// instruction its vocabulary's code holds.
// Each must happen, or the scenario is clean about behaviour it never ran.
func purpose(sc *mvm.Scenario) []string {
	want := []string{"input load"}
	if sc.Interleavings {
		want = append(want, "input step")
	} else {
		want = append(want, "input round")
	}
	if sc.Capacity == 1 {
		want = append(want, "event blocked", "event unblocked")
	}
	if slices.Contains(sc.Vocabulary, rt.Overdraw) {
		want = append(want, "event faulted") // its ill-typed second receive
	}
	for _, p := range sc.Vocabulary {
		for _, role := range rt.Protocols[p].Roles {
			for _, in := range role.Code {
				if e, ok := opEvent[in.Op]; ok && !slices.Contains(want, e) {
					want = append(want, e)
				}
			}
		}
	}
	return want
}

// TestScenariosRunWhatTheyConfigure explores every scenario (depth 10, at
// most 100,000 states, on past the violation a finding scenario exists to
// show) and asks that what it turns on happened.
func TestScenariosRunWhatTheyConfigure(t *testing.T) {
	for _, sc := range mvm.Scenarios() {
		t.Run(sc.Name, func(t *testing.T) {
			e, err := NewExplorable(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			r, err := explore.Run[State, mvm.Input](context.Background(), e, explore.Options{Depth: 10, MaxStates: 100_000, Workers: 2, KeepGoing: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range r.Violations {
				if v.Name != sc.Finding {
					t.Errorf("%s violated at depth %d by %v", v.Name, v.Depth, v.Path)
				}
			}
			if never := r.Uncovered(purpose(&sc)); len(never) > 0 {
				t.Errorf("never happened within depth %d (%d states): %v", r.MaxDepthReached, r.Distinct, never)
			}
		})
	}
}
