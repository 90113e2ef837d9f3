package asupersync

import "testing"

// TestChangedCancelScheduledLetsTheOuterPollWaitForItsWake proves that
// changed-cancel-scheduled holds a task whose poll is suspended (Outer) to
// the rule of a task being polled, not to the lanes' (001 T1, Cascade Law
// step 5: a cancelled task is woken when its poll returns, so a noted wake
// is its whole due). Only the re-entrant pump fault suspends a poll, so a
// real cancel of the polled task is reached (native: t1 dispatched, then
// cancelled, its wake noted), then replayed with t1 held as the suspended
// outer poll instead of the current one. It must pass: t1 is in no lane,
// and a check that judged it by the lanes would flag it.
func TestChangedCancelScheduledLetsTheOuterPollWaitForItsWake(t *testing.T) {
	c := polledTaskCancelled(t)
	after := *c.After
	after.P.Kernel.Current, after.P.Kernel.Outer = 0, 1
	if changedCancelScheduled(transitionOf(c.Scenario, c.Before, c.In, &after, c.Events)) {
		t.Error("a cancelled outer poll with its wake noted is flagged")
	}
}
