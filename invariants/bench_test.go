package invariants

import (
	"context"
	"testing"

	"modelcheck/explore"
	"modelcheck/model"
)

// BenchmarkExploreDefault explores the default scenario (all invariants on)
// to depth 10 and reports distinct states per second, per worker count,
// and the bytes the visited set holds per distinct state.
func BenchmarkExploreDefault(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[workers], func(b *testing.B) {
			sc, err := model.Lookup("default")
			if err != nil {
				b.Fatal(err)
			}
			e, err := NewExplorable(sc, nil)
			if err != nil {
				b.Fatal(err)
			}
			var states, bytes float64
			var secs float64
			for i := 0; i < b.N; i++ {
				r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: 10, Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				states += float64(r.Distinct)
				secs += r.Elapsed.Seconds()
				bytes = r.BytesPerState()
			}
			b.ReportMetric(states/secs, "states/s")
			b.ReportMetric(bytes, "B/state")
		})
	}
}
