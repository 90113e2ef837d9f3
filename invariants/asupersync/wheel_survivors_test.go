package asupersync

import (
	"testing"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// coalescingFire is a real dispatch's collect in the coalescing scenario
// (window 4 ms, min group 2, catch-up batch 2), which
// wheel-coalesce-window passes, and the indices of its wheel_fired events:
// t1 sleeps 1 ms, then, when sleeps is set, t2 sleeps 3 ms; time advances
// 1 ms and t1 dispatches again. With t2's timer the two are a group inside
// the boundary (4 ms) and fire together, announced; alone, t1's timer is
// no group and fires as due.
func coalescingFire(t *testing.T, group bool) (c *Context, fired []int) {
	t.Helper()
	script := []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 1, N: 1}}
	if group {
		script = append(script, kernel.Input{Op: kernel.Dispatch}, kernel.Input{Op: kernel.Sleep, Task: 2, N: 3})
	}
	c = lastStep(t, scenarioNamed(t, "coalescing"), append(script, kernel.Input{Op: kernel.Advance, N: 1}, kernel.Input{Op: kernel.Dispatch}))
	fired = eventsOf(c.Events, trace.WheelFired)
	coalesced := eventsOf(c.Events, trace.WheelCoalesced)
	want := 1
	if !group {
		want = 0
	}
	if len(coalesced) != want || len(fired) != 1+want || wheelCoalesceWindow(c) {
		t.Fatalf("setup: want %d fires and %d wheel_coalesced, unflagged, got %v", 1+want, want, c.Events)
	}
	return c, fired
}

// TestWheelCoalesceWindowCatchesAFirePastTheLimit proves
// wheel-coalesce-window's deadline clause (004 2.4, INV-TM-08: with no
// group of min_group_size a collect fires only what is due by now). A real
// fire of t1's lone due timer is reached (coalescing), then replayed with
// the fire reporting a deadline 1 ms past now, inside the window but with
// no group to promote it.
func TestWheelCoalesceWindowCatchesAFirePastTheLimit(t *testing.T) {
	c, fired := coalescingFire(t, false)
	if !flagsEditedEvents(wheelCoalesceWindow, c, func(ev []trace.Event) { ev[fired[0]].Deadline = ev[fired[0]].Now + 1 }) {
		t.Error("a fire past now with no coalescing group is not flagged")
	}
}

// TestWheelCoalesceWindowCatchesACoalescingOfNoGroup proves
// wheel-coalesce-window's announcement clause (004 2.4 step 5,
// tm-coalesce-001: wheel_coalesced announces a group promoted early, and
// none is when no group reaches min_group_size). A real fire of t1's lone
// due timer is reached (coalescing), then replayed with a wheel_coalesced
// of count 1, the size the collect saw, before the fire.
func TestWheelCoalesceWindowCatchesACoalescingOfNoGroup(t *testing.T) {
	c, fired := coalescingFire(t, false)
	events := append([]trace.Event(nil), c.Events[:fired[0]]...)
	events = append(events, trace.Event{Kind: trace.WheelCoalesced, Count: 1, Now: c.Events[fired[0]].Now})
	events = append(events, c.Events[fired[0]:]...)
	if !wheelCoalesceWindow(transitionOf(c.Scenario, c.Before, c.In, c.After, events)) {
		t.Error("a wheel_coalesced with no group promoted is not flagged")
	}
}

// TestWheelCoalesceWindowCatchesAGroupMiscounted proves
// wheel-coalesce-window's count clause (004 2.4 step 5, tm-coalesce-001:
// wheel_coalesced reports the group's size). A real coalesced collect is
// reached (coalescing: t1's 1 ms and t2's 3 ms timers fire together at 1
// ms), then replayed with its wheel_coalesced counting 3.
func TestWheelCoalesceWindowCatchesAGroupMiscounted(t *testing.T) {
	c, _ := coalescingFire(t, true)
	coalesced := eventsOf(c.Events, trace.WheelCoalesced)[0]
	if c.Events[coalesced].Count != 2 {
		t.Fatalf("setup: want a group of 2 announced, got %v", c.Events)
	}
	if !flagsEditedEvents(wheelCoalesceWindow, c, func(ev []trace.Event) { ev[coalesced].Count = 3 }) {
		t.Error("a wheel_coalesced miscounting its group is not flagged")
	}
}
