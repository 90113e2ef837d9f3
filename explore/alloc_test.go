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
