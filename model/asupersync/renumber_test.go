package asupersync

import (
	"slices"
	"testing"

	"modelcheck/model"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestCreatedNamesWhatTheStepMade: Created reports exactly the ids a step
// made, by kind, worked out by hand on the default scenario from its
// initial state (only the root region r1): a spawn makes t1, an open
// makes r2, a reservation by the polled t1 makes o1, and a step that
// makes nothing reports nothing. Further reservations fill the obligation
// table to its last id, which Created must name too (a shrunk or
// hand-written scenario may set obligations up to the table's size).
func TestCreatedNamesWhatTheStepMade(t *testing.T) {
	sc := lookup(t, "default")
	sc.Native = true // kernel operations only: no pump turns to interleave
	m := New(sc, nil)
	s := m.Init()
	var log trace.Log
	for _, c := range []struct {
		in   kernel.Input
		want []model.ID
	}{
		{kernel.Input{Op: kernel.Spawn, Region: 1}, []model.ID{{Kind: taskID, N: 1}}},
		{kernel.Input{Op: kernel.OpenRegion, Region: 1}, []model.ID{{Kind: regionID, N: 2}}},
		{kernel.Input{Op: kernel.Dispatch}, nil},
		{kernel.Input{Op: kernel.Reserve, Task: 1, Arg: uint8(cancel.Lease)}, []model.ID{{Kind: obligationID, N: 1}}},
		{kernel.Input{Op: kernel.Spawn, Region: 2}, []model.ID{{Kind: taskID, N: 2}}},
	} {
		before := s
		applyAll(t, m, &s, &log, Input{K: c.in})
		if got := Created(&before, &s, nil); !slices.Equal(got, c.want) {
			t.Errorf("%s created %v, want %v", c.in, got, c.want)
		}
	}
	// The obligation table to its last slot: each reservation makes the
	// next id, the table's last one included.
	for n := uint8(2); n <= cancel.MaxObligations; n++ {
		before := s
		applyAll(t, m, &s, &log, Input{K: kernel.Input{Op: kernel.Reserve, Task: 1, Arg: uint8(cancel.Lease)}})
		if got, want := Created(&before, &s, nil), []model.ID{{Kind: obligationID, N: n}}; !slices.Equal(got, want) {
			t.Errorf("reservation %d created %v, want %v", n, got, want)
		}
	}
}

// TestRenumberByHand: with t1, r2 and o1 gone, an input's ids of each
// kind move down by the gone ids of that kind below them, ids of other
// kinds do not move, and an input that names a gone id of any kind
// cannot be renumbered. Worked by hand: t3 -> t2, r3 -> r2, o2 -> o1;
// r1 stays (the gone region is above it); t1, r2 and o1 are gone.
func TestRenumberByHand(t *testing.T) {
	gone := []model.ID{{Kind: taskID, N: 1}, {Kind: regionID, N: 2}, {Kind: obligationID, N: 1}}
	for _, c := range []struct {
		in, want kernel.Input
		ok       bool
	}{
		{kernel.Input{Op: kernel.Spawn, Region: 3}, kernel.Input{Op: kernel.Spawn, Region: 2}, true},
		{kernel.Input{Op: kernel.Spawn, Region: 1}, kernel.Input{Op: kernel.Spawn, Region: 1}, true},
		{kernel.Input{Op: kernel.Wake, Task: 3}, kernel.Input{Op: kernel.Wake, Task: 2}, true},
		{kernel.Input{Op: kernel.Commit, Task: 2, Obligation: 2}, kernel.Input{Op: kernel.Commit, Task: 1, Obligation: 1}, true},
		{kernel.Input{Op: kernel.Dispatch}, kernel.Input{Op: kernel.Dispatch}, true},
		{kernel.Input{Op: kernel.Wake, Task: 1}, kernel.Input{}, false},
		{kernel.Input{Op: kernel.CloseRegion, Region: 2}, kernel.Input{}, false},
		{kernel.Input{Op: kernel.Commit, Task: 2, Obligation: 1}, kernel.Input{}, false},
	} {
		got, ok := Renumber(Input{K: c.in}, gone)
		if ok != c.ok || ok && got.K != c.want {
			t.Errorf("Renumber(%s) = %s, %v; want %s, %v", c.in, got.K, ok, c.want, c.ok)
		}
	}
}
