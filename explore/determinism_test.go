package explore

import (
	"reflect"
	"testing"
)

// bigCounters has 6^6 = 46656 states, violates invariants 0 and 1, and has
// levels several times wider than the batches TestBFSSameForAnyWorkerCount
// forces, so its runs cross chunk and batch boundaries many times.
func bigCounters() *counters {
	return &counters{K: 6, Max: 5, Bad: &cstate{3, 0, 2, 0, 1, 1}, NoFullRot: true}
}

// bfsOutcome is everything a BFS run decides: the result, the path log,
// whose bytes are the order of every level and the chosen parent and input
// of every visited state, and the states of every level stored.
type bfsOutcome struct {
	result    Result[uint8]
	levels    []levelLog
	frontiers [][]cstate // each level's states, in order, as expanded
}

// runBFSOutcome runs m with batches of batchChunks chunks, or as sized by
// default when batchChunks is 0, with a compact frontier if asked.
func runBFSOutcome(t *testing.T, m *counters, opt Options, batchChunks int, compact bool) bfsOutcome {
	t.Helper()
	opt, err := opt.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	b := mustNewBFS(t, Model[cstate, uint8](m), opt, compact)
	if batchChunks > 0 {
		b.sizer.chunks, b.sizer.minChunks, b.sizer.maxChunks = batchChunks, batchChunks, batchChunks
	}
	var frontiers [][]cstate
	b.built = func(f *frontier[cstate]) { frontiers = append(frontiers, frontierStates(f)) }
	r, found := b.run()
	if r.Violations, err = resolve(Model[cstate, uint8](m), found); err != nil {
		t.Fatal(err)
	}
	// The path log's capacities depend on how the batches append to it,
	// and the process's memory on the workers' buffers.
	r.VisitedBytes, r.ProcessBytes = 0, 0
	return bfsOutcome{withoutTiming(r), b.log.levels, frontiers}
}

// frontierStates is a copy of f's states in order.
func frontierStates[S any](f *frontier[S]) []S {
	states := make([]S, f.len())
	for i := range states {
		states[i] = *f.at(i, &states[i])
	}
	return states
}

// TestBFSSameForAnyWorkerCount also varies the batch size, which adapts to
// the state size and the worker count in a real run, and the frontier
// storage, which depends on the state type; neither may change a result.
// (The model's states are too small to be stored compactly in a real run,
// but compact storage works for them.)
func TestBFSSameForAnyWorkerCount(t *testing.T) {
	m := bigCounters()
	for _, opt := range []Options{
		{KeepGoing: true},
		{Depth: 9, KeepGoing: true},
		{},
		{MaxStates: 20000, KeepGoing: true},
	} {
		base := runBFSOutcome(t, m, withWorkers(opt, 1), 0, false)
		for _, run := range []struct {
			workers, batchChunks int
			compact              bool
		}{{2, 0, false}, {4, 0, false}, {7, 0, false}, {1, 1, false}, {3, 5, false}, {4, 64, false}, {40, 0, false},
			{1, 0, true}, {2, 0, true}, {7, 0, true}, {1, 1, true}, {3, 5, true}} {
			got := runBFSOutcome(t, m, withWorkers(opt, run.workers), run.batchChunks, run.compact)
			if !reflect.DeepEqual(got.result, base.result) {
				t.Errorf("%+v, %+v: result\n%+v\nwith 1 worker\n%+v", opt, run, got.result, base.result)
			}
			if !reflect.DeepEqual(got.levels, base.levels) {
				t.Errorf("%+v, %+v: the path log (level order, parents, inputs) differs from 1 worker's", opt, run)
			}
			if !reflect.DeepEqual(got.frontiers, base.frontiers) {
				t.Errorf("%+v, %+v: the levels' states differ from 1 worker's", opt, run)
			}
		}
	}
}

func withWorkers(o Options, workers int) Options {
	o.Workers = workers
	return o
}

// TestBigCountersIsDemanding guards TestBFSSameForAnyWorkerCount: its
// model must violate both its invariants within the depth bound it uses,
// and have levels wider than the batches it forces, or violation order and
// batch boundaries go untested.
func TestBigCountersIsDemanding(t *testing.T) {
	m := bigCounters()
	if r := referenceBFS(m, 9); invariants(r.violations) != 0b11 {
		t.Errorf("within depth 9 the reference finds violations %v, want of invariants 0 and 1", r.violations)
	}
	widest, level := 0, []cstate{{}}
	seen := map[cstate]bool{{}: true}
	for len(level) > 0 {
		widest = max(widest, len(level))
		var next []cstate
		for _, s := range level {
			for _, in := range m.Enabled(&s, nil) {
				n := s
				if m.Step(&s, in, &n) == 0 && !seen[n] {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		level = next
	}
	if most := 64 * chunkParents; widest <= 2*most {
		t.Errorf("widest level has %d states, want more than two of the largest forced batch (%d)", widest, most)
	}
}
