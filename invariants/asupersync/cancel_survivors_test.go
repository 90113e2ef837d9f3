package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// spawnedUnmasked is a real spawn-and-dispatch of t1 (native), whose
// task record has mask depth 0, unflagged by checkpoint-acks-unmasked.
func spawnedUnmasked(t *testing.T) *Context {
	t.Helper()
	c := nativeDispatch(t)
	if tr := model.TaskRecord(&kern(c.Before).Cancel, 1); tr == nil || !tr.Used || tr.Mask != 0 || checkpointAcksUnmasked(c) {
		t.Fatalf("setup: want t1 unmasked and the dispatch unflagged, got %v", c.Events)
	}
	return c
}

// TestCheckpointAcksUnmaskedCatchesADeferralOfNoTask proves the
// no-record clause of checkpoint-acks-unmasked: a cancel_deferred_masked
// must name a task whose mask depth is above 0, and a task id past the
// table has no mask at all (001 T2 with B3: only a masked task defers the
// acknowledge). A real dispatch is reached (native: t1 spawned and
// dispatched), then replayed with a cancel_deferred_masked naming task
// MaxTasks+1.
func TestCheckpointAcksUnmaskedCatchesADeferralOfNoTask(t *testing.T) {
	c := spawnedUnmasked(t)
	if !flagsWithEvents(checkpointAcksUnmasked, c, append(append([]trace.Event(nil), c.Events...),
		trace.Event{Kind: trace.CancelDeferredMasked, Task: kernel.MaxTasks + 1})) {
		t.Error("a cancel_deferred_masked naming no task is not flagged")
	}
}

// TestCheckpointAcksUnmaskedCatchesADeferralByAnUnmaskedTask proves the
// mask clause of checkpoint-acks-unmasked: a cancel_deferred_masked names
// a task whose mask depth was above 0 (001 T2/B3: an unmasked task
// acknowledges at its checkpoint, it never defers). A real dispatch of
// unmasked t1 is reached (native), then replayed with a
// cancel_deferred_masked naming t1.
func TestCheckpointAcksUnmaskedCatchesADeferralByAnUnmaskedTask(t *testing.T) {
	c := spawnedUnmasked(t)
	if !flagsWithEvents(checkpointAcksUnmasked, c, append(append([]trace.Event(nil), c.Events...),
		trace.Event{Kind: trace.CancelDeferredMasked, Task: 1})) {
		t.Error("a cancel_deferred_masked naming an unmasked task is not flagged")
	}
}

// regionOpened is a real open-region (finalizers: r2 opened under r1),
// unflagged by region-tree-derived, and r2's id.
func regionOpened(t *testing.T) (c *Context, r uint8) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, "finalizers"), []kernel.Input{{Op: kernel.OpenRegion, Region: 1}})
	opened := eventsOf(c.Events, trace.RegionOpened)
	if len(opened) != 1 || regionTreeDerived(c) {
		t.Fatalf("setup: want one region_opened, unflagged, got %v", c.Events)
	}
	r = c.Events[opened[0]].Region
	if reg := model.RegionRecord(&kern(c.After).Cancel, r); reg == nil || reg.Parent != 1 || reg.Depth != 1 {
		t.Fatalf("setup: want r%d opened under r1, got %+v", r, reg)
	}
	return c, r
}

// flagsWithInput reports whether check flags the transition c replays
// with input in in place of c's.
func flagsWithInput(check func(*Context) bool, c *Context, in model.Input) bool {
	return check(transitionOf(c.Scenario, c.Before, in, c.After, c.Events))
}

// TestRegionTreeDerivedCatchesAnOpeningByAHostEvent proves the host
// clause of region-tree-derived: a region_opened is made by the kernel's
// open-region only (001 regions, Cascade Law: the tree the cascade walks
// is built by open-region alone). A real opening is reached, then
// replayed as if a host microtask had made it, with its kernel input
// left as it was.
func TestRegionTreeDerivedCatchesAnOpeningByAHostEvent(t *testing.T) {
	c, _ := regionOpened(t)
	in := c.In
	in.Host = pump.RunMicrotask
	if !flagsWithInput(regionTreeDerived, c, in) {
		t.Error("a region_opened by a host event is not flagged")
	}
}

// TestRegionTreeDerivedCatchesAnOpeningByAnotherOp proves the op clause
// of region-tree-derived: a region_opened comes of open-region (001
// regions, Cascade Law). A real opening is reached, then replayed as the
// step of a spawn into the same region.
func TestRegionTreeDerivedCatchesAnOpeningByAnotherOp(t *testing.T) {
	c, _ := regionOpened(t)
	in := c.In
	in.K.Op = kernel.Spawn
	if !flagsWithInput(regionTreeDerived, c, in) {
		t.Error("a region_opened by a spawn is not flagged")
	}
}

// TestRegionTreeDerivedCatchesAnOpeningUnderNoParent proves the
// parent-zero clause of region-tree-derived: only r1 is the root, so an
// opened region has a parent (001 regions, Cascade Law: the cascade
// reaches every region from r1). A real opening is reached, then replayed
// with open-region naming parent 0 and the new region's parent 0 to
// match. (Without this clause the depth lookup of parent 0 is out of the
// table's range.)
func TestRegionTreeDerivedCatchesAnOpeningUnderNoParent(t *testing.T) {
	c, r := regionOpened(t)
	in := c.In
	in.K.Region = 0
	after := *c.After
	after.P.Kernel.Cancel.Regions[r-1].Parent = 0
	if !regionTreeDerived(transitionOf(c.Scenario, c.Before, in, &after, c.Events)) {
		t.Error("a region opened under parent 0 is not flagged")
	}
}

// TestRegionTreeDerivedCatchesAnOpeningUnderAParentPastTheTable proves
// the parent-range clause of region-tree-derived: an opened region's
// parent is a region of the table (001 regions, Cascade Law). A real
// opening is reached, then replayed with open-region naming parent
// MaxRegions+1 and the new region's parent set to match. (Without this
// clause the depth lookup of that parent is out of the table's range.)
func TestRegionTreeDerivedCatchesAnOpeningUnderAParentPastTheTable(t *testing.T) {
	c, r := regionOpened(t)
	in := c.In
	in.K.Region = cancel.MaxRegions + 1
	after := *c.After
	after.P.Kernel.Cancel.Regions[r-1].Parent = cancel.MaxRegions + 1
	if !regionTreeDerived(transitionOf(c.Scenario, c.Before, in, &after, c.Events)) {
		t.Error("a region opened under a parent past the table is not flagged")
	}
}

// TestRegionTreeDerivedCatchesAReopenedRegion proves the fresh-slot
// clause of region-tree-derived: open-region takes a region not in use
// (001 regions: a region is opened once). A real opening is reached,
// then replayed with the new region's record already in use, as it is
// after the step, in the state before.
func TestRegionTreeDerivedCatchesAReopenedRegion(t *testing.T) {
	c, r := regionOpened(t)
	if !flagsEditedBefore(regionTreeDerived, c, func(b *model.State) {
		b.P.Kernel.Cancel.Regions[r-1] = c.After.P.Kernel.Cancel.Regions[r-1]
	}) {
		t.Error("a region_opened of a region in use is not flagged")
	}
}

// TestRegionTreeDerivedCatchesAnOpeningNotOpen proves the state clause
// of region-tree-derived: an opened region is Open (001 regions: Open
// -> Closing -> Draining -> Finalizing -> Closed starts at Open). A real
// opening is reached, then replayed with the new region left Closing.
func TestRegionTreeDerivedCatchesAnOpeningNotOpen(t *testing.T) {
	c, r := regionOpened(t)
	if !flagsEditedAfter(regionTreeDerived, c, func(a *model.State) {
		a.P.Kernel.Cancel.Regions[r-1].State = cancel.RegionClosing
	}) {
		t.Error("a region opened Closing is not flagged")
	}
}

// TestRegionTreeDerivedCatchesAnOpeningWithAReason proves the reason
// clause of region-tree-derived: an opened region has no cancel reason
// (001 Cascade Law: a reason is set by the first cascade that reaches a
// region, and none has). A real opening is reached, then replayed with
// the new region holding a reason.
func TestRegionTreeDerivedCatchesAnOpeningWithAReason(t *testing.T) {
	c, r := regionOpened(t)
	if !flagsEditedAfter(regionTreeDerived, c, func(a *model.State) {
		a.P.Kernel.Cancel.Regions[r-1].HasReason = true
	}) {
		t.Error("a region opened with a cancel reason is not flagged")
	}
}

// TestRegionTreeDerivedCatchesAnOpeningUnderTheWrongParent proves the
// parent clause of region-tree-derived: an opened region's parent is the
// one open-region named (001 Cascade Law: the cascade goes from a region
// to its children by the parent links). A real opening under r1 is
// reached, then replayed with the new region's parent r3 (its depth left
// right for r1).
func TestRegionTreeDerivedCatchesAnOpeningUnderTheWrongParent(t *testing.T) {
	c, r := regionOpened(t)
	if !flagsEditedAfter(regionTreeDerived, c, func(a *model.State) {
		a.P.Kernel.Cancel.Regions[r-1].Parent = 3
	}) {
		t.Error("a region opened under the wrong parent is not flagged")
	}
}
