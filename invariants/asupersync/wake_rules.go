package asupersync

import (
	"modelcheck/runtime/trace"
)

// wakeRuleInvariants bound a wake from below: a wake the runtime must
// answer with a lane entry gets one (session 44's audit of 000, whose
// plants dropped a wake noted during a poll when a sleep or a parking
// reserve ended it). wake-answered-once and stale-wake bound a wake from
// above only.
var wakeRuleInvariants = []Invariant{
	{"noted-wake-requeues", []string{"wasm-browser-scheduler-semantics-v1/S3", "wasm-browser-scheduler-semantics-v1/S5", "sched.browser.yield.single_wake_pending_then_ready"},
		"a step that ends a task's poll without completing it (scheduler_step_end naming the task, no task_completed naming it), when a wake reached the task during that poll (the ghost's woken-in-poll set before the step: a wake or granted callback that was not stale, a cancel request that changed it, a channel wake), names the task in an enqueued or a wake_deduped: however the poll returns Pending (a sleep, a parking reserve or recv, a plain pending), the noted wake requeues it", notedWakeRequeues},
}

// notedWakeRequeues reads the wake from the ghost
// (model.Ghost.WokenInPoll), which the environment derives from the
// inputs and events, and the requeue from the events: not from the
// kernel's Notified flag, which a runtime that forgets the wake clears
// together with the ghost's bit when the poll ends (notified-derived
// compares them after the step, and both are clear by then).
func notedWakeRequeues(c *Context) bool {
	woken := c.Before.Ghost.WokenInPoll
	if woken == 0 {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.StepEnd || e.Task == 0 || woken&(1<<(e.Task-1)) == 0 {
			continue
		}
		t := e.Task
		requeued := false
		for ej := range c.Events {
			f := &c.Events[ej]
			if f.Task != t {
				continue
			}
			switch f.Kind {
			case trace.TaskCompleted:
				requeued = true // a completion drops the wake (retire)
			case trace.Enqueued, trace.WakeDeduped:
				requeued = true
			}
		}
		if !requeued {
			return true
		}
	}
	return false
}
