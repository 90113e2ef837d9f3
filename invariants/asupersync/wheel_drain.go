package asupersync

import "modelcheck/runtime/wheel"

// wheelDrainInvariants: wheel-cascade-drops-dead reads the cascade events,
// but moving a level-0 slot's due entries into the ready list (004 2.4's
// drain) emits none, so a drain that kept a cancelled entry, moving it to
// the ready list where the fire loop drops it later, changed the counts
// (timers 295,105 to 295,707 distinct at depth 12) and passed every check
// (session 14's exhaustive mutation of runtime/wheel, collect.go:151).
// This check compares the entries themselves. It comes late in the check
// order, so the older faults keep their first reports.
var wheelDrainInvariants = []Invariant{
	{"wheel-drain-drops-dead", []string{"INV-TM-07", "004/2.4", "tm-cancel-001"},
		"an entry that a step moves from a wheel slot or the overflow heap into the ready list is live (its exact handle in the active map): dead entries are dropped during cascade and drain, not carried to the ready list", wheelDrainDropsDead},
}

// wheelDrainDropsDead finds each entry stored with the same handle before
// and after the step that was outside the ready list before and is in it
// after, and asks the active map before the step whether it was live. A
// timer cancelled in the step itself was live before, so it is not
// blamed here; the fire loop's is_live check (wheel-lazy-cancel) covers
// its firing.
func wheelDrainDropsDead(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	for i := range a.Entries {
		eb, ea := &b.Entries[i], &a.Entries[i]
		if !eb.Used || !ea.Used || eb.Handle != ea.Handle || eb.Level == wheel.Ready || ea.Level != wheel.Ready {
			continue
		}
		if !activeHolds(b, ea.Handle) {
			return true
		}
	}
	return false
}
