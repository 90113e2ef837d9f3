package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// completedOk is a real return of t1 with Ok and no cancel active (native:
// t1 spawned, dispatched and completed Ok), which completion-outcome
// passes, and the index of its task_completed.
func completedOk(t *testing.T) (c *Context, completed int) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, "native"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Complete, Task: 1, Arg: uint8(cancel.Ok)},
	})
	at := eventsOf(c.Events, trace.TaskCompleted)
	if tr := model.TaskRecord(&kern(c.After).Cancel, 1); len(at) != 1 || tr.Phase != cancel.Completed || tr.Outcome != cancel.Ok ||
		c.Events[at[0]].AttrVal != "Ok" || completionOutcome(c) {
		t.Fatalf("setup: want t1 completed Ok by its return, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// TestCompletionOutcomeCatchesARecordedOutcomeMismatch proves
// completion-outcome's record clause (001 R2: a task that returns with no
// cancel active completes with the outcome it returned). A real return of
// t1 with Ok is reached (native), then replayed with t1's record holding
// Err, its task_completed still saying Ok.
func TestCompletionOutcomeCatchesARecordedOutcomeMismatch(t *testing.T) {
	c, _ := completedOk(t)
	if !flagsEditedAfter(completionOutcome, c, func(a *model.State) { a.P.Kernel.Cancel.Tasks[0].Outcome = cancel.Err }) {
		t.Error("a task recorded Err after returning Ok is not flagged")
	}
}

// TestCompletionOutcomeCatchesAMisspelledCompletion proves
// completion-outcome's event clause (001 R2, T4: task_completed says the
// outcome the task completes with). A real return of t1 with Ok is reached
// (native), then replayed with its task_completed saying Err, the record
// left Ok.
func TestCompletionOutcomeCatchesAMisspelledCompletion(t *testing.T) {
	c, completed := completedOk(t)
	if !flagsEditedEvents(completionOutcome, c, func(ev []trace.Event) { ev[completed].AttrVal = "Err" }) {
		t.Error("a task_completed saying Err for a task completed Ok is not flagged")
	}
}
