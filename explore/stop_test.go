package explore

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestMaxStates(t *testing.T) {
	m := bigCounters()
	const limit = 10000
	for _, opt := range []Options{{MaxStates: limit, Workers: 3, KeepGoing: true}, {MaxStates: limit, Strategy: DFS, KeepGoing: true}} {
		got := mustRun(t, m, opt)
		if got.Complete || got.StoppedEarly != StoppedAtMaxStates || got.Distinct <= limit {
			t.Errorf("%v: Complete = %v, StoppedEarly = %v, Distinct = %d; want stopped just past %d",
				opt.Strategy, got.Complete, got.StoppedEarly, got.Distinct, limit)
		}
		// BFS stops at the end of a chunk, whose parents have at most 2K+1
		// inputs each; DFS stops at once.
		most := int64(limit + chunkParents*(2*int(m.K)+1))
		if opt.Strategy == DFS {
			most = limit + 1
		}
		if got.Distinct > most {
			t.Errorf("%v: stopped at %d distinct states, want at most %d", opt.Strategy, got.Distinct, most)
		}
	}
}

// TestMaxStatesNotReached: a limit the state space fits in changes nothing.
func TestMaxStatesNotReached(t *testing.T) {
	m := bfsModels()["plain"]
	want := referenceBFS(m, 0)
	for _, s := range []Strategy{BFS, DFS} {
		got := mustRun(t, m, Options{MaxStates: int(want.distinct), Strategy: s, KeepGoing: true})
		if !got.Complete || got.Distinct != want.distinct {
			t.Errorf("%v: Complete = %v, Distinct = %d; want complete with %d", s, got.Complete, got.Distinct, want.distinct)
		}
	}
}

// TestCancel cancels from the progress callback, which runs on the
// coordinating goroutine between units of work, so the stop is certain to
// land mid-run.
func TestCancel(t *testing.T) {
	for _, s := range []Strategy{BFS, DFS} {
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		opt := Options{Strategy: s, Workers: 2, ProgressEvery: time.Nanosecond, Progress: func(st Stats) {
			calls++
			if st.Distinct <= 0 || st.Elapsed <= 0 {
				t.Errorf("%v: progress stats %+v", s, st)
			}
			cancel()
		}}
		got, err := Run(ctx, bigCounters(), opt)
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		if calls != 1 || got.Complete || got.StoppedEarly != StoppedByContext || got.Distinct <= 1 {
			t.Errorf("%v: %d progress calls, Complete = %v, StoppedEarly = %v, Distinct = %d; want one call and a partial result",
				s, calls, got.Complete, got.StoppedEarly, got.Distinct)
		}
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := Run(ctx, bigCounters(), Options{KeepGoing: true})
	if err != nil || got.Complete || got.StoppedEarly != StoppedByContext || got.Distinct != 1 {
		t.Errorf("err %v, Complete = %v, StoppedEarly = %v, Distinct = %d; want a stop with only Init", err, got.Complete, got.StoppedEarly, got.Distinct)
	}
}

func TestBadOptions(t *testing.T) {
	for _, tc := range []struct {
		opt  Options
		want string
	}{
		{Options{Depth: -1}, "depth"},
		{Options{Workers: -1}, "workers"},
		{Options{MaxStates: -1}, "max states"},
		{Options{ProgressEvery: -time.Second}, "progress"},
		{Options{Strategy: 7}, "strategy"},
		{Options{Strategy: DFS, Depth: maxDFSDepth + 1}, "DFS depth"},
	} {
		_, err := Run(context.Background(), bfsModels()["plain"], tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one mentioning %q", tc.opt, err, tc.want)
		}
	}
}

// flaky violates invariant 0 on its fifth Step call only, so its
// counterexample cannot be replayed: the explorer must say the model is not
// deterministic rather than return a path that does not fail.
type flaky struct {
	counters
	steps int
}

func (f *flaky) Step(s *cstate, in uint8, next *cstate) int {
	f.steps++
	if v := f.counters.Step(s, in, next); v != 0 || f.steps == 5 {
		return 1
	}
	return 0
}

func (f *flaky) Fork() Model[cstate, uint8] { return f }

func TestNondeterministicModel(t *testing.T) {
	_, err := Run(context.Background(), &flaky{counters: counters{K: 2, Max: 3}}, Options{Workers: 1, KeepGoing: true})
	if err == nil || !strings.Contains(err.Error(), "not deterministic") {
		t.Errorf("error %v, want one saying the model is not deterministic", err)
	}
}
