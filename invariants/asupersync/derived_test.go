package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestChanSendersDerivedCatchesADropMiscounted proves
// chan-senders-derived's event clause (004 1.1, INV-CH-08: each
// chan_sender_dropped reports the sender_count it left). A real drop is
// reached (channel: sender t1 completes Ok, which drops its handle, 2 to
// 1), then replayed with the event reporting 2, sender_count itself left
// right.
func TestChanSendersDerivedCatchesADropMiscounted(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "channel"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Complete, Task: 1, Arg: uint8(cancel.Ok)},
	})
	dropped := eventsOf(c.Events, trace.ChanSenderDropped)
	if len(dropped) != 1 || c.Events[dropped[0]].Count != 1 || chanSendersDerived(c) {
		t.Fatalf("setup: want t1's handle dropped to a count of 1, got %v", c.Events)
	}
	if !flagsEditedEvents(chanSendersDerived, c, func(ev []trace.Event) { ev[dropped[0]].Count = 2 }) {
		t.Error("a chan_sender_dropped reporting a count it did not leave is not flagged")
	}
}

// TestMaskDerivedCatchesADepthUnderAnotherKey proves mask-derived's
// attribute-key clause (001 B3: the mask events report the task's
// mask_depth). A real mask is reached (cancel-kinds: t1 masks to depth 1),
// then replayed with its mask_entered carrying the right depth under
// another key.
func TestMaskDerivedCatchesADepthUnderAnotherKey(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "cancel-kinds"), []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Mask, Task: 1}})
	entered := eventsOf(c.Events, trace.MaskEntered)
	if len(entered) != 1 || c.Events[entered[0]].AttrVal != "1" || maskDerived(c) {
		t.Fatalf("setup: want one mask_entered to depth 1, unflagged, got %v", c.Events)
	}
	if !flagsEditedEvents(maskDerived, c, func(ev []trace.Event) { ev[entered[0]].AttrKey = "depth" }) {
		t.Error("a mask_entered whose depth is not under mask_depth is not flagged")
	}
}

// TestTimersDerivedCatchesARegistrationStoredForAnotherTask proves
// timers-derived's task clause (000 P2: a registration stores the task its
// timer_registered names, whose wake it is). A real registration is
// reached (native: t1 sleeps 1 ms), then replayed with slot 1's stored
// task t2.
func TestTimersDerivedCatchesARegistrationStoredForAnotherTask(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 1, N: 1}})
	if tm := c.After.P.Kernel.Timers[0]; !tm.Live || tm.Task != 1 || timersDerived(c) {
		t.Fatalf("setup: want t1's timer registered in slot 1, got %v", c.Events)
	}
	if !flagsEditedAfter(timersDerived, c, func(a *model.State) { a.P.Kernel.Timers[0].Task = 2 }) {
		t.Error("a registration stored for another task than its event names is not flagged")
	}
}

// chanSends is the step of t1's k-th send (channel, capacity 2: t1
// reserves and sends k times in one poll), which chan-queue-derived
// passes, and the index of its chan_sent. Before it, k-1 messages are
// queued.
func chanSends(t *testing.T, k int) (c *Context, sent int) {
	t.Helper()
	script := []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}}
	for range k {
		script = append(script, kernel.Input{Op: kernel.ChanReserve, Task: 1}, kernel.Input{Op: kernel.ChanSend, Task: 1})
	}
	c = lastStep(t, scenarioNamed(t, "channel"), script)
	at := eventsOf(c.Events, trace.ChanSent)
	if len(at) != 1 || int(c.Before.P.Kernel.Chan.Len) != k-1 || int(c.After.P.Kernel.Chan.Len) != k || chanQueueDerived(c) {
		t.Fatalf("setup: want send %d onto %d queued, unflagged, got %v", k, k-1, c.Events)
	}
	return c, at[0]
}

// TestChanQueueDerivedCatchesMoreSendsThanTheQueueHolds proves
// chan-queue-derived's range guard: a step that announces more sends than
// the queue has slots is flagged, where an unguarded replay would stop the
// explorer. A real first send is reached (channel: t1 reserves and sends),
// then replayed with as many more sends, each a later message, as the
// queue has slots.
func TestChanQueueDerivedCatchesMoreSendsThanTheQueueHolds(t *testing.T) {
	c, sent := chanSends(t, 1)
	more := append([]trace.Event(nil), c.Events...)
	for i := range len(c.After.P.Kernel.Chan.Queue) {
		e := c.Events[sent]
		e.Msg += uint32(i + 1)
		more = append(more, e)
	}
	if !chanQueueDerived(transitionOf(c.Scenario, c.Before, c.In, c.After, more)) {
		t.Error("more sends than the queue holds are not flagged")
	}
}

// TestChanQueueDerivedCatchesAMessageNumberedZero proves
// chan-queue-derived's zero clause (004 1.11, INV-CH-02: FIFO delivery,
// which the model reads by message numbers counted from 1 in commit
// order). A real first send onto an empty queue is reached (channel), then
// replayed as a runtime that numbered the message 0 would leave it: its
// chan_sent and its queued record both say 0, so the queue still matches
// the events and only the zero test decides.
func TestChanQueueDerivedCatchesAMessageNumberedZero(t *testing.T) {
	c, sent := chanSends(t, 1)
	events := append([]trace.Event(nil), c.Events...)
	events[sent].Msg = 0
	after := *c.After
	after.P.Kernel.Chan.Queue[0].Seq = 0
	if !chanQueueDerived(transitionOf(c.Scenario, c.Before, c.In, &after, events)) {
		t.Error("a message numbered 0 is not flagged")
	}
}

// TestChanQueueDerivedCatchesASequenceNumberReused proves
// chan-queue-derived's order clause (004 1.3 Phase 2a, 1.11, INV-CH-02,
// ch-fifo-001: a send pushes to the back of the queue, so its number is
// above every queued one). A real second send onto one queued message is
// reached (channel: t1 sends twice), then replayed as a runtime that
// reused the first message's number would leave it: its chan_sent and its
// queued record both carry the queued message's number, so the queue still
// matches the events.
func TestChanQueueDerivedCatchesASequenceNumberReused(t *testing.T) {
	c, sent := chanSends(t, 2)
	first := c.Before.P.Kernel.Chan.Queue[0].Seq
	events := append([]trace.Event(nil), c.Events...)
	events[sent].Msg = first
	after := *c.After
	after.P.Kernel.Chan.Queue[1].Seq = first
	if !chanQueueDerived(transitionOf(c.Scenario, c.Before, c.In, &after, events)) {
		t.Error("a send reusing a queued message's number is not flagged")
	}
}

// timeAdvance is a real advance (timers: t1 sleeps 1 ms, time advances 1
// ms), which clock-derived passes, and the index of its time_advanced.
func timeAdvance(t *testing.T) (c *Context, advanced int) {
	t.Helper()
	sc, script := wheelTimerDue(t)
	c = lastStep(t, sc, script)
	at := eventsOf(c.Events, trace.TimeAdvanced)
	if len(at) != 1 || clockDerived(c) {
		t.Fatalf("setup: want one time_advanced, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// TestClockDerivedCatchesATimeAnnouncedTwice proves clock-derived's once
// clause (000 P2, F3: an advance announces the new time with exactly one
// time_advanced). A real advance is reached (timers), then replayed with
// its time_advanced emitted twice, both with the right time.
func TestClockDerivedCatchesATimeAnnouncedTwice(t *testing.T) {
	c, advanced := timeAdvance(t)
	twice := append(append([]trace.Event(nil), c.Events...), c.Events[advanced])
	if !clockDerived(transitionOf(c.Scenario, c.Before, c.In, c.After, twice)) {
		t.Error("a time_advanced emitted twice in one advance is not flagged")
	}
}

// TestClockDerivedCatchesAWrongTimeAnnounced proves clock-derived's time
// clause (000 P2, F3: time_advanced reports the new time). A real advance
// is reached (timers), then replayed with its time_advanced one ms past
// the clock after it.
func TestClockDerivedCatchesAWrongTimeAnnounced(t *testing.T) {
	c, advanced := timeAdvance(t)
	if !flagsEditedEvents(clockDerived, c, func(ev []trace.Event) { ev[advanced].Deadline++ }) {
		t.Error("a time_advanced reporting another time than the clock's is not flagged")
	}
}
