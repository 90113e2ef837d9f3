package asupersync

import (
	"context"
	"fmt"
	"runtime/debug"
	"testing"

	"modelcheck/explore"
	model "modelcheck/model/asupersync"
)

// BenchmarkExplore explores scenarios with all invariants on and reports
// distinct states per second, per worker count, the bytes the visited
// set holds per distinct state (B/state) and the bytes the whole process
// held at the end per distinct state (procB/state, frontier and garbage
// included): the default scenario to depth 10 and the
// channel, timer-wheel and mixed scenarios to depth 12 (their spaces are
// smaller per level).
func BenchmarkExplore(b *testing.B) {
	// Collect as the command line does, so procB/state is what a run holds.
	defer debug.SetGCPercent(debug.SetGCPercent(explore.GCPercent))
	for _, c := range []struct {
		scenario string
		depth    int
	}{{"default", 10}, {"channel", 12}, {"timers", 12}, {"channel-timers", 12}} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", c.scenario, workers), func(b *testing.B) {
				sc, err := model.Lookup(c.scenario)
				if err != nil {
					b.Fatal(err)
				}
				e, err := NewExplorable(sc, nil)
				if err != nil {
					b.Fatal(err)
				}
				var states, bytes, procBytes, secs float64
				for i := 0; i < b.N; i++ {
					r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: c.depth, Workers: workers})
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
}
