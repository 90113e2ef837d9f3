package explore

import (
	"context"
	"fmt"
	"runtime"
	"testing"
)

// BenchmarkFindLasso builds and searches benchModel's whole graph with the
// liveness property of liveCounters; each op is one search. Against
// BenchmarkExploreBFS it shows what holding every transition costs.
func BenchmarkFindLasso(b *testing.B) {
	for _, w := range []int{1, runtime.NumCPU()} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			m := &liveCounters{*benchModel()}
			b.ReportAllocs()
			var r LassoResult[uint8]
			for b.Loop() {
				var err error
				if r, err = FindLasso(context.Background(), Model[cstate, uint8](m), "leaves-max", Options{Workers: w}); err != nil {
					b.Fatal(err)
				}
			}
			if r.Lasso == nil {
				b.Fatal("no lasso")
			}
			b.ReportMetric(float64(r.Distinct)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
			b.ReportMetric(float64(r.GraphBytes)/float64(r.Distinct), "B/state")
			b.ReportMetric(float64(r.ProcessBytes)/float64(r.Distinct), "procB/state")
			b.ReportMetric(float64(r.Edges)/float64(r.Distinct), "edges/state")
		})
	}
}
