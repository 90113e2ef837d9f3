package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// obligationReportInvariants: the checks of obligations read the records
// and asked that each change be announced, but not the other way round.
// An exhaustive mutation of runtime/cancel (session 13) left three such
// gaps, each passing every check at depth 12: a reservation announced with
// no record behind it (default 4,005,029 to 2,653,590 states, since the
// task then holds nothing and may return), a second resolution refused
// without its obligation_rejected, and an obligation_leaked without its
// error_class. They come late in the check order, so the older faults keep
// their first reports.
var obligationReportInvariants = []Invariant{
	{"reservation-recorded", []string{"wasm-cancel-state-machine-v1/obligations", "wasm-browser-scheduler-semantics-v1/purpose-4"},
		"every obligation_reserved names an obligation the step made: unused before, and after Used, Reserved and held by the event's task", reservationRecorded},
	{"obligation-errors-reported", []string{"wasm-cancel-state-machine-v1/obligations", "wasm-cancel-state-machine-v1/no-obligation-leaks", "wasm-browser-scheduler-semantics-v1/trace-observability"},
		"an obligation error is reported with its error_class: a holder's commit or abort of its obligation already resolved answers obligation_rejected naming it, error_class already_resolved (resolving twice is an error); an obligation marked Leaked is announced by obligation_leaked with error_class obligation_leaked", obligationErrorsReported},
}

// reservationRecorded reads the obligation tables before and after for
// each obligation_reserved of the step.
func reservationRecorded(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind != trace.ObligationReserved {
			continue
		}
		ob, oa := model.ObligationRecord(b, e.Obligation), model.ObligationRecord(a, e.Obligation)
		if ob == nil || oa == nil || ob.Used || !oa.Used || oa.State != cancel.Reserved || oa.Task != e.Task {
			return true
		}
	}
	return false
}

// obligationErrorsReported derives the refusal from the input and the
// record before (not from the runtime's answer), and the leak from the
// records before and after.
func obligationErrorsReported(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	if in := c.In.K; c.In.Host == pump.NoHost && (in.Op == kernel.Commit || in.Op == kernel.Abort) {
		ob, t := model.ObligationRecord(b, in.Obligation), model.TaskRecord(b, in.Task)
		if ob != nil && ob.Used && ob.Task == in.Task && ob.State != cancel.Reserved && t != nil && t.Phase != cancel.Completed &&
			!c.obligationEvent(trace.ObligationRejected, in.Obligation, trace.ErrAlreadyResolved) {
			return true
		}
	}
	for i := range a.Obligations {
		id := uint8(i + 1)
		if a.Obligations[i].State == cancel.Leaked && b.Obligations[i].State != cancel.Leaked &&
			!c.obligationEvent(trace.ObligationLeaked, id, trace.ErrLeaked) {
			return true
		}
	}
	return false
}

// obligationEvent reports whether the step emitted an event of kind k
// naming obligation id with error class class.
func (c *Context) obligationEvent(k trace.Kind, id uint8, class trace.ErrorClass) bool {
	for i := range c.Events {
		if e := &c.Events[i]; e.Kind == k && e.Obligation == id && e.ErrorClass == class {
			return true
		}
	}
	return false
}
