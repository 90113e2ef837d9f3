package explore

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"modelcheck/model"
)

// testStepTimeout is the step timeout of the tests with a hang: a
// healthy call here takes microseconds, and this is long enough that a
// worker the machine's load keeps off a core is never taken for a stuck
// one.
const testStepTimeout = 250 * time.Millisecond

// hangingCounters is bigCounters without its violations.
func hangingCounters() *counters {
	c := bigCounters()
	c.Bad, c.NoFullRot = nil, false
	return c
}

// hanging is hangingCounters with calls that never return (until release is
// closed): Step into a state that hangsAt picks, or, with inEnabled,
// Enabled on such a state. As a reference, asViolation makes the same
// steps violate invariant 1 instead, so that BFS's first violation is the
// first call that would hang.
type hanging struct {
	*counters
	hangsAt     func(s *cstate) bool
	inEnabled   bool
	asViolation bool
	// inFirst, if set, is the call before the first level that never
	// returns instead: CallInit or CallCheckInit.
	inFirst string
	release chan struct{}
}

func (h *hanging) Init() cstate {
	if h.inFirst == CallInit {
		<-h.release
	}
	return h.counters.Init()
}

func (h *hanging) CheckInit(s *cstate) int {
	if h.inFirst == CallCheckInit {
		<-h.release
	}
	return h.counters.CheckInit(s)
}

func (h *hanging) Step(s *cstate, in uint8, next *cstate) int {
	if v := h.counters.Step(s, in, next); v != 0 {
		return v
	}
	if h.inEnabled || !h.hangsAt(next) {
		return 0
	}
	if h.asViolation {
		return 1
	}
	<-h.release
	return 0
}

func (h *hanging) Enabled(s *cstate, buf []uint8) []uint8 {
	if h.inEnabled && !h.asViolation && h.hangsAt(s) {
		<-h.release
	}
	return h.counters.Enabled(s, buf)
}

func (h *hanging) Fork() Model[cstate, uint8] { return h }

// TestHangIsReported: a Step that never returns ends the run with the
// call named, the same for every worker count: the first call into the
// model, in BFS order, that does not return, which is where the same
// steps, made violations, put the first violation. The same holds under
// DFS, in its order.
func TestHangIsReported(t *testing.T) {
	hangs := map[string]func(s *cstate) bool{
		// One state; reached at depth 6.
		"one": func(s *cstate) bool { return *s == cstate{3, 0, 2, 0, 1} },
		// Many, so that with several workers more than one is stuck, in
		// different chunks, and the earliest must be the one reported.
		"many": func(s *cstate) bool { return s[0] == 2 && s[3] == 1 },
	}
	for name, at := range hangs {
		for _, depth := range []int{0, 6} { // 6: the one state is at the bound
			ref := &hanging{counters: hangingCounters(), hangsAt: at, asViolation: true}
			want := mustRun(t, ref, Options{Depth: depth, Workers: 1})
			if len(want.Violations) == 0 {
				t.Fatalf("%s depth %d: the reference found no violation", name, depth)
			}
			wantPath := want.Violations[0].Path
			dfs := mustRun(t, ref, Options{Depth: depth, Strategy: DFS})
			for _, workers := range []int{1, 2, 4, 0} { // 0: DFS
				opt := Options{Depth: depth, Workers: workers, StepTimeout: testStepTimeout}
				if workers == 0 {
					opt.Strategy, wantPath = DFS, dfs.Violations[0].Path
				}
				release := make(chan struct{})
				defer close(release)
				m := &hanging{counters: hangingCounters(), hangsAt: at, release: release}
				got := mustRun(t, m, opt)
				h := got.Hang
				if got.Complete || got.StoppedEarly != StoppedAtHang || h == nil {
					t.Fatalf("%s depth %d workers %d: Complete %v, StoppedEarly %v, Hang %v; want a hang", name, depth, workers, got.Complete, got.StoppedEarly, h)
				}
				path := append(append([]uint8(nil), h.Path...), h.Input)
				if h.Call != "Step" || !reflect.DeepEqual(path, wantPath) || h.After != testStepTimeout {
					t.Errorf("%s depth %d workers %d: hang %+v; want Step at the end of %v", name, depth, workers, h, wantPath)
				}
			}
		}
	}
}

// TestHangInEnabledIsReported: Enabled that never returns, on a state
// inside the bound (expanded) or at it (checked for being stuck).
func TestHangInEnabledIsReported(t *testing.T) {
	at := func(s *cstate) bool { return *s == cstate{3, 0, 2, 0, 1} }
	ref := &hanging{counters: hangingCounters(), hangsAt: at, asViolation: true}
	for _, depth := range []int{0, 6} {
		for _, workers := range []int{1, 3, 0} { // 0: DFS
			opt := Options{Depth: depth, Workers: workers, StepTimeout: testStepTimeout}
			if workers == 0 {
				opt.Strategy = DFS
			}
			want := mustRun(t, ref, Options{Depth: depth, Strategy: opt.Strategy}).Violations[0].Path
			release := make(chan struct{})
			defer close(release)
			m := &hanging{counters: hangingCounters(), hangsAt: at, inEnabled: true, release: release}
			got := mustRun(t, m, opt)
			h := got.Hang
			if got.StoppedEarly != StoppedAtHang || h == nil || h.Call != "Enabled or Stuck" || !reflect.DeepEqual(h.Path, want) {
				t.Errorf("depth %d workers %d: StoppedEarly %v, hang %+v; want Enabled at the end of %v", depth, workers, got.StoppedEarly, h, want)
			}
		}
	}
}

// TestNoHangWithoutTimeout: the watch changes nothing in a run without a
// hang, and a negative timeout is refused.
func TestNoHangWithoutTimeout(t *testing.T) {
	m := bigCounters()
	for _, s := range []Strategy{BFS, DFS} {
		want := withoutTiming(mustRun(t, m, Options{Workers: 2, KeepGoing: true, Strategy: s}))
		got := withoutTiming(mustRun(t, m, Options{Workers: 2, KeepGoing: true, Strategy: s, StepTimeout: time.Minute}))
		if got.Hang != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%v with a step timeout: %+v\nwithout: %+v", s, got, want)
		}
	}
	if _, err := Run(context.Background(), m, Options{StepTimeout: -time.Second}); err == nil || !strings.Contains(err.Error(), "timeout") {
		t.Errorf("a negative step timeout: error %v, want one about the timeout", err)
	}
	// A timeout of a nanosecond is sampled every millisecond, not every
	// 0ns (a ticker with no period panics); a report, if any, is whole.
	for _, s := range []Strategy{BFS, DFS} {
		if r := mustRun(t, m, Options{Workers: 2, Depth: 3, Strategy: s, StepTimeout: time.Nanosecond}); r.StoppedEarly == StoppedAtHang && r.Hang == nil {
			t.Errorf("%v with a 1ns step timeout: stopped at a hang without one", s)
		}
	}
}

// liveHanging is hanging with liveCounters' liveness property, for the
// lasso search.
type liveHanging struct {
	*hanging
	live *liveCounters
}

func (h liveHanging) Fork() Model[cstate, uint8]           { return h }
func (h liveHanging) LivenessProperties() []model.Liveness { return h.live.LivenessProperties() }
func (h liveHanging) Pending(s *cstate, p int) uint64      { return h.live.Pending(s, p) }
func (h liveHanging) Subject(s *cstate, p, k int) string   { return h.live.Subject(s, p, k) }
func (h liveHanging) Fair(s *cstate, in uint8, next *cstate, p int) bool {
	return h.live.Fair(s, in, next, p)
}

// TestLassoSearchHangIsReported: the lasso search builds its graph in
// BFS order, so a Step that never returns there is reported as Run
// reports it, for every worker count.
func TestLassoSearchHangIsReported(t *testing.T) {
	at := func(s *cstate) bool { return s[0] == 2 && s[3] == 1 }
	ref := &hanging{counters: hangingCounters(), hangsAt: at, asViolation: true}
	want := mustRun(t, ref, Options{Workers: 1}).Violations[0].Path
	for _, workers := range []int{1, 3} {
		release := make(chan struct{})
		defer close(release)
		m := liveHanging{&hanging{counters: hangingCounters(), hangsAt: at, release: release}, &liveCounters{*hangingCounters()}}
		got, err := FindLasso[cstate, uint8](context.Background(), m, "leaves-max", Options{Workers: workers, StepTimeout: testStepTimeout})
		if err != nil {
			t.Fatal(err)
		}
		h := got.Hang
		if got.StoppedEarly != StoppedAtHang || got.Lasso != nil || h == nil || h.Call != "Step" ||
			!reflect.DeepEqual(append(append([]uint8(nil), h.Path...), h.Input), want) {
			t.Errorf("workers %d: StoppedEarly %v, hang %+v; want Step at the end of %v", workers, got.StoppedEarly, h, want)
		}
	}
}

// TestHangBeforeTheFirstLevelIsReported: Init or CheckInit that never
// returns is the run's hang, with an empty path, under BFS, DFS and the
// lasso search (which makes no CheckInit).
func TestHangBeforeTheFirstLevelIsReported(t *testing.T) {
	never := func(*cstate) bool { return false }
	for _, call := range []string{CallInit, CallCheckInit} {
		for _, workers := range []int{1, 3, 0} { // 0: DFS
			opt := Options{Workers: workers, StepTimeout: testStepTimeout}
			if workers == 0 {
				opt.Strategy = DFS
			}
			release := make(chan struct{})
			defer close(release)
			got := mustRun(t, &hanging{counters: hangingCounters(), hangsAt: never, inFirst: call, release: release}, opt)
			if h := got.Hang; got.StoppedEarly != StoppedAtHang || h == nil || h.Call != call || len(h.Path) != 0 || h.After != testStepTimeout || got.Distinct != 0 || got.Elapsed < testStepTimeout {
				t.Errorf("%s, workers %d: StoppedEarly %v, hang %+v, %d states in %v; want a hang in %s before any state, after the timeout", call, workers, got.StoppedEarly, h, got.Distinct, got.Elapsed, call)
			}
		}
	}
	release := make(chan struct{})
	defer close(release)
	m := liveHanging{&hanging{counters: hangingCounters(), hangsAt: never, inFirst: CallInit, release: release}, &liveCounters{*hangingCounters()}}
	got, err := FindLasso[cstate, uint8](context.Background(), m, "leaves-max", Options{Workers: 2, StepTimeout: testStepTimeout})
	if h := got.Hang; err != nil || got.StoppedEarly != StoppedAtHang || h == nil || h.Call != CallInit || len(h.Path) != 0 {
		t.Errorf("lasso search: %v, StoppedEarly %v, hang %+v; want a hang in Init", err, got.StoppedEarly, h)
	}
}
