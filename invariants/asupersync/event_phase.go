package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/trace"
)

// eventPhaseInvariants hold each announcement to the phase it moves from.
// changes-announced asks that every move be announced and cancel-phase-attr
// that an event name the phase after it, but until session 44's
// cancel-protocol audit nothing asked that an announced move start where
// the contract starts it: a runtime that announced task_running on every
// poll of a Running task, acknowledged a Cancelling task's cancel again,
// announced region_draining for a Draining region or region_cancelled for
// a Closed one passed every scenario, since the phase after each was
// right. It comes last but for stuck: a fault that repeats an event
// breaks it too, and events-once, the rule such a fault breaks, keeps the
// first report.
var eventPhaseInvariants = []Invariant{
	{"event-from-phase", []string{"wasm-cancel-state-machine-v1/legal-transitions", "wasm-cancel-state-machine-v1/T1", "wasm-cancel-state-machine-v1/T2", "wasm-cancel-state-machine-v1/T3", "wasm-cancel-state-machine-v1/T5", "wasm-cancel-state-machine-v1/B3", "wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/trace"},
		"each announcement is a move from the contract's source phase, the phases replayed from the state before through the step's events: task_running only from Created; cancel_requested only from Created or Running; cancel_strengthened only in CancelRequested, Cancelling or Finalizing; cancel_acknowledged and cancel_deferred_masked only in CancelRequested; cleanup_done only from Cancelling; task_completed only from a live phase; region_closing only from Open; region_draining only from Closing; region_finalizing only from Closing or Draining; region_closed only from Finalizing; region_cancelled never for a region Closed or not in use", eventFromPhase},
}

// fromPhaseKinds are the events event-from-phase judges, and those that
// move what it replays (task_spawned, region_opened).
var fromPhaseKinds = kinds(trace.TaskSpawned, trace.TaskRunning, trace.CancelRequested, trace.CancelStrengthened,
	trace.CancelAcknowledged, trace.CancelDeferredMasked, trace.CleanupDone, trace.TaskCompleted,
	trace.RegionOpened, trace.RegionCancelled, trace.RegionClosing, trace.RegionDraining, trace.RegionFinalizing, trace.RegionClosed)

// notInUse is the replayed phase or state of a task or region slot not in
// use: no phase or region state has its value.
const notInUse = 255

// taskEventFrom reports whether a task event of kind k may be announced
// in phase p (001 Legal Transitions and T1-T5, the semantics notes' B3),
// and the phase it leaves the task in.
func taskEventFrom(k trace.Kind, p uint8) (ok bool, after uint8) {
	switch k {
	case trace.TaskSpawned:
		return p == notInUse, uint8(cancel.Created)
	case trace.TaskRunning:
		return p == uint8(cancel.Created), uint8(cancel.Running)
	case trace.CancelRequested:
		return p == uint8(cancel.Created) || p == uint8(cancel.Running), uint8(cancel.CancelRequested)
	case trace.CancelStrengthened:
		return p == uint8(cancel.CancelRequested) || p == uint8(cancel.Cancelling) || p == uint8(cancel.Finalizing), p
	case trace.CancelAcknowledged:
		return p == uint8(cancel.CancelRequested), uint8(cancel.Cancelling)
	case trace.CancelDeferredMasked:
		return p == uint8(cancel.CancelRequested), p
	case trace.CleanupDone:
		return p == uint8(cancel.Cancelling), uint8(cancel.Finalizing)
	case trace.TaskCompleted:
		return p <= uint8(cancel.Finalizing), uint8(cancel.Completed)
	}
	return true, p
}

// regionEventFrom is taskEventFrom for region events (the semantics
// notes' Open -> Closing -> Draining -> Finalizing -> Closed).
func regionEventFrom(k trace.Kind, s uint8) (ok bool, after uint8) {
	switch k {
	case trace.RegionOpened:
		return s == notInUse, uint8(cancel.RegionOpen)
	case trace.RegionCancelled:
		return s != notInUse && s != uint8(cancel.RegionClosed), s
	case trace.RegionClosing:
		return s == uint8(cancel.RegionOpen), uint8(cancel.RegionClosing)
	case trace.RegionDraining:
		return s == uint8(cancel.RegionClosing), uint8(cancel.RegionDraining)
	case trace.RegionFinalizing:
		return s == uint8(cancel.RegionClosing) || s == uint8(cancel.RegionDraining), uint8(cancel.RegionFinalizing)
	case trace.RegionClosed:
		return s == uint8(cancel.RegionFinalizing), uint8(cancel.RegionClosed)
	}
	return true, s
}

// eventFromPhase: event-from-phase. Each task's phase and each region's
// state start as the records before the step give them (notInUse for a
// free slot) and move by the events, as cancel-phase-attr replays them;
// an event naming no task or region of the tables is left to the checks
// of its attributes.
func eventFromPhase(c *Context) bool {
	b := &kern(c.Before).Cancel
	var phase [cancel.MaxTasks + 1]uint8
	var state [cancel.MaxRegions + 1]uint8
	var taskKnown [cancel.MaxTasks + 1]bool
	var regionKnown [cancel.MaxRegions + 1]bool
	for i := range c.Events {
		e := &c.Events[i]
		if !fromPhaseKinds.has(e.Kind) {
			continue
		}
		var ok bool
		switch e.Kind {
		case trace.RegionOpened, trace.RegionCancelled, trace.RegionClosing, trace.RegionDraining, trace.RegionFinalizing, trace.RegionClosed:
			r := model.RegionRecord(b, e.Region)
			if r == nil {
				continue
			}
			if !regionKnown[e.Region] {
				state[e.Region], regionKnown[e.Region] = notInUse, true
				if r.Used {
					state[e.Region] = uint8(r.State)
				}
			}
			ok, state[e.Region] = regionEventFrom(e.Kind, state[e.Region])
		default:
			t := model.TaskRecord(b, e.Task)
			if t == nil {
				continue
			}
			if !taskKnown[e.Task] {
				phase[e.Task], taskKnown[e.Task] = notInUse, true
				if t.Used {
					phase[e.Task] = uint8(t.Phase)
				}
			}
			ok, phase[e.Task] = taskEventFrom(e.Kind, phase[e.Task])
		}
		if !ok {
			return true
		}
	}
	return false
}
