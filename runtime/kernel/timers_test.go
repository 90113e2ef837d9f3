package kernel

import (
	"slices"
	"testing"
)

// TestReapStaleInExpirationOrder: a late host turn (000 F3) reaches
// cancelled timers of different deadlines at once; their stale
// diagnostics come in P2's (deadline, timer_id, generation) order, not
// slot order, and a cancelled timer whose deadline has passed is reaped
// as one on it is. Slot 1 holds deadline 3, slots 2 and 3 deadline 2,
// slot 4 deadline 5 (not yet due).
func TestReapStaleInExpirationOrder(t *testing.T) {
	s := New(DefaultConfig())
	for i, d := range []uint32{3, 2, 2, 5} {
		s.Timers[i] = Timer{Used: true, Task: uint8(i + 1), Gen: 1, Deadline: d}
	}
	s.Now = 4
	var got []uint8
	s.ReapStale(func(id uint8, _ Timer) { got = append(got, id) })
	if want := []uint8{2, 3, 1}; !slices.Equal(got, want) {
		t.Fatalf("reaped timers %v, want %v (deadline, then timer_id)", got, want)
	}
	for i, tm := range s.Timers[:4] {
		if tm.Used != (i == 3) {
			t.Errorf("timer %d: used %v after the reap", i+1, tm.Used)
		}
	}
}
