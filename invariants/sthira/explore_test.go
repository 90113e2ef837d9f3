package sthira

import (
	"context"
	"testing"

	"modelcheck/explore"
	sm "modelcheck/model/sthira"
)

// purpose lists what a scenario turns on, as coverage labels: each must
// happen within depth 12, or the scenario is clean about behaviour it
// never ran.
func purpose(sc *sm.Scenario) []string {
	want := []string{"input declare", "input submit", "input complete",
		"event TASK_DECLARED", "event TASK_ACTIVATED", "event TASK_DISPOSED", "event CONCURRENCY_LIMIT_REACHED"}
	on := func(cond bool, labels ...string) {
		if cond {
			want = append(want, labels...)
		}
	}
	on(!sc.Config.Reject, "event TASK_QUEUED")
	on(sc.Config.QueueLimit > 0 || sc.Config.MaxWait > 0 || sc.Cancel, "event TASK_DROPPED")
	// A rejected submission fails (outcome REJECTED); it is not dropped.
	on(sc.Errors || sc.Config.Reject, "event TASK_FAILED")
	on(sc.Retries > 0, "input retry")
	on(sc.Suspend, "input suspend", "input resume", "event TASK_SUSPENDED")
	on(sc.Cancel, "input cancel")
	on(sc.Ticks, "input tick")
	return want
}

// TestScenariosClean explores every named scenario to depth 12 with every
// invariant on: the correct runtime breaks none of them, and each runs
// what it turns on (purpose).
func TestScenariosClean(t *testing.T) {
	for _, sc := range sm.Scenarios() {
		t.Run(sc.Name, func(t *testing.T) {
			e, err := NewExplorable(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			r, err := explore.Run(context.Background(), e, explore.Options{Depth: 12, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range r.Violations {
				t.Errorf("%s violated at depth %d by %v", v.Name, v.Depth, v.Path)
			}
			if never := r.Uncovered(purpose(&sc)); len(never) > 0 {
				t.Errorf("never happened within depth 12: %v", never)
			}
			t.Logf("%s: %d distinct states, %d transitions", sc.Name, r.Distinct, r.Generated)
		})
	}
}
