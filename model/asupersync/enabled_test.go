package asupersync

import (
	"testing"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/wheel"
)

// wheelState is a state of scenario name whose wheel, at time 10, holds a
// ready entry (deadline 5, due at registration), a level-0 entry (deadline
// 20), an overflow entry (deadline 30 h) and a cancelled entry (deadline
// 3, the earliest), with faults on.
func wheelState(t *testing.T, name string, faults fault.Set) (*Model, State) {
	t.Helper()
	sc := lookup(t, name)
	sc.Kernel.Faults = faults
	m := New(sc, nil)
	s := m.Init()
	w := &s.P.Kernel.Wheel
	w.Advance(10, nil)
	dead, err := w.TryRegister(3, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []uint64{5, 20, 30 * 3_600_000} {
		if _, err := w.TryRegister(d, 1, nil); err != nil {
			t.Fatal(err)
		}
	}
	w.Cancel(dead, nil)
	places := map[uint8]int{}
	for _, e := range w.Entries {
		if e.Used {
			places[e.Level]++
		}
	}
	if places[wheel.Ready] != 2 || places[wheel.Level0] != 1 || places[wheel.Overflow] != 1 {
		t.Fatalf("setup: placements %v, want 2 ready (one dead), 1 on level 0, 1 in overflow", places)
	}
	return m, s
}

// TestEarliestLiveDeadlineReadsTheWheel: the deadline the model's timer
// turns aim at is the earliest of the live entries wherever they lie,
// passing over a dead one, and it does not move with the runtime's own
// query: with fault next-deadline-skips-ready the runtime's NextDeadline
// misses the ready entry and the model still sees it.
func TestEarliestLiveDeadlineReadsTheWheel(t *testing.T) {
	for _, faults := range []fault.Set{{}, fault.Set{}.With(fault.NextDeadlineSkipsReady)} {
		_, s := wheelState(t, "wheel-browser", faults)
		w := &s.P.Kernel.Wheel
		if d, ok := earliestLiveDeadline(w); !ok || d != 5 {
			t.Errorf("faults %q: earliestLiveDeadline = %d %v, want 5 (the live ready entry)", faults, d, ok)
		}
		rd, _ := w.NextDeadline()
		if want := faults.Has(fault.NextDeadlineSkipsReady); (rd != 5) != want {
			t.Errorf("faults %q: the runtime's NextDeadline = %d: the fault should change it exactly when on", faults, rd)
		}
	}
	_, s := wheelState(t, "wheel-browser", fault.Set{})
	w := &s.P.Kernel.Wheel
	for _, e := range w.Entries {
		if e.Used && wheelHolds(w, e.Handle) {
			w.Cancel(e.Handle, nil)
		}
	}
	if d, ok := earliestLiveDeadline(w); ok {
		t.Errorf("every timer cancelled: earliestLiveDeadline = %d, want none", d)
	}
}
