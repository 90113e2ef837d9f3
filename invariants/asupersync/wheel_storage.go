package asupersync

import (
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// wheelStorageInvariants: the wheel's physical storage, which every wheel
// check reads (a cancelled entry stays stored until a slot, the ready list
// or a purge reaches it, 004 2.5), is derived from the events. An entry
// enters storage only by wheel_registered and leaves it only by
// wheel_fired, wheel_dead_dropped or wheel_purged, so a purge that clears
// dead entries silently, or an entry lost or kept without its event, shows
// as a count the events do not give. wheel-purge-announced covers the
// purge after a cancel; this covers the one after the last timer fires.
var wheelStorageInvariants = []Invariant{
	{"wheel-storage-derived", []string{"INV-TM-05", "INV-TM-02", "tm-purge-001", "004/2.5"},
		"the wheel's stored entries (live and dead) after a transition are those before plus one per wheel_registered, less one per wheel_fired or wheel_dead_dropped, and none after a wheel_purged, which is emitted only when it clears some entry", wheelStorageDerived},
}

func wheelStorageDerived(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	n := storedEntries(b)
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.WheelRegistered:
			n++
		case trace.WheelFired, trace.WheelDeadDropped:
			n--
		case trace.WheelPurged:
			if n <= 0 {
				return true
			}
			n = 0
		}
	}
	return storedEntries(a) != n
}

// storedEntries counts the wheel's used physical entries.
func storedEntries(w *wheel.State) int {
	n := 0
	for i := range w.Entries {
		if w.Entries[i].Used {
			n++
		}
	}
	return n
}

// wheelClockInvariants: the wheel's time (current_tick), which placement,
// the duration bound, collect and the cursors are all measured from, is
// derived from the kernel's clock. The kernel moves the wheel to its own
// clock before a registration and in every dispatch's phase 0, so after
// either the two agree, and in between the wheel's time neither goes back
// nor runs ahead. A wheel with no active timer that did not move its time
// at all passed every check (make mutate -tests seed 33): the cursors
// followed the stale time, as wheel-cursor-derived asks, and the entries
// were placed and fired from it consistently, only later than the clock.
var wheelClockInvariants = []Invariant{
	{"wheel-clock-derived", []string{"004/2.4", "004/2.3"},
		"the wheel's current_tick follows the kernel's clock: it never goes back and never passes the clock, and a step that registered a wheel timer (wheel_registered or wheel_rejected) or ran a dispatch's phase 0 (scheduler_step_begin) leaves it at the clock (advance_to sets current_tick to the target, with or without active timers)", wheelClockDerived},
}

func wheelClockDerived(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	now := uint64(kern(c.After).Now)
	if a.Now < b.Now || a.Now > now {
		return true
	}
	for ei := range c.Events {
		switch c.Events[ei].Kind {
		case trace.WheelRegistered, trace.WheelRejected, trace.StepBegin:
			return a.Now != now
		}
	}
	return false
}

// wheelSeqInvariants: the entries' registration sequence numbers, which
// wheel-insertion-order breaks deadline ties by, are derived from the
// registrations. The wheel itself never reads them (its storage is in
// registration order), so a sequence that stopped advancing changed no
// behaviour and passed every check while it blinded that tie-break: with
// seq-stalls on, unstable-slot-order explored clean in timers to depth 12.
var wheelSeqInvariants = []Invariant{
	{"wheel-seq-derived", []string{"INV-TM-03", "tm-same-deadline-001", "004/2.2"},
		"the wheel's registration sequence is derived from its registrations: the k-th wheel_registered of a step stores next_seq + k, next_seq advances by one per registration, and a stored entry keeps its number", wheelSeqDerived},
}

func wheelSeqDerived(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	next := b.NextSeq
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.WheelRegistered {
			continue
		}
		// An entry fired in the step that registered it is gone by now.
		if seq, stored := seqOf(a, e.ID, e.Gen); stored && seq != next {
			return true
		}
		next++
	}
	if a.NextSeq != next {
		return true
	}
	for i := range a.Entries {
		e := &a.Entries[i]
		if !e.Used {
			continue
		}
		if seq, stored := seqOf(b, e.Handle.ID, e.Handle.Gen); stored && seq != e.Seq {
			return true
		}
	}
	return false
}

// wheelCursorInvariants: the levels' cursors, which collect and cascade
// read and placement counts from, are derived from the wheel's time. A
// wheel with no active timer that moved its time but not its cursors
// passed every check (make mutate -tests seed 17): only the slots the
// entries took, or the ticks they fired at, could show it, and with no
// timer there were none.
var wheelCursorInvariants = []Invariant{
	{"wheel-cursor-derived", []string{"004/2.1", "004/2.4"},
		"each level's cursor is the wheel's time at that level's resolution: level k's is (now >> 8k) mod 256, advanced through the slots as time moves (004 2.4 step 1) and carried to level k+1 when level k wraps (step 2)", wheelCursorDerived},
}

func wheelCursorDerived(c *Context) bool {
	_, a, ok := wheels(c)
	if !ok {
		return false
	}
	for k := range a.Cursor {
		if a.Cursor[k] != uint8(a.Now>>(8*k)) {
			return true
		}
	}
	return false
}

// wheelCascadeInvariants: a cascade (004 2.4 step 2) re-inserts the entries
// of a higher level's slot, or brings one in from the overflow heap; a
// level-0 slot under the cursor hands its due entries to the ready list
// without one. wheel-placement checks where a wheel_cascaded puts the entry,
// not where it came from, so a level-0 collect that re-placed its entries
// through the cascade path, announcing moves that never happened, passed.
var wheelCascadeInvariants = []Invariant{
	{"wheel-cascade-from-above", []string{"004/2.4", "INV-TM-07", "tm-cascade-001"},
		"each wheel_cascaded names an entry that, as the step's earlier events leave it, lies at level 1, 2 or 3 or in the overflow heap: nothing cascades out of level 0 or the ready list", wheelCascadeFromAbove},
	{"wheel-cascade-announced", []string{"004/2.4", "INV-TM-07", "tm-cascade-001"},
		"every move of a stored entry from one level or slot to another is announced: an entry the wheel stores before and after the step, outside the ready list after it, lies where the step's wheel_cascaded events naming it put it, and where it was with none", wheelCascadeAnnounced},
}

func wheelCascadeFromAbove(c *Context) bool {
	b, _, ok := wheels(c)
	if !ok {
		return false
	}
	return cascadeBreaks(b, c.Events, func(from wheel.Entry, _ *trace.Event) bool {
		return from.Level == wheel.Level0 || from.Level == wheel.Ready
	})
}

// wheelCascadeAnnounced: wheel-cascade-announced. Only the ready list
// takes entries without an event of their own (a level-0 collect and a
// coalescing promotion move them there), so every other move of an entry
// the wheel keeps is one of its cascades. Before session 20 a wheel that
// cascaded silently passed every check: each read the cascades the trace
// announced, none asked whether an entry had moved unannounced.
func wheelCascadeAnnounced(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	placed, n := copyStored(b)
	cascadeBreaks(b, c.Events, func(from wheel.Entry, e *trace.Event) bool {
		for j := range n {
			if p := &placed[j]; p.Handle == from.Handle {
				p.Level, p.Slot = e.Level, e.Slot
			}
		}
		return false
	})
	for i := range a.Entries {
		e := &a.Entries[i]
		if !e.Used || e.Level == wheel.Ready {
			continue
		}
		for j := range n {
			if p := &placed[j]; p.Handle == e.Handle && (p.Level != e.Level || p.Slot != e.Slot) {
				return true
			}
		}
	}
	return false
}

// copyStored copies the entries the wheel stores, in storage order (a
// replay moves the copies, not the state).
func copyStored(w *wheel.State) (stored [wheel.MaxEntries]wheel.Entry, n int) {
	for i := range w.Entries {
		if w.Entries[i].Used {
			stored[n] = w.Entries[i]
			n++
		}
	}
	return stored, n
}

// cascadeBreaks replays the step's wheel_cascaded events over the entries
// the wheel stored before the step, moving each entry as its event says,
// and reports whether breaks holds of some event and its entry as the
// earlier events left it. The entry is passed by value so that the
// replay's table stays on the stack.
func cascadeBreaks(b *wheel.State, events []trace.Event, breaks func(from wheel.Entry, e *trace.Event) bool) bool {
	stored, n := copyStored(b)
	for ei := range events {
		e := &events[ei]
		if e.Kind != trace.WheelCascaded {
			continue
		}
		for j := range n {
			s := &stored[j]
			if s.Handle.ID != e.ID || s.Handle.Gen != e.Gen {
				continue
			}
			if breaks(*s, e) {
				return true
			}
			s.Level, s.Slot = e.Level, e.Slot
			break
		}
	}
	return false
}

// wheelCascadeTimeInvariants: a cascade happens at a fixed tick, which the
// event's now shows (004 2.4: level k's slot is taken when the level below
// wraps; an overflow entry enters at the first tick its delta is below
// max_wheel_duration). The jumps skip ticks, so a skip that passed a
// cascade's tick moves it later: same fires, other events. Entries with
// one deadline leave the overflow heap at one tick, and the heap's order
// among them (004 2.8: deadline, then generation) shows only in the order
// of their wheel_cascaded events: a heap whose top was the newest of equal
// deadlines passed every check (session 45's wheel audit, timers, depth 8).
var wheelCascadeTimeInvariants = []Invariant{
	{"wheel-cascade-on-time", []string{"004/2.4", "004/2.8", "tm-cascade-001", "tm-overflow-001"},
		"each wheel_cascaded happens at the tick its move is due: out of level k's slot s at a multiple of 256^k whose level-k index is s, out of the overflow heap at deadline - max_wheel_duration + 1 (the bound 24 h when unset); the entries that leave the overflow heap at one tick leave it in (deadline, registration) order (004 2.8: deadline, then generation, counted before any wrap)", wheelCascadeOnTime},
}

// wheelCascadeOnTime reads each entry's deadline and registration
// sequence from the wheel before the step (wheel-seq-derived derives the
// sequence from the registrations), not from the runtime's heap.
func wheelCascadeOnTime(c *Context) bool {
	b, _, ok := wheels(c)
	if !ok {
		return false
	}
	bound := c.Scenario.Kernel.WheelConfig.MaxWheelDuration
	if bound == 0 {
		bound = contractMaxWheelDuration
	}
	// The last entry out of the overflow heap, and its tick.
	var last wheel.Entry
	var lastNow uint64
	refilled := false
	return cascadeBreaks(b, c.Events, func(from wheel.Entry, e *trace.Event) bool {
		switch {
		case from.Level >= wheel.Level1 && from.Level <= wheel.Level3:
			shift := 8 * uint(from.Level)
			return e.Now&(1<<shift-1) != 0 || uint8(e.Now>>shift) != from.Slot
		case from.Level == wheel.Overflow:
			if from.Deadline < bound || e.Now != from.Deadline-bound+1 {
				return true
			}
			if refilled && e.Now == lastNow && (from.Deadline < last.Deadline || from.Deadline == last.Deadline && from.Seq < last.Seq) {
				return true
			}
			last, lastNow, refilled = from, e.Now, true
		}
		return false
	})
}
