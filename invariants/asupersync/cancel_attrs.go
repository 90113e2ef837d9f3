package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// cancelAttrInvariants hold the task events' cancel_phase to the phases the
// protocol moves through (001 B6: every cancel-protocol event carries
// cancel_phase). Before session 19 no check read the attribute but
// cleanup-done-finalizes, and the checks spelled phases and kinds with the
// runtime's own String methods, so a runtime that swapped two names in
// either table passed every scenario.
var cancelAttrInvariants = []Invariant{
	{"cancel-phase-attr", []string{"wasm-cancel-state-machine-v1/B6", "wasm-cancel-state-machine-v1/T2"},
		"every task event carries cancel_phase naming the task's phase right after the event: Created after task_spawned, Running after task_running, CancelRequested after cancel_requested, Cancelling after cancel_acknowledged, Finalizing after cleanup_done, Completed after task_completed, and the phase it already had after any other", cancelPhaseAttr},
	{"cancel-epoch-attr", []string{"wasm-cancel-state-machine-v1/B6", "wasm-cancel-state-machine-v1/R1"},
		"every task event carries the task's cancel_epoch right after the event: a cancel_requested the epoch it starts (epoch-derived checks its value), any other the epoch the task already had (0 from its spawn)", cancelEpochAttr},
	{"obligation-kind-attr", []string{"wasm-cancel-state-machine-v1/obligations", "wasm-cancel-state-machine-v1/trace"},
		"obligation_reserved, obligation_committed, obligation_leaked and obligation_rejected carry obligation_kind naming the obligation's kind: its record's when the event names an obligation, else the kind the refused reservation asked for (the input's, SendPermit for a channel permit)", obligationKindAttr},
	{"region-parent-attr", []string{"wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/trace"},
		"region_opened carries parent naming the new region's parent", regionParentAttr},
	{"region-cancel-kind-attr", []string{"wasm-cancel-state-machine-v1/B6", "wasm-cancel-state-machine-v1/cascade-law-3"},
		"region_cancelled, and region_closing when a cancel closes the region, carry cancel_kind naming the cancel that reached the region: the requested kind for the region the request names, ParentCancelled for each descendant the cascade reaches", regionCancelKindAttr},
}

// phaseAfterEvent is the phase a phase-moving task event leaves its task
// in (001 Legal Transitions: T1 request, T2 acknowledge, T3 cleanup,
// completion); moves is false for the task events that leave it where it
// was.
func phaseAfterEvent(k trace.Kind) (p cancel.Phase, moves bool) {
	switch k {
	case trace.TaskSpawned:
		return cancel.Created, true
	case trace.TaskRunning:
		return cancel.Running, true
	case trace.CancelRequested:
		return cancel.CancelRequested, true
	case trace.CancelAcknowledged:
		return cancel.Cancelling, true
	case trace.CleanupDone:
		return cancel.Finalizing, true
	case trace.TaskCompleted:
		return cancel.Completed, true
	}
	return 0, false
}

// taskPhaseEvents are the kinds of the task events the runtime gives a
// cancel_phase: the phase-moving ones, the cancel protocol's others and
// the mask events.
var taskPhaseEvents = kinds(trace.TaskSpawned, trace.TaskRunning, trace.CancelRequested, trace.CancelStrengthened,
	trace.CancelDeferredMasked, trace.CancelAcknowledged, trace.CleanupDone, trace.TaskCompleted, trace.MaskEntered, trace.MaskExited)

// cancelPhaseAttr replays each task's phase from the state before through
// the step's task events, and compares each event's cancel_phase with the
// checker's name for the replayed phase.
func cancelPhaseAttr(c *Context) bool {
	return taskEventReplayDiffers(c, func(t *cancel.Task) uint8 { return uint8(t.Phase) },
		func(e *trace.Event) (uint8, bool) {
			p, moves := phaseAfterEvent(e.Kind)
			return uint8(p), moves
		},
		func(e *trace.Event, phase uint8) bool { return e.Phase != phaseName(cancel.Phase(phase)) })
}

// taskEventReplayDiffers walks the step's task events keeping, per task,
// one attribute's value: first the task record's before the step (read),
// then the value each event that sets it sets (set). It reports whether
// some event's attribute differs from the value kept after that event
// (differs), or some task event names a task the table lacks or one not
// there before that no event set.
func taskEventReplayDiffers(c *Context, read func(*cancel.Task) uint8, set func(*trace.Event) (uint8, bool), differs func(*trace.Event, uint8) bool) bool {
	b := &kern(c.Before).Cancel
	var value [kernel.MaxTasks + 1]uint8
	var known [kernel.MaxTasks + 1]bool
	for i := range c.Events {
		e := &c.Events[i]
		if !taskPhaseEvents.has(e.Kind) {
			continue
		}
		if e.Task == 0 || e.Task > kernel.MaxTasks {
			return true
		}
		if !known[e.Task] {
			if t := model.TaskRecord(b, e.Task); t != nil && t.Used {
				value[e.Task], known[e.Task] = read(t), true
			}
		}
		if v, sets := set(e); sets {
			value[e.Task], known[e.Task] = v, true
		}
		if !known[e.Task] || differs(e, value[e.Task]) {
			return true
		}
	}
	return false
}

// cancelEpochAttr: cancel-epoch-attr, replayed as cancelPhaseAttr
// replays the phase: a spawn starts the epoch at 0 and a cancel_requested
// at the value it carries.
func cancelEpochAttr(c *Context) bool {
	return taskEventReplayDiffers(c, func(t *cancel.Task) uint8 { return t.Epoch },
		func(e *trace.Event) (uint8, bool) {
			switch e.Kind {
			case trace.TaskSpawned:
				return 0, true
			case trace.CancelRequested:
				return e.Epoch, true
			}
			return 0, false
		},
		func(e *trace.Event, epoch uint8) bool { return e.Epoch != epoch })
}

// obligationKindEvents are the obligation events that carry
// obligation_kind (an abort carries abort_reason instead).
var obligationKindEvents = kinds(trace.ObligationReserved, trace.ObligationCommitted, trace.ObligationLeaked, trace.ObligationRejected)

// obligationKindAttr: obligation-kind-attr. A kind never changes, so the
// record after the step names it.
func obligationKindAttr(c *Context) bool {
	a := &kern(c.After).Cancel
	for i := range c.Events {
		e := &c.Events[i]
		if !obligationKindEvents.has(e.Kind) {
			continue
		}
		var want cancel.ObligationKind
		switch o := model.ObligationRecord(a, e.Obligation); {
		case o != nil && o.Used:
			want = o.Kind
		case e.Obligation != 0:
			return true // an event naming no obligation of the table
		case c.In.Host == pump.NoHost && c.In.K.Op == kernel.Reserve:
			want = cancel.ObligationKind(c.In.K.Arg)
		case c.In.Host == pump.NoHost && (c.In.K.Op == kernel.ChanReserve || c.In.K.Op == kernel.ChanTryReserve):
			want = cancel.SendPermit
		default:
			return true // a refused reservation no input asked for
		}
		if e.AttrKey != "obligation_kind" || e.AttrVal != obligationKindName(want) {
			return true
		}
	}
	return false
}

// regionParentAttr: region-parent-attr. A region's parent never changes,
// so the record after the step names it.
func regionParentAttr(c *Context) bool {
	a := &kern(c.After).Cancel
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind != trace.RegionOpened {
			continue
		}
		r := model.RegionRecord(a, e.Region)
		if r == nil || e.AttrKey != "parent" || e.AttrVal != regionName(r.Parent) {
			return true
		}
	}
	return false
}

// regionCancelKindAttr: region-cancel-kind-attr. Only a region cancel
// cancels regions, so a region_cancelled in any other step is wrong too.
func regionCancelKindAttr(c *Context) bool {
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind != trace.RegionCancelled && (e.Kind != trace.RegionClosing || e.AttrKey != "cancel_kind") {
			continue
		}
		if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion || e.AttrKey != "cancel_kind" {
			return true
		}
		want := cancel.ParentCancelled
		if e.Region == c.In.K.Region {
			want = cancel.Kind(c.In.K.Arg)
		}
		if e.AttrVal != kindName(want) {
			return true
		}
	}
	return false
}

// regionName spells a region id as the trace does (r1, r2, ...; none for
// 0), by the checker's own table.
func regionName(id uint8) string {
	if id == 0 || int(id) >= len(regionNames) {
		return ""
	}
	return regionNames[id]
}

var regionNames = [...]string{"", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"}

// obligationKindName is the semantics notes' name of an obligation kind,
// by the checker's own table rather than cancel.ObligationKind.String.
func obligationKindName(k cancel.ObligationKind) string {
	switch k {
	case cancel.SendPermit:
		return "SendPermit"
	case cancel.Ack:
		return "Ack"
	case cancel.Lease:
		return "Lease"
	case cancel.IoOp:
		return "IoOp"
	case cancel.SemaphorePermit:
		return "SemaphorePermit"
	case cancel.Transaction:
		return "Transaction"
	}
	return ""
}

// phaseName is the contract's name of a phase (001 Phases; the semantics
// notes' ranks), by the checker's own table rather than cancel.Phase.String.
func phaseName(p cancel.Phase) string {
	switch p {
	case cancel.Created:
		return "Created"
	case cancel.Running:
		return "Running"
	case cancel.CancelRequested:
		return "CancelRequested"
	case cancel.Cancelling:
		return "Cancelling"
	case cancel.Finalizing:
		return "Finalizing"
	case cancel.Completed:
		return "Completed"
	}
	return ""
}

// kindName is the contract's name of a cancel kind (the semantics notes'
// severity list), by the checker's own table rather than cancel.Kind.String.
func kindName(k cancel.Kind) string {
	switch k {
	case cancel.User:
		return "User"
	case cancel.Timeout:
		return "Timeout"
	case cancel.Deadline:
		return "Deadline"
	case cancel.PollQuota:
		return "PollQuota"
	case cancel.CostBudget:
		return "CostBudget"
	case cancel.FailFast:
		return "FailFast"
	case cancel.RaceLost:
		return "RaceLost"
	case cancel.LinkedExit:
		return "LinkedExit"
	case cancel.ParentCancelled:
		return "ParentCancelled"
	case cancel.ResourceUnavailable:
		return "ResourceUnavailable"
	case cancel.Shutdown:
		return "Shutdown"
	}
	return ""
}
