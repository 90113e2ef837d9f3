package asupersync

import (
	"context"
	"testing"

	"modelcheck/explore"
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/fault"
)

// preIssue10 are the checks main had before issue 10. Several of them read
// a counter or flag the runtime maintains (the streak, the governor, the
// lanes, the burst counter, sender_count, the wheel's active map) and so
// agreed with a bug in its update.
var preIssue10 = []string{
	"wheel-handle-exact",
	"wheel-lazy-cancel",
	"wheel-insertion-order",
	"wheel-duration-bound",
	"wheel-purge",
	"wheel-wrap-safe",
	"wheel-cascade-drops-dead",
	"wheel-fire-inclusive",
	"stale-timer",
	"timer-order",
	"catchup-bounded",
	"phase0-first",
	"fairness-bound",
	"lane-order",
	"wake-dedup",
	"stale-wake",
	"pump-non-reentrant",
	"burst-limit",
	"capability-fail-closed",
	"cascade-order",
	"completed-absorbing",
	"phase-monotone",
	"severity-monotone",
	"budget-monotone",
	"ack-unmasked",
	"quiescence",
	"no-leak",
	"no-spawn-after-cancel",
	"no-obligation-after-cancel",
	"resolve-once",
	"steal-order",
	"chan-capacity",
	"chan-fifo",
	"chan-try-reserve-fair",
	"chan-waiter-fifo",
	"chan-cancelled-reserve",
	"chan-cancelled-recv",
	"chan-receiver-dropped-monotone",
	"chan-sender-count-monotone",
	"chan-permit-drop",
	"chan-permit-linear",
	"stuck",
}

// issue10Faults corrupt the runtime's own bookkeeping or decision
// metadata (issue 10 §1, §4).
var issue10Faults = []fault.Fault{
	fault.ReadyKeepsStreak, fault.FallbackAnyStreak, fault.GovernorIgnored, fault.BurstNotCounted,
	fault.DispatchKeepsMembership, fault.SenderDropUncounted, fault.FiredStaysActive,
	fault.DecisionSeqStalls, fault.DecisionHashSkipsLane, fault.HostTurnStalls, fault.DecisionUntagged,
	fault.MaskNotCounted, fault.CancelKeepsTimerLive, fault.SendLosesMessage, fault.StealLeavesEntry, fault.AdvanceSetsClock,
}

// TestIssue10FaultsEscapeTheOldChecks: each issue-10 fault is caught by
// its new check at some depth d, and the checks main had before find
// nothing within that depth, so the new check is what catches it.
func TestIssue10FaultsEscapeTheOldChecks(t *testing.T) {
	for _, f := range issue10Faults {
		var fc FaultCase
		for _, c := range Faults() {
			if c.Fault == f {
				fc = c
			}
		}
		if len(fc.Trips) == 0 {
			t.Fatalf("fault %s is not in the catalogue", f.Name())
		}
		t.Run(f.Name(), func(t *testing.T) {
			t.Parallel()
			run := func(only []string, depth int) *explore.Violation[model.Input] {
				e, err := NewExplorable(scenarioWithFault(t, fc.Scenario, f), only)
				if err != nil {
					t.Fatal(err)
				}
				r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: depth, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Violations) == 0 {
					return nil
				}
				return &r.Violations[0]
			}
			caught := run(fc.Trips[:1], 12)
			if caught == nil {
				t.Fatalf("%s not violated within depth 12", fc.Trips[0])
			}
			if v := run(preIssue10, caught.Depth); v != nil {
				t.Fatalf("the pre-issue-10 check %s already catches %s at depth %d", all[v.Invariant].Name, f.Name(), v.Depth)
			}
		})
	}
}
