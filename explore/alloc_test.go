package explore

import (
	"context"
	"fmt"
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
		allocsPerThousandAtMostOne(t, fmt.Sprintf("swarm %v", swarm), 2000, 4000, func(walks int) int64 {
			return mustRunForAllocs(t, m, Options{Strategy: Walk, Walks: walks, Depth: 40, Swarm: swarm}).Generated
		})
	}
}

func allocsIndependentOfStateCount[S any](t *testing.T, m Model[S, uint8], opt Options) {
	t.Helper()
	allocsPerThousandAtMostOne(t, fmt.Sprintf("%T %v workers %d", m, opt.Strategy, opt.Workers), 12, 13, func(depth int) int64 {
		opt.Depth = depth
		return mustRunForAllocs(t, m, opt).Generated
	})
}

// mustRunForAllocs is Run for a measure of its allocations: it allocates
// nothing of its own.
func mustRunForAllocs[S any](t *testing.T, m Model[S, uint8], opt Options) Result[uint8] {
	r, err := Run(context.Background(), m, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// allocsPerThousandAtMostOne measures the allocations of run at a small
// and a big size (a depth, a walk count; run returns the successors it
// generated) and fails if the extra work allocated more than once per
// thousand extra successors: one allocation per successor would be a
// thousand times that.
func allocsPerThousandAtMostOne(t *testing.T, label string, small, big int, run func(size int) int64) {
	t.Helper()
	measure := func(size int) (allocs float64, generated int64) {
		allocs = testing.AllocsPerRun(1, func() { generated = run(size) })
		return allocs, generated
	}
	smallAllocs, smallGen := measure(small)
	bigAllocs, bigGen := measure(big)
	t.Logf("%s: %.0f allocations for %d successors, %.0f for %d", label, smallAllocs, smallGen, bigAllocs, bigGen)
	if extra, extraGen := bigAllocs-smallAllocs, bigGen-smallGen; extra > float64(extraGen)/1000 {
		t.Errorf("%s: %.0f more allocations for %d more successors, want at most one per thousand", label, extra, extraGen)
	}
}
