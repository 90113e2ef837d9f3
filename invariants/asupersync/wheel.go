package asupersync

import (
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// The timer-wheel invariants of 004 8.2, read from the wheel before and
// after a transition and from its events. They hold vacuously in a runtime
// that keeps its timers in the host table.

var wheelInvariants = []Invariant{
	{"wheel-handle-exact", []string{"INV-TM-01", "tm-cancel-stale-001", "tm-cancel-reuse-001"},
		"cancel removes a timer only on an exact (id, generation) match: a timer leaves the active set only by firing or by a cancel naming its exact handle", wheelHandleExact},
	{"wheel-lazy-cancel", []string{"INV-TM-02", "tm-cancel-001"},
		"only timers live (active) before the step fire: cancelled entries are skipped at fire time", wheelLazyCancel},
	{"wheel-insertion-order", []string{"INV-TM-03", "tm-same-deadline-001"},
		"timers fire in (deadline, registration) order: same-deadline timers in insertion order", wheelInsertionOrder},
	{"wheel-duration-bound", []string{"INV-TM-04", "tm-duration-exceeded-001"},
		"try_register accepts no duration over max_timer_duration (the scenario's, else the contract's 7 days)", wheelDurationBound},
	{"wheel-purge", []string{"INV-TM-05", "tm-purge-001", "004/2.5"},
		"when the active map empties, the last active timer cancelled or fired, the storage is purged: no entry and no occupancy bit remains", wheelPurge},
	{"wheel-wrap-safe", []string{"INV-TM-06", "tm-wrap-001"},
		"each registration takes the wrapping successors of the id and generation counters, and its handle is unlike every handle still stored", wheelWrapSafe},
	{"wheel-cascade-drops-dead", []string{"INV-TM-07", "tm-cascade-001", "tm-overflow-001"},
		"a cascade or overflow refill moves only live entries; dead ones are dropped", wheelCascadeDropsDead},
	{"wheel-fire-inclusive", []string{"INV-TM-08", "tm-insert-fire-001", "tm-immediate-001", "tm-coalesce-001"},
		"a timer fires only once deadline <= now (or inside a coalescing group's window), and a phase 0 that fired fewer timers than its batch left no live timer with deadline <= now", wheelFireInclusive},
}

func wheels(c *Context) (before, after *wheel.State, ok bool) {
	kb, ka := kern(c.Before), kern(c.After)
	if !c.Scenario.Kernel.Wheel {
		return nil, nil, false
	}
	return &kb.Wheel, &ka.Wheel, true
}

// activeHolds reports whether the wheel's active map holds h: the map
// wheel-active-derived follows from the events, read here rather than
// through package wheel's own lookup, so that a bug in that lookup cannot
// move the checks with it.
func activeHolds(w *wheel.State, h wheel.Handle) bool {
	for i := range w.Active {
		if w.ActiveUsed&(1<<i) != 0 && w.Active[i] == h {
			return true
		}
	}
	return false
}

// liveTimerOf is the handle of task t's live wheel timer, if it has one:
// a stored entry naming it whose exact handle the active map holds (the
// kernel's LiveTimerOf, which trusts the wheel's own lookup, read here).
func liveTimerOf(w *wheel.State, t uint8) (wheel.Handle, bool) {
	for i := range w.Entries {
		if e := &w.Entries[i]; e.Used && e.Task == t && activeHolds(w, e.Handle) {
			return e.Handle, true
		}
	}
	return wheel.Handle{}, false
}

// liveDue reports whether a live wheel timer (its exact handle in the
// active map) has a deadline at or before now: read from the stored entries
// themselves, not through package wheel's NextDeadline, the runtime's query
// that the kernel's Runnable trusts.
func liveDue(w *wheel.State, now uint64) bool {
	for i := range w.Entries {
		if e := &w.Entries[i]; e.Used && e.Deadline <= now && activeHolds(w, e.Handle) {
			return true
		}
	}
	return false
}

func wheelHandleExact(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.WheelCancelled && !activeHolds(b, wheel.Handle{ID: e.ID, Gen: e.Gen}) {
			return true
		}
	}
	for i := range b.Active {
		h := b.Active[i]
		if b.ActiveUsed&(1<<i) == 0 || activeHolds(a, h) {
			continue
		}
		if !handleEvent(c.Events, trace.WheelFired, h) && !handleEvent(c.Events, trace.WheelCancelled, h) {
			return true
		}
	}
	return false
}

func handleEvent(events []trace.Event, k trace.Kind, h wheel.Handle) bool {
	for ei := range events {
		e := &events[ei]
		if e.Kind == k && e.ID == h.ID && e.Gen == h.Gen {
			return true
		}
	}
	return false
}

func wheelLazyCancel(c *Context) bool {
	b, _, ok := wheels(c)
	if !ok {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.WheelFired && !activeHolds(b, wheel.Handle{ID: e.ID, Gen: e.Gen}) {
			return true
		}
	}
	return false
}

// seqOf is the registration sequence of a stored handle.
func seqOf(w *wheel.State, id, gen uint64) (uint32, bool) {
	for i := range w.Entries {
		if e := &w.Entries[i]; e.Used && e.Handle.ID == id && e.Handle.Gen == gen {
			return e.Seq, true
		}
	}
	return 0, false
}

func wheelInsertionOrder(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	var lastDeadline uint64
	var lastSeq uint32
	first := true
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.WheelFired {
			continue
		}
		seq, _ := seqOf(b, e.ID, e.Gen)
		if !first && (e.Deadline < lastDeadline || (e.Deadline == lastDeadline && seq < lastSeq)) {
			return true
		}
		first, lastDeadline, lastSeq = false, e.Deadline, seq
	}
	if first {
		return false
	}
	// Nothing registered earlier with a deadline no later than the last
	// fired one may still wait.
	for i := range a.Entries {
		e := &a.Entries[i]
		if e.Used && activeHolds(a, e.Handle) && (e.Deadline < lastDeadline || (e.Deadline == lastDeadline && e.Seq < lastSeq)) {
			return true
		}
	}
	return false
}

func wheelDurationBound(c *Context) bool {
	if _, _, ok := wheels(c); !ok {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.WheelRegistered && e.Deadline > e.Now && e.Deadline-e.Now > scenarioMaxTimer(c) {
			return true
		}
	}
	return false
}

// wheelPurge is 004 2.5 step 4: "When all timers cancelled (`active` map
// empty): `purge_inactive_storage()` clears all slot vectors and bitmaps".
// The condition is the active map, which a fire empties as a cancel does
// (upstream's collect_expired purges an empty wheel too), so any step that
// takes the wheel's last active timer away must leave no storage; a step
// that only cancelled it once was the sole case checked, and a collect that
// kept the dead entries passed.
func wheelPurge(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok || b.ActiveUsed == 0 || a.ActiveUsed != 0 {
		return false
	}
	for i := range a.Entries {
		if a.Entries[i].Used {
			return true
		}
	}
	return a.Occupied != [wheel.Levels][4]uint64{}
}

func wheelWrapSafe(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	id, gen := b.NextID, b.NextGen
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.WheelRegistered {
			continue
		}
		if e.ID != id || e.Gen != gen {
			return true
		}
		for i := range b.Entries {
			if s := &b.Entries[i]; s.Used && s.Handle.ID == e.ID && s.Handle.Gen == e.Gen {
				return true
			}
		}
		id, gen = id+1, gen+1
	}
	return a.NextID != id || a.NextGen != gen
}

func wheelCascadeDropsDead(c *Context) bool {
	b, _, ok := wheels(c)
	if !ok {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.WheelCascaded && !activeHolds(b, wheel.Handle{ID: e.ID, Gen: e.Gen}) {
			return true
		}
	}
	return false
}

func wheelFireInclusive(c *Context) bool {
	_, a, ok := wheels(c)
	if !ok {
		return false
	}
	coalesced := hasEvent(c.Events, trace.WheelCoalesced)
	fired := 0
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.WheelFired {
			fired++
			if e.Deadline > e.Now && !coalesced {
				return true
			}
		}
	}
	if c.In.K.Op != kernel.Dispatch {
		return false
	}
	batch := int(c.Scenario.Kernel.CatchupBatch)
	if batch == 0 {
		batch = 1
	}
	return fired < batch && liveDue(a, a.Now)
}

// scenarioMaxTimer is max_timer_duration as the scenario sets it, or the
// contract's 7 days where it leaves it unset (004 2.7), not as the
// runtime normalized it: a runtime that overrode an explicit bound would
// otherwise move the check's bound with it.
func scenarioMaxTimer(c *Context) uint64 {
	if d := c.Scenario.Kernel.WheelConfig.MaxTimerDuration; d != 0 {
		return d
	}
	return contractMaxTimerDuration
}

// scenarioMaxWheel is max_wheel_duration likewise (the contract's 24 h
// where unset). A bound past the levels' range needs no clamp here:
// placement sends a delta no level holds to the overflow heap anyway.
func scenarioMaxWheel(c *Context) uint64 {
	if d := c.Scenario.Kernel.WheelConfig.MaxWheelDuration; d != 0 {
		return d
	}
	return contractMaxWheelDuration
}
