package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
)

// cascadeIntoChild is a real region cancel (default: r2 opened under r1,
// t1 spawned into r2, r1 cancelled with Shutdown): r2, below the target,
// gets ParentCancelled chained from r1's Shutdown and goes off Open, and
// t1, newly cancelled, gets r2's reason and a cancel-lane entry.
// region-cancel-effective and cascade-reason pass it.
func cascadeIntoChild(t *testing.T) *Context {
	t.Helper()
	c := lastStep(t, scenarioNamed(t, "default"), []kernel.Input{
		{Op: kernel.OpenRegion, Region: 1}, {Op: kernel.Spawn, Region: 2},
		{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.Shutdown)},
	})
	a := &kern(c.After).Cancel
	r2, t1 := model.RegionRecord(a, 2), model.TaskRecord(a, 1)
	if r2.State == cancel.RegionOpen || !r2.HasReason || r2.Reason.Kind != cancel.ParentCancelled ||
		t1.Region != 2 || t1.Phase != cancel.CancelRequested || regionCancelEffective(c) || cascadeReason(c) {
		t.Fatalf("setup: want r2 and t1 cancelled by the cascade from r1, got r2 %+v, t1 %+v: %v", *r2, *t1, c.Events)
	}
	return c
}

// TestRegionCancelEffectiveCatchesARegionLeftOpen proves the Open clause
// of region-cancel-effective: every region of the cascade not yet Closed
// is marked off Open (001 Cascade Law step 3, "mark regions closing"). A
// real cascade is reached (cascadeIntoChild), then replayed with r2 left
// Open after it, its reason kept, so only the state can decide.
func TestRegionCancelEffectiveCatchesARegionLeftOpen(t *testing.T) {
	c := cascadeIntoChild(t)
	if !flagsEditedAfter(regionCancelEffective, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].State = cancel.RegionOpen }) {
		t.Error("a region of the cascade left Open is not flagged")
	}
}

// TestRegionCancelEffectiveCatchesARegionWithoutAReason proves the reason
// clause of region-cancel-effective: every region of the cascade holds a
// reason after it (001 Cascade Law steps 3-4: the descendants get
// ParentCancelled). A real cascade is reached (cascadeIntoChild), then
// replayed with r2's reason flag cleared (the stale reason value left, of
// the right kind, so the severity clause passes).
func TestRegionCancelEffectiveCatchesARegionWithoutAReason(t *testing.T) {
	c := cascadeIntoChild(t)
	if !flagsEditedAfter(regionCancelEffective, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].HasReason = false }) {
		t.Error("a region of the cascade without a reason is not flagged")
	}
}

// TestRegionCancelEffectiveCatchesARegionReasonTooWeak proves the severity
// clause of region-cancel-effective: a region of the cascade holds a
// reason at least as severe as the cascade's (001 Cascade Law step 3 with
// Non-Negotiable Invariant 2: ParentCancelled, severity 4, below the
// target). A real cascade is reached (cascadeIntoChild), in which r2 had
// no reason before (so the replacement clause has nothing to compare),
// then replayed with r2's reason of kind User (severity 0).
func TestRegionCancelEffectiveCatchesARegionReasonTooWeak(t *testing.T) {
	c := cascadeIntoChild(t)
	if model.RegionRecord(&kern(c.Before).Cancel, 2).HasReason {
		t.Fatalf("setup: want r2 without a reason before the cascade")
	}
	if !flagsEditedAfter(regionCancelEffective, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].Reason.Kind = cancel.User }) {
		t.Error("a region of the cascade with a reason weaker than ParentCancelled is not flagged")
	}
}

// TestRegionCancelEffectiveCatchesATaskLeftRunning proves the phase clause
// of region-cancel-effective: every live task of the cascade has a cancel
// pending after it (001 Cascade Law step 4, T1: CancelRequested entered
// from Created/Running). A real cascade is reached (cascadeIntoChild),
// then replayed with t1 back in Running, its reason (of the right
// severity) kept.
func TestRegionCancelEffectiveCatchesATaskLeftRunning(t *testing.T) {
	c := cascadeIntoChild(t)
	if !flagsEditedAfter(regionCancelEffective, c, func(a *model.State) { a.P.Kernel.Cancel.Tasks[0].Phase = cancel.Running }) {
		t.Error("a task of the cascade left Running is not flagged")
	}
}

// cascadeReasonFlagsT1Reason reports whether cascade-reason flags
// cascadeIntoChild's transition replayed with t1's reason edited.
func cascadeReasonFlagsT1Reason(t *testing.T, edit func(r *cancel.Reason)) bool {
	t.Helper()
	return flagsEditedAfter(cascadeReason, cascadeIntoChild(t), func(a *model.State) { edit(&a.P.Kernel.Cancel.Tasks[0].Reason) })
}

// TestCascadeReasonCatchesAKindNotParentCancelled proves cascade-reason's
// kind clause: a task below the target gets ParentCancelled (001 Cascade
// Law step 3). A real cascade is reached (cascadeIntoChild: t1 in r2,
// below r1), then replayed with t1's reason of the requested kind,
// Shutdown, as if its region were the target.
func TestCascadeReasonCatchesAKindNotParentCancelled(t *testing.T) {
	if !cascadeReasonFlagsT1Reason(t, func(r *cancel.Reason) { r.Kind = cancel.Shutdown }) {
		t.Error("a task below the target with the requested kind is not flagged")
	}
}

// TestCascadeReasonCatchesAnOriginNotTheTasksRegion proves
// cascade-reason's origin clause: the reason a task gets is the one
// created for its own region (001 Cascade Law step 4, "with proper chained
// reason"). A real cascade is reached (cascadeIntoChild), then replayed
// with t1's reason created for r1, the target, instead of r2.
func TestCascadeReasonCatchesAnOriginNotTheTasksRegion(t *testing.T) {
	if !cascadeReasonFlagsT1Reason(t, func(r *cancel.Reason) { r.Origin = 1 }) {
		t.Error("a task reason created for another region is not flagged")
	}
}

// TestCascadeReasonCatchesATimestampNotNow proves cascade-reason's time
// clause: the cascade's reasons are stamped with the clock at the request
// (001 T1; the timestamp decides ties under the strengthen order). A real
// cascade is reached (cascadeIntoChild), then replayed with t1's reason
// stamped one ms later.
func TestCascadeReasonCatchesATimestampNotNow(t *testing.T) {
	if !cascadeReasonFlagsT1Reason(t, func(r *cancel.Reason) { r.At++ }) {
		t.Error("a task reason stamped at another time is not flagged")
	}
}

// TestCascadeReasonCatchesARootKindNotRequested proves cascade-reason's
// root-kind clause: the chain's root is the kind the request named (001
// Cascade Law steps 2-3, cause_chain_bounded: truncation never loses the
// root cause). A real cascade is reached (cascadeIntoChild, Shutdown),
// then replayed with t1's root kind User.
func TestCascadeReasonCatchesARootKindNotRequested(t *testing.T) {
	if !cascadeReasonFlagsT1Reason(t, func(r *cancel.Reason) { r.RootKind = cancel.User }) {
		t.Error("a task reason rooted in a kind the request did not name is not flagged")
	}
}

// TestCascadeReasonCatchesARootRegionNotTheTarget proves cascade-reason's
// root-region clause: the chain's root is the request's target region (001
// Cascade Law steps 2-3). A real cascade is reached (cascadeIntoChild,
// target r1), then replayed with t1's root region r2, its own.
func TestCascadeReasonCatchesARootRegionNotTheTarget(t *testing.T) {
	if !cascadeReasonFlagsT1Reason(t, func(r *cancel.Reason) { r.RootRegion = 2 }) {
		t.Error("a task reason rooted in a region other than the target is not flagged")
	}
}
