package asupersync

import (
	"math"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// wheelEntryLifeInvariants follow a wheel entry from registration to drop:
// its deadline, its slot, the step that lets go of it. They close the gaps
// session 45's audit of 004 2 found where a planted bug changed what the
// wheel stores or when it lets go of it and no check looked:
//   - a cascade that rounded an entry's deadline down to its slot's start
//     fired a 300 ms timer at 256 ms, reporting deadline 256: every check
//     read the deadline from the event or from the stored entry, which
//     the bug had changed too (it passed timers; coalescing caught it
//     only by its window);
//   - a skip-ahead that looked only at live entries jumped over slots
//     holding only cancelled ones, which stayed stored past their tick
//     (caught by package wheel's tests alone);
//   - a cancel that removed its entry at once, with wheel_dead_dropped,
//     broke lazy deletion, and only a kernel check tripped over its side
//     effects.
//
// They come last in the check order, so older faults keep their first
// reports.
var wheelEntryLifeInvariants = []Invariant{
	{"wheel-deadline-kept", []string{"004/2.2", "004/2.4", "INV-TM-08", "tm-cascade-001"},
		"a timer keeps the deadline it was registered with: a stored entry's deadline is its wheel_registered's and no step changes it, and wheel_fired reports that deadline", wheelDeadlineKept},
	{"wheel-slot-taken", []string{"004/2.4", "INV-TM-07", "tm-cascade-001"},
		"an entry lies in a slot only until the cursor reaches it: no entry (live or dead) that a step leaves where it was lies in a slot the wheel's time passed in that step (level 0's slot s at each tick t with t mod 256 = s, level k's at each multiple t of 256^k with (t >> 8k) mod 256 = s)", wheelSlotTaken},
	{"wheel-drops-when-reached", []string{"004/2.5", "004/2.4", "INV-TM-02", "tm-cancel-001"},
		"cancellation is lazy: an entry is dropped (wheel_dead_dropped) only when a slot, the overflow heap or the ready list reaches it, in a step that moves the wheel's time or collects (a dispatch's phase 0), never by the cancel itself, and only if it is dead: its exact handle out of the active map before the step or cancelled earlier in it", wheelDropsWhenReached},
}

// storedIndex is the index of the entry holding h in w's storage, or -1.
func storedIndex(w *wheel.State, h wheel.Handle) int {
	for i := range w.Entries {
		if e := &w.Entries[i]; e.Used && e.Handle == h {
			return i
		}
	}
	return -1
}

// registeredDeadline is the deadline the step's wheel_registered for h
// gave, if the step registered h.
func registeredDeadline(events []trace.Event, h wheel.Handle) (uint64, bool) {
	for ei := range events {
		if e := &events[ei]; e.Kind == trace.WheelRegistered && e.ID == h.ID && e.Gen == h.Gen {
			return e.Deadline, true
		}
	}
	return 0, false
}

// wheelDeadlineKept: the deadline a timer was registered with is the
// stored entry's before the step or, for a timer the step registered, its
// wheel_registered's; by induction over the steps that is the deadline of
// the registration.
func wheelDeadlineKept(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	kept := func(h wheel.Handle, deadline uint64) bool {
		if j := storedIndex(b, h); j >= 0 {
			return b.Entries[j].Deadline == deadline
		}
		if d, ok := registeredDeadline(c.Events, h); ok {
			return d == deadline
		}
		return true
	}
	for ei := range c.Events {
		if e := &c.Events[ei]; e.Kind == trace.WheelFired && !kept(wheel.Handle{ID: e.ID, Gen: e.Gen}, e.Deadline) {
			return true
		}
	}
	for i := range a.Entries {
		if e := &a.Entries[i]; e.Used && !kept(e.Handle, e.Deadline) {
			return true
		}
	}
	return false
}

// wheelSlotTaken: 004 2.4 steps 1-3 take every slot the cursor passes,
// dropping dead entries there. Only entries stored before and after the
// step at the same level and slot, with no wheel_cascaded naming them,
// are judged: they lay in that slot since before the step, so the slot's
// first take after the wheel's time before the step must lie beyond its
// time after.
func wheelSlotTaken(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok || a.Now <= b.Now {
		return false
	}
	for i := range a.Entries {
		e := &a.Entries[i]
		if !e.Used || e.Level >= wheel.Levels {
			continue
		}
		j := storedIndex(b, e.Handle)
		if j < 0 || b.Entries[j].Level != e.Level || b.Entries[j].Slot != e.Slot || handleEvent(c.Events, trace.WheelCascaded, e.Handle) {
			continue
		}
		if slotTakenAt(e.Level, e.Slot, b.Now) <= a.Now {
			return true
		}
	}
	return false
}

// slotTakenAt is the first tick after now at which level k's cursor takes
// slot s: level 0 at each tick t with t mod 256 = s, level k at each
// multiple t of 256^k (where every lower cursor wraps to 0) with
// (t >> 8k) mod 256 = s. MaxUint64 when that is past the end of time.
func slotTakenAt(k, s uint8, now uint64) uint64 {
	shift := 8 * uint(k)
	j := now >> shift
	dist := uint64(s - uint8(j))
	if dist == 0 {
		dist = wheel.SlotsPerLevel
	}
	if j+dist > math.MaxUint64>>shift {
		return math.MaxUint64
	}
	return (j + dist) << shift
}

// wheelDropsWhenReached: only advance_to (a move of the wheel's time) and
// collect_expired (phase 0 of a dispatch, native or through a host event)
// reach slots, the heap and the ready list, so a step that does neither,
// a cancel above all, drops nothing. The purge that empties the storage
// after the last cancel is announced by wheel_purged, not by drops. What
// is dropped must be dead, judged from the active map before the step (a
// browser turn may cancel a timer in one poll and drop its entry in the
// next step's collect): a lookup that missed a live timer dropped it as
// dead unseen while ids and generations started together.
func wheelDropsWhenReached(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	reached := a.Now != b.Now || c.In.Host != pump.NoHost || c.In.K.Op == kernel.Dispatch
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.WheelDeadDropped {
			continue
		}
		if !reached {
			return true
		}
		if h := (wheel.Handle{ID: e.ID, Gen: e.Gen}); activeHolds(b, h) && !handleEvent(c.Events[:ei], trace.WheelCancelled, h) {
			return true
		}
	}
	return false
}
