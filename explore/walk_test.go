package explore

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"modelcheck/model"
)

// refWalks is a reference for Strategy Walk, written from its contract
// and sharing no code with it: walk w draws each input with
// rand.New(rand.NewPCG(seed, w)).IntN over the enabled inputs; a state
// with none is checked for being stuck; a walk ends there, at the depth
// bound, or at a violating step; the first violation of each invariant
// in walk order is kept, and without keepGoing the run ends at the first.
//
// With kinds (swarm walks), each walk first draws, for kind 0, 1, ...,
// whether it keeps the kind (IntN(2) == 0), then draws among the enabled
// inputs of kept kinds, or among all if none is enabled.
func refWalks[S comparable, I comparable](m Model[S, I], walks, depth int, seed uint64, keepGoing bool, kinds ...model.InputKinder[I]) (distinct, generated int64, maxDepth int, violations []Violation[I]) {
	names := m.Invariants()
	seen := map[S]bool{}
	found := map[int]bool{}
	keep := func(inv int, path []I, stuck bool) bool {
		if found[inv] {
			return false
		}
		found[inv] = true
		violations = append(violations, Violation[I]{Name: names[inv], Invariant: inv, Path: append([]I(nil), path...), Depth: len(path), Stuck: stuck})
		return !keepGoing
	}
	init := m.Init()
	seen[init] = true
	for w := range walks {
		rng := rand.New(rand.NewPCG(seed, uint64(w)))
		var kept []bool
		for _, k := range kinds {
			for range k.NumInputKinds() {
				kept = append(kept, rng.IntN(2) == 0)
			}
		}
		s, path := init, []I(nil)
		for {
			enabled := m.Enabled(&s, nil)
			var ofKept []I
			for _, k := range kinds {
				for _, in := range enabled {
					if kept[k.InputKind(in)] {
						ofKept = append(ofKept, in)
					}
				}
			}
			if len(enabled) == 0 {
				if v := m.Stuck(&s); v != 0 && keep(v-1, path, true) {
					return int64(len(seen)), generated, maxDepth, violations
				}
				break
			}
			if len(path) == depth {
				break
			}
			pool := enabled
			if len(ofKept) > 0 {
				pool = ofKept
			}
			in := pool[rng.IntN(len(pool))]
			generated++
			next := s
			if v := m.Step(&s, in, &next); v != 0 {
				if keep(v-1, append(path, in), false) {
					return int64(len(seen)), generated, maxDepth, violations
				}
				break
			}
			s, path = next, append(path, in)
			seen[s] = true
			maxDepth = max(maxDepth, len(path))
		}
	}
	return int64(len(seen)), generated, maxDepth, violations
}

// TestWalksMatchTheReference: on models with transition violations and
// stuck states, with and without KeepGoing, the walks count, reach and
// report what the reference walker does, for any worker count (ignored),
// and each violation's path replays.
func TestWalksMatchTheReference(t *testing.T) {
	bad := cstate{2, 1, 3}
	for name, m := range map[string]*counters{
		"clean":   {K: 3, Max: 3},
		"bad":     {K: 3, Max: 3, Bad: &bad, NoFullRot: true},
		"stuck":   {K: 3, Max: 2, StuckAtMax: true, NoFullRot: true},
		"big-max": {K: 2, Max: 9, IncOnly: true},
	} {
		for _, keepGoing := range []bool{false, true} {
			for _, seed := range []uint64{1, 2} {
				d, g, md, vs := refWalks(m, 40, 25, seed, keepGoing)
				for _, workers := range []int{1, 3} {
					got := mustRun(t, m, Options{Strategy: Walk, Walks: 40, Depth: 25, Seed: seed, KeepGoing: keepGoing, Workers: workers})
					if got.Distinct != d || got.Generated != g || got.MaxDepthReached != md {
						t.Errorf("%s keepGoing %v seed %d: distinct, generated, max depth = %d, %d, %d; reference %d, %d, %d",
							name, keepGoing, seed, got.Distinct, got.Generated, got.MaxDepthReached, d, g, md)
					}
					if !reflect.DeepEqual(emptyPathsNil(got.Violations), emptyPathsNil(vs)) {
						t.Errorf("%s keepGoing %v seed %d: violations %+v; reference %+v", name, keepGoing, seed, got.Violations, vs)
					}
					if wantComplete := len(vs) == 0 || keepGoing; got.Complete != wantComplete {
						t.Errorf("%s keepGoing %v seed %d: Complete %v, want %v", name, keepGoing, seed, got.Complete, wantComplete)
					}
					for _, v := range got.Violations {
						replays(t, m, v)
					}
				}
			}
		}
	}
}

// TestWalksReachPastBFS: a violation 30 steps deep, past any depth BFS
// reaches in the same time on a larger model, is found by a walk of 40
// (with IncOnly every walk of 30 steps ends there), and its path is the
// walk's, 30 inputs long.
func TestWalksReachPastBFS(t *testing.T) {
	bad := cstate{15, 15}
	m := &counters{K: 2, Max: 15, IncOnly: true, Bad: &bad}
	if r := mustRun(t, m, Options{Depth: 12}); len(r.Violations) != 0 {
		t.Fatalf("BFS to depth 12 found %+v", r.Violations)
	}
	r := mustRun(t, m, Options{Strategy: Walk, Walks: 1, Depth: 40, Seed: 5})
	if len(r.Violations) != 1 || r.Violations[0].Depth != 30 || r.Complete || r.StoppedEarly != StoppedAtViolation {
		t.Fatalf("walk: %+v", r)
	}
	replays(t, m, r.Violations[0])
}

// TestWalkOptions: a walk needs a depth bound, a negative count is
// refused, and 0 walks means DefaultWalks.
func TestWalkOptions(t *testing.T) {
	m := &counters{K: 2, Max: 2}
	for _, opt := range []Options{{Strategy: Walk}, {Strategy: Walk, Depth: 3, Walks: -1}} {
		if _, err := Run(context.Background(), m, opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	got := mustRun(t, m, Options{Strategy: Walk, Depth: 3})
	d, g, _, _ := refWalks(m, DefaultWalks, 3, 0, false)
	if got.Distinct != d || got.Generated != g {
		t.Errorf("0 walks: %d distinct, %d generated; %d walks give %d, %d", got.Distinct, got.Generated, DefaultWalks, d, g)
	}
}

// TestWalkStopsAtMaxStatesAndContext: MaxStates and a cancelled context
// stop the walks early, as they stop BFS.
func TestWalkStopsAtMaxStatesAndContext(t *testing.T) {
	m := &counters{K: 4, Max: 5}
	if r := mustRun(t, m, Options{Strategy: Walk, Depth: 50, Walks: 100, MaxStates: 20}); r.StoppedEarly != StoppedAtMaxStates || r.Distinct != 21 {
		t.Errorf("MaxStates 20: stopped %v at %d distinct", r.StoppedEarly, r.Distinct)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, m, Options{Strategy: Walk, Depth: 50, Walks: 100})
	if err != nil || r.StoppedEarly != StoppedByContext {
		t.Errorf("cancelled: %v, %v", r.StoppedEarly, err)
	}
	// Walks that end where they start (an initial state with no input,
	// a legitimate end) take no step, and still heed the context.
	ended := &table{succ: [][]edge{nil}, stuck: []int{0}}
	re, err := Run(ctx, ended, Options{Strategy: Walk, Depth: 50, Walks: 1 << 30})
	if err != nil || re.StoppedEarly != StoppedByContext {
		t.Errorf("cancelled, with walks that take no step: %v, %v", re.StoppedEarly, err)
	}
}

// TestWalkHangIsReported: a Step that never returns on a walk ends the
// run with the call named and the walk's path to it, as under BFS.
func TestWalkHangIsReported(t *testing.T) {
	at := func(s *cstate) bool { return s[0] == 2 && s[1] == 1 }
	ref := &hanging{counters: hangingCounters(), hangsAt: at, asViolation: true}
	want := mustRun(t, ref, Options{Strategy: Walk, Depth: 30, Walks: 50, Seed: 3})
	if len(want.Violations) == 0 {
		t.Fatal("the reference's walks never reach the hanging state")
	}
	release := make(chan struct{})
	defer close(release)
	m := &hanging{counters: hangingCounters(), hangsAt: at, release: release}
	got := mustRun(t, m, Options{Strategy: Walk, Depth: 30, Walks: 50, Seed: 3, StepTimeout: testStepTimeout})
	h := got.Hang
	if got.StoppedEarly != StoppedAtHang || h == nil {
		t.Fatalf("StoppedEarly %v, Hang %v; want a hang", got.StoppedEarly, h)
	}
	if path := append(append([]uint8(nil), h.Path...), h.Input); h.Call != "Step" || !reflect.DeepEqual(path, want.Violations[0].Path) {
		t.Errorf("hang %+v; want Step at the end of %v", h, want.Violations[0].Path)
	}
}

// kindedCounters numbers counters' inputs by kind (inc, dec, rot), for
// swarm walks.
type kindedCounters struct{ *counters }

func (k kindedCounters) InputKind(in uint8) int { return int(in >> 4) }
func (k kindedCounters) NumInputKinds() int     { return 3 }
func (k kindedCounters) Fork() Model[cstate, uint8] {
	return k
}

// TestSwarmWalksMatchTheReference: swarm walks draw as the reference
// does, each walk among the kinds its coins kept.
func TestSwarmWalksMatchTheReference(t *testing.T) {
	bad := cstate{2, 1, 3}
	for name, c := range map[string]*counters{
		"bad":   {K: 3, Max: 3, Bad: &bad, NoFullRot: true},
		"stuck": {K: 3, Max: 2, StuckAtMax: true, NoFullRot: true},
	} {
		m := kindedCounters{c}
		for _, seed := range []uint64{1, 2} {
			d, g, md, vs := refWalks[cstate, uint8](m, 40, 25, seed, true, m)
			got := mustRun(t, m, Options{Strategy: Walk, Swarm: true, Walks: 40, Depth: 25, Seed: seed, KeepGoing: true})
			if got.Distinct != d || got.Generated != g || got.MaxDepthReached != md || !reflect.DeepEqual(emptyPathsNil(got.Violations), emptyPathsNil(vs)) {
				t.Errorf("%s seed %d: %d, %d, %d, %+v; reference %d, %d, %d, %+v",
					name, seed, got.Distinct, got.Generated, got.MaxDepthReached, got.Violations, d, g, md, vs)
			}
			for _, v := range got.Violations {
				replays(t, m, v)
			}
		}
	}
}

// TestSwarmReachesWhatUniformWalksDoNot: one counter to 20 in 30 steps
// of inc and dec needs 25 incs, which a walk drawing among both inputs
// almost never takes; a swarm walk that kept inc and not dec (one in
// four) climbs straight there. 100 uniform walks miss it, 100 swarm
// walks find it, and so does the reference.
func TestSwarmReachesWhatUniformWalksDoNot(t *testing.T) {
	bad := cstate{20}
	m := kindedCounters{&counters{K: 1, Max: 20, Bad: &bad}}
	opt := Options{Strategy: Walk, Walks: 100, Depth: 30, Seed: 1}
	if r := mustRun(t, m, opt); len(r.Violations) != 0 {
		t.Fatalf("uniform walks found %+v", r.Violations)
	}
	opt.Swarm = true
	r := mustRun(t, m, opt)
	if len(r.Violations) != 1 || r.Violations[0].Depth != 20 {
		t.Fatalf("swarm walks: %+v", r)
	}
	replays(t, m, r.Violations[0])
}

// TestSwarmNeedsKindsAndWalks: swarm is refused for a model that does
// not number its input kinds, and under BFS.
func TestSwarmNeedsKindsAndWalks(t *testing.T) {
	m := &counters{K: 2, Max: 2}
	for _, c := range []struct {
		m   Model[cstate, uint8]
		opt Options
	}{
		{m, Options{Strategy: Walk, Swarm: true, Depth: 3}},
		{kindedCounters{m}, Options{Swarm: true, Depth: 3}},
	} {
		if _, err := Run(context.Background(), c.m, c.opt); err == nil {
			t.Errorf("%T %+v: no error", c.m, c.opt)
		}
	}
}
