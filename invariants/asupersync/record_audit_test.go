package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
)

// TestRegionReasonRecordedCatchesAReasonUnflagged proves
// region-reason-recorded's has-reason clause (001 Cascade Law 3, R1: a
// region the cascade reaches holds its reason after the cancel). A real
// cancel of r1 is reached (native, shutdown), then replayed with r1's
// record marked as holding no reason, the reason itself left as the
// cascade gave it: only the has-reason test sees it.
func TestRegionReasonRecordedCatchesAReasonUnflagged(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.Shutdown)}})
	if !model.RegionRecord(&kern(c.After).Cancel, 1).HasReason || regionReasonRecorded(c) {
		t.Fatalf("setup: want r1 cancelled with its reason recorded, got %v", c.Events)
	}
	if !flagsEditedAfter(regionReasonRecorded, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[0].HasReason = false }) {
		t.Error("a cancelled region marked as holding no reason is not flagged")
	}
}
