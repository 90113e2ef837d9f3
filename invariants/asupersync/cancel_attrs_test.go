package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// taskRunning is nativeDispatch (t1 spawned and dispatched) and the index
// of its one task_running, which cancel-phase-attr and cancel-epoch-attr
// pass.
func taskRunning(t *testing.T) (c *Context, run int) {
	t.Helper()
	c = nativeDispatch(t)
	at := eventsOf(c.Events, trace.TaskRunning)
	if len(at) != 1 || cancelPhaseAttr(c) || cancelEpochAttr(c) {
		t.Fatalf("setup: want one task_running for t1, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// TestCancelPhaseAttrCatchesAnEventOfTaskZero proves the task-zero clause
// of the replay under cancel-phase-attr: every task event names its task
// (001 B6: task_id). A real dispatch of t1 is reached, then replayed with
// its task_running naming task 0, its cancel_phase Running left as it was:
// task_running itself sets the replayed phase, so only the task-zero
// clause sees that no task is named.
func TestCancelPhaseAttrCatchesAnEventOfTaskZero(t *testing.T) {
	c, run := taskRunning(t)
	if !flagsEditedEvents(cancelPhaseAttr, c, func(ev []trace.Event) { ev[run].Task = 0 }) {
		t.Error("a task_running naming task 0 is not flagged")
	}
}

// TestCancelPhaseAttrCatchesAnEventPastTheTable proves the range clause of
// the replay under cancel-phase-attr: a task event names a task of the
// table (001 B6: task_id). A real dispatch of t1 is reached, then replayed
// with its task_running naming task MaxTasks+1. (Without this clause the
// replay indexes past its per-task table.)
func TestCancelPhaseAttrCatchesAnEventPastTheTable(t *testing.T) {
	c, run := taskRunning(t)
	if !flagsEditedEvents(cancelPhaseAttr, c, func(ev []trace.Event) { ev[run].Task = kernel.MaxTasks + 1 }) {
		t.Error("a task_running naming a task past the table is not flagged")
	}
}

// TestCancelEpochAttrCatchesAnEventOfAnUnspawnedTask proves the unknown
// clause of the replay under cancel-epoch-attr: a task event that does not
// set the epoch (anything but task_spawned and cancel_requested) names a
// task spawned before it (001 B6, R1: the epoch is the task's). A real
// dispatch of t1 is reached, then replayed with its task_running naming
// t2, never spawned, with epoch 0, which is what the replay holds for a
// task it never read.
func TestCancelEpochAttrCatchesAnEventOfAnUnspawnedTask(t *testing.T) {
	c, run := taskRunning(t)
	if t2 := model.TaskRecord(&kern(c.Before).Cancel, 2); t2 == nil || t2.Used || c.Events[run].Epoch != 0 {
		t.Fatalf("setup: want t2 unspawned and t1 at epoch 0, got %v", c.Events)
	}
	if !flagsEditedEvents(cancelEpochAttr, c, func(ev []trace.Event) { ev[run].Task = 2 }) {
		t.Error("a task_running naming an unspawned task is not flagged")
	}
}

// TestObligationKindAttrCatchesTheKindUnderAnotherKey proves the key
// clause of obligation-kind-attr: obligation_reserved carries the
// obligation's kind as obligation_kind (001 obligations, trace). A real
// reservation is reached (two-obligations: t1 reserves o1 as a Lease),
// then replayed with its attribute keyed kind, the value Lease left as it
// was.
func TestObligationKindAttrCatchesTheKindUnderAnotherKey(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "two-obligations"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Reserve, Task: 1, Arg: uint8(cancel.Lease)},
	})
	at := eventsOf(c.Events, trace.ObligationReserved)
	if len(at) != 1 || c.Events[at[0]].AttrVal != "Lease" || obligationKindAttr(c) {
		t.Fatalf("setup: want one obligation_reserved of a Lease, unflagged, got %v", c.Events)
	}
	if !flagsEditedEvents(obligationKindAttr, c, func(ev []trace.Event) { ev[at[0]].AttrKey = "kind" }) {
		t.Error("an obligation kind under another key is not flagged")
	}
}

// TestRegionParentAttrCatchesAnOpeningOfNoRegion proves the no-record
// clause of region-parent-attr: region_opened names the region it opens, a
// region of the table, with its parent (001 regions, trace). A real
// opening is reached (finalizers: r2 opened under r1), then replayed with
// its region_opened naming region MaxRegions+1, parent r1 left as it was.
// (Without this clause the parent lookup dereferences nil.)
func TestRegionParentAttrCatchesAnOpeningOfNoRegion(t *testing.T) {
	c, r := regionOpened(t)
	opened := eventsOf(c.Events, trace.RegionOpened)[0]
	if regionParentAttr(c) || c.Events[opened].Region != r {
		t.Fatalf("setup: want r%d's region_opened unflagged, got %v", r, c.Events)
	}
	if !flagsEditedEvents(regionParentAttr, c, func(ev []trace.Event) { ev[opened].Region = cancel.MaxRegions + 1 }) {
		t.Error("a region_opened naming a region past the table is not flagged")
	}
}

// TestRegionParentAttrCatchesTheParentUnderAnotherKey proves the key
// clause of region-parent-attr: region_opened carries its parent as parent
// (001 regions, trace). A real opening of r2 under r1 is reached, then
// replayed with the attribute keyed region, its value r1 left as it was.
func TestRegionParentAttrCatchesTheParentUnderAnotherKey(t *testing.T) {
	c, _ := regionOpened(t)
	opened := eventsOf(c.Events, trace.RegionOpened)[0]
	if regionParentAttr(c) || c.Events[opened].AttrVal != "r1" {
		t.Fatalf("setup: want a region_opened with parent r1, unflagged, got %v", c.Events)
	}
	if !flagsEditedEvents(regionParentAttr, c, func(ev []trace.Event) { ev[opened].AttrKey = "region" }) {
		t.Error("a parent under another key is not flagged")
	}
}

// TestRegionCancelKindAttrCatchesACancelByAHostEvent proves the host
// clause of region-cancel-kind-attr: region_cancelled comes of the
// kernel's region cancel only (001 Cascade Law, B6). A real cancel of r1
// is reached (regionCancelled), then replayed as if a host microtask had
// made it, its kernel input left as it was.
func TestRegionCancelKindAttrCatchesACancelByAHostEvent(t *testing.T) {
	c, _ := regionCancelled(t)
	if !flagsEditedInput(regionCancelKindAttr, c, func(in *model.Input) { in.Host = pump.RunMicrotask }) {
		t.Error("a region_cancelled in a host microtask is not flagged")
	}
}

// TestRegionCancelKindAttrCatchesACancelByAnotherOp proves the op clause
// of region-cancel-kind-attr: only a region cancel cancels regions (001
// Cascade Law). A real cancel of r1 with Shutdown is reached, then
// replayed as the step of a task cancel with the same operands, so the
// kind the events carry still matches the input's.
func TestRegionCancelKindAttrCatchesACancelByAnotherOp(t *testing.T) {
	c, _ := regionCancelled(t)
	if !flagsEditedInput(regionCancelKindAttr, c, func(in *model.Input) { in.K.Op = kernel.CancelTask }) {
		t.Error("a region_cancelled in a task cancel is not flagged")
	}
}

// TestRegionCancelKindAttrCatchesTheKindUnderAnotherKey proves the key
// clause of region-cancel-kind-attr: region_cancelled carries the kind of
// the cancel as cancel_kind (001 B6, Cascade Law 3). A real cancel of r1
// with Shutdown is reached, then replayed with its region_cancelled's
// attribute keyed reason, the value Shutdown left as it was.
func TestRegionCancelKindAttrCatchesTheKindUnderAnotherKey(t *testing.T) {
	c, _ := regionCancelled(t)
	at := eventsOf(c.Events, trace.RegionCancelled)[0]
	if !flagsEditedEvents(regionCancelKindAttr, c, func(ev []trace.Event) { ev[at].AttrKey = "reason" }) {
		t.Error("a region_cancelled with its kind under another key is not flagged")
	}
}
