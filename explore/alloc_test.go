package explore

import (
	"context"
	"testing"
)

// TestAllocsIndependentOfStateCount shows that the hot loop allocates
// nothing per successor: deepening a run by a level adds 400 thousand
// successors but only the allocations that come per level (path records)
// or per growth of a big array (visited set, frontier, worker buffers),
// a few dozen. One allocation per successor would be 400 thousand; the
// bound is one per thousand.
func TestAllocsIndependentOfStateCount(t *testing.T) {
	m := &counters{K: 8, Max: 16, IncOnly: true}
	for _, opt := range []Options{{Workers: 1}, {Workers: 4}, {Strategy: DFS}} {
		allocsIndependentOfStateCount(t, m, opt)
	}
	// A model that counts coverage, which BFS snapshots per chunk.
	for _, opt := range []Options{{Workers: 1}, {Workers: 4}} {
		allocsIndependentOfStateCount(t, newCoveredCounters(m), opt)
	}
	// Kilobyte states, whose BFS frontier is compact: encoding blocks are
	// allocated per megabyte, not per state.
	for _, opt := range []Options{{Workers: 1}, {Workers: 4}} {
		allocsIndependentOfStateCount(t, &padded{m}, opt)
	}
}

// TestWalkAllocsIndependentOfWalkCount: walks allocate nothing per walk
// or per step, swarm walks included: twice the walks add only the
// visited set's growth.
func TestWalkAllocsIndependentOfWalkCount(t *testing.T) {
	m := kindedCounters{&counters{K: 8, Max: 16}}
	for _, swarm := range []bool{false, true} {
		run := func(walks int) (allocs float64, generated int64) {
			opt := Options{Strategy: Walk, Walks: walks, Depth: 40, Swarm: swarm}
			allocs = testing.AllocsPerRun(1, func() {
				r, err := Run(context.Background(), m, opt)
				if err != nil {
					t.Fatal(err)
				}
				generated = r.Generated
			})
			return allocs, generated
		}
		smallAllocs, smallGen := run(2000)
		bigAllocs, bigGen := run(4000)
		t.Logf("swarm %v: %.0f allocations for %d steps, %.0f for %d", swarm, smallAllocs, smallGen, bigAllocs, bigGen)
		if extra, extraGen := bigAllocs-smallAllocs, bigGen-smallGen; extra > float64(extraGen)/1000 {
			t.Errorf("swarm %v: %.0f more allocations for %d more steps, want at most one per thousand", swarm, extra, extraGen)
		}
	}
}

func allocsIndependentOfStateCount[S any](t *testing.T, m Model[S, uint8], opt Options) {
	t.Helper()
	run := func(depth int) (allocs float64, generated int64) {
		opt.Depth = depth
		allocs = testing.AllocsPerRun(1, func() {
			r, err := Run(context.Background(), m, opt)
			if err != nil {
				t.Fatal(err)
			}
			generated = r.Generated
		})
		return allocs, generated
	}
	smallAllocs, smallGen := run(12)
	bigAllocs, bigGen := run(13)
	t.Logf("%T %v workers %d: %.0f allocations for %d successors, %.0f for %d",
		m, opt.Strategy, opt.Workers, smallAllocs, smallGen, bigAllocs, bigGen)
	extra, extraGen := bigAllocs-smallAllocs, bigGen-smallGen
	if extra > float64(extraGen)/1000 {
		t.Errorf("%T %v workers %d: %.0f more allocations for %d more successors, want at most one per thousand",
			m, opt.Strategy, opt.Workers, extra, extraGen)
	}
}
