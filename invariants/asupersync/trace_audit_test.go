package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// flagsEditedInput reports whether check flags the transition c replays
// with a copy of its input that edit changed, as a runtime that emitted
// the same events for another input would have.
func flagsEditedInput(check func(*Context) bool, c *Context, edit func(in *model.Input)) bool {
	in := c.In
	edit(&in)
	return check(transitionOf(c.Scenario, c.Before, in, c.After, c.Events))
}

// flagsWithEvents reports whether check flags the transition c replays
// with events in place of its own (longer or shorter), as a runtime bug
// would have emitted them.
func flagsWithEvents(check func(*Context) bool, c *Context, events []trace.Event) bool {
	return check(transitionOf(c.Scenario, c.Before, c.In, c.After, events))
}

// TestNamedAfterCreationCatchesARegionNamedBeforeItOpens proves the
// region half of named-after-creation: nothing is said of a region
// before its region_opened (001 trace, 000 trace-observability). A real
// opening is reached (finalizers: r2 opened under r1), then replayed with
// a region_closing of r2 ahead of the opening.
func TestNamedAfterCreationCatchesARegionNamedBeforeItOpens(t *testing.T) {
	sc := scenarioNamed(t, "finalizers")
	c := lastStep(t, sc, []kernel.Input{{Op: kernel.OpenRegion, Region: 1}})
	opened := eventsOf(c.Events, trace.RegionOpened)
	if len(opened) != 1 || namedAfterCreation(c) {
		t.Fatalf("setup: want one region_opened, unflagged, got %v", c.Events)
	}
	r := c.Events[opened[0]].Region
	early := append([]trace.Event{{Kind: trace.RegionClosing, Region: r}}, c.Events...)
	if !flagsWithEvents(namedAfterCreation, c, early) {
		t.Error("a region named before its region_opened is not flagged")
	}
}

// TestTaskRegionAttrCatchesATaskWithNoRecord proves the halves of
// task-region-attr on the task a task event names (001 B6, trace): it
// must be a task the table holds, spawned. A real poll is reached
// (native: t1 spawned and dispatched, task_running), then replayed with
// its task_running naming no task (id 0) or a slot never spawned (t2,
// with that slot's region, so only its being unused is wrong).
func TestTaskRegionAttrCatchesATaskWithNoRecord(t *testing.T) {
	sc := scenarioNamed(t, "native")
	c := lastStep(t, sc, []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}})
	run := eventsOf(c.Events, trace.TaskRunning)
	free := model.TaskRecord(&c.After.P.Kernel.Cancel, 2)
	if len(run) != 1 || free == nil || free.Used || taskRegionAttr(c) {
		t.Fatalf("setup: want t1's task_running and t2's slot free, got %v", c.Events)
	}
	for _, tc := range []struct {
		name string
		edit func(e *trace.Event)
	}{
		{"no task (t == nil)", func(e *trace.Event) { e.Task = 0 }},
		{"an unspawned task (!t.Used)", func(e *trace.Event) { e.Task, e.Region = 2, free.Region }},
	} {
		if !flagsEditedEvents(taskRegionAttr, c, func(ev []trace.Event) { tc.edit(&ev[run[0]]) }) {
			t.Errorf("a task_running naming %s is not flagged", tc.name)
		}
	}
}

// TestObligationHolderAttrCatchesAnObligationMisnamed proves the halves
// of obligation-holder-attr on the obligation and region an obligation
// event names (001 obligations, trace). A real reservation is reached
// (two-obligations: t1 reserves o1), then replayed with its
// obligation_reserved naming no obligation, an unused slot (o2, with
// that slot's holder and region) or another region.
func TestObligationHolderAttrCatchesAnObligationMisnamed(t *testing.T) {
	sc := scenarioNamed(t, "two-obligations")
	c := lastStep(t, sc, []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Reserve, Task: 1}})
	res := eventsOf(c.Events, trace.ObligationReserved)
	free := model.ObligationRecord(&c.After.P.Kernel.Cancel, 2)
	if len(res) != 1 || free == nil || free.Used || obligationHolderAttr(c) {
		t.Fatalf("setup: want one obligation_reserved and o2 free, got %v", c.Events)
	}
	for _, tc := range []struct {
		name string
		edit func(e *trace.Event)
	}{
		{"no obligation (o == nil)", func(e *trace.Event) { e.Obligation = 0 }},
		{"an unused obligation (!o.Used)", func(e *trace.Event) { e.Obligation, e.Task, e.Region = 2, free.Task, free.Region }},
		{"another region", func(e *trace.Event) { e.Region++ }},
	} {
		if !flagsEditedEvents(obligationHolderAttr, c, func(ev []trace.Event) { tc.edit(&ev[res[0]]) }) {
			t.Errorf("an obligation_reserved naming %s is not flagged", tc.name)
		}
	}
}

// TestHostTimerAttrCatchesAnotherTimer proves the halves of
// host-timer-attr on the slot a host timer event names (000 P2, 004
// 2.5): a slot of the table, in use before the step, whose task and
// deadline the event repeats. A real stale callback is reached (default:
// t1 sleeps 1 ms, its region is cancelled, a timer turn advances 1 ms),
// then replayed with the stale_timer naming slot 0, a slot past the
// table, a free slot (with that slot's fields), another task or another
// deadline.
func TestHostTimerAttrCatchesAnotherTimer(t *testing.T) {
	c, stale := staleTimerTurn(t)
	before, events := c.Before, c.Events
	slot := int(events[stale].Timer) - 1
	freeSlot := -1
	for i := range before.P.Kernel.Timers {
		if !before.P.Kernel.Timers[i].Used && i != slot {
			freeSlot = i
			break
		}
	}
	if freeSlot < 0 {
		t.Fatalf("setup: want a free timer slot, have %v", before.P.Kernel.Timers)
	}
	free := before.P.Kernel.Timers[freeSlot]
	for _, tc := range []struct {
		name string
		edit func(e *trace.Event)
	}{
		{"timer 0", func(e *trace.Event) { e.Timer = 0 }},
		{"a timer past the table", func(e *trace.Event) { e.Timer = uint8(len(before.P.Kernel.Timers) + 1) }},
		{"a free slot", func(e *trace.Event) {
			e.Timer, e.Task, e.Gen, e.Deadline = uint8(freeSlot+1), free.Task, uint64(free.Gen), uint64(free.Deadline)
		}},
		{"another task", func(e *trace.Event) { e.Task++ }},
		{"another deadline", func(e *trace.Event) { e.Deadline++ }},
	} {
		if !flagsEditedEvents(hostTimerAttr, c, func(ev []trace.Event) { tc.edit(&ev[stale]) }) {
			t.Errorf("a stale_timer naming %s is not flagged", tc.name)
		}
	}
}

// TestWheelEventAttrCatchesTimeOutOfRange proves the two bounds of
// wheel-event-attr's time (004 2.3, 2.4): an event's current_tick is
// never before the wheel event before it (nor the wheel's time before
// the step), and never past the wheel's time after. A real fire is
// reached (timers: the dispatch moves the wheel's time and fires t1's
// timer), then replayed with the wheel's time before the step set past
// the fire's, and with the fire turned into a cascade (which may carry an
// earlier time) stamped past the time after.
func TestWheelEventAttrCatchesTimeOutOfRange(t *testing.T) {
	c, fired := wheelTimerFired(t)
	now := c.After.P.Kernel.Wheel.Now
	if c.Events[fired].Now != now || wheelEventAttr(c) {
		t.Fatalf("setup: want the fire stamped with the time after, got %v", c.Events)
	}
	if !flagsEditedBefore(wheelEventAttr, c, func(b *model.State) { b.P.Kernel.Wheel.Now = now + 1 }) {
		t.Error("a wheel event before the wheel's time before the step is not flagged")
	}
	if !flagsEditedEvents(wheelEventAttr, c, func(ev []trace.Event) {
		ev[fired].Kind, ev[fired].Now = trace.WheelCascaded, now+1
	}) {
		t.Error("a cascade past the wheel's time after the step is not flagged")
	}
}

// TestWheelEventAttrCatchesADeadDropOfALiveOrUnknownEntry proves the
// halves of wheel-event-attr on wheel_dead_dropped (004 2.5): it names
// an entry the wheel held before the step and holds no longer. A real
// step over a stored entry is reached (timers: t1 sleeps 1 ms, time
// advances), then replayed with a wheel_dead_dropped of a handle never
// stored, and of t1's entry, still held after.
func TestWheelEventAttrCatchesADeadDropOfALiveOrUnknownEntry(t *testing.T) {
	sc, script := wheelTimerDue(t)
	c := lastStep(t, sc, script)
	b, a := &c.Before.P.Kernel.Wheel, &c.After.P.Kernel.Wheel
	var held wheel.Handle
	found := false
	for _, e := range b.Entries {
		if e.Used {
			held, found = e.Handle, true
		}
	}
	if !found || !wheelHeld(a, held.ID, held.Gen) || wheelEventAttr(c) {
		t.Fatalf("setup: want t1's entry held before and after the step, got %v", c.Events)
	}
	for _, tc := range []struct {
		name string
		h    wheel.Handle
	}{
		{"a handle never stored", wheel.Handle{ID: held.ID + 7, Gen: held.Gen + 7}},
		{"an entry still held", held},
	} {
		drop := trace.Event{Kind: trace.WheelDeadDropped, Now: a.Now, ID: tc.h.ID, Gen: tc.h.Gen}
		if !flagsWithEvents(wheelEventAttr, c, append(append([]trace.Event(nil), c.Events...), drop)) {
			t.Errorf("a wheel_dead_dropped of %s is not flagged", tc.name)
		}
	}
}

// TestWheelEventAttrCatchesARejectionMisreported proves the halves of
// wheel-event-attr on wheel_rejected (004 2.3, INV-TM-04): it is the
// sleep's own, at the time after the step, names the sleeping task and
// the deadline it asked for, with error_class timer_duration_exceeded. A
// real rejection is reached (timers: t1 polled, time advances 1 ms, t1
// sleeps past max_timer_duration, and the registration moves the wheel's
// time), then replayed with each of those changed.
func TestWheelEventAttrCatchesARejectionMisreported(t *testing.T) {
	sc := scenarioNamed(t, "timers")
	c := lastStep(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Advance, N: 1},
		{Op: kernel.Sleep, Task: 1, N: uint32(wheel.DefaultMaxTimerDuration + 1)},
	})
	rej := eventsOf(c.Events, trace.WheelRejected)
	then := c.Before.P.Kernel.Wheel.Now
	if len(rej) != 1 || then == c.After.P.Kernel.Wheel.Now || wheelEventAttr(c) {
		t.Fatalf("setup: want one wheel_rejected at a sleep that moves the wheel's time, got %v", c.Events)
	}
	for _, tc := range []struct {
		name string
		edit func(e *trace.Event)
	}{
		{"the time before the step", func(e *trace.Event) { e.Now = then }},
		{"another task", func(e *trace.Event) { e.Task++ }},
		{"another deadline", func(e *trace.Event) { e.Deadline++ }},
		{"no error_class", func(e *trace.Event) { e.ErrorClass = trace.NoError }},
	} {
		if !flagsEditedEvents(wheelEventAttr, c, func(ev []trace.Event) { tc.edit(&ev[rej[0]]) }) {
			t.Errorf("a wheel_rejected with %s is not flagged", tc.name)
		}
	}
	for _, tc := range []struct {
		name string
		edit func(in *model.Input)
	}{
		{"a host event", func(in *model.Input) { in.Host = pump.Callback }},
		{"an input other than a sleep", func(in *model.Input) { in.K.Op = kernel.Yield }},
	} {
		if !flagsEditedInput(wheelEventAttr, c, tc.edit) {
			t.Errorf("a wheel_rejected at %s is not flagged", tc.name)
		}
	}
}

// TestChanPartyAttrCatchesAnEvictionNoSendMade proves the input half of
// chan-party-attr on chan_evicted (004 1.5): only send_evict_oldest, a
// native input, evicts. A real eviction is reached (channel, capacity 2:
// t1 evict-sends three times), then replayed as a host event's and as a
// plain send's.
func TestChanPartyAttrCatchesAnEvictionNoSendMade(t *testing.T) {
	sc := scenarioNamed(t, "channel")
	evict := kernel.Input{Op: kernel.ChanEvict, Task: 1}
	c := lastStep(t, sc, []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, evict, evict, evict})
	if len(eventsOf(c.Events, trace.ChanEvicted)) != 1 || chanPartyAttr(c) {
		t.Fatalf("setup: want one chan_evicted, got %v", c.Events)
	}
	for _, tc := range []struct {
		name string
		edit func(in *model.Input)
	}{
		{"a host event", func(in *model.Input) { in.Host = pump.Callback }},
		{"a plain send", func(in *model.Input) { in.K.Op = kernel.ChanSend }},
	} {
		if !flagsEditedInput(chanPartyAttr, c, tc.edit) {
			t.Errorf("a chan_evicted at %s is not flagged", tc.name)
		}
	}
}

// TestChanPartyAttrCatchesAWaiterRemovalMisnamed proves the halves of
// chan-party-attr on chan_waiter_removed (004 1.3, 1.8): it names a task
// the queue held before the step, with the id the queue gave it. A real
// removal is reached (channel at capacity 1: t1 holds the slot, t2 queues
// behind it, t2 is cancelled, polled and reserves again, which
// acknowledges the cancel), then replayed naming a task not
// queued (with id 0, the lookup's empty answer) and another id.
func TestChanPartyAttrCatchesAWaiterRemovalMisnamed(t *testing.T) {
	sc := scenarioNamed(t, "channel")
	sc.Kernel.Channel.Capacity = 1
	c := lastStep(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1},
		{Op: kernel.Dispatch}, {Op: kernel.ChanReserve, Task: 1}, {Op: kernel.Yield, Task: 1},
		{Op: kernel.Dispatch}, {Op: kernel.ChanReserve, Task: 2},
		{Op: kernel.CancelTask, Task: 2, Arg: uint8(cancel.User)}, {Op: kernel.Dispatch}, {Op: kernel.ChanReserve, Task: 2},
	})
	rm := eventsOf(c.Events, trace.ChanWaiterRemoved)
	if len(rm) != 1 || chanPartyAttr(c) {
		t.Fatalf("setup: want one chan_waiter_removed, got %v", c.Events)
	}
	if _, queued := waiterOf(&c.Before.P.Kernel.Chan, 1); queued {
		t.Fatalf("setup: want t1 not queued, have %v", c.Before.P.Kernel.Chan.WaiterQueue())
	}
	for _, tc := range []struct {
		name string
		edit func(e *trace.Event)
	}{
		{"a task not queued", func(e *trace.Event) { e.Task, e.ID = 1, 0 }},
		{"another id", func(e *trace.Event) { e.ID++ }},
	} {
		if !flagsEditedEvents(chanPartyAttr, c, func(ev []trace.Event) { tc.edit(&ev[rm[0]]) }) {
			t.Errorf("a chan_waiter_removed naming %s is not flagged", tc.name)
		}
	}
}

// TestChanPartyAttrCatchesACloseMiscounted proves the halves of
// chan-party-attr on chan_receiver_closed (004 1.10): its count is the
// queued messages before the step, one chan_message_dropped each. A real
// close over a queued message is reached (channel: t1 sends one message
// and yields, t2 yields, and t3, the receiver, closes), then replayed with one more
// chan_message_dropped after it, and with one more message queued before
// the step.
func TestChanPartyAttrCatchesACloseMiscounted(t *testing.T) {
	sc := scenarioNamed(t, "channel")
	c := lastStep(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1},
		{Op: kernel.Dispatch}, {Op: kernel.ChanEvict, Task: 1}, {Op: kernel.Yield, Task: 1},
		{Op: kernel.Dispatch}, {Op: kernel.Yield, Task: 2}, {Op: kernel.Dispatch}, {Op: kernel.ChanClose, Task: 3},
	})
	closed := eventsOf(c.Events, trace.ChanReceiverClosed)
	if len(closed) != 1 || chanPartyAttr(c) {
		t.Fatalf("setup: want one chan_receiver_closed, got %v", c.Events)
	}
	i := closed[0]
	extra := append(append(append([]trace.Event(nil), c.Events[:i+1]...), trace.Event{Kind: trace.ChanMessageDropped, Msg: 99}), c.Events[i+1:]...)
	if !flagsWithEvents(chanPartyAttr, c, extra) {
		t.Error("a chan_receiver_closed followed by more drops than its count is not flagged")
	}
	if !flagsEditedBefore(chanPartyAttr, c, func(b *model.State) { b.P.Kernel.Chan.Len++ }) {
		t.Error("a chan_receiver_closed counting fewer messages than were queued is not flagged")
	}
}

// TestPumpEventAttrCatchesADeferralOrDenialMisnamed proves the halves of
// pump-event-attr (000 S4, F1, P3, F4): a scheduler_reentrancy_deferred
// names a task, the input's; an authorization_denied carries
// error_class unauthorized, and names a task only at a callback. A real
// step is reached (native: t1 masks), then replayed with such events
// added: a deferral naming no task at an input naming none, a deferral
// naming another task, a denial without its class, and a denial naming
// t1 at the native mask.
func TestPumpEventAttrCatchesADeferralOrDenialMisnamed(t *testing.T) {
	sc := scenarioNamed(t, "native")
	c := lastStep(t, sc, []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Mask, Task: 1}})
	with := func(e trace.Event) []trace.Event { return append(append([]trace.Event(nil), c.Events...), e) }
	deferred := trace.Event{Kind: trace.ReentrancyDeferred, Task: 1}
	denied := trace.Event{Kind: trace.AuthorizationDenied, ErrorClass: trace.ErrUnauthorized}
	if pumpEventAttr(c) || flagsWithEvents(pumpEventAttr, c, with(deferred)) || flagsWithEvents(pumpEventAttr, c, with(denied)) {
		t.Fatalf("setup: want the mask, its task's deferral and a taskless denial unflagged, got %v", c.Events)
	}
	noTask := transitionOf(c.Scenario, c.Before, model.Input{K: kernel.Input{Op: kernel.Mask}}, c.After, with(trace.Event{Kind: trace.ReentrancyDeferred}))
	if !pumpEventAttr(noTask) {
		t.Error("a deferral naming no task is not flagged")
	}
	other := deferred
	other.Task = 2
	if !flagsWithEvents(pumpEventAttr, c, with(other)) {
		t.Error("a deferral naming a task the input does not is not flagged")
	}
	classless := denied
	classless.ErrorClass = trace.NoError
	if !flagsWithEvents(pumpEventAttr, c, with(classless)) {
		t.Error("a denial without error_class unauthorized is not flagged")
	}
	named := denied
	named.Task = 1
	if !flagsWithEvents(pumpEventAttr, c, with(named)) {
		t.Error("a denial naming a task at a native input is not flagged")
	}
}

// TestMaskOnceCatchesAMaskNotTheInputs proves the halves of mask-once on
// whose mask an event reports (001 B3): only a native mask or unmask
// enters or leaves one, its task's. A real mask is reached (native: t1
// masks), then replayed as a host event's and with mask_entered naming
// another task.
func TestMaskOnceCatchesAMaskNotTheInputs(t *testing.T) {
	sc := scenarioNamed(t, "native")
	c := lastStep(t, sc, []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Mask, Task: 1}})
	entered := eventsOf(c.Events, trace.MaskEntered)
	if len(entered) != 1 || maskOnce(c) {
		t.Fatalf("setup: want one mask_entered, got %v", c.Events)
	}
	if !flagsEditedInput(maskOnce, c, func(in *model.Input) { in.Host = pump.Callback }) {
		t.Error("a mask_entered at a host event is not flagged")
	}
	if !flagsEditedEvents(maskOnce, c, func(ev []trace.Event) { ev[entered[0]].Task = 2 }) {
		t.Error("a mask_entered naming another task is not flagged")
	}
}

// TestMaskOnceCatchesAnUnmaskThatExitsTwice proves mask-once's reading of
// mask_exited (001 B3: an unmask leaves one level of its task's mask). A
// real unmask is reached (native: t1 masks, then unmasks), then replayed
// with its mask_exited emitted twice.
func TestMaskOnceCatchesAnUnmaskThatExitsTwice(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Mask, Task: 1}, {Op: kernel.Unmask, Task: 1},
	})
	exited := eventsOf(c.Events, trace.MaskExited)
	if len(exited) != 1 || maskOnce(c) {
		t.Fatalf("setup: want one mask_exited, unflagged, got %v", c.Events)
	}
	if !flagsWithEvents(maskOnce, c, append(append([]trace.Event(nil), c.Events...), c.Events[exited[0]])) {
		t.Error("an unmask that exits two levels is not flagged")
	}
}
