package asupersync

import (
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// pollRuleInvariants are the poll and pump rules that had no check before
// issue 10: a Pending poll is not a yield, and a deferred wake is owed a
// pump turn. (The host metadata labels are checked by host-turn.)
var pollRuleInvariants = []Invariant{
	{"pending-parks", []string{"wasm-browser-scheduler-semantics-v1/S5", "wasm-cancel-state-machine-v1/B5", "sched.browser.yield.single_wake_pending_then_ready"},
		"a poll that returns Pending by itself parks its task: it is requeued only if a wake reached it during the poll (a yield issues its own wake; Pending does not)", pendingParks},
	{"deferred-wake-gets-turn", []string{"wasm-browser-scheduler-semantics-v1/S4", "wasm-browser-scheduler-semantics-v1/F1", "sched.browser.reentrancy.defer_not_reenter"},
		"a wake (or granted callback) that reaches the pump while it runs, which the pump must defer, is owed another pump turn: the pump never goes Idle while one is owed (until a microtask is queued or a burst hand-off begins)", deferredWakeGetsTurn},
}

// pendingParks reads whether a wake reached the task during its poll from
// the ghost (model.Ghost.WokenInPoll), which remembers the wakes, callbacks,
// changing cancels and channel wakes that named the task since its poll
// began, not from the kernel's own wake record. A requeue is an Enqueued
// event for the task.
func pendingParks(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Pending {
		return false
	}
	t := c.In.K.Task
	if c.Before.Ghost.WokenInPoll&(1<<(t-1)) != 0 {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.Enqueued && e.Task == t {
			return true
		}
	}
	return false
}

// deferredWakeGetsTurn reads what is owed from the ghost (model.Ghost),
// which remembers a wake that reached the running pump from the input
// (and its deferral from the events) and the turns queued from the
// events, not from the pump's pending flag. It is a per-transition rule:
// the step that ends the drain cycle must queue the owed turn.
func deferredWakeGetsTurn(c *Context) bool {
	return !c.Scenario.Native && c.After.Ghost.OwedTurn && c.After.P.Mode == pump.Idle
}
