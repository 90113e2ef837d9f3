package asupersync

import (
	"math/bits"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// completionInvariants: the checks of a completed task asked that
// Completed stay put (completed-absorbing) and that the move be legal
// (phase-monotone), and read its outcome only where an obligation it held
// was aborted. Nothing asked which outcome a completion records. A runtime
// that let a task returning Ok under an active cancel complete Ok changed
// the counts of every scenario with cancels (default 4,005,029 to
// 4,044,957 at depth 12) and passed every check: a well-behaved task holds
// nothing Reserved when it returns, so no abort was missed. It comes late
// in the check order, so the older faults keep their first reports.
var completionInvariants = []Invariant{
	{"completion-outcome", []string{"wasm-cancel-state-machine-v1/R2", "wasm-cancel-state-machine-v1/T4", "cancel.task.cleanup_to_finalizing_to_completed_cancelled"},
		"a task completes only by its own return (complete, Ok or Err) or its finalize_done, with the outcome it returned unless the cancel protocol was already active (CancelRequested, Cancelling or Finalizing), then Cancelled; its task_completed says that outcome", completionOutcome},
}

// completionOutcome derives each completing task's outcome from its phase
// before and the input, and spells it itself rather than through the
// runtime's String, which the event's attribute is made with.
func completionOutcome(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for m := c.changedTasks(); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		tb, ta := &b.Tasks[i], &a.Tasks[i]
		if !tb.Used || tb.Phase == cancel.Completed || ta.Phase != cancel.Completed {
			continue
		}
		id := uint8(i + 1)
		returned, ok := c.returnedOutcome(id)
		if !ok {
			return true
		}
		want := returned
		if tb.Phase == cancel.CancelRequested || tb.Phase == cancel.Cancelling || tb.Phase == cancel.Finalizing {
			want = cancel.Cancelled
		}
		if ta.Outcome != want || !completionSpelled(c.Events, id, outcomeSpelling[want]) {
			return true
		}
	}
	return false
}

// outcomeSpelling is how task_completed spells the outcomes a task can
// complete with.
var outcomeSpelling = [...]string{cancel.Ok: "Ok", cancel.Err: "Err", cancel.Cancelled: "Cancelled"}

// returnedOutcome is what task id's own act in the step returned: Ok or
// Err for its complete, Cancelled for its finalize_done (T4); false when
// the step is no act of id's that ends it.
func (c *Context) returnedOutcome(id uint8) (cancel.Outcome, bool) {
	in := c.In.K
	if c.In.Host != pump.NoHost || in.Task != id {
		return 0, false
	}
	switch {
	case in.Op == kernel.Complete && (cancel.Outcome(in.Arg) == cancel.Ok || cancel.Outcome(in.Arg) == cancel.Err):
		return cancel.Outcome(in.Arg), true
	case in.Op == kernel.FinalizeDone:
		return cancel.Cancelled, true
	}
	return 0, false
}

// completionSpelled reports whether the step's task_completed of task id
// says outcome spelled.
func completionSpelled(events []trace.Event, id uint8, spelled string) bool {
	for i := range events {
		if e := &events[i]; e.Kind == trace.TaskCompleted && e.Task == id {
			return e.AttrVal == spelled
		}
	}
	return false
}
