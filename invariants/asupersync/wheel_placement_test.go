package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/wheel"
)

// TestWheelPlacementPromotedEntry: with coalescing on, a collect promotes
// every entry inside the window to the ready list before the catch-up
// batch fires any (004 2.4 step 5), so an entry that a cascade placed on
// level 0 in the same step may stay there, promoted and unfired. The
// state is reached for real in coalesce-batch (timers at 256 and 257 ms
// cascade together at 256; the batch of 1 fires the first): the check
// accepts it, and flags the same stored entry when the scenario has no
// coalescing, where nothing promotes an entry not yet due.
func TestWheelPlacementPromotedEntry(t *testing.T) {
	sc, err := model.Lookup("coalesce-batch")
	if err != nil {
		t.Fatal(err)
	}
	before, after, events := reach(t, sc, []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 1, N: 256},
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Sleep, Task: 2, N: 257},
		{Op: kernel.Advance, N: 256}, {Op: kernel.Dispatch},
	})
	w := &after.P.Kernel.Wheel
	if j := wheelEntry(w, 1, 1); j < 0 || w.Entries[j].Level != wheel.Ready || w.Entries[j].Deadline <= w.Now {
		t.Fatalf("setup: want t2's timer promoted, unfired and not yet due: %+v at now %d", w.Entries, w.Now)
	}
	c := Context{Scenario: &sc, Before: &before, In: model.Input{K: kernel.Input{Op: kernel.Dispatch}}, After: &after, Events: events}
	if wheelPlacement(&c) {
		t.Fatalf("the promoted entry is flagged: %v", events)
	}
	plain := sc
	plain.Kernel.WheelConfig.Coalesce = false
	c.Scenario = &plain
	if !wheelPlacement(&c) {
		t.Fatal("an entry in the ready list before its deadline, with no coalescing, is not flagged")
	}
}
