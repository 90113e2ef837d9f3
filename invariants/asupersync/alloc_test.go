package asupersync

import (
	"context"
	"testing"

	"modelcheck/explore"
	model "modelcheck/model/asupersync"
)

// TestHotLoopAllocatesNothingPerSuccessor: exploring one level deeper adds
// hundreds of thousands of transitions (model step, invariant checks,
// encoding, fingerprint) but only the handful of allocations that grow the
// explorer's tables.
func TestHotLoopAllocatesNothingPerSuccessor(t *testing.T) {
	sc, err := model.Lookup("default")
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
	a7, g7 := allocs(7)
	a9, g9 := allocs(9)
	extra, more := a9-a7, g9-g7
	t.Logf("depth 7: %.0f allocs, %d transitions; depth 9: %.0f allocs, %d transitions", a7, g7, a9, g9)
	if more < 100_000 || extra > float64(more)/1000 {
		t.Fatalf("%d more transitions cost %.0f more allocations", more, extra)
	}
}
