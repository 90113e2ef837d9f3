package counterexamples

import "modelcheck/explore"

// researchStates bounds the search for a shorter path. Shrunk scenarios are
// small, so it rarely binds; it keeps a shrink of a large scenario quick.
const researchStates = 50_000

// research looks for a shorter path to the same violation in the current
// (shrunk) scenario, breadth first. Dropping inputs one at a time stops at
// a local minimum: a long hand-written script can shrink to 18 inputs
// when 4 would do by another route. The search is deterministic and
// bounded, so shrinking stays a function of its input.
func (s *shrinker[C, S, I]) research() bool {
	if len(s.cur.Script) < 2 {
		return false
	}
	m, err := s.p.spec.New(s.cur.Scenario, []string{s.p.invariant(s.target).Name})
	if err != nil {
		return false
	}
	opt := explore.Options{Depth: len(s.cur.Script) - 1, Workers: 1, MaxStates: researchStates}
	r, err := explore.Run[S, I](s.ctx, m, opt)
	if err != nil || len(r.Violations) == 0 {
		return false
	}
	return s.try(s.cur.withScript(r.Violations[0].Path))
}
