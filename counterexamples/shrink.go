package counterexamples

import (
	"context"
	"errors"
	"slices"

	"modelcheck/model"
)

// Shrink makes a case as small as it can while the same invariant still
// fails, going beyond the explorer's shortest path. It first searches the
// scenario as given for a shorter path (research), so that a long script,
// a random walk's, starts where the explorer's shortest path would and
// shrinks to the same case: shrunk first, a walk's script dropped what
// only the shorter route needed and stopped at a longer case (11 of the
// 283 files a thousand uniform walks a fault wrote, 9 of them 2 or 3
// inputs longer). Then it drops inputs (delta debugging), shrinks the
// scenario (the system's model.Reducer: for asupersync fewer tasks,
// regions, timers, obligations, cancel kinds, governors, faults; weaker
// cancel kinds; smaller limits), simplifies inputs (its model.Simplifier:
// lower ids, weaker kinds, smaller numbers), searches the shrunk scenario
// for a shorter path and, last, each smaller scenario for a path no longer
// (researchReduced). Every candidate is
// replayed with the case's checks and kept only if it violates the same
// invariant, through inputs the model itself would have given; the script
// is cut at that violation. A candidate that drops or replaces inputs
// keeps the current case's start, and runs from the state that start
// left (the passes walk the script once a round to have it at hand): it
// costs the steps after the point it changes, not those before as well,
// which made shrinking a long script take minutes.
//
// The result is 1-minimal: dropping any single input, or applying any one
// of the scenario reductions, makes the violation disappear. Shrinking is
// deterministic and idempotent: the result is a fixed point of every
// pass, so shrinking it again changes nothing.
//
// When ctx is done, Shrink stops within one candidate's replay and returns
// ctx's error.
func (p *Pipeline[C, S, I]) Shrink(ctx context.Context, c Case[C, I]) (Case[C, I], error) {
	if c.Loop != nil {
		return c, errLassoNotShrunk
	}
	o, err := p.execute(ctx, c.Scenario, c.Only, c.Script, nil)
	if err != nil {
		return c, err
	}
	if o.Violation == nil {
		return c, errNoViolation
	}
	if c.Origin.Command == "" {
		c.Origin.Command = byHand
	}
	if c.Origin.Length == 0 {
		c.Origin.Length = len(c.Script)
	}
	c.Script = o.Inputs
	s := shrinker[C, S, I]{p: p, ctx: ctx, target: o.Violation.Index, cur: c}
	s.research() // the scenario as given
	for !s.stopped() && (s.dropInputs() || s.reduceScenario() || s.simplifyInputs() || s.research() || s.researchReduced()) {
	}
	if err := ctx.Err(); err != nil {
		return c, err
	}
	return s.cur, nil
}

// shrinker holds the smallest reproducing case found so far.
type shrinker[C, S any, I model.Input] struct {
	p *Pipeline[C, S, I]
	// ctx stops the shrink: once it is done, every candidate fails and
	// the passes end.
	ctx    context.Context
	target int
	cur    Case[C, I]
	// m is a model of cur's scenario and checks for the candidates that
	// resume cur's run (tryFrom), built when first needed: nil after cur
	// changes, or after a candidate's step hung on it.
	m model.Traced[S, I]
}

// stopped reports whether ctx is done; the passes check it between
// candidates, whose replays check it between steps.
func (s *shrinker[C, S, I]) stopped() bool { return s.ctx.Err() != nil }

// try replays a candidate and keeps it if it breaks the target invariant
// and, cut at the violation, is smaller than the current case. Requiring
// "smaller" in one well-founded order makes every pass terminate.
func (s *shrinker[C, S, I]) try(c Case[C, I]) bool {
	o, err := s.p.execute(s.ctx, c.Scenario, c.Only, c.Script, nil)
	if err != nil || o.Violation == nil || o.Violation.Index != s.target {
		return false
	}
	c.Script = o.Inputs
	return s.keep(c)
}

// tryFrom is try for the candidate that keeps the current case's
// scenario, checks and first done inputs, and goes on with rest; at is the
// state those inputs left. It runs rest only (Pipeline.resume), and
// decides as try would: the current case reproduces, so its first done
// inputs are offered and break nothing, whichever candidate they start.
func (s *shrinker[C, S, I]) tryFrom(at *S, done int, rest []I) bool {
	if s.m == nil {
		m, err := s.p.spec.New(s.cur.Scenario, s.cur.Only)
		if err != nil {
			return false
		}
		s.m = m
	}
	o, err := s.p.resume(s.ctx, s.m, at, done, rest)
	var hang *HangError
	if errors.As(err, &hang) {
		s.m = nil
	}
	if err != nil || o.Violation == nil || o.Violation.Index != s.target {
		return false
	}
	return s.keep(s.cur.withScript(slices.Concat(s.cur.Script[:done], o.Inputs)))
}

// keep makes c, a reproducing candidate cut at its violation, the current
// case if it is smaller.
func (s *shrinker[C, S, I]) keep(c Case[C, I]) bool {
	if !s.smaller(&c, &s.cur) {
		return false
	}
	s.cur, s.m = c, nil
	return true
}

// smaller orders cases by script length, then scenario size, then the
// weight of the script's inputs.
func (s *shrinker[C, S, I]) smaller(a, b *Case[C, I]) bool {
	return slices.Compare(
		[]int{len(a.Script), s.size(&a.Scenario), s.scriptWeight(a.Script)},
		[]int{len(b.Script), s.size(&b.Scenario), s.scriptWeight(b.Script)}) < 0
}

// size is the scenario's size, 0 for a system without reductions.
func (s *shrinker[C, S, I]) size(sc *C) int {
	if s.p.reducer == nil {
		return 0
	}
	return s.p.reducer.Size(sc)
}

// scriptWeight adds up the inputs' weights, 0 for a system without
// simplification.
func (s *shrinker[C, S, I]) scriptWeight(script []I) int {
	if s.p.simplifier == nil {
		return 0
	}
	n := 0
	for _, in := range script {
		n += s.p.simplifier.Weight(in)
	}
	return n
}

// reduceScenario tries each scenario reduction in turn and keeps the first
// that still reproduces.
func (s *shrinker[C, S, I]) reduceScenario() bool {
	if s.p.reducer == nil {
		return false
	}
	for _, r := range s.p.reducer.Reductions(&s.cur.Scenario, s.cur.Script) {
		c := s.cur
		c.Scenario, c.Script = r.Config, r.Script
		if s.try(c) {
			return true
		}
	}
	return false
}
