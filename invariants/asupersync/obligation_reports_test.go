package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// obligationReserved is a real reservation (native: t1 spawned and polled
// reserves o1) and the index of its one obligation_reserved, which
// reservation-recorded passes.
func obligationReserved(t *testing.T) (*Context, int) {
	t.Helper()
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Reserve, Task: 1}})
	at := eventsOf(c.Events, trace.ObligationReserved)
	if len(at) != 1 || c.Events[at[0]].Obligation != 1 || reservationRecorded(c) {
		t.Fatalf("setup: want o1 reserved by t1, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// TestReservationRecordedCatchesAReservationOfNoObligation proves the
// no-record guard of reservation-recorded: an obligation_reserved names an
// obligation of the table (000 no obligation leaks: every obligation is
// tracked by its record; semantics notes, obligation states). A real
// reservation is reached (obligationReserved), then replayed with the
// event naming obligation 0. The guard is two clauses, ob == nil and oa ==
// nil, and either alone decides: both tables have MaxObligations records,
// so a name has a record before exactly when it has one after.
func TestReservationRecordedCatchesAReservationOfNoObligation(t *testing.T) {
	c, at := obligationReserved(t)
	if !flagsEditedEvents(reservationRecorded, c, func(ev []trace.Event) { ev[at].Obligation = 0 }) {
		t.Error("an obligation_reserved naming no obligation is not flagged")
	}
}

// TestReservationRecordedCatchesARecordLeftUnused proves the used-after
// clause of reservation-recorded: the obligation an obligation_reserved
// names is in use after the step (000 no obligation leaks: an obligation
// is tracked by its record; semantics notes, obligation states). A real
// reservation is reached (obligationReserved), then replayed with o1's
// record marked unused after it, Reserved and t1's as before.
func TestReservationRecordedCatchesARecordLeftUnused(t *testing.T) {
	c, _ := obligationReserved(t)
	if !flagsEditedAfter(reservationRecorded, c, func(a *model.State) { a.P.Kernel.Cancel.Obligations[0].Used = false }) {
		t.Error("a reservation whose record is unused after it is not flagged")
	}
}

// TestReservationRecordedCatchesARecordNotReserved proves the state clause
// of reservation-recorded: a reservation leaves its obligation Reserved
// (semantics notes: Reserved -> exactly one of Committed, Aborted,
// Leaked). A real reservation is reached (obligationReserved), then
// replayed with o1 Committed after it.
func TestReservationRecordedCatchesARecordNotReserved(t *testing.T) {
	c, _ := obligationReserved(t)
	if !flagsEditedAfter(reservationRecorded, c, func(a *model.State) { a.P.Kernel.Cancel.Obligations[0].State = cancel.Committed }) {
		t.Error("a reservation whose record is not Reserved is not flagged")
	}
}

// TestReservationRecordedCatchesAReservationOfAnotherHolder proves the
// holder clause of reservation-recorded: the obligation is held by the
// task the obligation_reserved names (000 trace-observability, no
// obligation leaks: the reserving task is the holder that must resolve
// it). A real reservation by t1 is reached (obligationReserved), then
// replayed with the event naming t2.
func TestReservationRecordedCatchesAReservationOfAnotherHolder(t *testing.T) {
	c, at := obligationReserved(t)
	if !flagsEditedEvents(reservationRecorded, c, func(ev []trace.Event) { ev[at].Task = 2 }) {
		t.Error("an obligation_reserved naming a task other than the holder is not flagged")
	}
}
