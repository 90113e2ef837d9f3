package asupersync

import (
	"math"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// wheelSurvivorInvariants are the wheel rules mutants of runtime/wheel
// broke unnoticed (issue 10): the coalescing boundary, recomputed from the
// scenario's configuration rather than the wheel's, and the occupancy
// bitmaps, which the level-0 collect reads to find due slots.
var wheelSurvivorInvariants = []Invariant{
	{"wheel-coalesce-window", []string{"tm-coalesce-001", "004/2.4", "INV-TM-08"},
		"with coalescing on, a dispatch's collect at now fires, out of the live timers with deadline <= boundary = (now/window + 1)*window, all of them when there are at least min_group_size (up to the batch, announcing wheel_coalesced with that count, before any of them fires, when one fires early) and otherwise only those due by now", wheelCoalesceWindow},
	{"wheel-occupancy", []string{"004/2.2", "INV-TM-03"},
		"bit s of level k's occupancy bitmap is set exactly when some stored entry (live or dead) is placed at level k, slot s", wheelOccupancy},
}

// wheelCoalesceWindow checks one native dispatch, whose phase 0 is a
// single collect at the kernel's time over the entries stored before it.
// The window and group size come from the scenario, defaults as 004 2.7
// and semantics-notes give them (window 1 ms, group 1).
func wheelCoalesceWindow(c *Context) bool {
	cfg := c.Scenario.Kernel.WheelConfig
	if !c.Scenario.Kernel.Wheel || !cfg.Coalesce || c.In.Host != pump.NoHost || c.In.K.Op != kernel.Dispatch {
		return false
	}
	minGroup := int(cfg.MinGroupSize)
	if minGroup == 0 {
		minGroup = 1
	}
	now := uint64(kern(c.After).Now)
	boundary := coalesceBoundary(cfg.CoalesceWindow, now)
	b := &kern(c.Before).Wheel
	group, early := 0, false
	for i := range b.Entries {
		if e := &b.Entries[i]; e.Used && e.Deadline <= boundary && activeHolds(b, e.Handle) {
			group++
			early = early || e.Deadline > now
		}
	}
	limit := now
	if group >= minGroup {
		limit = boundary
	} else {
		early = false
	}
	fired, announced := 0, false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.WheelFired:
			fired++
			// The group is announced before it fires (004 2.4: step 5
			// promotes it to the batch, which then fires).
			if e.Deadline > limit || early && !announced {
				return true
			}
		case trace.WheelCoalesced:
			if !early || int(e.Count) != group {
				return true
			}
			announced = true
		}
	}
	batch := int(c.Scenario.Kernel.CatchupBatch)
	if batch == 0 {
		batch = 1
	}
	if fired >= batch {
		return false
	}
	a := &kern(c.After).Wheel
	for i := range a.Entries {
		if e := &a.Entries[i]; e.Used && e.Deadline <= limit && activeHolds(a, e.Handle) {
			return true
		}
	}
	return false
}

// coalesceBoundary is the coalescing boundary (now/window + 1)*window of
// semantics-notes, with the window the scenario sets (0: 1 ms, 004 2.7),
// saturating at the end of time.
func coalesceBoundary(window, now uint64) uint64 {
	if window == 0 {
		window = 1
	}
	if q := now / window; q+1 <= math.MaxUint64/window {
		return (q + 1) * window
	}
	return math.MaxUint64
}

func wheelOccupancy(c *Context) bool {
	_, a, ok := wheels(c)
	if !ok {
		return false
	}
	var occ [wheel.Levels][4]uint64
	for i := range a.Entries {
		if e := &a.Entries[i]; e.Used && e.Level < wheel.Levels {
			occ[e.Level][e.Slot/64] |= 1 << (e.Slot % 64)
		}
	}
	return occ != a.Occupied
}
