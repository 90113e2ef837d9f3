package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// dedupPlaceInvariants: 000 S3's dedup leaves a runnable task's entry where
// it is; the only move is 001 B5's, a cancel injection taking a timed or
// ready entry to the cancel lane. wake-dedup and lanes-derived hold the
// count of entries and their agreement with the events, so a wake that
// re-queued a runnable task (a fresh generation at the back of its lane,
// announced as enqueued) passed both.
var dedupPlaceInvariants = []Invariant{
	{"dedup-keeps-place", []string{"sched.browser.wake.dedup_cross_turn", "wasm-browser-scheduler-semantics-v1/S3", "wasm-cancel-state-machine-v1/B5"},
		"an enqueued event for a task that already has an entry (as the lanes before and the step's earlier decisions, enqueues and completions leave them) moves it from the timed or ready lane to the cancel lane; any other wake of a runnable task is deduplicated and keeps the entry in place", dedupKeepsPlace},
}

func dedupKeepsPlace(c *Context) bool {
	var lane [16]sched.Lane // by task id; the zero value is NoLane
	b := kern(c.Before)
	for l := sched.Cancel; l <= sched.Ready; l++ {
		for _, e := range model.LaneEntries(&b.Sched, l) {
			if int(e.Task) < len(lane) {
				lane[e.Task] = l
			}
		}
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if int(e.Task) >= len(lane) {
			continue
		}
		switch e.Kind {
		case trace.StepDecision, trace.TaskCompleted:
			lane[e.Task] = sched.NoLane
		case trace.Enqueued:
			to := laneByName(e.Lane)
			if from := lane[e.Task]; from != sched.NoLane && (to != sched.Cancel || from == sched.Cancel) {
				return true
			}
			lane[e.Task] = to
		}
	}
	return false
}
