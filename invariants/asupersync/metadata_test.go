package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestHostTurnCatchesMiscountedBrowserMetadata proves the browser clauses
// of host-turn one at a time (000 S6, trace observability: every browser
// event carries host_turn_id and microtask_batch_id; the turn grows by one
// per host task or timer turn, the batch by one per pump turn, never
// otherwise, and a kernel operation moves neither). A real browser step is
// reached (default: t1 spawned, a kernel operation in host turn 1, batch
// 0), then replayed with one miscount: the pump's turn or batch after the
// step moved by a kernel operation, one event stamped with a turn or batch
// other than the pump's, or a host turn that was never started (turn 0
// before, after and on every event, so that only the absent turn is
// wrong).
func TestHostTurnCatchesMiscountedBrowserMetadata(t *testing.T) {
	sc := scenarioNamed(t, "default")
	c := lastStep(t, sc, []kernel.Input{{Op: kernel.Spawn, Region: 1}})
	if len(c.Events) == 0 || c.After.P.HostTurn == 0 || hostTurn(c) {
		t.Fatalf("setup: want a correctly tagged browser spawn, got %v", c.Events)
	}
	cases := []struct {
		name  string
		flags func() bool
	}{
		{"turn moved after a kernel operation", func() bool {
			return flagsEditedAfter(hostTurn, c, func(a *model.State) { a.P.HostTurn++ })
		}},
		{"batch moved after a kernel operation", func() bool {
			return flagsEditedAfter(hostTurn, c, func(a *model.State) { a.P.Batch++ })
		}},
		{"event stamped with the next turn", func() bool {
			return flagsEditedEvents(hostTurn, c, func(ev []trace.Event) { ev[0].HostTurn++ })
		}},
		{"event stamped with the next batch", func() bool {
			return flagsEditedEvents(hostTurn, c, func(ev []trace.Event) { ev[0].Batch++ })
		}},
		{"no host turn at all", func() bool {
			before, after := *c.Before, *c.After
			before.P.HostTurn, after.P.HostTurn = 0, 0
			events := append([]trace.Event(nil), c.Events...)
			for i := range events {
				events[i].HostTurn = 0
			}
			return hostTurn(transitionOf(c.Scenario, &before, c.In, &after, events))
		}},
	}
	for _, tc := range cases {
		if !tc.flags() {
			t.Errorf("%s: not flagged", tc.name)
		}
	}
}

// eventTagsFlagsEdited reports whether event-tags flags the transition c
// replays with the first event of kind k edited; it fails the test if c
// has no such event or is flagged untampered.
func eventTagsFlagsEdited(t *testing.T, c *Context, k trace.Kind, edit func(e *trace.Event)) bool {
	t.Helper()
	at := eventsOf(c.Events, k)
	if len(at) == 0 || eventTags(c) {
		t.Fatalf("setup: want a correctly tagged %v event, got %v", k, c.Events)
	}
	return flagsEditedEvents(eventTags, c, func(ev []trace.Event) { edit(&ev[at[0]]) })
}

// TestEventTagsCatchesAnIllTaggedDecision proves the scheduler_step_decision
// clauses of event-tags one at a time (000 S6 and its trace contract: a
// decision carries its lane, the effective cancel_streak_limit of the
// governor in force, and its task, which must be a task of the runtime,
// spawned, in the region_id the decision names). A real decision is
// reached (native: t1 spawned and dispatched), then replayed with one tag
// broken: no lane, a limit one past the effective one, a task past the
// runtime's tasks, or t3, never spawned, with t3's record's region.
func TestEventTagsCatchesAnIllTaggedDecision(t *testing.T) {
	c := nativeDispatch(t)
	unused := model.TaskRecord(&kern(c.Before).Cancel, 3)
	if unused == nil || unused.Used {
		t.Fatalf("setup: want t3 unspawned")
	}
	cases := []struct {
		name string
		edit func(e *trace.Event)
	}{
		{"no lane", func(e *trace.Event) { e.Lane = "" }},
		{"limit off by one", func(e *trace.Event) { e.StreakLimit++ }},
		{"task past the runtime's", func(e *trace.Event) { e.Task = 200 }},
		{"task never spawned", func(e *trace.Event) { e.Task, e.Region = 3, unused.Region }},
	}
	for _, tc := range cases {
		if !eventTagsFlagsEdited(t, c, trace.StepDecision, tc.edit) {
			t.Errorf("%s: not flagged", tc.name)
		}
	}
}

// TestEventTagsCatchesAnIllTaggedEnqueue proves the enqueued clauses of
// event-tags (trace contract: an enqueue carries its task and lane). A
// real enqueue is reached (native: t1 spawned), then replayed with no
// task, or with no lane.
func TestEventTagsCatchesAnIllTaggedEnqueue(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.Spawn, Region: 1}})
	if !eventTagsFlagsEdited(t, c, trace.Enqueued, func(e *trace.Event) { e.Task = 0 }) {
		t.Error("an enqueue without its task is not flagged")
	}
	if !eventTagsFlagsEdited(t, c, trace.Enqueued, func(e *trace.Event) { e.Lane = "" }) {
		t.Error("an enqueue without its lane is not flagged")
	}
}

// TestEventTagsCatchesAnIllTaggedChannelEvent proves the channel message
// and waiter clauses of event-tags (trace contract, 004 1.x: a chan_sent
// carries its task and msg, a chan_reserve_pending its task and waiter
// id). A real send is reached (channel: t1 reserves and sends) and a real
// queued reserve (channel at capacity 1: t1 holds the slot, t2 reserves
// and queues), then each is replayed with one tag cleared.
func TestEventTagsCatchesAnIllTaggedChannelEvent(t *testing.T) {
	sent := lastStep(t, scenarioNamed(t, "channel"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch},
		{Op: kernel.ChanReserve, Task: 1}, {Op: kernel.ChanSend, Task: 1},
	})
	sc, script := headFreedByAnAbort(t)
	pending := lastStep(t, sc, script[:7])
	cases := []struct {
		name string
		c    *Context
		k    trace.Kind
		edit func(e *trace.Event)
	}{
		{"chan_sent without its task", sent, trace.ChanSent, func(e *trace.Event) { e.Task = 0 }},
		{"chan_sent without its msg", sent, trace.ChanSent, func(e *trace.Event) { e.Msg = 0 }},
		{"chan_reserve_pending without its task", pending, trace.ChanReservePending, func(e *trace.Event) { e.Task = 0 }},
		{"chan_reserve_pending without its waiter", pending, trace.ChanReservePending, func(e *trace.Event) { e.ID = 0 }},
	}
	for _, tc := range cases {
		if !eventTagsFlagsEdited(t, tc.c, tc.k, tc.edit) {
			t.Errorf("%s: not flagged", tc.name)
		}
	}
}
