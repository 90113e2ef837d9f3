package explore

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// mustFindLasso runs FindLasso and fails the test on an error.
func mustFindLasso[S any, I comparable](t rapid.TB, m Model[S, I], property string, opt Options) LassoResult[I] {
	t.Helper()
	r, err := FindLasso(context.Background(), m, property, opt)
	if err != nil {
		t.Fatalf("FindLasso(%q, %+v): %v", property, opt, err)
	}
	return r
}

// lassoWithoutTiming clears what legitimately differs between runs.
func lassoWithoutTiming[I comparable](r LassoResult[I]) LassoResult[I] {
	r.Elapsed, r.StatesPerSecond, r.ProcessBytes = 0, 0, 0
	return r
}

// TestLassoNaiveLock: a waiting process can be passed over forever. The
// first lasso has the shortest prefix (process 0 starts waiting) and the
// shortest loop back (process 1 goes round once), whatever the workers.
func TestLassoNaiveLock(t *testing.T) {
	for _, m := range []lock{{}, {Ticks: true}} {
		var first LassoResult[uint8]
		for _, workers := range []int{1, 2, 8} {
			r := mustFindLasso(t, Model[lockSt, uint8](m), "entry", Options{Workers: workers})
			want := &Lasso[uint8]{Property: "entry", Subject: 0, SubjectName: "process 0", Prefix: []uint8{0}, Loop: []uint8{1, 1, 1}}
			if !r.Complete || !reflect.DeepEqual(r.Lasso, want) {
				t.Fatalf("%+v, %d workers: Complete %v, lasso %+v; want %+v", m, workers, r.Complete, r.Lasso, want)
			}
			if workers == 1 {
				first = lassoWithoutTiming(r)
			} else if got := lassoWithoutTiming(r); !reflect.DeepEqual(got, first) {
				t.Errorf("%+v: %d workers: %+v; 1 worker: %+v", m, workers, got, first)
			}
		}
	}
}

// TestNoLassoPetersonLock: with a turn variable nobody waits forever, and a
// loop of ticks, which are not fair, is no lasso. Making ticks fair turns
// the same loop into one, at the first waiting state: so the search does
// look at tick loops and leaves them out only for being unfair.
func TestNoLassoPetersonLock(t *testing.T) {
	for _, m := range []lock{{Peterson: true}, {Peterson: true, Ticks: true}} {
		for _, workers := range []int{1, 2, 8} {
			r := mustFindLasso(t, Model[lockSt, uint8](m), "entry", Options{Workers: workers})
			if !r.Complete || r.Lasso != nil || r.Distinct <= 1 || r.Edges == 0 {
				t.Errorf("%+v, %d workers: Complete %v, %d states, %d edges, lasso %+v; want a complete search and none",
					m, workers, r.Complete, r.Distinct, r.Edges, r.Lasso)
			}
		}
	}
	r := mustFindLasso(t, Model[lockSt, uint8](lock{Peterson: true, Ticks: true, FairTicks: true}), "entry", Options{})
	want := &Lasso[uint8]{Property: "entry", Subject: 0, SubjectName: "process 0", Prefix: []uint8{0}, Loop: []uint8{tickInput}}
	if !reflect.DeepEqual(r.Lasso, want) {
		t.Errorf("fair ticks: lasso %+v, want %+v", r.Lasso, want)
	}
}

// TestLassoDepthBound: the graph holds the states within the bound and the
// transitions between them, so the naive lock's loop, which reaches depth
// 3 before it closes, is found at depth 3 and not at 2.
func TestLassoDepthBound(t *testing.T) {
	for depth, found := range map[int]bool{1: false, 2: false, 3: true} {
		r := mustFindLasso(t, Model[lockSt, uint8](lock{}), "entry", Options{Depth: depth})
		if !r.Complete || (r.Lasso != nil) != found || r.MaxDepthReached > depth {
			t.Errorf("depth %d: Complete %v, max depth %d, lasso %+v; want found %v", depth, r.Complete, r.MaxDepthReached, r.Lasso, found)
		}
	}
}

// TestLassoSameForAnyWorkerCount runs a graph of tens of thousands of
// states, many chunks and batches wide, with 1, 2 and 8 workers.
func TestLassoSameForAnyWorkerCount(t *testing.T) {
	m := &liveCounters{counters{K: 6, Max: 5, Bad: &cstate{3, 0, 2, 0, 1, 1}}}
	var first LassoResult[uint8]
	for _, workers := range []int{1, 2, 8} {
		r := lassoWithoutTiming(mustFindLasso(t, Model[cstate, uint8](m), "leaves-max", Options{Workers: workers}))
		if !r.Complete || r.Lasso == nil || r.Distinct < 10000 {
			t.Fatalf("%d workers: Complete %v, %d states, lasso %+v; want a complete search of 10k+ states with a lasso", workers, r.Complete, r.Distinct, r.Lasso)
		}
		if workers == 1 {
			first = r
			replaysLasso(t, Model[cstate, uint8](m), r.Lasso)
		} else if !reflect.DeepEqual(r, first) {
			t.Errorf("%d workers: %+v; 1 worker: %+v", workers, r, first)
		}
	}
}

func TestLassoMaxStates(t *testing.T) {
	m := &liveCounters{counters{K: 6, Max: 5}}
	const limit = 5000
	var first LassoResult[uint8]
	for _, workers := range []int{1, 3} {
		r := lassoWithoutTiming(mustFindLasso(t, Model[cstate, uint8](m), "leaves-max", Options{Workers: workers, MaxStates: limit}))
		if r.Complete || r.StoppedEarly != StoppedAtMaxStates || r.Distinct <= limit || r.Lasso != nil {
			t.Fatalf("%d workers: Complete %v, StoppedEarly %v, %d states, lasso %+v; want a stop just past %d and no lasso",
				workers, r.Complete, r.StoppedEarly, r.Distinct, r.Lasso, limit)
		}
		// The stop comes at the end of a chunk, whose parents have at most
		// 2K+1 inputs each.
		if most := int64(limit + chunkParents*(2*int(m.K)+1)); r.Distinct > most {
			t.Errorf("%d workers: stopped at %d states, want at most %d", workers, r.Distinct, most)
		}
		if workers == 1 {
			first = r
		} else if !reflect.DeepEqual(r, first) {
			t.Errorf("%d workers: %+v; 1 worker: %+v", workers, r, first)
		}
	}
}

// TestLassoMaxStatesNotReached: a state limit the graph fits in exactly
// changes nothing. The graph's states are those the reference BFS visits:
// both leave out a transition that breaks an invariant.
func TestLassoMaxStatesNotReached(t *testing.T) {
	m := &liveCounters{counters{K: 4, Max: 3, Bad: &cstate{3, 0, 2, 1}}}
	n := referenceBFS(Model[cstate, uint8](m), 0).distinct
	for _, workers := range []int{1, 3} {
		want := lassoWithoutTiming(mustFindLasso(t, Model[cstate, uint8](m), "leaves-max", Options{Workers: workers}))
		got := lassoWithoutTiming(mustFindLasso(t, Model[cstate, uint8](m), "leaves-max", Options{Workers: workers, MaxStates: int(n)}))
		if !got.Complete || got.Distinct != n || got.Lasso == nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%d workers, limit %d: %+v; without a limit %+v", workers, n, got, want)
		}
	}
}

// TestLassoOrderByHand runs small tables whose first lasso in FindLasso's
// order is worked out in each case's comment. Each table lists state i's
// edges as {input, target}, all of them fair, and its pending subjects;
// state 0 is Init.
func TestLassoOrderByHand(t *testing.T) {
	for _, tc := range []struct {
		name    string
		succ    [][]edge
		pending []uint64
		want    Lasso[uint16]
	}{{
		// Subject 0 loops 0 -6-> 1 -1-> 2 -3-> 0, subject 1 loops
		// 0 -2-> 3 -5-> 0: both from Init, and subject 1's loop is
		// shorter, which comes before the smaller subject.
		name:    "a later subject's shorter loop",
		succ:    [][]edge{{{input: 6, to: 1}, {input: 2, to: 3}}, {{input: 1, to: 2}}, {{input: 3, to: 0}}, {{input: 5, to: 0}}},
		pending: []uint64{0b11, 0b01, 0b01, 0b10},
		want:    Lasso[uint16]{Subject: 1, Prefix: []uint16{}, Loop: []uint16{2, 5}},
	}, {
		// Subject 1 loops 0 -7-> 1 -9-> 0, input indices 0 0; subject 0
		// loops 0 -4-> 2 -8-> 0, indices 1 0. Same start, same length: the
		// smaller indices win over the smaller subject.
		name:    "equal loops from one state",
		succ:    [][]edge{{{input: 7, to: 1}, {input: 4, to: 2}}, {{input: 9, to: 0}}, {{input: 8, to: 0}}},
		pending: []uint64{0b11, 0b10, 0b01},
		want:    Lasso[uint16]{Subject: 1, Prefix: []uint16{}, Loop: []uint16{7, 9}},
	}, {
		// Subject 0 loops 0 -2-> 2 -0-> 3 -0-> 0 from Init; subject 1
		// loops on state 1, one step from Init, in one step. The shorter
		// prefix comes before the shorter loop.
		name:    "the shallowest start",
		succ:    [][]edge{{{input: 1, to: 1}, {input: 2, to: 2}}, {{input: 0, to: 1}}, {{input: 0, to: 3}}, {{input: 0, to: 0}}},
		pending: []uint64{0b01, 0b10, 0b01, 0b01},
		want:    Lasso[uint16]{Subject: 0, Prefix: []uint16{}, Loop: []uint16{2, 0, 0}},
	}, {
		// Inputs 5 and 3 both lead from Init, where nothing is pending,
		// to state 1, which loops on itself. The prefix is the first
		// input, index 0.
		name:    "two inputs to the start",
		succ:    [][]edge{{{input: 5, to: 1}, {input: 3, to: 1}}, {{input: 0, to: 1}}},
		pending: []uint64{0, 0b01},
		want:    Lasso[uint16]{Subject: 0, Prefix: []uint16{5}, Loop: []uint16{0}},
	}} {
		m := liveTable{table: &table{succ: tc.succ, stuck: make([]int, len(tc.succ))}, pending: tc.pending}
		for _, edges := range tc.succ {
			fair := make([]bool, len(edges))
			for k := range fair {
				fair[k] = true
			}
			m.fair = append(m.fair, fair)
		}
		want := tc.want
		want.Property, want.SubjectName = "p", fmt.Sprint(want.Subject)
		for _, workers := range []int{1, 3} {
			r := mustFindLasso(t, Model[tstate, uint16](m), "p", Options{Workers: workers})
			if !r.Complete || !reflect.DeepEqual(r.Lasso, &want) {
				t.Errorf("%s, %d workers: Complete %v, lasso %+v; want %+v", tc.name, workers, r.Complete, r.Lasso, want)
			}
		}
	}
}

// TestLassoCancel cancels from the progress callback, which runs between
// batches, so the stop lands mid-build.
func TestLassoCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	opt := Options{Workers: 2, ProgressEvery: time.Nanosecond, Progress: func(Stats) { calls++; cancel() }}
	r, err := FindLasso(ctx, Model[cstate, uint8](&liveCounters{counters{K: 6, Max: 5}}), "leaves-max", opt)
	if err != nil || calls != 1 || r.Complete || r.StoppedEarly != StoppedByContext || r.Distinct <= 1 || r.Lasso != nil {
		t.Errorf("err %v, %d progress calls, Complete %v, StoppedEarly %v, %d states, lasso %+v; want one call and a partial result",
			err, calls, r.Complete, r.StoppedEarly, r.Distinct, r.Lasso)
	}
	r, err = FindLasso(ctx, Model[lockSt, uint8](lock{}), "entry", Options{})
	if err != nil || r.StoppedEarly != StoppedByContext || r.Distinct != 1 {
		t.Errorf("cancelled before the start: err %v, StoppedEarly %v, %d states; want a stop with only Init", err, r.StoppedEarly, r.Distinct)
	}
}

func TestLassoBadInput(t *testing.T) {
	if _, err := FindLasso(context.Background(), Model[cstate, uint8](bfsModels()["plain"]), "x", Options{}); !errors.Is(err, ErrNoLiveness) {
		t.Errorf("a model without liveness: error %v, want ErrNoLiveness", err)
	}
	_, err := FindLasso(context.Background(), Model[lockSt, uint8](lock{}), "nope", Options{})
	if err == nil || !strings.Contains(err.Error(), `"nope"`) || !strings.Contains(err.Error(), "entry") {
		t.Errorf("an unknown property: error %v, want one naming it and the known ones", err)
	}
	if _, err := FindLasso(context.Background(), Model[lockSt, uint8](lock{}), "entry", Options{Depth: -1}); err == nil {
		t.Error("a negative depth: no error")
	}
}

// replaysLasso checks a lasso by following it from Init: every input is
// enabled and breaks nothing, the subject is pending in every state of the
// loop, a loop transition is fair, and the loop ends where it started.
func replaysLasso[S comparable, I comparable](t rapid.TB, m Model[S, I], l *Lasso[I]) {
	t.Helper()
	live := any(m).(interface {
		Pending(*S, int) uint64
		Fair(*S, I, *S, int) bool
	})
	s := m.Init()
	step := func(in I) bool {
		if !contains(m.Enabled(&s, nil), in) {
			t.Fatalf("lasso %+v: input %v not enabled in %v", l, in, s)
		}
		next := s
		if v := m.Step(&s, in, &next); v != 0 {
			t.Fatalf("lasso %+v: input %v in %v broke invariant %d", l, in, s, v-1)
		}
		fair := live.Fair(&s, in, &next, 0)
		s = next
		return fair
	}
	for _, in := range l.Prefix {
		step(in)
	}
	start, fair := s, false
	if len(l.Loop) == 0 {
		t.Fatalf("lasso %+v: empty loop", l)
	}
	for _, in := range l.Loop {
		if live.Pending(&s, 0)&(1<<l.Subject) == 0 {
			t.Fatalf("lasso %+v: subject not pending in %v", l, s)
		}
		fair = step(in) || fair
	}
	if !fair || s != start {
		t.Fatalf("lasso %+v: fair %v, loop ends in %v, started in %v", l, fair, s, start)
	}
}

// TestLassoAllocsIndependentOfStateCount: building the graph allocates per
// level and per growth of an array, never per successor (see
// TestAllocsIndependentOfStateCount).
func TestLassoAllocsIndependentOfStateCount(t *testing.T) {
	m := Model[cstate, uint8](&liveCounters{counters{K: 8, Max: 16, IncOnly: true}})
	for _, workers := range []int{1, 4} {
		allocsPerThousandAtMostOne(t, fmt.Sprintf("workers %d", workers), 12, 13, func(depth int) int64 {
			r, err := FindLasso(context.Background(), m, "leaves-max", Options{Depth: depth, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			return r.Generated
		})
	}
}

func TestSameState(t *testing.T) {
	m := Model[cstate, uint8](&counters{K: 2, Max: 3})
	a, b, c := cstate{1, 2}, cstate{1, 2, 7}, cstate{2, 1} // counters encodes only the first K
	if same, err := SameState(m, &a, &b); err != nil || !same {
		t.Errorf("states equal in their first K counters: same %v, err %v", same, err)
	}
	if same, err := SameState(m, &a, &c); err != nil || same {
		t.Errorf("different states: same %v, err %v", same, err)
	}
}
