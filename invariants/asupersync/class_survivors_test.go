package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// regionClosedOk is a real close of a region with no cancel reason
// (finalizers: r2 opened under r1, then closed with nothing in it), which
// region-outcome passes, and the index of its region_closed.
func regionClosedOk(t *testing.T) (c *Context, closed int) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, "finalizers"), []kernel.Input{{Op: kernel.OpenRegion, Region: 1}, {Op: kernel.CloseRegion, Region: 2}})
	at := eventsOf(c.Events, trace.RegionClosed)
	if len(at) != 1 || c.Events[at[0]].Region != 2 || regionOutcome(c) {
		t.Fatalf("setup: want r2 closed Ok, unflagged, got %v", c.Events)
	}
	if r2 := model.RegionRecord(&kern(c.After).Cancel, 2); r2.HasReason || r2.Outcome != cancel.Ok || c.Events[at[0]].AttrVal != "Ok" {
		t.Fatalf("setup: want r2 closed Ok with no reason, got %+v: %v", r2, c.Events)
	}
	return c, at[0]
}

// TestRegionOutcomeCatchesARecordedOutcomeMismatch proves region-outcome's
// record clause (001 regions, Quiescence Completion: a region that closes
// with no cancel reason closes Ok, and its record keeps that outcome). A
// real close of r2 with no reason is reached (finalizers), then replayed
// with r2's record holding Cancelled, its region_closed still saying Ok.
func TestRegionOutcomeCatchesARecordedOutcomeMismatch(t *testing.T) {
	c, _ := regionClosedOk(t)
	if !flagsEditedAfter(regionOutcome, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].Outcome = cancel.Cancelled }) {
		t.Error("a region recorded Cancelled with no cancel reason is not flagged")
	}
}

// TestRegionOutcomeCatchesAMisspelledClose proves region-outcome's event
// clause (001 regions, Quiescence Completion; the trace is the record a
// user sees: region_closed says the outcome the region keeps). A real
// close of r2 with no reason is reached (finalizers), then replayed with
// its region_closed saying outcome=Cancelled, the record left Ok.
func TestRegionOutcomeCatchesAMisspelledClose(t *testing.T) {
	c, closed := regionClosedOk(t)
	if !flagsEditedEvents(regionOutcome, c, func(ev []trace.Event) { ev[closed].AttrVal = "Cancelled" }) {
		t.Error("a region_closed saying Cancelled for a region closed Ok is not flagged")
	}
}
