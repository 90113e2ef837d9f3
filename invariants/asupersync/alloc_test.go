package asupersync

import (
	"context"
	"testing"

	"modelcheck/explore"
	model "modelcheck/model/asupersync"
)

// TestHotLoopAllocatesNothingPerSuccessor: exploring deeper adds hundreds
// of thousands of transitions (model step, invariant checks, encoding,
// fingerprint) but only the handful of allocations that grow the
// explorer's tables. The scenarios cover the checks of the kernel alone,
// of the timer wheel and of the channel, each of which runs only where
// its part exists.
func TestHotLoopAllocatesNothingPerSuccessor(t *testing.T) {
	for _, c := range []struct {
		scenario      string
		shallow, deep int
	}{{"default", 7, 9}, {"timers", 9, 11}, {"channel-timers", 9, 11}} {
		sc, err := model.Lookup(c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		allocs := func(depth int) (float64, int64) {
			var generated int64
			n := testing.AllocsPerRun(1, func() {
				e, err := NewExplorable(sc, nil)
				if err != nil {
					t.Fatal(err)
				}
				r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: depth, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				generated = r.Generated
			})
			return n, generated
		}
		a0, g0 := allocs(c.shallow)
		a1, g1 := allocs(c.deep)
		extra, more := a1-a0, g1-g0
		t.Logf("%s: depth %d: %.0f allocs, %d transitions; depth %d: %.0f allocs, %d transitions", c.scenario, c.shallow, a0, g0, c.deep, a1, g1)
		if more < 100_000 || extra > float64(more)/1000 {
			t.Fatalf("%s: %d more transitions cost %.0f more allocations", c.scenario, more, extra)
		}
	}
}
