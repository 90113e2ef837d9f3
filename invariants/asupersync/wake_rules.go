package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// wakeRuleInvariants bound a wake from below: a wake the runtime must
// answer with a lane entry gets one (session 44's audit of 000, whose
// plants dropped a wake noted during a poll when a sleep or a parking
// reserve ended it, and a valid wake of a parked task that slept on a
// timer or waited on the channel). wake-answered-once and stale-wake bound
// a wake from above only.
var wakeRuleInvariants = []Invariant{
	{"noted-wake-requeues", []string{"wasm-browser-scheduler-semantics-v1/S3", "wasm-browser-scheduler-semantics-v1/S5", "sched.browser.yield.single_wake_pending_then_ready"},
		"a step that ends a task's poll without completing it (scheduler_step_end naming the task, no task_completed naming it), when a wake reached the task during that poll (the ghost's woken-in-poll set before the step: a wake or granted callback that was not stale, a cancel request that changed it, a channel wake), names the task in an enqueued or a wake_deduped: however the poll returns Pending (a sleep, a parking reserve or recv, a plain pending), the noted wake requeues it", notedWakeRequeues},
	{"wake-enqueues", []string{"wasm-browser-scheduler-semantics-v1/S3", "wasm-browser-scheduler-semantics-v1/S4", "wasm-browser-scheduler-semantics-v1/F2", "sched.browser.wake.dedup_cross_turn"},
		"a wake input, or a host callback that passes the authority seam (no authorization_denied naming its task), naming a task that before the step is live (not Completed), neither polled (current or suspended outer poll) nor scheduled (no lane entry), with a current generation (0 or 1: not stale), names the task in an enqueued in the same step, whatever it sleeps on or waits for; in the browser backend too, where a wake that reaches a running pump defers only the pump's turn (S4: the wake is recorded in the kernel at once, its turn owed), not the lane entry", wakeEnqueues},
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

// wakeEnqueues takes the task's liveness, poll and lane entry from the
// state before and the wake's validity from the input; whether the
// callback passed the seam and whether it enqueued, from the events.
func wakeEnqueues(c *Context) bool {
	t := c.wakeTarget()
	if t == 0 || staleGeneration(c.In.K.N) {
		return false
	}
	b := kern(c.Before)
	tk := model.TaskRecord(&b.Cancel, t)
	if !tk.Used || tk.Phase == cancel.Completed || t == b.Current || t == b.Outer || b.Sched.IsScheduled(t) {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Task != t {
			continue
		}
		if e.Kind == trace.Enqueued || (c.In.Host == pump.Callback && e.Kind == trace.AuthorizationDenied) {
			return false
		}
	}
	return true
}
