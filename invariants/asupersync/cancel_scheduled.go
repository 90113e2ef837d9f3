package asupersync

import (
	"math/bits"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/sched"
)

// cancelScheduledInvariants: cancel-schedules-changed reads 001 Cascade Law
// step 5 one way (an unchanged task is not scheduled). The other way went
// unchecked. A runtime that counted a cancel request as a change only when
// the task's phase moved (task.go's CancelChanged with && for ||, from
// session 15's exhaustive mutation of runtime/cancel) left a parked task
// unscheduled when a stronger cancel replaced its pending reason. That
// moved cancel-kinds from 162,918 to 163,571 distinct states and
// region-kinds from 203,474 to 204,070 at depth 12, and every check
// passed. It comes late in the check order, so the older faults keep their
// first reports.
var cancelScheduledInvariants = []Invariant{
	{"changed-cancel-scheduled", []string{"wasm-cancel-state-machine-v1/cascade-law-5", "wasm-cancel-state-machine-v1/T1"},
		"a cancel request (task or region) schedules every task whose phase, reason or cleanup budget it changed and that is still live with its cancel pending: after the step such a task is in a lane or, if it is being polled, has a wake noted", changedCancelScheduled},
}

// changedCancelScheduled reads the lanes' entries after the step, not the
// scheduler's membership set, and the polled tasks (Current, Outer) a
// cancel request does not move.
func changedCancelScheduled(c *Context) bool {
	if !c.cancelRequest() {
		return false
	}
	a := kern(c.After)
	// changedTasks is a superset (whole records compared as memory),
	// computed once per transition; cancelUnchanged narrows it.
	for m := c.changedTasks(); m != 0; m &= m - 1 {
		id := uint8(bits.TrailingZeros16(m)) + 1
		t := model.TaskRecord(&a.Cancel, id)
		if c.cancelUnchanged(id) || !t.Used || !t.CancelPending || t.Phase == cancel.Completed {
			continue
		}
		if id == a.Current || id == a.Outer {
			if !a.Tasks[id-1].Notified {
				return true
			}
			continue
		}
		if !inLanes(a, id) {
			return true
		}
	}
	return false
}

// inLanes reports whether task t has an entry in one of the three lanes,
// read entry by entry (Step has checked each lane's length against its
// array, OutsideTables).
func inLanes(k *kernel.State, t uint8) bool {
	s := &k.Sched
	for _, es := range [...][]sched.Entry{s.Cancel.E[:s.Cancel.N], s.Timed.E[:s.Timed.N], s.Ready.E[:s.Ready.N]} {
		for _, e := range es {
			if e.Task == t {
				return true
			}
		}
	}
	return false
}
