package asupersync

import (
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// pumpScheduleInvariants: pump-requeue-owed asks why a Running pump queues
// itself again, and pump-mode-derived follows the mode through the events,
// but nothing asked whether a pump that was already queued got queued
// again. A timer turn that queued a microtask whenever the pump was idle or
// had work, so a queued pump (a host-task hand-off included) was queued
// again, changed the counts (default 4,005,029 to 3,933,739 at depth 12)
// and passed every check (session 13's exhaustive mutation of
// runtime/pump, pump.go:411). It comes late in the check order, so the
// older faults keep their first reports.
var pumpScheduleInvariants = []Invariant{
	{"pump-queued-once", []string{"wasm-browser-scheduler-semantics-v1/P1", "wasm-browser-scheduler-semantics-v1/S4"},
		"a pump already queued, as a microtask (pump_scheduled) or as a host task after a hand-off (host_handoff), is not queued again before it runs: a second pump_scheduled would double the trigger, and one after a hand-off would turn the host task back into a microtask and undo P1's yield to the host", pumpQueuedOnce},
}

// pumpQueuedOnce follows the pump's mode through the step's events from
// its mode before (pumpModeAfter, as pump-mode-derived does) and judges each
// pump_scheduled by the mode it finds. A Running pump's requeue is
// pump-requeue-owed's.
func pumpQueuedOnce(c *Context) bool {
	if c.Scenario.Native {
		return false
	}
	mode := c.Before.P.Mode
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.PumpScheduled && mode == pump.Scheduled {
			return true
		}
		mode = pumpModeAfter(mode, e)
	}
	return false
}
