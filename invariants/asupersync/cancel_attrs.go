package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
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
	b := &kern(c.Before).Cancel
	var phase [kernel.MaxTasks + 1]cancel.Phase
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
				phase[e.Task], known[e.Task] = t.Phase, true
			}
		}
		if p, moves := phaseAfterEvent(e.Kind); moves {
			phase[e.Task], known[e.Task] = p, true
		}
		if !known[e.Task] || e.Phase != phaseName(phase[e.Task]) {
			return true
		}
	}
	return false
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
