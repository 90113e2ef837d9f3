package vm

import (
	"context"
	"fmt"
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
// kind, the backpressure its capacity makes, overdraw's fault, and the
// event of every instruction its vocabulary's code holds.
// Each must happen, or the scenario is clean about behaviour it never ran.
func purpose(sc *mvm.Scenario) []string {
	want := []string{"input load"}
	if sc.Interleavings {
		want = append(want, "input step")
	} else {
		want = append(want, "input round")
		want = append(want, sendWaits(sc)...)
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

// sendWaits lists the SendWait each edge must show in a lockstep
// scenario, with the release that ends it: a role whose code sends or
// chooses on an edge more times than the capacity, with no receive or
// offer in between, fills that buffer under RoundRobin with N = all
// before its peer takes a message. (Under interleavings a sender that
// meets a full buffer is never stepped, so no SendWait shows there;
// steps-offered holds that.)
func sendWaits(sc *mvm.Scenario) []string {
	var want []string
	for _, p := range sc.Vocabulary {
		for _, role := range rt.Protocols[p].Roles {
			var run [rt.MaxEdges]int
			for _, in := range role.Code {
				switch in.Op {
				case rt.OpSend, rt.OpChoose:
					run[in.Edge]++
					w := fmt.Sprintf("event blocked in SendWait on e%d", in.Edge)
					if run[in.Edge] > int(sc.Capacity) && !slices.Contains(want, w) {
						want = append(want, w)
					}
				case rt.OpRecv, rt.OpOffer:
					run = [rt.MaxEdges]int{}
				}
			}
		}
	}
	if len(want) > 0 {
		want = append(want, "event unblocked")
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
