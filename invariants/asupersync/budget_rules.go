package asupersync

import (
	"math/bits"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// requestInvariants check what a cancel request or a refused admission
// grants, which the seed-3 sample of runtime/cancel showed unchecked:
// budget-derived compares a repeated request's budget only, so the budget
// a first request grants went unread, and no check read the error class a
// refused spawn or reservation carries.
var requestInvariants = []Invariant{
	{"cleanup-done-finalizes", []string{"wasm-cancel-state-machine-v1/T3"},
		"cleanup_done moves the task from Cancelling to Finalizing (T3): each cleanup_done event names phase Finalizing, and its task is Finalizing or Completed after the step", cleanupDoneFinalizes},
	{"cascade-inject-order", []string{"wasm-cancel-state-machine-v1/cascade-law"},
		"a region cancel schedules the tasks it reaches parents first: the step's enqueues into the cancel lane come in ascending depth of the task's region, and by task id within a depth (001 Cascade Law steps 2 and 5)", cascadeInjectOrder},
	{"cancel-kind-attr", []string{"wasm-cancel-state-machine-v1/B6", "wasm-cancel-state-machine-v1/cancel-reason"},
		"every cancel-protocol task event (cancel_requested, cancel_strengthened, cancel_deferred_masked, cancel_acknowledged, cleanup_done) carries cancel_kind (001 B6), and every task event that carries it names the kind of that task's reason after the step", cancelKindAttr},
	{"budget-granted", []string{"wasm-cancel-state-machine-v1/T1", "cancel.task.request_to_ack_when_unmasked", "wasm-cancel-state-machine-v1/B5"},
		"a cancel request (of the task, or a region cascade reaching it) that moves a task from Created or Running into CancelRequested grants exactly its reason's cleanup budget (the semantics notes' poll quota and priority per kind), with no deadline and no cost limit", budgetGranted},
	{"refusal-class", []string{"cancel.region.no_new_spawn_after_cancel", "cancel.region.no_new_obligation_after_cancel"},
		"a spawn or reservation a region refuses is rejected with error_class region_cancelled when a cancel reached the region before the step, else region_closed", refusalClass},
	{"obligation-resolutions-derived", []string{"wasm-cancel-state-machine-v1/obligation-lifecycle", "cancel.region.no_new_obligation_after_cancel"},
		"each obligation's resolution count (the second witness resolve-once reads) grows by the commits, aborts and leaks the step announces for it, and by nothing else", obligationResolutionsDerived},
	{"stale-wake-announced", []string{"cancel.scheduler.late_wake_nonpanic", "wasm-browser-scheduler-semantics-v1/F2", "wasm-cancel-state-machine-v1/B4"},
		"a wake naming a completed task or a generation other than the task's emits exactly one stale_wake (error_class stale_wake) naming the task, and a wake of a live task of its generation emits none", staleWakeAnnounced},
	{"epoch-derived", []string{"wasm-cancel-state-machine-v1/T1", "cancel.task.witness_phase_monotone"},
		"a task's cancel_epoch grows by one (saturating at 255) exactly when a cancel request moves it from Created or Running into CancelRequested, starting at 1 on the first, and each cancel_requested names the task's new epoch", epochDerived},
}

// budgetGranted recomputes the first request's budget (T1: cancel_request
// from Created/Running enters CancelRequested with the request's cleanup
// budget) from the kind of the reason the task now carries, which
// task-cancel-reason and cascade-reason derive from the input.
func budgetGranted(c *Context) bool {
	if c.In.Host != pump.NoHost || (c.In.K.Op != kernel.CancelTask && c.In.K.Op != kernel.CancelRegion) {
		return false
	}
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for id := uint8(1); id <= kernel.MaxTasks; id++ {
		bt, at := model.TaskRecord(b, id), model.TaskRecord(a, id)
		if !bt.Used || (bt.Phase != cancel.Created && bt.Phase != cancel.Running) || at.Phase != cancel.CancelRequested {
			continue
		}
		k := at.Reason.Kind
		if int(k) >= len(cleanupBudgets) {
			return true
		}
		want := cancel.Budget{PollQuota: cleanupBudgets[k].polls, CostQuota: cancel.Unconstrained, Priority: cleanupBudgets[k].priority}
		if at.Budget != want {
			return true
		}
	}
	return false
}

// refusalClass: the runtime's documented refusal classes (cancel.Spawn,
// Reserve): region_cancelled once a cascade gave the region a reason, else
// region_closed (the region is on its graceful close path). Whether a
// cancel reached the region is read from its record before the step, which
// region-cancel-effective ties to the cascades.
func refusalClass(c *Context) bool {
	if c.In.Host != pump.NoHost {
		return false
	}
	b := &kern(c.Before).Cancel
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.SpawnRejected && (e.Kind != trace.ObligationRejected || e.ErrorClass == trace.ErrAlreadyResolved) {
			continue
		}
		r := model.RegionRecord(b, e.Region)
		if r == nil {
			return true
		}
		want := trace.ErrRegionClosed
		if r.HasReason {
			want = trace.ErrRegionCancelled
		}
		if e.ErrorClass != want {
			return true
		}
	}
	return false
}

// obligationResolutionsDerived replays each obligation's Resolutions
// counter through the step's resolution events (saturating at 255, as the
// runtime stores it): resolve-once reads the counter as its second witness
// of a double resolution, so the counter must be the one the events made.
func obligationResolutionsDerived(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	var want [cancel.MaxObligations + 1]int
	for o := uint8(1); o <= cancel.MaxObligations; o++ {
		if model.ObligationRecord(b, o).Used {
			want[o] = int(model.ObligationRecord(b, o).Resolutions)
		}
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.ObligationCommitted, trace.ObligationAborted, trace.ObligationLeaked:
			if e.Obligation != 0 && e.Obligation <= cancel.MaxObligations {
				want[e.Obligation] = min(want[e.Obligation]+1, 255)
			}
		}
	}
	for o := uint8(1); o <= cancel.MaxObligations; o++ {
		if ao := model.ObligationRecord(a, o); ao.Used && int(ao.Resolutions) != want[o] {
			return true
		}
	}
	return false
}

// staleWakeAnnounced: stale-wake checks that a late wake enqueues nothing;
// this is its other half, that the late wake is reported (the diagnostic
// the contracts ask for instead of a panic). Staleness is derived from the
// input and the task's phase before the step: Completed, or a generation
// other than 0 (current) and 1 (every task's only generation).
func staleWakeAnnounced(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Wake {
		return false
	}
	t := c.In.K.Task
	bt := model.TaskRecord(&kern(c.Before).Cancel, t)
	if bt == nil || !bt.Used {
		return false
	}
	stale := bt.Phase == cancel.Completed || staleGeneration(c.In.K.N)
	n := 0
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.StaleWake {
			if e.Task != t || e.ErrorClass != trace.ErrStaleWake {
				return true
			}
			n++
		}
	}
	return stale != (n == 1) || n > 1
}

// epochDerived replays cancel_epoch (T1: the first request from Created or
// Running starts a cancellation epoch at 1; later requests strengthen the
// same epoch) from the phases before and after the step, and checks the
// epoch each cancel_requested event reports against it. A task whose
// record did not change keeps its epoch, which is the one wanted of it.
func epochDerived(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for m := c.changedTasks(); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		if at := &a.Tasks[i]; at.Used && at.Epoch != wantEpoch(&b.Tasks[i], at) {
			return true
		}
	}
	if !c.mayHold(cancelRequests) {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.CancelRequested && (e.Task == 0 || e.Task > kernel.MaxTasks || e.Epoch != wantEpoch(model.TaskRecord(b, e.Task), model.TaskRecord(a, e.Task))) {
			return true
		}
	}
	return false
}

// wantEpoch is the epoch a task's record before and after the step make
// (0 for a task not used after).
func wantEpoch(bt, at *cancel.Task) uint8 {
	if !at.Used || !bt.Used {
		return 0
	}
	if (bt.Phase == cancel.Created || bt.Phase == cancel.Running) && at.Phase == cancel.CancelRequested && bt.Epoch < 255 {
		return bt.Epoch + 1
	}
	return bt.Epoch
}

// cancelRequests are the events epochDerived reads.
var cancelRequests = kinds(trace.CancelRequested)

// cancelKindAttr: cancel-kind-attr. The reasons themselves are checked by
// task-cancel-reason, the strengthen checks and the cascade checks; this
// holds the task events' cancel_kind to them, so an event naming another
// task's kind is caught, and asks that every cancel-protocol task event
// carry it (an event without it passed before). A region event's cancel_kind names the cancel
// that reached the region (a cascade's ParentCancelled), which need not be
// the region's stronger standing reason, so regions are left out.
func cancelKindAttr(c *Context) bool {
	a := &kern(c.After).Cancel
	for i := range c.Events {
		e := &c.Events[i]
		if e.AttrKey != "cancel_kind" {
			if e.Task != 0 && cancelProtocolKinds.has(e.Kind) {
				return true
			}
			continue
		}
		if e.Task == 0 {
			continue
		}
		// The attribute on a task outside the table names no reason.
		if t := model.TaskRecord(a, e.Task); t == nil || e.AttrVal != kindName(t.Reason.Kind) {
			return true
		}
	}
	return false
}

// cancelProtocolKinds are the task events of the cancel protocol, each of
// which carries cancel_kind (001 B6).
var cancelProtocolKinds = kinds(trace.CancelRequested, trace.CancelStrengthened, trace.CancelDeferredMasked, trace.CancelAcknowledged, trace.CleanupDone)

// cascadeInjectOrder: cascade-inject-order. The order is the cancel
// lane's order among equal priorities, so a cascade that injected a child
// region's task before its parent's would run the child's cleanup first.
func cascadeInjectOrder(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	a := &kern(c.After).Cancel
	last := -1
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind != trace.Enqueued || e.Task == 0 || laneByName(e.Lane) != sched.Cancel {
			continue
		}
		// An injection of a task outside the table, or of one whose
		// region is outside it, has no depth to be ordered by.
		t := model.TaskRecord(a, e.Task)
		if t == nil || model.RegionRecord(a, t.Region) == nil {
			return true
		}
		key := int(model.RegionRecord(a, t.Region).Depth)<<8 | int(e.Task)
		if key < last {
			return true
		}
		last = key
	}
	return false
}

// cleanupDoneFinalizes: cleanup-done-finalizes. phase-monotone allows a
// task to stay in Cancelling, so a cleanup_done that left the phase alone
// passed it; T3 names the phase the event must leave.
func cleanupDoneFinalizes(c *Context) bool {
	a := &kern(c.After).Cancel
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind != trace.CleanupDone {
			continue
		}
		if e.Phase != phaseName(cancel.Finalizing) {
			return true
		}
		// cleanup_done of no task finalizes none.
		if t := model.TaskRecord(a, e.Task); t == nil || (t.Phase != cancel.Finalizing && t.Phase != cancel.Completed) {
			return true
		}
	}
	return false
}
