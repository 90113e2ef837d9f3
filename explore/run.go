package explore

import (
	"context"
	"fmt"
	"time"
)

// Run explores m within opt's bounds and returns what it found.
//
// The initial state is checked first (Model.CheckInit): if it breaks an
// invariant, that is the only violation, with an empty path, and nothing
// is explored, since every state is reached through it. With a
// StepTimeout, Init and CheckInit are watched like every later call: one
// that never returns is the run's Hang, with an empty path.
//
// Stopping early (the first violation, MaxStates, a cancelled ctx, a
// hang) is not an error: the partial result says why it stopped and is
// accurate for what it covers. The error is for bad options, a state type
// the explorer cannot fingerprint without Encode, and a model that does
// not replay its own counterexamples or reports an invariant it does not
// list, which means it is not deterministic or not consistent.
func Run[S any, I comparable](ctx context.Context, m Model[S, I], opt Options) (Result[I], error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return Result[I]{}, err
	}
	names := m.Invariants()
	start := time.Now()
	init, h := watchedInit(m, opt.StepTimeout)
	var v int
	if h == nil && !watchedCall(opt.StepTimeout, func() { v = m.CheckInit(&init) }) {
		h = &Hang[I]{Call: CallCheckInit, After: opt.StepTimeout}
	}
	if h != nil {
		return Result[I]{Stats: Stats{Elapsed: time.Since(start)}, StoppedEarly: StoppedAtHang, Hang: h}, nil
	}
	if v != 0 {
		if v < 0 || v > len(names) {
			return Result[I]{}, fmt.Errorf("explore: CheckInit returned %d, but the model lists %d invariants", v, len(names))
		}
		return Result[I]{
			Stats:      Stats{Distinct: 1},
			Complete:   true,
			Violations: []Violation[I]{{Name: names[v-1], Invariant: v - 1}},
		}, nil
	}
	var r Result[I]
	var found *firstViolations
	var replay Model[S, I]
	switch opt.Strategy {
	case DFS:
		r, found, replay, err = runDFS(ctx, m, &init, opt)
	case Walk:
		r, found, replay, err = runWalks(ctx, m, &init, opt)
	default:
		r, found, replay, err = runBFS(ctx, m, &init, opt)
	}
	if err != nil {
		return Result[I]{}, err
	}
	if r.Violations, err = resolve(replay, found); err == nil && found.hang != nil {
		r.Hang, err = resolveHang(replay, found.hang)
	}
	return r, err
}
