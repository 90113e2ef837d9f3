package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// certDispatch is a real dispatch (native: t1 spawned and dispatched), which
// certificate-derived passes.
func certDispatch(t *testing.T) *Context {
	t.Helper()
	c := nativeDispatch(t)
	if certificateDerived(c) {
		t.Fatalf("setup: want a dispatch certificate-derived passes, got %v", c.Events)
	}
	return c
}

// TestCertificateDerivedCatchesAMaxStreakDrift proves certificate-derived's
// max_streak_observed clause (004 3.8: max_streak_observed is the maximum of
// the decisions' cancel streaks). A real dispatch is replayed with its
// certificate's max_streak_observed one higher after it; the witness hash
// does not cover that field, so only this clause can see it.
func TestCertificateDerivedCatchesAMaxStreakDrift(t *testing.T) {
	c := certDispatch(t)
	if !flagsEditedAfter(certificateDerived, c, func(a *model.State) { a.P.Kernel.Sched.Cert.MaxStreakObserved++ }) {
		t.Error("a max_streak_observed no decision gave is not flagged")
	}
}

// TestCertificateDerivedCatchesAMaxEffectiveLimitDrift proves the
// max_effective_limit_observed clause (004 3.8: the maximum of the
// decisions' effective limits). A real dispatch is replayed with that
// field one higher after it; the witness hash is recomputed from the
// tampered certificate itself, so it still agrees and only this clause
// decides.
func TestCertificateDerivedCatchesAMaxEffectiveLimitDrift(t *testing.T) {
	c := certDispatch(t)
	if !flagsEditedAfter(certificateDerived, c, func(a *model.State) { a.P.Kernel.Sched.Cert.MaxEffectiveLimitObserved++ }) {
		t.Error("a max_effective_limit_observed no decision gave is not flagged")
	}
}

// TestRegionReasonFromCancelCatchesAReasonForAnUnusedRegion proves
// region-reason-from-cancel's "used before" clause (001 Cascade Law: only a
// region of the tree before the step takes a reason from its cancel). A
// real cancel of region 1 (native, shutdown) is replayed with region 1
// unused before it: the target is in its own cascade, so only the used
// test refuses the reason it gets.
func TestRegionReasonFromCancelCatchesAReasonForAnUnusedRegion(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.Shutdown)}})
	if !model.RegionRecord(&kern(c.After).Cancel, 1).HasReason || regionReasonFromCancel(c) {
		t.Fatalf("setup: want region 1 cancelled with a reason, got %v", c.Events)
	}
	if !flagsEditedBefore(regionReasonFromCancel, c, func(b *model.State) { b.P.Kernel.Cancel.Regions[0].Used = false }) {
		t.Error("a reason given to a region unused before the step is not flagged")
	}
}

// hostSleep is a real host-timer sleep (default: t1 spawned and polled
// sleeps 1 ms), which registers slot 1 with timer_registered.
func hostSleep(t *testing.T) *Context {
	t.Helper()
	sc := scenarioNamed(t, "default")
	sleep := model.Input{K: kernel.Input{Op: kernel.Sleep, Task: 1, N: 1}}
	before, after, events := reachInputs(t, sc, []model.Input{
		{K: kernel.Input{Op: kernel.Spawn, Region: 1}}, {Host: pump.RunMicrotask}, {K: kernel.Input{Op: kernel.Dispatch}}, sleep,
	})
	c := transitionOf(&sc, &before, sleep, &after, events)
	if c.Scenario.Kernel.Wheel || len(eventsOf(events, trace.TimerRegistered)) != 1 || timerGenDerived(c) || timerSlotsDerived(c) {
		t.Fatalf("setup: want one host timer registered, got %v", events)
	}
	return c
}

// TestTimerGenDerivedCatchesAMisreportedGeneration proves timer-gen-derived's
// event clause (000 P2: timer_registered reports the (timer_id, generation)
// handle stored). A real sleep is replayed with its timer_registered
// reporting the generation one higher than the slot holds.
func TestTimerGenDerivedCatchesAMisreportedGeneration(t *testing.T) {
	c := hostSleep(t)
	reg := eventsOf(c.Events, trace.TimerRegistered)[0]
	if !flagsEditedEvents(timerGenDerived, c, func(ev []trace.Event) { ev[reg].Gen++ }) {
		t.Error("a timer_registered with a generation the slot does not hold is not flagged")
	}
}

// wheelSleep is a real wheel registration (timers: t1 spawned and polled
// sleeps 1 ms, placed at level 0, slot 1) and the index of its event.
func wheelSleep(t *testing.T) (*Context, int) {
	t.Helper()
	c := lastStep(t, scenarioNamed(t, "timers"), []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 1, N: 1}})
	at := eventsOf(c.Events, trace.WheelRegistered)
	if len(at) != 1 || c.Events[at[0]].Level != 0 || wheelPlacement(c) {
		t.Fatalf("setup: want one wheel registration at level 0, got %v", c.Events)
	}
	return c, at[0]
}

// TestWheelPlacementCatchesAMisreportedLevel proves wheel-placement's level
// clause (004 2.2: insert_entry places a 1 ms delta at level 0). A real
// registration is replayed with its wheel_registered naming level 1, its
// slot unchanged.
func TestWheelPlacementCatchesAMisreportedLevel(t *testing.T) {
	c, at := wheelSleep(t)
	if !flagsEditedEvents(wheelPlacement, c, func(ev []trace.Event) { ev[at].Level = 1 }) {
		t.Error("a wheel_registered at the wrong level is not flagged")
	}
}

// TestWheelPlacementCatchesAMisreportedSlot proves wheel-placement's slot
// clause (004 2.2: slot (deadline >> 8k) mod 256). A real registration is
// replayed with its wheel_registered naming the next slot, its level right.
func TestWheelPlacementCatchesAMisreportedSlot(t *testing.T) {
	c, at := wheelSleep(t)
	if !flagsEditedEvents(wheelPlacement, c, func(ev []trace.Event) { ev[at].Slot++ }) {
		t.Error("a wheel_registered in the wrong slot is not flagged")
	}
}

// TestTimerSlotsDerivedCatchesAHiddenStaleTimer proves timer-slots-derived's
// timer-turn clause (000 P2: a browser timer turn with the timer capability
// reports a dead due timer as stale_timer). A real stale timer turn is
// replayed with its stale_timer naming no slot: the slot leaves silently,
// dead and due, which only a turn other than a timer turn may do.
func TestTimerSlotsDerivedCatchesAHiddenStaleTimer(t *testing.T) {
	c, stale := staleTimerTurn(t)
	if timerSlotsDerived(c) {
		t.Fatalf("setup: want the stale turn to pass, got %v", c.Events)
	}
	if !flagsEditedEvents(timerSlotsDerived, c, func(ev []trace.Event) { ev[stale].Timer = 0 }) {
		t.Error("a dead timer reaped silently in a timer turn is not flagged")
	}
}

// TestTimerSlotsDerivedCatchesARegisteredSlotLeftFree proves the named
// clause (000 P2: a slot timer_registered names is in use after the step).
// A real sleep is replayed with slot 1 free after it.
func TestTimerSlotsDerivedCatchesARegisteredSlotLeftFree(t *testing.T) {
	c := hostSleep(t)
	if !flagsEditedAfter(timerSlotsDerived, c, func(a *model.State) { a.P.Kernel.Timers[0].Used = false }) {
		t.Error("a registered slot free after the step is not flagged")
	}
}

// TestTimerSlotsDerivedCatchesASlotTakenUnnamed proves the used-after clause
// (000 P2: a slot comes into use only by a timer_registered). A real sleep
// is replayed with slot 2, which nothing names, in use after it.
func TestTimerSlotsDerivedCatchesASlotTakenUnnamed(t *testing.T) {
	c := hostSleep(t)
	if !flagsEditedAfter(timerSlotsDerived, c, func(a *model.State) { a.P.Kernel.Timers[1].Used = true }) {
		t.Error("a slot in use that no event names is not flagged")
	}
}

// flagsEditedBoth is flagsEditedBefore and flagsEditedAfter at once.
func flagsEditedBoth(check func(*Context) bool, c *Context, eb, ea func(*model.State)) bool {
	before, after := *c.Before, *c.After
	eb(&before)
	ea(&after)
	return check(transitionOf(c.Scenario, &before, c.In, &after, c.Events))
}

// TestTimerSlotsDerivedCatchesALiveTimerDropped proves the live clause
// (sched.browser.timer.late_wakeup_after_cancel, 000 P2: only a cancelled
// timer may leave silently). A real sleep is replayed with slot 2 in use,
// live and due before it and free after it, no event naming it.
func TestTimerSlotsDerivedCatchesALiveTimerDropped(t *testing.T) {
	c := hostSleep(t)
	if !flagsEditedBoth(timerSlotsDerived, c,
		func(b *model.State) { b.P.Kernel.Timers[1] = kernel.Timer{Used: true, Live: true, Task: 1} },
		func(a *model.State) { a.P.Kernel.Timers[1].Used = false }) {
		t.Error("a live timer dropped silently is not flagged")
	}
}

// TestTimerSlotsDerivedCatchesAnEarlyDrop proves the deadline clause (000
// P2: lazy deletion drops a cancelled timer only once its deadline has
// passed). A real sleep is replayed with slot 2 in use, cancelled and due
// one ms after the step's time before it, and free after it, unnamed.
func TestTimerSlotsDerivedCatchesAnEarlyDrop(t *testing.T) {
	c := hostSleep(t)
	due := kern(c.After).Now + 1
	if !flagsEditedBoth(timerSlotsDerived, c,
		func(b *model.State) { b.P.Kernel.Timers[1] = kernel.Timer{Used: true, Task: 1, Deadline: due} },
		func(a *model.State) { a.P.Kernel.Timers[1].Used = false }) {
		t.Error("a cancelled timer dropped before its deadline is not flagged")
	}
}
