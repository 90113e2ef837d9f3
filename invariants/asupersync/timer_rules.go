package asupersync

import (
	"math/bits"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/trace"
)

// timerRuleInvariants are the clock and timer rules that had no check
// before issue 10: the host timer table's fire criterion (INV-TM-08 was
// checked for the wheel only) and a cancelled or completed task's timer.
// (The clock itself is checked by clock-derived.)
var timerRuleInvariants = []Invariant{
	{"host-timer-due", []string{"INV-TM-08", "tm-insert-fire-001", "wasm-browser-scheduler-semantics-v1/P2", "sc-timer-phase0-001"},
		"a host-table timer fires only once its deadline, as registered, is at or before the current time", hostTimerDue},
	{"cancel-clears-timer", []string{"004/4.2", "INV-TM-02"},
		"a task a cancel request changes, and a task that completes, is left with no live timer", cancelClearsTimer},
}

// hostTimerDue reads the deadline from the timer table before the step,
// not from the event, and the time from the state after it (a dispatch
// does not move the clock).
func hostTimerDue(c *Context) bool {
	b := kern(c.Before)
	if c.Scenario.Kernel.Wheel {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.TimerFired || !c.liveBefore(e.Timer) {
			continue
		}
		if b.Timers[e.Timer-1].Deadline > kern(c.After).Now {
			return true
		}
	}
	return false
}

// cancelClearsTimer is 004 4.2 ("task cancelled with pending timer: the
// runtime cancels the timer") and the retirement of a completed task. A
// task may sleep again after its cancel was requested (cleanup can wait),
// so a live timer on a cancel-pending task is legal except right after the
// request that changed it.
func cancelClearsTimer(c *Context) bool {
	a := kern(c.After)
	// Only the tasks with a live timer (ids 1..MaxTasks) can break it.
	for m := liveTimerTasks(c.Scenario, a); m != 0; m &= m - 1 {
		id := uint8(bits.TrailingZeros16(m)) + 1
		t := model.TaskRecord(&a.Cancel, id)
		if !t.Used {
			continue
		}
		if t.Phase == cancel.Completed || (c.cancelRequest() && model.TaskRecord(&kern(c.Before).Cancel, id).Used && !c.cancelUnchanged(id)) {
			return true
		}
	}
	return false
}
