package asupersync

import (
	"math/bits"

	"modelcheck/runtime/cancel"
)

// cancelRequestedInvariants derive cancel_requested (001 T1) from the
// phases. They come from session 46's audit of contract 001: every
// check that reads a task's cancel_requested flag (CancelPending, which B5
// routes by) read it as the runtime left it: severity-monotone and
// task-cancel-strengthened judge only tasks whose flag is set before and
// after, and cancel-lane-routing only live tasks. So a completion that
// cleared the flag passed every scenario: the record of a cancelled task no
// longer said it had been cancelled, and nothing looked.
var cancelRequestedInvariants = []Invariant{
	{"cancel-requested-derived", []string{"wasm-cancel-state-machine-v1/T1", "wasm-cancel-state-machine-v1/T5", "wasm-cancel-state-machine-v1/B5"},
		"a task's cancel_requested flag (CxInner.cancel_requested) is set by the cancel request that moves it from Created or Running into CancelRequested (T1) and by nothing else, and stays set from then on: a later request, the acknowledgement, the cleanup and the completion keep it, so a completed task's record still says whether it was cancelled", cancelRequestedDerived},
}

// cancelRequestedDerived replays the flag from the phases before and after
// the step, as epoch-derived replays cancel_epoch: set after the step
// exactly when it was set before or T1 moved the task into CancelRequested
// in the step. A task whose record did not change keeps its flag, which is
// the one wanted of it.
func cancelRequestedDerived(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for m := c.changedTasks(); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		bt, at := &b.Tasks[i], &a.Tasks[i]
		if !at.Used {
			continue
		}
		requested := bt.Used && (bt.Phase == cancel.Created || bt.Phase == cancel.Running) && at.Phase == cancel.CancelRequested
		if at.CancelPending != (bt.Used && bt.CancelPending || requested) {
			return true
		}
	}
	return false
}
