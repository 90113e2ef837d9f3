package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestWakeDedupCatchesAnEntryOutsideTheTable proves wake-dedup's bound
// clause: a lane entry for a task id past the task table is one runnable
// entry too many (000 P1/S1: a task has at most one runnable entry, and
// only tasks have entries). A real enqueue is reached (native: t1
// spawned into the ready lane), then replayed with that entry naming
// task MaxTasks+1.
func TestWakeDedupCatchesAnEntryOutsideTheTable(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.Spawn, Region: 1}})
	if kern(c.After).Sched.Ready.N != 1 || wakeDedup(c) {
		t.Fatalf("setup: want t1's one ready entry, got %v", c.Events)
	}
	if !flagsEditedAfter(wakeDedup, c, func(a *model.State) { a.P.Kernel.Sched.Ready.E[0].Task = kernel.MaxTasks + 1 }) {
		t.Error("a ready entry for a task past the table is not flagged")
	}
}

// TestPhase0FirstCatchesAFireAfterTheDecision proves phase-0-first's
// event-order clauses one kind at a time (000 S1: expired timers fire in
// phase 0, before the step's dispatch decision; a legacy timer_fired and a
// wheel_fired alike). A real dispatch with no timer due is reached
// (native, no wheel: t1 spawned and dispatched), then replayed with a
// timer_fired, or a wheel_fired, after its scheduler_step_begin.
func TestPhase0FirstCatchesAFireAfterTheDecision(t *testing.T) {
	c := nativeDispatch(t)
	if c.Scenario.Kernel.Wheel || c.firstIndex(trace.StepBegin) < 0 || phase0First(c) {
		t.Fatalf("setup: want a legacy-timer dispatch with no fire, got %v", c.Events)
	}
	for _, k := range []trace.Kind{trace.TimerFired, trace.WheelFired} {
		late := append(append([]trace.Event(nil), c.Events...), trace.Event{Kind: k, Task: 1})
		if !phase0First(transitionOf(c.Scenario, c.Before, c.In, c.After, late)) {
			t.Errorf("a %v after the step's decision is not flagged", k)
		}
	}
}

// TestCascadeOrderCatchesACancelOfNoRegion proves cascade-order's
// region-record clause: a region_cancelled naming no region has no place
// in the parents-before-children order (000 P3, the cascade visits
// regions by depth). A real region cancel is reached (native: t1 spawned,
// r1 cancelled with Shutdown), then replayed with one more
// region_cancelled naming region 200.
func TestCascadeOrderCatchesACancelOfNoRegion(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.Shutdown)},
	})
	if len(eventsOf(c.Events, trace.RegionCancelled)) == 0 || cascadeOrder(c) {
		t.Fatalf("setup: want a correct cascade, got %v", c.Events)
	}
	if !flagsEditedEvents(cascadeOrder, c, func(ev []trace.Event) {
		at := eventsOf(ev, trace.RegionCancelled)
		ev[at[len(at)-1]].Region = 200
	}) {
		t.Error("a region_cancelled of no region is not flagged")
	}
}

// TestAckUnmaskedCatchesAnAckOfNoTask proves ack-unmasked's task-record
// clause: a cancel_acknowledged naming no task is no acknowledgement the
// protocol allows (000 P3: a cancel is acknowledged only by its task, at a
// checkpoint with mask_depth 0). A real dispatch is reached (native: t1
// spawned and dispatched), then replayed with a cancel_acknowledged of
// task 200 appended.
func TestAckUnmaskedCatchesAnAckOfNoTask(t *testing.T) {
	c := nativeDispatch(t)
	if ackUnmasked(c) {
		t.Fatalf("setup: want a correct dispatch, got %v", c.Events)
	}
	acked := append(append([]trace.Event(nil), c.Events...), trace.Event{Kind: trace.CancelAcknowledged, Task: 200})
	if !ackUnmasked(transitionOf(c.Scenario, c.Before, c.In, c.After, acked)) {
		t.Error("a cancel_acknowledged of no task is not flagged")
	}
}

// TestNoLeakCatchesALeakItsHolderDidNotBreak proves no-leak's holder
// clauses one at a time (000 P4, obligations are never leaked; with
// leaky_tasks only an obligation whose holder completed Ok or Err still
// holding it may be Leaked). A real state is reached (leaky-tasks: t1 spawned),
// then replayed with obligation 1 Leaked and held by task 200 (no task), by
// t1 still live, or by t1 completed Cancelled (whose obligations the
// runtime aborts).
func TestNoLeakCatchesALeakItsHolderDidNotBreak(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "leaky-tasks"), []kernel.Input{{Op: kernel.Spawn, Region: 1}})
	if !c.Scenario.LeakyTasks || len(kern(c.After).Cancel.Obligations) == 0 || kern(c.After).Cancel.Tasks[0].Phase == cancel.Completed || noLeak(c) {
		t.Fatalf("setup: want a leaky-tasks state with t1 live, an obligation slot and no leak")
	}
	cases := []struct {
		name    string
		holder  uint8
		phase   cancel.Phase
		outcome cancel.Outcome
	}{
		{"held by no task", 200, cancel.Completed, cancel.Ok},
		{"held by a live task", 1, kern(c.After).Cancel.Tasks[0].Phase, cancel.None},
		{"held by a task completed Cancelled", 1, cancel.Completed, cancel.Cancelled},
	}
	for _, tc := range cases {
		if !flagsEditedAfter(noLeak, c, func(a *model.State) {
			cs := &a.P.Kernel.Cancel
			cs.Obligations[0] = cancel.Obligation{Used: true, State: cancel.Leaked, Region: 1, Task: tc.holder}
			cs.Tasks[0].Phase, cs.Tasks[0].Outcome = tc.phase, tc.outcome
		}) {
			t.Errorf("%s: not flagged", tc.name)
		}
	}
}

// TestResolveOnceCatchesAResolutionOfNoOpenObligation proves
// resolve-once's event clauses one at a time (000 P4: each commit, abort
// or leak resolves an obligation that was Reserved, once). A real commit
// is reached (channel: t1 reserves a permit and sends, committing o1),
// then replayed with one more resolution: of obligation 0 after a reserve
// of obligation 0 (so that only the id decides), of obligation
// MaxObligations+1, or of o1 a second time.
func TestResolveOnceCatchesAResolutionOfNoOpenObligation(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "channel"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch},
		{Op: kernel.ChanReserve, Task: 1}, {Op: kernel.ChanSend, Task: 1},
	})
	committed := eventsOf(c.Events, trace.ObligationCommitted)
	if len(committed) != 1 || resolveOnce(c) {
		t.Fatalf("setup: want one correct commit, got %v", c.Events)
	}
	o1 := c.Events[committed[0]]
	cases := []struct {
		name  string
		extra []trace.Event
	}{
		{"obligation 0", []trace.Event{{Kind: trace.ObligationReserved, Task: 1, Region: 1}, {Kind: trace.ObligationCommitted, Task: 1, Region: 1}}},
		{"obligation past the table", []trace.Event{{Kind: trace.ObligationCommitted, Task: 1, Region: 1, Obligation: cancel.MaxObligations + 1}}},
		{"o1 a second time", []trace.Event{o1}},
	}
	for _, tc := range cases {
		events := append(append([]trace.Event(nil), c.Events...), tc.extra...)
		if !resolveOnce(transitionOf(c.Scenario, c.Before, c.In, c.After, events)) {
			t.Errorf("a resolution of %s is not flagged", tc.name)
		}
	}
}
