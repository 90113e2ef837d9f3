package explore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"modelcheck/model"
)

// ErrNoLiveness is returned by FindLasso for a model that does not
// implement model.Live: it declares no liveness property to search for.
var ErrNoLiveness = errors.New("explore: the model declares no liveness properties")

// Lasso is a run that breaks a liveness property: Prefix leads from Init to
// a state s0, and Loop leads from s0 back to s0. Along the loop Subject is
// pending in every state (s0 included) and at least one transition is
// fair, so repeating the loop forever is a run in which the rest of the
// system keeps making progress and Subject's "eventually" never comes.
type Lasso[I comparable] struct {
	// Property is the property's name, as the model's LivenessProperties
	// lists it.
	Property string
	// Subject is the pending subject: the bit of Pending that stays set.
	Subject int
	// SubjectName is what the model calls it at the loop's first state.
	SubjectName string
	// Prefix is the inputs from Init to s0; empty when s0 is Init.
	Prefix []I
	// Loop is the inputs from s0 back to s0; never empty.
	Loop []I
}

// LassoResult is what a lasso search found. A partial result (Complete
// false) comes from a search stopped while it built the graph; it holds no
// lasso, since the lasso it reports must be the first one in the order
// FindLasso defines, which only the whole graph can tell.
type LassoResult[I comparable] struct {
	Stats
	// MaxDepthReached is the largest shortest distance from Init of a
	// state in the graph.
	MaxDepthReached int
	// Complete is set when the whole graph within the depth bound was
	// built and searched.
	Complete bool
	// StoppedEarly says why the search stopped short.
	StoppedEarly StopReason
	// Edges is the number of transitions in the graph: those between two
	// states within the bound that break no invariant.
	Edges int64
	// GraphBytes is the memory held for the graph: the fingerprint index,
	// the per-state records and the edges.
	GraphBytes int64
	// ProcessBytes is the memory the process held for Go when the graph
	// was complete (see Result.ProcessBytes).
	ProcessBytes int64
	// Lasso is the first lasso, or nil if the graph has none.
	Lasso *Lasso[I]
	// Hang is the call found stuck when StoppedEarly is StoppedAtHang (see
	// Result.Hang), nil otherwise.
	Hang *Hang[I]
}

// FindLasso looks for a lasso breaking the liveness property named
// property of m, which must implement model.Live (else ErrNoLiveness).
//
// The search builds the graph of every state within opt.Depth transitions
// of Init (0: every reachable state) and every transition between two of
// them, level by level as Run's BFS does; a transition that breaks an
// invariant is left out, as Run treats it as a dead end. It then finds, for
// each subject, the strongly connected components of the states where the
// subject is pending (Tarjan), and a component with a fair transition
// inside it is a lasso through each of its states.
//
// The lasso reported is the first in this order, which depends on the
// model and the bound only, never on opt.Workers: the shortest prefix;
// then the shortest loop; then the prefix's input indices (positions in
// Enabled) compared lexicographically; then the loop's; then the smallest
// subject. The prefix is thus the path by which Run's BFS reaches s0.
//
// FindLasso is separate from Run, rather than an option of it, because it
// needs what Run is built to avoid holding: every transition of the state
// space, not only a fingerprint per state, and a search that can start only
// when the graph is whole. It takes Run's Options for the bounds: Depth,
// Workers (the graph is expanded, and subjects are searched, in
// parallel), MaxStates, MaxMemory, Progress (while the graph is built); it
// ignores Strategy and KeepGoing, and checks no invariant beyond dropping
// violating transitions: Run is the invariant check.
//
// Stopping early (MaxStates, MaxMemory, a cancelled ctx) is not an error;
// the result says why. The error is for bad options, an unknown property,
// and a model that does not replay its own lasso (not deterministic).
func FindLasso[S any, I comparable](ctx context.Context, m Model[S, I], property string, opt Options) (LassoResult[I], error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return LassoResult[I]{}, err
	}
	live, ok := m.(model.Live[S, I])
	if !ok {
		return LassoResult[I]{}, ErrNoLiveness
	}
	p, err := livenessIndex(live.LivenessProperties(), property)
	if err != nil {
		return LassoResult[I]{}, err
	}
	start := time.Now()
	init, h := watchedInit(m, opt.StepTimeout)
	if h != nil {
		return LassoResult[I]{Stats: Stats{Elapsed: time.Since(start)}, StoppedEarly: StoppedAtHang, Hang: h}, nil
	}
	g, err := newLassoGraph(ctx, m, init, p, opt)
	if err != nil {
		return LassoResult[I]{}, err
	}
	defer g.close()
	stop, err := g.build()
	if err != nil {
		return LassoResult[I]{}, err
	}
	var found *lassoFound
	if stop == NotStopped {
		found, stop = g.search()
	}
	r := LassoResult[I]{
		Stats:           g.meter.stamp(g.stats),
		MaxDepthReached: g.maxDepth(),
		Complete:        stop == NotStopped,
		StoppedEarly:    stop,
		Edges:           int64(g.edges.n),
		GraphBytes:      g.bytes(),
		ProcessBytes:    int64(g.processBytes),
	}
	if found != nil {
		if r.Lasso, err = resolveLasso(m, live, p, property, found); err != nil {
			return LassoResult[I]{}, err
		}
	}
	if stop == StoppedAtHang {
		if r.Hang, err = resolveHang(g.spare, g.hang()); err != nil {
			return LassoResult[I]{}, err
		}
	}
	return r, nil
}

// livenessIndex is the position of the property named name.
func livenessIndex(props []model.Liveness, name string) (int, error) {
	names := make([]string, len(props))
	for i, p := range props {
		if p.Name == name {
			return i, nil
		}
		names[i] = p.Name
	}
	if len(props) == 0 {
		return 0, ErrNoLiveness
	}
	return 0, fmt.Errorf("explore: unknown liveness property %q; the model has: %s", name, strings.Join(names, ", "))
}

// resolveLasso replays a found lasso from Init, turning input indices into
// inputs and checking that the model reproduces it: every step is enabled
// and breaks no invariant, the subject is pending in every state of the
// loop, some loop transition is fair, and the loop ends in the state it
// started from. A lasso that does not replay means the model is not
// deterministic, which would make the graph meaningless, so it is an
// error.
func resolveLasso[S any, I comparable](m Model[S, I], live model.Live[S, I], p int, name string, f *lassoFound) (*Lasso[I], error) {
	var err error
	l := &Lasso[I]{Property: name, Subject: f.subject, Prefix: make([]I, len(f.prefix)), Loop: make([]I, len(f.loop))}
	notDet := func(format string, args ...any) error {
		return fmt.Errorf("explore: replaying the lasso of %s: "+format+"; the model is not deterministic", append([]any{name}, args...)...)
	}
	s := m.Init()
	var next S
	var buf []I
	step := func(part string, k, idx int) (I, bool, error) {
		buf = m.Enabled(&s, buf[:0])
		if idx >= len(buf) {
			var zero I
			return zero, false, notDet("%s step %d has %d enabled inputs, want more than %d", part, k, len(buf), idx)
		}
		in := buf[idx]
		next = s
		if v := m.Step(&s, in, &next); v != 0 {
			return in, false, notDet("%s step %d broke invariant %d", part, k, v-1)
		}
		fair := live.Fair(&s, in, &next, p)
		s = next
		return in, fair, nil
	}
	for k, idx := range f.prefix {
		if l.Prefix[k], _, err = step("prefix", k, idx); err != nil {
			return nil, err
		}
	}
	start := s
	l.SubjectName = live.Subject(&s, p, f.subject)
	anyFair := false
	for k, idx := range f.loop {
		if live.Pending(&s, p)&(1<<f.subject) == 0 {
			return nil, notDet("subject %d is not pending before loop step %d", f.subject, k)
		}
		var fair bool
		if l.Loop[k], fair, err = step("loop", k, idx); err != nil {
			return nil, err
		}
		anyFair = anyFair || fair
	}
	if !anyFair {
		return nil, notDet("no loop transition is fair")
	}
	if same, err := SameState(m, &start, &s); err != nil || !same {
		return nil, notDet("the loop does not return to its first state")
	}
	return l, nil
}

// SameState reports whether a and b are one state to the explorer: equal
// encodings (model.Encoder), or equal bytes for a model without Encode. A
// replayed lasso must end in its loop's first state by this measure, the
// one the search used.
func SameState[S any, I comparable](m Model[S, I], a, b *S) (bool, error) {
	enc, err := encoderOf(m)
	if err != nil {
		return false, err
	}
	return string(enc.encode(a, nil)) == string(enc.encode(b, nil)), nil
}
