package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// staleWakeOfALiveTask is a real stale wake (native: t1 spawned, then
// woken with generation 2, which is not its generation) and the index of
// its one stale_wake, which stale-wake-announced passes.
func staleWakeOfALiveTask(t *testing.T) (c *Context, stale int) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Wake, Task: 1, N: 2}})
	at := eventsOf(c.Events, trace.StaleWake)
	if len(at) != 1 || staleWakeAnnounced(c) {
		t.Fatalf("setup: want one stale_wake for t1, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// TestStaleWakeAnnouncedCatchesAStaleWakeOfAnotherTask proves the task
// clause of stale-wake-announced: the stale_wake a late wake emits names
// the task the wake named (000 F2: the typed stale event reports the stale
// token; 001 B4). A real stale wake of t1 is reached, then replayed with
// its stale_wake naming t2: still one stale_wake with the right error
// class, so only the task clause sees it.
func TestStaleWakeAnnouncedCatchesAStaleWakeOfAnotherTask(t *testing.T) {
	c, stale := staleWakeOfALiveTask(t)
	if !flagsEditedEvents(staleWakeAnnounced, c, func(ev []trace.Event) { ev[stale].Task = 2 }) {
		t.Error("a stale_wake naming another task than the wake's is not flagged")
	}
}

// TestStaleWakeAnnouncedCatchesAStaleWakeOfTheWrongClass proves the
// error-class clause of stale-wake-announced: a stale_wake carries
// error_class stale_wake (000 F2: a typed stale event; the trace
// contract's error_class on failures). A real stale wake of t1 is reached,
// then replayed with its stale_wake classed stale_timer.
func TestStaleWakeAnnouncedCatchesAStaleWakeOfTheWrongClass(t *testing.T) {
	c, stale := staleWakeOfALiveTask(t)
	if !flagsEditedEvents(staleWakeAnnounced, c, func(ev []trace.Event) { ev[stale].ErrorClass = trace.ErrStaleTimer }) {
		t.Error("a stale_wake with error_class stale_timer is not flagged")
	}
}

// regionCancelled is a real region cancel (native: t1 and t2 spawned into
// r1, r1 cancelled with Shutdown), which injects both tasks into the
// cancel lane, and the indices of those two enqueues. cascade-inject-order
// and region-cancel-kind-attr pass it.
func regionCancelled(t *testing.T) (c *Context, injected []int) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, "native"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1},
		{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.Shutdown)},
	})
	injected = eventsOf(c.Events, trace.Enqueued)
	if len(injected) != 2 || len(eventsOf(c.Events, trace.RegionCancelled)) != 1 || cascadeInjectOrder(c) || regionCancelKindAttr(c) {
		t.Fatalf("setup: want r1 cancelled and t1, t2 injected, unflagged, got %v", c.Events)
	}
	return c, injected
}

// TestCascadeInjectOrderCatchesAnInjectionOfNoTask proves the no-record
// clause of cascade-inject-order: a task the cascade injects into the
// cancel lane is a task of the table, whose region's depth orders it (001
// Cascade Law steps 2 and 5). A real cancel of r1 is reached, then
// replayed with its first cancel-lane enqueue naming task MaxTasks+1.
// (Without this clause the region lookup of that task dereferences nil.)
func TestCascadeInjectOrderCatchesAnInjectionOfNoTask(t *testing.T) {
	c, injected := regionCancelled(t)
	if !flagsEditedEvents(cascadeInjectOrder, c, func(ev []trace.Event) { ev[injected[0]].Task = kernel.MaxTasks + 1 }) {
		t.Error("a cancel-lane injection of a task past the table is not flagged")
	}
}

// TestCascadeInjectOrderCatchesAnInjectedTaskOfNoRegion proves the region
// clause of cascade-inject-order: an injected task's region is a region of
// the table, or it has no depth to be ordered by (001 Cascade Law step 2).
// A real cancel of r1 is reached, then replayed with t1, the first
// injected, left in region 0 after the step, as a runtime that lost its
// region would leave it. (Without this clause the depth lookup
// dereferences nil.)
func TestCascadeInjectOrderCatchesAnInjectedTaskOfNoRegion(t *testing.T) {
	c, injected := regionCancelled(t)
	if c.Events[injected[0]].Task != 1 {
		t.Fatalf("setup: want t1 injected first, got %v", c.Events)
	}
	if !flagsEditedAfter(cascadeInjectOrder, c, func(a *model.State) { a.P.Kernel.Cancel.Tasks[0].Region = 0 }) {
		t.Error("a cancel-lane injection of a task in no region is not flagged")
	}
}

// cleanupDone is a real cleanup (native: t1 spawned and dispatched, its
// cancel requested with User and acknowledged at a checkpoint, then its
// cleanup done) and the index of its one cleanup_done, which
// cleanup-done-finalizes and cancel-kind-attr pass.
func cleanupDone(t *testing.T) (c *Context, done int) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, "native"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch},
		{Op: kernel.CancelTask, Task: 1, Arg: uint8(cancel.User)}, {Op: kernel.Checkpoint, Task: 1},
		{Op: kernel.CleanupDone, Task: 1},
	})
	at := eventsOf(c.Events, trace.CleanupDone)
	if len(at) != 1 || c.Events[at[0]].AttrKey != "cancel_kind" || cleanupDoneFinalizes(c) || cancelKindAttr(c) {
		t.Fatalf("setup: want one cleanup_done for t1 carrying cancel_kind, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// TestCleanupDoneFinalizesCatchesACleanupOfNoTask proves the no-record
// clause of cleanup-done-finalizes: a cleanup_done finalizes the task it
// names, so it names a task of the table (001 T3). A real cleanup of t1 is
// reached, then replayed with its cleanup_done naming task MaxTasks+1, its
// phase Finalizing left as it was. (Without this clause the phase lookup
// dereferences nil.)
func TestCleanupDoneFinalizesCatchesACleanupOfNoTask(t *testing.T) {
	c, done := cleanupDone(t)
	if !flagsEditedEvents(cleanupDoneFinalizes, c, func(ev []trace.Event) { ev[done].Task = kernel.MaxTasks + 1 }) {
		t.Error("a cleanup_done naming a task past the table is not flagged")
	}
}

// TestCleanupDoneFinalizesCatchesATaskLeftCancelling proves the phase
// clause of cleanup-done-finalizes: after cleanup_done the task is
// Finalizing (or Completed), not still Cancelling (001 T3: Cancelling ->
// Finalizing via cleanup_done). A real cleanup of t1 is reached, then
// replayed with t1 left Cancelling after the step, the event unchanged.
func TestCleanupDoneFinalizesCatchesATaskLeftCancelling(t *testing.T) {
	c, _ := cleanupDone(t)
	if !flagsEditedAfter(cleanupDoneFinalizes, c, func(a *model.State) { a.P.Kernel.Cancel.Tasks[0].Phase = cancel.Cancelling }) {
		t.Error("a cleanup_done that leaves its task Cancelling is not flagged")
	}
}

// TestCancelKindAttrCatchesAKindOfNoTask proves the no-record clause of
// cancel-kind-attr: a task event's cancel_kind names the kind of that
// task's reason (001 B6), so the task is one of the table. A real cleanup
// of t1 is reached, then replayed with its cleanup_done, cancel_kind User,
// naming task MaxTasks+1. (Without this clause the reason lookup
// dereferences nil.)
func TestCancelKindAttrCatchesAKindOfNoTask(t *testing.T) {
	c, done := cleanupDone(t)
	if !flagsEditedEvents(cancelKindAttr, c, func(ev []trace.Event) { ev[done].Task = kernel.MaxTasks + 1 }) {
		t.Error("a cancel_kind on a task past the table is not flagged")
	}
}
