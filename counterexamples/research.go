package counterexamples

import "modelcheck/explore"

// researchStates bounds each search for a shorter path. Shrunk scenarios
// are small, so it rarely binds; it keeps a shrink of a large scenario
// quick.
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
	path, ok := s.search(s.cur.Scenario, len(s.cur.Script)-1)
	return ok && s.try(s.cur.withScript(path))
}

// researchReduced searches each smaller scenario, in the reducer's order,
// for a path to the same violation no longer than the current one, and
// keeps the first it finds. reduceScenario keeps a reduction only where
// the current script still breaks the invariant under it; a smaller
// scenario can need another route. A fault found breadth first at a
// burst limit of 2, say, yields a 7-input file that the limit of 1 would
// break in 5 inputs by a path the 7 do not contain, and a random walk's
// file, shrunk from elsewhere, can reach the smaller one. It runs last,
// once the cheaper passes are spent, and costs a bounded search per
// reduction.
func (s *shrinker[C, S, I]) researchReduced() bool {
	if s.p.reducer == nil {
		return false
	}
	for _, r := range s.p.reducer.Reductions(&s.cur.Scenario, s.cur.Script) {
		if s.stopped() {
			return false
		}
		path, ok := s.search(r.Config, len(s.cur.Script))
		if !ok {
			continue
		}
		c := s.cur
		c.Scenario, c.Script = r.Config, path
		if s.try(c) {
			return true
		}
	}
	return false
}

// search explores scenario breadth first, to depth inputs and at most
// researchStates states, checking only the target invariant, and returns
// the first (shortest) path that breaks it. It steps inputs the case
// never took, so its steps are watched with the step timeout, as a
// replay's are: a step that never returns ends the search with nothing
// found (the call is left behind, as explore leaves it), where the shrink
// had waited for it for ever (TestShrinkSearchOutlivesAHang).
func (s *shrinker[C, S, I]) search(scenario C, depth int) ([]I, bool) {
	m, err := s.p.spec.New(scenario, []string{s.p.invariant(s.target).Name})
	if err != nil {
		return nil, false
	}
	opt := explore.Options{Depth: depth, Workers: 1, MaxStates: researchStates, StepTimeout: stepTimeoutOf(s.ctx)}
	r, err := explore.Run[S, I](s.ctx, m, opt)
	if err != nil || r.Hang != nil || len(r.Violations) == 0 {
		return nil, false
	}
	return r.Violations[0].Path, true
}
