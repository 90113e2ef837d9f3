package explore

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"testing"
)

// benchModel has 6^8 ≈ 1.68 million states and about 17 transitions per
// state: big enough that the visited set does not fit in cache, which is
// where a checker spends its time.
func benchModel() *counters { return &counters{K: 8, Max: 5, NoFullRot: true} }

// BenchmarkExploreBFS explores benchModel completely; each op is one run.
func BenchmarkExploreBFS(b *testing.B) {
	workers := []int{1, 2, 4, runtime.NumCPU()}
	for i, w := range workers {
		if i > 0 && (w <= workers[i-1] || w > runtime.NumCPU()) {
			continue
		}
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			benchExplore(b, benchModel(), Options{Workers: w, KeepGoing: true})
		})
	}
}

// BenchmarkExploreDFS explores benchModel completely without a depth bound,
// and with one, where states are re-expanded when reached shallower.
func BenchmarkExploreDFS(b *testing.B) {
	b.Run("unbounded", func(b *testing.B) { benchExplore(b, benchModel(), Options{Strategy: DFS, KeepGoing: true}) })
	b.Run("depth=20", func(b *testing.B) { benchExplore(b, benchModel(), Options{Strategy: DFS, Depth: 20, KeepGoing: true}) })
}

// BenchmarkExploreKilobyteStates explores benchModel with states padded to
// a kilobyte, the size of the runtime models' states, so that it pays for
// copying states as they do.
func BenchmarkExploreKilobyteStates(b *testing.B) {
	for _, w := range []int{1, runtime.NumCPU()} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			benchExplore(b, &padded{benchModel()}, Options{Workers: w, KeepGoing: true})
		})
	}
}

// padded is a counters model whose states carry a kilobyte of payload that
// every step copies and no step changes.
type padded struct{ c *counters }

type pstate struct {
	c cstate
	_ [1016]byte // pads the state to 1 KB, the size of a real model state
}

func (p *padded) Init() pstate { return pstate{c: p.c.Init()} }

func (p *padded) CheckInit(s *pstate) int { return p.c.CheckInit(&s.c) }

func (p *padded) Invariants() []string { return p.c.Invariants() }

func (p *padded) Enabled(s *pstate, buf []uint8) []uint8 { return p.c.Enabled(&s.c, buf) }

func (p *padded) Step(s *pstate, in uint8, next *pstate) int {
	return p.c.Step(&s.c, in, &next.c)
}

func (p *padded) Stuck(s *pstate) int { return p.c.Stuck(&s.c) }

func (p *padded) Encode(s *pstate, buf []byte) []byte { return p.c.Encode(&s.c, buf) }

func (p *padded) Fork() Model[pstate, uint8] { return p }

func benchExplore[S any](b *testing.B, m Model[S, uint8], opt Options) {
	b.ReportAllocs()
	// Collect as the command line does, so procB/state is what a run holds.
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	var r Result[uint8]
	for b.Loop() {
		var err error
		if r, err = Run(context.Background(), m, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(r.Distinct)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(r.BytesPerState(), "B/state")
	b.ReportMetric(r.ProcessBytesPerState(), "procB/state")
	b.ReportMetric(float64(r.Generated), "successors/op")
}
