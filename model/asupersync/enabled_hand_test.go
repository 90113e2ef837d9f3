package asupersync

import (
	"slices"
	"testing"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestEnabledOffersEveryHeldObligation: the polled task is offered a
// commit and an abort of every obligation it holds, the table's last id
// included (a scenario may set obligations up to the table's size), and
// of a resolved one too, since resolving twice must be refused (the
// refusal is the path the checks watch). Worked on the native scenario
// with the obligation bound at the table's size: t1 reserves all of it,
// then commits o1; a reservation is offered up to the bound and not past it.
func TestEnabledOffersEveryHeldObligation(t *testing.T) {
	sc := lookup(t, "native")
	sc.Obligations = cancel.MaxObligations
	m := New(sc, nil)
	s := m.Init()
	var log trace.Log
	applyAll(t, m, &s, &log, kernelOps(kernel.Input{Op: kernel.Spawn, Region: 1}, kernel.Input{Op: kernel.Dispatch})...)
	reserve := kernel.Input{Op: kernel.Reserve, Task: 1, Arg: uint8(cancel.Lease)}
	for n := range cancel.MaxObligations {
		if !slices.Contains(m.Enabled(&s, nil), Input{K: reserve}) {
			t.Fatalf("t1 holds %d of the scenario's %d obligations and is not offered another", n, sc.Obligations)
		}
		applyAll(t, m, &s, &log, Input{K: reserve})
	}
	applyAll(t, m, &s, &log, Input{K: kernel.Input{Op: kernel.Commit, Task: 1, Obligation: 1}})
	offered := m.Enabled(&s, nil)
	for id := uint8(1); id <= cancel.MaxObligations; id++ {
		for _, op := range []kernel.Op{kernel.Commit, kernel.Abort} {
			in := Input{K: kernel.Input{Op: op, Task: 1, Obligation: id}}
			if !slices.Contains(offered, in) {
				t.Errorf("t1 holds o%d but is not offered %s", id, in)
			}
		}
	}
	if slices.Contains(offered, Input{K: reserve}) {
		t.Errorf("t1 is offered a reservation past the scenario's %d obligations", sc.Obligations)
	}
}

// TestRegionsOpenAsAChain: without SiblingRegions, a region opens only
// under the most recently opened one, and only while that one is Open:
// once it closes, no region opens at all (not under a shallower Open
// one, which would make the chain a tree). Worked on deep-regions (3
// regions): r2 opens under r1, then r2 is closed.
func TestRegionsOpenAsAChain(t *testing.T) {
	sc := lookup(t, "deep-regions")
	m := New(sc, nil)
	s := m.Init()
	opens := func() []kernel.Input {
		var out []kernel.Input
		for _, in := range m.Enabled(&s, nil) {
			if in.K.Op == kernel.OpenRegion {
				out = append(out, in.K)
			}
		}
		return out
	}
	var log trace.Log
	for _, c := range []struct {
		in   kernel.Input
		want []kernel.Input
	}{
		{kernel.Input{Op: kernel.OpenRegion, Region: 1}, []kernel.Input{{Op: kernel.OpenRegion, Region: 2}}},
		{kernel.Input{Op: kernel.CloseRegion, Region: 2}, nil},
	} {
		applyAll(t, m, &s, &log, Input{K: c.in})
		if got := opens(); !slices.Equal(got, c.want) {
			t.Errorf("after %s: opens offered %v, want %v", c.in, got, c.want)
		}
	}
}

// TestStaleTimerCancelOnlyOfALiveTimer: a cancel with an outdated handle
// (000 F2) is offered for a task whose wheel timer is live, and not for
// one whose timer was cancelled, though its entry is still stored (lazy
// cancel, 004 2.5: the active map no longer holds its handle). Worked on
// timers: t1 and t2 sleep 300 ms, then t1 is cancelled.
func TestStaleTimerCancelOnlyOfALiveTimer(t *testing.T) {
	sc := lookup(t, "timers")
	m := New(sc, nil)
	s := m.Init()
	var log trace.Log
	applyAll(t, m, &s, &log, kernelOps(
		kernel.Input{Op: kernel.Spawn, Region: 1},
		kernel.Input{Op: kernel.Spawn, Region: 1},
		kernel.Input{Op: kernel.Dispatch},
		kernel.Input{Op: kernel.Sleep, Task: 1, N: 300},
		kernel.Input{Op: kernel.Dispatch},
		kernel.Input{Op: kernel.Sleep, Task: 2, N: 300},
		kernel.Input{Op: kernel.CancelTask, Task: 1, Arg: uint8(cancel.User)},
	)...)
	stored := 0
	for _, e := range s.P.Kernel.Wheel.Entries {
		if e.Used {
			stored++
		}
	}
	if stored != 2 {
		t.Fatalf("setup: %d wheel entries stored, want t1's dead one and t2's live one", stored)
	}
	offered := m.Enabled(&s, nil)
	for id, want := range map[uint8]bool{1: false, 2: true} {
		if got := slices.Contains(offered, Input{K: kernel.Input{Op: kernel.TimerCancelStale, Task: id}}); got != want {
			t.Errorf("t%d: a stale timer cancel offered %v, want %v", id, got, want)
		}
	}
}

// TestStealsWithTwoWorkers: with two workers each may steal from the
// other (004 3.6), so a steal by each is offered, as with three.
func TestStealsWithTwoWorkers(t *testing.T) {
	sc := lookup(t, "stealing")
	sc.Kernel.Workers = 2
	m := New(sc, nil)
	s := m.Init()
	offered := m.Enabled(&s, nil)
	for w := uint8(0); w < 2; w++ {
		if !slices.Contains(offered, Input{K: kernel.Input{Op: kernel.PoolSteal, Arg: w}}) {
			t.Errorf("worker %d is offered no steal", w)
		}
	}
}
