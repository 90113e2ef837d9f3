package asupersync

import (
	"math/rand/v2"
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// reach runs a script on a scenario through the model, failing the test if
// any step breaks an invariant, and returns the state before the last
// input, the state after it and the last input's events.
func reach(t *testing.T, sc model.Scenario, script []kernel.Input) (before, after model.State, events []trace.Event) {
	t.Helper()
	ins := make([]model.Input, len(script))
	for i, k := range script {
		ins[i] = model.Input{K: k}
	}
	return reachInputs(t, sc, ins)
}

// reachInputs is reach for a script that may hold host events (the
// browser's microtasks, host tasks, timer turns and callbacks), which
// only a browser scenario offers.
func reachInputs(t *testing.T, sc model.Scenario, script []model.Input) (before, after model.State, events []trace.Event) {
	t.Helper()
	e, err := NewExplorable(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := e.Init()
	for i, in := range script {
		var log trace.Log
		next := s
		if err := e.Apply(&next, in, &log); err != nil {
			t.Fatalf("step %d (%v): %v", i+1, in, err)
		}
		if v := e.Checker.Check(&s, in, &next, log.Events); v != 0 {
			t.Fatalf("step %d (%v) breaks %s", i+1, in, all[v-1].Name)
		}
		before, after, events = s, next, log.Events
		s = next
	}
	return before, after, events
}

// lastStep runs script on sc through the model, as reach does, and is
// the transition of its last input, as Checker.Check presents it.
func lastStep(t *testing.T, sc model.Scenario, script []kernel.Input) *Context {
	t.Helper()
	before, after, events := reach(t, sc, script)
	return transitionOf(&sc, &before, model.Input{K: script[len(script)-1]}, &after, events)
}

// nativeDispatch is the transition most clause tests start from: in
// native, t1 spawned into r1 and dispatched (its poll begins).
func nativeDispatch(t *testing.T) *Context {
	t.Helper()
	return lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}})
}

// headFreedByAnAbort is the channel scenario at capacity 1 and a script
// that frees its slot for a queued head: t1 holds the slot, t2 queues
// behind it, and t1 aborts its permit, which frees the slot and wakes
// t2, still queued.
func headFreedByAnAbort(t *testing.T) (model.Scenario, []kernel.Input) {
	sc := scenarioNamed(t, "channel")
	sc.Kernel.Channel.Capacity = 1
	return sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1},
		{Op: kernel.Dispatch}, {Op: kernel.ChanReserve, Task: 1}, {Op: kernel.Yield, Task: 1},
		{Op: kernel.Dispatch}, {Op: kernel.ChanReserve, Task: 2},
		{Op: kernel.Dispatch}, {Op: kernel.ChanAbort, Task: 1},
	}
}

// wheelTimerDue is the timers scenario and a script that makes a wheel
// timer due: t1 spawned and polled sleeps 1 ms, and time advances 1 ms
// (the script's last input). The wheel's time follows at the next
// dispatch or registration.
func wheelTimerDue(t *testing.T) (model.Scenario, []kernel.Input) {
	return scenarioNamed(t, "timers"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 1, N: 1}, {Op: kernel.Advance, N: 1},
	}
}

// wheelTimerFired is wheelTimerDue's script with a dispatch after it,
// which moves the wheel's time and fires t1's timer: the dispatch's
// transition and the index of its one wheel_fired.
func wheelTimerFired(t *testing.T) (c *Context, fired int) {
	t.Helper()
	sc, script := wheelTimerDue(t)
	c = lastStep(t, sc, append(script, kernel.Input{Op: kernel.Dispatch}))
	at := eventsOf(c.Events, trace.WheelFired)
	if len(at) != 1 {
		t.Fatalf("setup: want the dispatch to fire t1's timer, got %v", c.Events)
	}
	return c, at[0]
}

// staleTimerTurn is a real stale host timer callback (default: t1 sleeps
// 1 ms, its region is cancelled, which cancels the timer, and a timer turn
// advances 1 ms): the turn's transition and the index of its one
// stale_timer, which host-timer-attr passes.
func staleTimerTurn(t *testing.T) (c *Context, stale int) {
	t.Helper()
	sc := scenarioNamed(t, "default")
	turn := model.Input{Host: pump.TimerTurn, K: kernel.Input{Op: kernel.Advance, N: 1}}
	before, after, events := reachInputs(t, sc, []model.Input{
		{K: kernel.Input{Op: kernel.Spawn, Region: 1}}, {Host: pump.RunMicrotask}, {K: kernel.Input{Op: kernel.Dispatch}},
		{K: kernel.Input{Op: kernel.Sleep, Task: 1, N: 1}},
		{K: kernel.Input{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.Shutdown)}}, turn,
	})
	c = transitionOf(&sc, &before, turn, &after, events)
	at := eventsOf(events, trace.StaleTimer)
	if len(at) != 1 || hostTimerAttr(c) {
		t.Fatalf("setup: want one stale_timer for t1's cancelled timer, got %v", events)
	}
	return c, at[0]
}

// eventsOf is the indices of the events of kind k.
func eventsOf(events []trace.Event, k trace.Kind) []int {
	var at []int
	for i := range events {
		if events[i].Kind == k {
			at = append(at, i)
		}
	}
	return at
}

// transitionOf is the transition before -in-> after with its events, as
// Checker.Check presents it to a check: signature computed, nothing
// derived yet.
func transitionOf(sc *model.Scenario, before *model.State, in model.Input, after *model.State, events []trace.Event) *Context {
	c := &Context{}
	c.reset(sc, before, in, after, events)
	return c
}

// flagsEditedEvents reports whether check flags the transition c replays
// with a copy of its events that edit changed, as a runtime bug would
// have emitted them. The check starts from an empty per-transition cache.
func flagsEditedEvents(check func(*Context) bool, c *Context, edit func(events []trace.Event)) bool {
	events := append([]trace.Event(nil), c.Events...)
	edit(events)
	return check(transitionOf(c.Scenario, c.Before, c.In, c.After, events))
}

// flagsEditedBefore reports whether check flags the transition c replays
// with a copy of its state before that edit changed, as a runtime bug
// would have left it a step earlier.
func flagsEditedBefore(check func(*Context) bool, c *Context, edit func(before *model.State)) bool {
	before := *c.Before
	edit(&before)
	return check(transitionOf(c.Scenario, &before, c.In, c.After, c.Events))
}

// flagsEditedAfter reports whether check flags the transition c replays
// with a copy of its state after that edit changed, as a runtime bug
// would have left it.
func flagsEditedAfter(check func(*Context) bool, c *Context, edit func(after *model.State)) bool {
	after := *c.After
	edit(&after)
	return check(transitionOf(c.Scenario, c.Before, c.In, &after, c.Events))
}

// TestChanEvictCatchesAQueueJump proves the half of chan-evict that no
// fault of a depth-12 scenario reaches: send_evict_oldest with free
// capacity while a sender waits must be Full (004 1.5: the free slot is the
// waiter's). The state is reached for real (capacity 1: t1 holds the slot,
// t2 queues, t1 aborts, which frees the slot and wakes t2, still queued),
// then the same transition is replayed with a queued message in its events,
// as a runtime that jumps the queue would emit. The scenario is the
// channel scenario with capacity 1, the depth-13 case h5's scenarios may
// make reachable.
func TestChanEvictCatchesAQueueJump(t *testing.T) {
	sc, script := headFreedByAnAbort(t)
	before, after, events := reach(t, sc, append(script, kernel.Input{Op: kernel.ChanEvict, Task: 1}))
	if ch := &before.P.Kernel.Chan; ch.NWaiters == 0 || int(ch.Len)+int(ch.Reserved) >= 1 {
		t.Fatalf("setup: want a queued waiter and a free slot, have %d waiters, %d used", ch.NWaiters, int(ch.Len)+int(ch.Reserved))
	}
	c := transitionOf(&sc, &before, model.Input{K: kernel.Input{Op: kernel.ChanEvict, Task: 1}}, &after, events)
	if chanEvict(c) {
		t.Fatalf("the correct Full outcome is flagged: %v", events)
	}
	jumped := append(append([]trace.Event(nil), events...), trace.Event{Kind: trace.ChanSent, Task: 1, Msg: 1})
	if !chanEvict(transitionOf(&sc, &before, c.In, &after, jumped)) {
		t.Fatal("a send past the queued waiter is not flagged")
	}
}

// TestGhostFollowsTheRuntime: in a correct runtime the ghost is a function
// of the real state (so encoding it changes no distinct-state count): the
// owed pump turn is the pump's pending flag and the wakes seen during a
// poll are the kernel's Notified flags. Seeded random walks through every
// scenario with tasks compare them after each step.
func TestGhostFollowsTheRuntime(t *testing.T) {
	for _, name := range []string{"default", "native", "governors", "channel", "timers", "channel-timers"} {
		e, err := NewExplorable(scenarioNamed(t, name), nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(len(name)), 7))
		var offered []model.Input
		steps := 0
		for walk := 0; walk < 200; walk++ {
			s := e.Init()
			for range 40 {
				offered = e.Enabled(&s, offered[:0])
				if len(offered) == 0 {
					break
				}
				in := offered[rng.IntN(len(offered))]
				var log trace.Log
				if err := e.Apply(&s, in, &log); err != nil {
					t.Fatalf("%s: %v: %v", name, in, err)
				}
				steps++
				var notified uint16
				for i, run := range s.P.Kernel.Tasks {
					if run.Notified {
						notified |= 1 << i
					}
				}
				if s.Ghost.WokenInPoll != notified || s.Ghost.OwedTurn != s.P.Pending {
					t.Fatalf("%s, walk %d, after %v: ghost %+v, runtime notified %b pending %v", name, walk, in, s.Ghost, notified, s.P.Pending)
				}
			}
		}
		if steps < 1000 {
			t.Errorf("%s: only %d steps walked", name, steps)
		}
	}
}

// TestHeadWokenTwiceIsInOrder: 004 1.3's cascade_wake_next wakes the
// waiter queue's head, which stays queued until it polls, so a transition
// that frees two slots may wake the same head twice. Exploring channel to
// depth 17 met it: t1, the head, takes its permit and the reserve wakes
// t2, the new head; the permit is refused as an obligation (the region is
// draining) and dropped, and the drop's cascade wakes t2 again.
// chan-waiter-fifo had wanted every wake to go to a waiter not yet woken.
// reach checks every invariant on each step; a wake past the head stays a
// violation.
func TestHeadWokenTwiceIsInOrder(t *testing.T) {
	sc := scenarioNamed(t, "channel")
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Mask, Task: 1},
		{Op: kernel.ChanEvict, Task: 1}, {Op: kernel.ChanEvict, Task: 1}, {Op: kernel.ChanReserve, Task: 1},
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.ChanReserve, Task: 2},
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.ChanRecv, Task: 3}, {Op: kernel.ChanRecv, Task: 3},
		{Op: kernel.Yield, Task: 3}, {Op: kernel.Dispatch},
		{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.User)}, {Op: kernel.ChanReserve, Task: 1},
	})
	if count(events, trace.ChanSenderWoken) != 2 || count(events, trace.ChanPermitDropped) != 1 {
		t.Fatalf("setup: want a reserve, a dropped permit and two wakes of t2, have %v", events)
	}
	c := transitionOf(&sc, &before, model.Input{K: kernel.Input{Op: kernel.ChanReserve, Task: 1}}, &after, events)
	for i := range events {
		if e := &events[i]; e.Kind == trace.ChanSenderWoken {
			e.ID++ // a waiter behind t2, or none
			if !chanWaiterFIFO(c) {
				t.Errorf("a wake of waiter %d past the head is not flagged: %v", e.ID, events)
			}
			e.ID--
		}
	}
}

// TestTimerOrderCatchesABatchOutOfOrder proves the half of timer-order
// that fault unordered-timers does not reach: two timers fired in one
// step out of their (deadline, timer_id) order. The fault fires one
// timer a step in the default scenario (catch-up batch 1), so only the
// other half, a due timer left behind a later one, has met a bug. The
// state is reached for real (native, catch-up batch 2: t1 and t2 sleep
// 1 ms, time advances, one dispatch fires both), then the step is
// replayed with its two fires swapped, as a runtime that walks the
// timers backwards would emit.
func TestTimerOrderCatchesABatchOutOfOrder(t *testing.T) {
	sc := scenarioNamed(t, "native")
	sc.Kernel.CatchupBatch = 2
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1},
		{Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 1, N: 1},
		{Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 2, N: 1},
		{Op: kernel.Advance, N: 1}, {Op: kernel.Dispatch},
	})
	fires := eventsOf(events, trace.TimerFired)
	if len(fires) != 2 {
		t.Fatalf("setup: want one dispatch firing two timers, got %v", events)
	}
	c := transitionOf(&sc, &before, model.Input{K: kernel.Input{Op: kernel.Dispatch}}, &after, events)
	if timerOrder(c) {
		t.Fatalf("the correct order is flagged: %v", events)
	}
	if !flagsEditedEvents(timerOrder, c, func(ev []trace.Event) { ev[fires[0]], ev[fires[1]] = ev[fires[1]], ev[fires[0]] }) {
		t.Error("two fires out of order are not flagged")
	}
}

// TestQuiescenceCatchesWhatNoFaultLeaves proves the two halves of
// quiescence that no fault reaches: a region closing with a finalizer
// still pending, or with a child region still open (001 Quiescence
// Completion). Faults close-with-live-task and leak-unmarked trip its
// other halves, a live task and a Reserved obligation. A real close is
// reached (the finalizers scenario: r2 opened under r1 with one
// finalizer, closed, its finalizer done), then the same transition is
// replayed with the state after tampered each way, as a runtime that
// closed too early would leave it.
func TestQuiescenceCatchesWhatNoFaultLeaves(t *testing.T) {
	sc := scenarioNamed(t, "finalizers")
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.OpenRegion, Region: 1}, {Op: kernel.RegisterFinalizer, Region: 2},
		{Op: kernel.CloseRegion, Region: 2}, {Op: kernel.FinalizerDone, Region: 2},
	})
	if r2 := model.RegionRecord(&after.P.Kernel.Cancel, 2); r2.State != cancel.RegionClosed {
		t.Fatalf("setup: r2 is %v after its finalizer, want closed: %v", r2.State, events)
	}
	in := model.Input{K: kernel.Input{Op: kernel.FinalizerDone, Region: 2}}
	c := transitionOf(&sc, &before, in, &after, events)
	if quiescence(c) {
		t.Fatalf("the correct close is flagged: %v", events)
	}
	if !flagsEditedAfter(quiescence, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].Finalizers = 1 }) {
		t.Error("a region closed with a finalizer pending is not flagged")
	}
	openChild := cancel.Region{Used: true, Parent: 2, Depth: 2, State: cancel.RegionOpen}
	if !flagsEditedAfter(quiescence, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[2] = openChild }) {
		t.Error("a region closed with a child region open is not flagged")
	}
}

// TestMaskDerivedCatchesAStoredDepthAlone proves the half of mask-derived
// that no fault reaches: a task's stored mask depth that disagrees with
// its depth before moved by the step's mask events, while the events
// themselves are right. Faults mask-not-counted and mask-depth-other-task
// also misreport the depth in mask_entered, which the check's event half
// sees first. A real mask is reached (cancel-kinds, whose tasks mask),
// then the step is replayed with the stored depth one deeper.
func TestMaskDerivedCatchesAStoredDepthAlone(t *testing.T) {
	sc := scenarioNamed(t, "cancel-kinds")
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Mask, Task: 1},
	})
	in := model.Input{K: kernel.Input{Op: kernel.Mask, Task: 1}}
	c := transitionOf(&sc, &before, in, &after, events)
	if model.TaskRecord(&after.P.Kernel.Cancel, 1).Mask != 1 || maskDerived(c) {
		t.Fatalf("setup: want a correct mask to depth 1, got %v", events)
	}
	if !flagsEditedAfter(maskDerived, c, func(a *model.State) { a.P.Kernel.Cancel.Tasks[0].Mask++ }) {
		t.Error("a stored depth the events do not explain is not flagged")
	}
}

// TestChanQueueDerivedCatchesALengthAlone proves the half of
// chan-queue-derived that no fault reaches: a queue whose stored length
// disagrees with the messages the step's events leave in it. Fault
// send-loses-message keeps the length and loses the message, which the
// check's sequence half sees. A real send is reached (the channel
// scenario: t1 reserves and sends), then the step is replayed with one
// more message stored than the events put there.
func TestChanQueueDerivedCatchesALengthAlone(t *testing.T) {
	sc := scenarioNamed(t, "channel")
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch},
		{Op: kernel.ChanReserve, Task: 1}, {Op: kernel.ChanSend, Task: 1},
	})
	in := model.Input{K: kernel.Input{Op: kernel.ChanSend, Task: 1}}
	c := transitionOf(&sc, &before, in, &after, events)
	if after.P.Kernel.Chan.Len != 1 || chanQueueDerived(c) {
		t.Fatalf("setup: want one message queued by a correct send, got %v", events)
	}
	if !flagsEditedAfter(chanQueueDerived, c, func(a *model.State) { a.P.Kernel.Chan.Len++ }) {
		t.Error("a stored length the events do not explain is not flagged")
	}
}

// TestChanWaiterFIFOCatchesABargingPermit proves the half of
// chan-waiter-fifo that no fault reaches: with senders queued, a permit
// that goes to a task other than the head (004 1.11: the waiter queue is
// served in order). Fault lifo-waiters wakes the newest waiter, which
// the check's wake half sees first. A real grant to the head is reached
// (the channel scenario at capacity 1: t1 holds the slot, t2 queues, t1
// aborts and yields, t2 polls again and takes the slot), then the step is
// replayed with the permit going to t3 instead.
func TestChanWaiterFIFOCatchesABargingPermit(t *testing.T) {
	sc, script := headFreedByAnAbort(t)
	before, after, events := reach(t, sc, append(script,
		kernel.Input{Op: kernel.Yield, Task: 1}, kernel.Input{Op: kernel.Dispatch}, kernel.Input{Op: kernel.ChanReserve, Task: 2}))
	granted := eventsOf(events, trace.ChanReserved)
	if len(granted) != 1 || events[granted[0]].Task != 2 || before.P.Kernel.Chan.NWaiters == 0 {
		t.Fatalf("setup: want the queued head t2 granted, got %v", events)
	}
	in := model.Input{K: kernel.Input{Op: kernel.ChanReserve, Task: 2}}
	c := transitionOf(&sc, &before, in, &after, events)
	if chanWaiterFIFO(c) {
		t.Fatalf("the grant to the head is flagged: %v", events)
	}
	if !flagsEditedEvents(chanWaiterFIFO, c, func(ev []trace.Event) { ev[granted[0]].Task = 3 }) {
		t.Error("a permit past the queued head is not flagged")
	}
}

// TestWheelFireInclusiveCatchesAnEarlyFire proves the half of
// wheel-fire-inclusive that no fault reaches: a timer fired before its
// deadline with no coalescing window to allow it (004 2.4, INV-TM-08: an
// entry fires when its deadline is at or before now). Fault
// exclusive-deadline fires late, which the check's other half sees. A
// real fire is reached (timers: t1 sleeps 1 ms, time advances 1 ms, a
// dispatch fires it), then the step is replayed with the fire reporting
// a deadline one past now.
func TestWheelFireInclusiveCatchesAnEarlyFire(t *testing.T) {
	sc, script := wheelTimerDue(t)
	before, after, events := reach(t, sc, append(script, kernel.Input{Op: kernel.Dispatch}))
	fired := eventsOf(events, trace.WheelFired)
	in := model.Input{K: kernel.Input{Op: kernel.Dispatch}}
	c := transitionOf(&sc, &before, in, &after, events)
	if len(fired) != 1 || wheelFireInclusive(c) {
		t.Fatalf("setup: want one correct wheel fire, got %v", events)
	}
	if !flagsEditedEvents(wheelFireInclusive, c, func(ev []trace.Event) { ev[fired[0]].Deadline = ev[fired[0]].Now + 1 }) {
		t.Error("a fire before its deadline is not flagged")
	}
}

// TestTimersDerivedCatchesARegistrationItsRecordDenies proves the half of
// timers-derived that no fault reaches: a timer_registered whose stored
// timer is not the one it announces (another task or deadline), or that
// lands on a timer still live. Fault cancel-keeps-timer-live leaves a
// cancelled timer live, which the check's final comparison sees. A real
// registration is reached (native: t1 sleeps 1 ms), then the step is
// replayed with the stored timer's deadline moved, and then with the
// slot live before the step.
func TestTimersDerivedCatchesARegistrationItsRecordDenies(t *testing.T) {
	sc := scenarioNamed(t, "native")
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 1, N: 1},
	})
	in := model.Input{K: kernel.Input{Op: kernel.Sleep, Task: 1, N: 1}}
	c := transitionOf(&sc, &before, in, &after, events)
	if !after.P.Kernel.Timers[0].Live || timersDerived(c) {
		t.Fatalf("setup: want a correct registration in slot 1, got %v", events)
	}
	if !flagsEditedAfter(timersDerived, c, func(a *model.State) { a.P.Kernel.Timers[0].Deadline++ }) {
		t.Error("a stored deadline other than the announced one is not flagged")
	}
	overwritten := before
	overwritten.P.Kernel.Timers[0] = after.P.Kernel.Timers[0]
	if !timersDerived(transitionOf(&sc, &overwritten, in, &after, events)) {
		t.Error("a registration over a live timer is not flagged")
	}
}

// TestCompletionOutcomeCatchesACompletionNoReturnMade proves the half of
// completion-outcome that no fault reaches: a task that completes on a
// step that was not its own return (complete or finalize_done: 001 R2,
// T4). Its faults complete with the wrong outcome on a return. A real
// return is reached (native: t1 runs and completes Ok), then the step is
// replayed as though it had been t1's yield. The check sees it twice: no
// return is found, and the outcome it would have returned (None) is not
// the one stored; either alone fails the step.
func TestCompletionOutcomeCatchesACompletionNoReturnMade(t *testing.T) {
	c, _ := completedOk(t)
	if !flagsWithInput(completionOutcome, c, model.Input{K: kernel.Input{Op: kernel.Yield, Task: 1}}) {
		t.Error("a completion on a step that was not the task's return is not flagged")
	}
}

// TestRegionClosesCatchesAFinalizingRegionLeftOpen proves the half of
// region-closes that no fault reaches: a region still Finalizing with no
// finalizer left to run, which the last finalizer_done must have closed
// (001 Quiescence Completion). Its fault, no-advance-on-finalize, leaves
// a quiescent Closing or Draining region open: the other half. A real Finalizing region is
// reached (finalizers: r2 with one finalizer, closed), then the step is
// replayed with that finalizer gone and the region left Finalizing.
func TestRegionClosesCatchesAFinalizingRegionLeftOpen(t *testing.T) {
	sc := scenarioNamed(t, "finalizers")
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.OpenRegion, Region: 1}, {Op: kernel.RegisterFinalizer, Region: 2},
		{Op: kernel.CloseRegion, Region: 2},
	})
	in := model.Input{K: kernel.Input{Op: kernel.CloseRegion, Region: 2}}
	c := transitionOf(&sc, &before, in, &after, events)
	if r2 := model.RegionRecord(&after.P.Kernel.Cancel, 2); r2.State != cancel.RegionFinalizing || r2.Finalizers != 1 || regionCloses(c) {
		t.Fatalf("setup: want r2 Finalizing with its finalizer pending, got %v", events)
	}
	if !flagsEditedAfter(regionCloses, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].Finalizers = 0 }) {
		t.Error("a Finalizing region with no finalizer left is not flagged")
	}
}

// TestHostTurnCatchesHostMetadataOnNative proves the half of host-turn
// that no fault reaches: a native backend, which has no host, tagging an
// event with a host turn or microtask batch (000 S6 makes them the
// browser adapter's ordering metadata; the rule's own words: native
// events carry neither). Its faults miscount the browser's turns. A real
// native step is reached (t1 spawned and dispatched), then replayed with
// one event tagged host turn 1, and with it tagged batch 1 alone.
func TestHostTurnCatchesHostMetadataOnNative(t *testing.T) {
	c := nativeDispatch(t)
	if len(c.Events) == 0 || hostTurn(c) {
		t.Fatalf("setup: want an untagged native dispatch, got %v", c.Events)
	}
	if !flagsEditedEvents(hostTurn, c, func(ev []trace.Event) { ev[0].HostTurn = 1 }) {
		t.Error("a native event with a host turn is not flagged")
	}
	if !flagsEditedEvents(hostTurn, c, func(ev []trace.Event) { ev[0].Batch = 1 }) {
		t.Error("a native event with a microtask batch is not flagged")
	}
}

// TestChanRolesCatchesAnOperationInTheWrongRole proves the half of
// chan-roles that no fault reaches: a channel operation taken by a task
// of the other role (004 1.1: the senders are t1..tN, the receiver
// t(N+1)). Its faults miscount a role in the kernel, which the half
// about what a completion drops sees first. A real receive is reached
// (channel: t3 polls recv on an empty queue), then replayed as t2's, and
// as a reserve by t3.
func TestChanRolesCatchesAnOperationInTheWrongRole(t *testing.T) {
	sc := scenarioNamed(t, "channel")
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1},
		{Op: kernel.Dispatch}, {Op: kernel.Yield, Task: 1}, {Op: kernel.Dispatch}, {Op: kernel.Yield, Task: 2},
		{Op: kernel.Dispatch}, {Op: kernel.ChanRecv, Task: 3},
	})
	recv := kernel.Input{Op: kernel.ChanRecv, Task: 3}
	c := transitionOf(&sc, &before, model.Input{K: recv}, &after, events)
	if chanRoles(c) {
		t.Fatalf("setup: the receiver's own recv is flagged: %v", events)
	}
	for _, wrong := range []kernel.Input{{Op: kernel.ChanRecv, Task: 2}, {Op: kernel.ChanReserve, Task: 3}} {
		if !chanRoles(transitionOf(&sc, &before, model.Input{K: wrong}, &after, events)) {
			t.Errorf("%v, in the other role, is not flagged", wrong)
		}
	}
}

// TestCascadeReasonCatchesAChainCutThatFits proves the half of
// cascade-reason that no fault reaches: a task's cascaded reason whose
// chain fits the Cause-Chain Limits yet is cut or of the wrong depth (001
// Cascade Law, Cause-Chain Limits: a chain is cut only past a limit). Its
// faults get the reason's kind, origin or root wrong. A real cascade is
// reached (default: t1 spawned in r2, r1 cancelled), then replayed with
// t1's chain marked truncated, and with it one link short.
func TestCascadeReasonCatchesAChainCutThatFits(t *testing.T) {
	c := cascadeIntoChild(t)
	if r := model.TaskRecord(&kern(c.After).Cancel, 1).Reason; r.Depth != 2 || r.Truncated {
		t.Fatalf("setup: want t1's whole two-link chain, got %+v: %v", r, c.Events)
	}
	if !flagsEditedAfter(cascadeReason, c, func(a *model.State) { a.P.Kernel.Cancel.Tasks[0].Reason.Truncated = true }) {
		t.Error("a fitting chain marked truncated is not flagged")
	}
	if !flagsEditedAfter(cascadeReason, c, func(a *model.State) { a.P.Kernel.Cancel.Tasks[0].Reason.Depth = 1 }) {
		t.Error("a fitting chain one link short is not flagged")
	}
}

// TestWheelClockDerivedCatchesAClockOutOfStep proves the half of
// wheel-clock-derived that no fault reaches: a wheel whose time runs
// ahead of the kernel's clock, or goes back (004 2.3, 2.4: current_tick
// follows the clock). Its faults leave the time behind after a step that
// should have moved it, the other half. A real advance is reached
// (timers: t1 sleeps 1 ms, fires, sleeps 1 ms again, and time advances 1
// ms, which the wheel's time does not follow until a dispatch or a
// registration), then replayed with the wheel's time one past the clock,
// and one before the time it had.
func TestWheelClockDerivedCatchesAClockOutOfStep(t *testing.T) {
	sc, script := wheelTimerDue(t)
	advance := script[len(script)-1]
	before, after, events := reach(t, sc, append(script, kernel.Input{Op: kernel.Dispatch}, kernel.Input{Op: kernel.Sleep, Task: 1, N: 1}, advance))
	c := transitionOf(&sc, &before, model.Input{K: advance}, &after, events)
	was := before.P.Kernel.Wheel.Now
	if was == 0 || wheelClockDerived(c) {
		t.Fatalf("setup: want a correct advance from a wheel time past 0 (it was %d): %v", was, events)
	}
	clock := uint64(after.P.Kernel.Now)
	if !flagsEditedAfter(wheelClockDerived, c, func(a *model.State) { a.P.Kernel.Wheel.Now = clock + 1 }) {
		t.Error("a wheel ahead of the clock is not flagged")
	}
	if !flagsEditedAfter(wheelClockDerived, c, func(a *model.State) { a.P.Kernel.Wheel.Now = was - 1 }) {
		t.Error("a wheel whose time went back is not flagged")
	}
}

// TestObligationRecordCatchesARecordRewritten proves the half of
// obligation-record that no fault reaches: an obligation whose kind,
// region or holder changes after its reservation, or that vanishes
// unresolved. Its faults write a wrong record at the reservation, the
// other half. A later step on a held obligation is reached (native: t1
// reserves o1, then yields), then replayed with each field of o1's
// record changed, with the record marked unused, its fields kept (only
// the in-use test sees that), and with the record gone.
func TestObligationRecordCatchesARecordRewritten(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Reserve, Task: 1}, {Op: kernel.Yield, Task: 1},
	})
	if !c.Before.P.Kernel.Cancel.Obligations[0].Used || obligationRecord(c) {
		t.Fatalf("setup: want o1 held across a correct yield, got %v", c.Events)
	}
	for name, edit := range map[string]func(a *model.State){
		"kind":         func(a *model.State) { a.P.Kernel.Cancel.Obligations[0].Kind++ },
		"region":       func(a *model.State) { a.P.Kernel.Cancel.Obligations[0].Region++ },
		"holder":       func(a *model.State) { a.P.Kernel.Cancel.Obligations[0].Task++ },
		"in-use mark":  func(a *model.State) { a.P.Kernel.Cancel.Obligations[0].Used = false },
		"whole record": func(a *model.State) { a.P.Kernel.Cancel.Obligations[0] = cancel.Obligation{} },
	} {
		if !flagsEditedAfter(obligationRecord, c, edit) {
			t.Errorf("an obligation whose %s changed after its reservation is not flagged", name)
		}
	}
}

// polledTaskCancelled is a real cancel of the task being polled (native:
// t1 dispatched, then cancelled with User), which notes a wake for t1 and
// which changed-cancel-scheduled passes.
func polledTaskCancelled(t *testing.T) *Context {
	t.Helper()
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.CancelTask, Task: 1, Arg: uint8(cancel.User)},
	})
	if a := kern(c.After); a.Current != 1 || !a.Tasks[0].Notified || changedCancelScheduled(c) {
		t.Fatalf("setup: want polled t1 cancelled with a wake noted, got %v", c.Events)
	}
	return c
}

// TestChangedCancelScheduledCatchesAPolledTaskLeftUnwoken proves the half
// of changed-cancel-scheduled that no fault reaches: a cancel request that
// changes the task being polled must note a wake for it, to be queued when
// its poll returns (001 T1, Cascade Law step 5). Its fault leaves a task
// that is not being polled out of the lanes, the other half. A real
// cancel of the polled task is reached (native: t1 dispatched, then
// cancelled), then replayed with no wake noted.
func TestChangedCancelScheduledCatchesAPolledTaskLeftUnwoken(t *testing.T) {
	c := polledTaskCancelled(t)
	if !flagsEditedAfter(changedCancelScheduled, c, func(a *model.State) { a.P.Kernel.Tasks[0].Notified = false }) {
		t.Error("a cancelled polled task with no wake noted is not flagged")
	}
}

// TestChangesAnnouncedCatchesAFinalizerCountUnannounced proves the half
// of changes-announced that no fault reaches: a region's finalizer count
// moving by other than its finalizer_registered and finalizer_done
// events (001: the trace is the record a user sees). Its fault,
// silent-region-close, drops a region state's event, another half. A real
// registration is reached (finalizers: r2 opened, a finalizer
// registered), then replayed with the count moved by two.
func TestChangesAnnouncedCatchesAFinalizerCountUnannounced(t *testing.T) {
	sc := scenarioNamed(t, "finalizers")
	register := kernel.Input{Op: kernel.RegisterFinalizer, Region: 2}
	before, after, events := reach(t, sc, []kernel.Input{{Op: kernel.OpenRegion, Region: 1}, register})
	c := transitionOf(&sc, &before, model.Input{K: register}, &after, events)
	if model.RegionRecord(&after.P.Kernel.Cancel, 2).Finalizers != 1 || changesAnnounced(c) {
		t.Fatalf("setup: want r2's one finalizer announced, got %v", events)
	}
	if !flagsEditedAfter(changesAnnounced, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].Finalizers = 2 }) {
		t.Error("a finalizer count moved past its events is not flagged")
	}
}

// TestChainBoundedCatchesARegionChainMiscut proves the half of
// chain-bounded that no fault reaches: a region the cascade gives its
// first reason, with a chain other than the Cause-Chain Limits keep (001).
// Its fault, chain-memory-unbounded, keeps chains past the memory bound,
// which another half sees first. A real cascade is reached (default: r2
// opened, r1 cancelled), then replayed with r2's chain a link longer, and
// marked truncated.
func TestChainBoundedCatchesARegionChainMiscut(t *testing.T) {
	sc := scenarioNamed(t, "default")
	cancelRoot := kernel.Input{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.Shutdown)}
	before, after, events := reach(t, sc, []kernel.Input{{Op: kernel.OpenRegion, Region: 1}, cancelRoot})
	c := transitionOf(&sc, &before, model.Input{K: cancelRoot}, &after, events)
	if r := model.RegionRecord(&after.P.Kernel.Cancel, 2); !r.HasReason || r.Reason.Depth != 2 || chainBounded(c) {
		t.Fatalf("setup: want r2 given a whole two-link chain, got %+v: %v", r, events)
	}
	if !flagsEditedAfter(chainBounded, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].Reason.Depth = 3 }) {
		t.Error("a region chain a link longer than the cascade is not flagged")
	}
	if !flagsEditedAfter(chainBounded, c, func(a *model.State) { a.P.Kernel.Cancel.Regions[1].Reason.Truncated = true }) {
		t.Error("a whole region chain marked truncated is not flagged")
	}
}

// TestLocalPopOrderCatchesAQueueDisturbed proves the half of
// local-pop-order that no fault reaches: a local pop that leaves the
// workers' queues other than they were less the one entry it popped (004
// 3.5). Its faults pop the wrong entry or draw the RNG wrongly, the other
// half. A real pop is reached (stealing: t1 pushed on w0, t2 on w1, w0
// pops), then replayed with w1's queue emptied too.
func TestLocalPopOrderCatchesAQueueDisturbed(t *testing.T) {
	c, _ := popOfT1(t)
	if kern(c.After).Pool.Local[1].N != 1 {
		t.Fatalf("setup: want w0's pop to leave w1's t2 queued, got %v", c.Events)
	}
	if !flagsEditedAfter(localPopOrder, c, func(a *model.State) { a.P.Kernel.Pool.Local[1].N = 0 }) {
		t.Error("a pop that also empties another worker's queue is not flagged")
	}
}

// TestWheelSeqDerivedCatchesAStoredSeqRewritten proves the half of
// wheel-seq-derived that no fault reaches: an entry whose registration
// sequence, the same-deadline tie-break (004 2.2, INV-TM-03), changes
// after it was stored. Its fault, seq-stalls, numbers new registrations
// wrongly, the other half. A later step on a stored entry is reached
// (timers: t1 sleeps 1 ms, then time advances), then replayed with the
// entry's sequence moved.
func TestWheelSeqDerivedCatchesAStoredSeqRewritten(t *testing.T) {
	sc, script := wheelTimerDue(t)
	c := lastStep(t, sc, script)
	stored := -1
	for i, e := range c.After.P.Kernel.Wheel.Entries {
		if e.Used {
			stored = i
		}
	}
	if stored < 0 || wheelSeqDerived(c) {
		t.Fatalf("setup: want t1's entry stored across a correct advance, got %v", c.Events)
	}
	if !flagsEditedAfter(wheelSeqDerived, c, func(a *model.State) { a.P.Kernel.Wheel.Entries[stored].Seq++ }) {
		t.Error("a stored entry whose sequence moved is not flagged")
	}
}

// TestWheelHandleExactCatchesAHandleDroppedSilently proves the half of
// wheel-handle-exact that no fault reaches: a live handle that leaves the
// active map with neither a fire nor a cancel of it (004 2.5, 2.6,
// INV-TM-01: a timer leaves the active set only by firing or by a cancel
// naming its exact handle). Its fault, cancel-ignores-generation, cancels
// with a stale handle, the other half. A later step over t1's live handle is
// reached (timers: t1 sleeps 1 ms, then time advances), then replayed
// with the active map emptied.
func TestWheelHandleExactCatchesAHandleDroppedSilently(t *testing.T) {
	sc, script := wheelTimerDue(t)
	c := lastStep(t, sc, script)
	if c.After.P.Kernel.Wheel.ActiveUsed == 0 || wheelHandleExact(c) {
		t.Fatalf("setup: want t1's handle live across a correct advance, got %v", c.Events)
	}
	if !flagsEditedAfter(wheelHandleExact, c, func(a *model.State) { a.P.Kernel.Wheel.ActiveUsed = 0 }) {
		t.Error("a handle gone from the active map with no fire or cancel is not flagged")
	}
}

// TestBudgetGrantedCatchesAReasonPastItsTable proves budget-granted's
// range guard: a first request whose task carries a reason kind past the
// cleanup budget table (the semantics notes' eleven kinds) is flagged,
// where an unguarded lookup would stop the explorer. A real first request
// is reached (default: t1 spawned, then cancelled), then replayed with
// t1's reason one kind past the table.
func TestBudgetGrantedCatchesAReasonPastItsTable(t *testing.T) {
	sc := scenarioNamed(t, "default")
	c := lastStep(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.CancelTask, Task: 1, Arg: uint8(cancel.User)},
	})
	if tk := model.TaskRecord(&c.After.P.Kernel.Cancel, 1); tk.Phase != cancel.CancelRequested || budgetGranted(c) {
		t.Fatalf("setup: want t1's first request granted its budget, got %v", c.Events)
	}
	if !flagsEditedAfter(budgetGranted, c, func(a *model.State) {
		a.P.Kernel.Cancel.Tasks[0].Reason.Kind = cancel.Kind(len(cleanupBudgets))
	}) {
		t.Error("a request whose reason kind is past the budget table is not flagged")
	}
}

// TestChanConfiguredCatchesAChannelInputWithoutAChannel proves the half
// of chan-configured that no fault reaches: a runtime configured without
// a channel takes no channel operation (004 1.1). Its fault,
// has-channel-inclusive, emits a channel event, the other half. A real
// step of the default scenario, which has no channel, is reached (t1
// spawned), then replayed as each channel operation.
func TestChanConfiguredCatchesAChannelInputWithoutAChannel(t *testing.T) {
	sc := scenarioNamed(t, "default")
	c := lastStep(t, sc, []kernel.Input{{Op: kernel.Spawn, Region: 1}})
	if withChannel(&sc) || chanConfigured(c) {
		t.Fatalf("setup: want a spawn without a channel, got %v", c.Events)
	}
	for op := kernel.ChanReserve; op <= kernel.ChanClose; op++ {
		in := model.Input{K: kernel.Input{Op: op, Task: 1}}
		if !chanConfigured(transitionOf(c.Scenario, c.Before, in, c.After, c.Events)) {
			t.Errorf("%v without a channel is not flagged", in)
		}
	}
}

// TestWheelActiveDerivedCatchesMoreRegistrationsThanTheMapHolds proves
// wheel-active-derived's range guard: a step that announces more live
// registrations than the active map can hold is flagged, where an
// unguarded replay would stop the explorer. A real registration is
// reached (timers: t1 sleeps 1 ms), then replayed with as many more
// registrations, each a new id, as the map has entries.
func TestWheelActiveDerivedCatchesMoreRegistrationsThanTheMapHolds(t *testing.T) {
	sc, script := wheelTimerDue(t)
	c := lastStep(t, sc, script[:len(script)-1])
	reg := eventsOf(c.Events, trace.WheelRegistered)
	if len(reg) != 1 || wheelActiveDerived(c) {
		t.Fatalf("setup: want t1's one registration, got %v", c.Events)
	}
	more := append([]trace.Event(nil), c.Events...)
	for i := range wheel.MaxEntries {
		e := c.Events[reg[0]]
		e.ID += uint64(i + 1)
		more = append(more, e)
	}
	if !wheelActiveDerived(transitionOf(c.Scenario, c.Before, c.In, c.After, more)) {
		t.Error("more registrations than the active map holds are not flagged")
	}
}

// TestWaitersAnnouncedCatchesAWaiterSwapped proves the half of
// waiters-announced that no fault reaches: a waiter queue after the step
// of the announced length that holds another task than the one the
// events leave queued (004 1.3, 1.6). Its fault, silent-waiter-removal,
// changes the queue's length, the other half. A real step over a queued
// waiter is reached (channel at capacity 1: t1 holds the slot, t2 queues
// behind it, t1 aborts, which wakes t2, still queued), then replayed with
// the waiter turned into t1.
func TestWaitersAnnouncedCatchesAWaiterSwapped(t *testing.T) {
	sc, script := headFreedByAnAbort(t)
	c := lastStep(t, sc, script)
	q := c.After.P.Kernel.Chan.WaiterQueue()
	if len(q) != 1 || q[0].Task != 2 || waitersAnnounced(c) {
		t.Fatalf("setup: want t2 still queued after t1's abort, got %v: %v", q, c.Events)
	}
	if !flagsEditedAfter(waitersAnnounced, c, func(a *model.State) { a.P.Kernel.Chan.Waiters[0].Task = 1 }) {
		t.Error("a queued waiter other than the one the events leave is not flagged")
	}
}

// TestHostTimerAttrCatchesAStaleTimerMisclassed proves the half of
// host-timer-attr that no fault reaches: a stale_timer diagnostic must
// carry error_class stale_timer (000 P2). Its fault, stale-timer-next-gen,
// names the wrong generation, the other half. A real stale callback is
// reached (default: t1 sleeps 1 ms, its region is cancelled, which
// cancels the timer, and a timer turn advances 1 ms), then replayed with
// the diagnostic's class cleared.
func TestHostTimerAttrCatchesAStaleTimerMisclassed(t *testing.T) {
	c, stale := staleTimerTurn(t)
	if !flagsEditedEvents(hostTimerAttr, c, func(ev []trace.Event) { ev[stale].ErrorClass = trace.NoError }) {
		t.Error("a stale_timer without error_class stale_timer is not flagged")
	}
}

// TestWheelEventAttrCatchesAnEventAtAnEarlierTime proves the half of
// wheel-event-attr that no fault reaches: a wheel event other than a
// cascade or a dead entry's drop carries the time after the step (004
// 2.3, 2.4). Its fault, wheel-cancel-now-unset, stamps a cancel with no
// time at all, which the clause on time going back sees first. A real fire
// is reached (timers: t1 sleeps 1 ms, time advances, and the dispatch
// moves the wheel's time and fires t1's timer), then replayed with the
// fire stamped with the wheel's time before the step.
func TestWheelEventAttrCatchesAnEventAtAnEarlierTime(t *testing.T) {
	c, fired := wheelTimerFired(t)
	then := c.Before.P.Kernel.Wheel.Now
	if then == c.After.P.Kernel.Wheel.Now || wheelEventAttr(c) {
		t.Fatalf("setup: want the dispatch to move the wheel's time, got %v", c.Events)
	}
	if !flagsEditedEvents(wheelEventAttr, c, func(ev []trace.Event) { ev[fired].Now = then }) {
		t.Error("a fire stamped with the wheel's time before the step is not flagged")
	}
}

// TestWheelWrapSafeCatchesANewHandleAlreadyStored proves the half of
// wheel-wrap-safe that no fault reaches: a registration's handle must be
// held by no stored entry (INV-TM-06: an id or generation that wraps must
// not alias a live timer). Its fault, saturating-ids, stops the counters,
// which the half on the next handle sees first. A real second
// registration is reached (timers: t1 sleeps 1 ms, then t2 does), then
// replayed with t1's stored entry holding the handle t2 is given, as
// counters that wrapped onto it would leave it.
func TestWheelWrapSafeCatchesANewHandleAlreadyStored(t *testing.T) {
	sc := scenarioNamed(t, "timers")
	c := lastStep(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1},
		{Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 1, N: 1}, {Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 2, N: 1},
	})
	stored := -1
	for i, e := range c.Before.P.Kernel.Wheel.Entries {
		if e.Used {
			stored = i
		}
	}
	if stored < 0 || len(eventsOf(c.Events, trace.WheelRegistered)) != 1 || wheelWrapSafe(c) {
		t.Fatalf("setup: want t2 registered beside t1's stored entry, got %v", c.Events)
	}
	if !flagsEditedBefore(wheelWrapSafe, c, func(b *model.State) {
		w := &b.P.Kernel.Wheel
		w.Entries[stored].Handle = wheel.Handle{ID: w.NextID, Gen: w.NextGen}
	}) {
		t.Error("a registration whose handle a stored entry holds is not flagged")
	}
}

// TestWheelInsertionOrderCatchesAnEarlierTimerLeftWaiting proves the half
// of wheel-insertion-order the suite's faults do not reach: a fire leaves
// no live timer behind that comes before it in (deadline, registration)
// order (INV-TM-03, 004 2.4). Its fault, unstable-slot-order, fires a
// batch out of order, the other half. A real fire is reached (timers: t1
// sleeps 1 ms, time advances, a dispatch fires t1's timer), then replayed
// with a live timer of an earlier deadline still stored.
func TestWheelInsertionOrderCatchesAnEarlierTimerLeftWaiting(t *testing.T) {
	c, fired := wheelTimerFired(t)
	deadline := c.Events[fired].Deadline
	if deadline == 0 || wheelInsertionOrder(c) {
		t.Fatalf("setup: want t1's timer fired at a deadline past 0, got %v", c.Events)
	}
	if !flagsEditedAfter(wheelInsertionOrder, c, func(a *model.State) {
		w := &a.P.Kernel.Wheel
		h := wheel.Handle{ID: w.NextID, Gen: w.NextGen}
		w.Entries[len(w.Entries)-1] = wheel.Entry{Used: true, Task: 2, Deadline: deadline - 1, Handle: h}
		w.Active[len(w.Active)-1] = h
		w.ActiveUsed |= 1 << (len(w.Active) - 1)
	}) {
		t.Error("a fire that leaves a live timer of an earlier deadline waiting is not flagged")
	}
}
