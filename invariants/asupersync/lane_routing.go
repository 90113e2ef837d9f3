package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/sched"
)

// laneRoutingInvariants: 001 B5 routes the wake of a task whose cancel is
// requested to the cancel lane, and 000 S3's dedup lets a cancel injection
// move a task's timed or ready entry there rather than drop it. lane-order
// checks which entry a dispatch takes out of the lanes as they are, and
// lanes-derived that the lanes follow the enqueue events, so neither sees
// a cancelled task left waiting in the timed or ready lane with its
// enqueue deduplicated: this does, from the task's phase.
var laneRoutingInvariants = []Invariant{
	{"cancel-lane-routing", []string{"wasm-cancel-state-machine-v1/B5", "cancel.scheduler.cancel_lane_routing_on_pending_wake", "sched.browser.lane_precedence.cancel_timed_ready", "wasm-browser-scheduler-semantics-v1/S3"},
		"a task whose cancel is requested (CancelRequested, Cancelling or Finalizing) has no entry in the timed or ready lane: its wakes, and the cancel request itself, put it in the cancel lane", cancelLaneRouting},
}

func cancelLaneRouting(c *Context) bool {
	k := kern(c.After)
	for _, l := range [...]sched.Lane{sched.Timed, sched.Ready} {
		for _, e := range model.LaneEntries(&k.Sched, l) {
			if t := model.TaskRecord(&k.Cancel, e.Task); t != nil && t.Phase >= cancel.CancelRequested && t.Phase <= cancel.Finalizing {
				return true
			}
		}
	}
	return false
}
