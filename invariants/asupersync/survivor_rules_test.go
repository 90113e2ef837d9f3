package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestRouteOwnRecordCatchesAPriorityRewritten proves route-own-record's
// stored-priority clause: a task's priority is the one its spawn gave and
// never changes (001 B5 routes a task by its own record; 004 3.3). A real
// dispatch is reached (nativeDispatch: t1 spawned at priority 0), then
// replayed with t1's priority 1 after it; no event carries it, so only the
// record can decide.
func TestRouteOwnRecordCatchesAPriorityRewritten(t *testing.T) {
	c := nativeDispatch(t)
	if routeOwnRecord(c) {
		t.Fatalf("setup: the dispatch is flagged: %v", c.Events)
	}
	if !flagsEditedAfter(routeOwnRecord, c, func(a *model.State) { a.P.Kernel.Tasks[0].Priority++ }) {
		t.Error("a task priority changed after its spawn is not flagged")
	}
}

// TestRouteOwnRecordCatchesADeadlineRewritten proves route-own-record's
// stored-deadline clause: a task's deadline is the one its spawn gave and
// never changes (001 B5; 004 3.1: a deadline routes it to the timed lane).
// A real dispatch is reached (nativeDispatch: t1 spawned without a
// deadline), then replayed with t1's deadline 1 after it.
func TestRouteOwnRecordCatchesADeadlineRewritten(t *testing.T) {
	c := nativeDispatch(t)
	if !flagsEditedAfter(routeOwnRecord, c, func(a *model.State) { a.P.Kernel.Tasks[0].Deadline++ }) {
		t.Error("a task deadline changed after its spawn is not flagged")
	}
}

// spawnEnqueued is the spawn of t1 into r1 with the given deadline (N) on
// scenario name, and the index of its one enqueued event, which
// route-own-record passes.
func spawnEnqueued(t *testing.T, name string, deadline uint32) (c *Context, enq int) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, name), []kernel.Input{{Op: kernel.Spawn, Region: 1, N: deadline}})
	at := eventsOf(c.Events, trace.Enqueued)
	if len(at) != 1 || routeOwnRecord(c) {
		t.Fatalf("setup: want t1's spawn enqueued once, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// TestRouteOwnRecordCatchesAReadyEntryAtAnotherPriority proves
// route-own-record's entry-priority clause: a ready-lane entry carries its
// task's own priority (001 B5 routes a task without a cancel to the ready
// lane; 004 3.3: a SchedulerEntry orders by priority). A real spawn is
// reached (native: t1 at priority 0 into the ready lane), then replayed
// with the entry at priority 1.
func TestRouteOwnRecordCatchesAReadyEntryAtAnotherPriority(t *testing.T) {
	c, enq := spawnEnqueued(t, "native", 0)
	if c.Events[enq].Lane != "ready" {
		t.Fatalf("setup: want a ready-lane entry, got %v", c.Events)
	}
	if !flagsEditedEvents(routeOwnRecord, c, func(ev []trace.Event) { ev[enq].Priority++ }) {
		t.Error("a ready entry at another priority than its task's is not flagged")
	}
}

// TestRouteOwnRecordCatchesATimedEntryAtAnotherDeadline proves
// route-own-record's entry-deadline clause: a timed-lane entry carries its
// task's own deadline (004 3.1, 3.3: a TimedEntry orders EDF by its
// deadline). A real spawn is reached (edf: t1 with deadline 3 into the
// timed lane), then replayed with the entry at deadline 2.
func TestRouteOwnRecordCatchesATimedEntryAtAnotherDeadline(t *testing.T) {
	c, enq := spawnEnqueued(t, "edf", 3)
	if c.Events[enq].Lane != "timed" || c.Events[enq].Deadline != 3 {
		t.Fatalf("setup: want a timed-lane entry at deadline 3, got %v", c.Events)
	}
	if !flagsEditedEvents(routeOwnRecord, c, func(ev []trace.Event) { ev[enq].Deadline = 2 }) {
		t.Error("a timed entry at another deadline than its task's is not flagged")
	}
}

// TestRouteOwnRecordCatchesACancelEntryAtAnotherPriority proves
// route-own-record's cancel-lane clause: a cancel-lane entry carries the
// priority of its task's cleanup budget (001 B5: "routes task to cancel
// lane with cleanup-priority"; 004 3.3). A real cascade is reached
// (cascadeIntoChild: t1, newly cancelled, enqueued in the cancel lane at
// its budget's priority), then replayed with the entry one priority lower.
func TestRouteOwnRecordCatchesACancelEntryAtAnotherPriority(t *testing.T) {
	c := cascadeIntoChild(t)
	at := eventsOf(c.Events, trace.Enqueued)
	if len(at) != 1 || c.Events[at[0]].Lane != "cancel" || routeOwnRecord(c) {
		t.Fatalf("setup: want t1 enqueued once in the cancel lane, unflagged, got %v", c.Events)
	}
	if !flagsEditedEvents(routeOwnRecord, c, func(ev []trace.Event) { ev[at[0]].Priority-- }) {
		t.Error("a cancel entry at another priority than its budget's is not flagged")
	}
}

// TestChanRolesCatchesAReserveByNoTask proves chan-roles' task-zero
// clause: only a sender, t1..tN, reserves (004 1.1 roles, 1.3: reserve is
// phase 1 of a send), and task 0 is none. A real reserve is reached
// (channel: t1 spawned, polled, reserves), then replayed with the input
// naming task 0.
func TestChanRolesCatchesAReserveByNoTask(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "channel"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.ChanReserve, Task: 1},
	})
	if len(eventsOf(c.Events, trace.ChanReserved)) != 1 || chanRoles(c) {
		t.Fatalf("setup: want t1's reserve granted, unflagged, got %v", c.Events)
	}
	if !flagsEditedInput(chanRoles, c, func(in *model.Input) { in.K.Task = 0 }) {
		t.Error("a reserve by task 0 is not flagged")
	}
}
