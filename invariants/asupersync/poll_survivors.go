package asupersync

import (
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// pollSurvivorInvariants keep the poll bookkeeping honest (issue 10: a
// poll left open, or a wake flag set on or cleared from the wrong task,
// survived every check). The polled task (Current, Outer) and each task's
// wake flag (Notified) are read by the stuck check, the pump and the
// kernel itself; here each is derived from the step instead.
var pollSurvivorInvariants = []Invariant{
	{"poll-current-derived", []string{"wasm-browser-scheduler-semantics-v1/S5", "wasm-cancel-state-machine-v1/B5", "INV-SC-07"},
		"the task being polled after a step is the one the step's last decision chose, until a scheduler_step_end naming it ends the poll; a yield, pending, completion or finalize-done ends the poll of the task that performs it", pollCurrentDerived},
	{"notified-derived", []string{"wasm-browser-scheduler-semantics-v1/S3", "wasm-browser-scheduler-semantics-v1/S5", "sched.browser.wake.dedup_cross_turn"},
		"a task's wake flag is up exactly when, since its poll began, a wake, callback or channel wake naming it, or a cancel request that changed it, reached it while it was polled (the ghost's record of those inputs and events)", notifiedDerived},
	{"pump-idle-announced", []string{"wasm-browser-scheduler-semantics-v1/P1", "wasm-browser-scheduler-semantics-v1/S4"},
		"a step that leaves a non-idle pump Idle emits pump_idle (or, for a hand-off that fails closed, authorization_denied)", pumpIdleAnnounced},
	{"step-bracketed", []string{"wasm-browser-scheduler-semantics-v1/trace-observability", "wasm-browser-scheduler-semantics-v1/ci-gate-3"},
		"every scheduler_step_begin is followed, before the next one and within the step, by a step_decision (the poll it starts ends with a scheduler_step_end naming the task) or by scheduler_park and then a scheduler_step_end naming no task", stepBracketed},
}

// stepBracketed is 000's bracketed scheduler step: a reader of the trace
// pairs each scheduler_step_begin with its end. A step that picks a task
// is closed when that task's poll ends (poll-current-derived checks that
// end); a step that parks is closed in the same input, and a park left
// open (a make mutate survivor: the park's end dropped) is caught here.
//
// A park is accepted only inside a begun step, and only the step's end
// clears begun after a park, so parked implies begun: begun alone says
// whether a step is open.
func stepBracketed(c *Context) bool {
	begun, parked := false, false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.StepBegin:
			if begun {
				return true
			}
			begun = true
		case e.Kind == trace.StepDecision:
			if !begun || parked {
				return true
			}
			begun = false
		case e.Kind == trace.Park:
			if !begun || parked {
				return true
			}
			parked = true
		case e.Kind == trace.StepEnd && e.Task == 0:
			if !parked {
				return true
			}
			begun, parked = false, false
		}
	}
	return begun
}

// pollCurrentDerived replays Current and Outer through the decisions and
// poll ends of the step (a nested decision, which only a re-entrant pump
// makes, suspends the outer poll), and requires the operations that
// return from a poll to end it.
func pollCurrentDerived(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	cur, outer := b.Current, b.Outer
	ended := false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.StepDecision:
			if cur != 0 {
				outer = cur
			}
			cur = e.Task
		case e.Kind == trace.StepEnd && e.Task != 0:
			ended = ended || e.Task == c.In.K.Task
			cur, outer = outer, 0
		}
	}
	if a.Current != cur || a.Outer != outer {
		return true
	}
	if c.In.Host != pump.NoHost {
		return false
	}
	switch c.In.K.Op {
	case kernel.Yield, kernel.Pending, kernel.Complete, kernel.FinalizeDone:
		return !ended
	}
	return false
}

// notifiedDerived compares the kernel's wake flags with the ghost
// (model.Ghost.WokenInPoll), which the environment derives from the
// inputs and events alone, so a wake recorded on the wrong task, or a
// flag left up or cleared on the wrong task, is caught at that step.
func notifiedDerived(c *Context) bool {
	a := kern(c.After)
	for t := uint8(1); t <= kernel.MaxTasks; t++ {
		if a.Tasks[t-1].Notified != (c.After.Ghost.WokenInPoll&(1<<(t-1)) != 0) {
			return true
		}
	}
	return false
}

// pumpIdleAnnounced is 000's trace of the pump's life: the pump going idle
// is announced (pump_idle, or the authorization_denied of a hand-off that
// fails closed), so a trace reader can tell a quiet pump from a lost one.
func pumpIdleAnnounced(c *Context) bool {
	if c.Scenario.Native || c.After.P.Mode != pump.Idle || c.Before.P.Mode == pump.Idle {
		return false
	}
	return c.firstIndex(trace.PumpIdle) < 0 && c.firstIndex(trace.AuthorizationDenied) < 0
}
