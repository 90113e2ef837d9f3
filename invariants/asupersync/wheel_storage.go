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
	for _, e := range c.Events {
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
