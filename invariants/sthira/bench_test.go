package sthira

import (
	"context"
	"fmt"
	"runtime/debug"
	"testing"

	"modelcheck/explore"
	sm "modelcheck/model/sthira"
)

// BenchmarkExplore explores the Sthira default scenario to depth 12 with
// every invariant on and reports distinct states per second, per worker
// count, the bytes the visited set holds per distinct state (B/state) and
// the bytes the process held per distinct state (procB/state).
func BenchmarkExplore(b *testing.B) {
	// Collect as the command line does, so procB/state is what a run holds.
	defer debug.SetGCPercent(debug.SetGCPercent(explore.GCPercent))
	sc, err := sm.Lookup("default")
	if err != nil {
		b.Fatal(err)
	}
	e, err := NewExplorable(sc, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("default/workers=%d", workers), func(b *testing.B) {
			var states, bytes, procBytes, secs float64
			for b.Loop() {
				r, err := explore.Run(context.Background(), e, explore.Options{Depth: 12, Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				states += float64(r.Distinct)
				secs += r.Elapsed.Seconds()
				bytes, procBytes = r.BytesPerState(), r.ProcessBytesPerState()
			}
			b.ReportMetric(states/secs, "states/s")
			b.ReportMetric(bytes, "B/state")
			b.ReportMetric(procBytes, "procB/state")
		})
	}
}
