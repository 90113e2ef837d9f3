package counterexamples

import (
	"slices"

	"modelcheck/model"
)

// dropInputs is delta debugging (ddmin) over the script: it tries dropping
// chunks of inputs, halving the chunk size when no chunk can go, down to
// single inputs. It reports whether it dropped anything; when it returns,
// no single input can be dropped.
func (s *shrinker[C, S, I]) dropInputs() bool {
	changed := false
	for n := 2; len(s.cur.Script) > 0 && !s.stopped(); {
		size := len(s.cur.Script)
		n = min(n, size)
		dropped := false
		// What each input creates depends only on the current case:
		// computed once per round, not once per candidate (a replay each).
		created := s.creations()
		for i := 0; i < n && !dropped && !s.stopped(); i++ {
			for _, c := range s.without(created, i*size/n, (i+1)*size/n) {
				if s.try(c) {
					dropped = true
					break
				}
			}
		}
		switch {
		case dropped:
			changed, n = true, max(n-1, 2)
		case n == size:
			return changed
		default:
			n = min(2*n, size)
		}
	}
	return changed
}

// without is the current case minus the inputs in [lo, hi), given what
// each of its inputs created. Where the system hands out ids in creation
// order (t1, t2, ...; see model.Renumberer), dropping a spawn renames every
// later task: the first candidate renumbers the later inputs' ids to
// follow (impossible if they name something the dropped inputs created),
// the second keeps the ids as written.
func (s *shrinker[C, S, I]) without(created [][]model.ID, lo, hi int) []Case[C, I] {
	script := s.cur.Script
	raw := slices.Concat(script[:lo], script[hi:])
	var gone []model.ID
	for _, c := range created[lo:hi] {
		gone = append(gone, c...)
	}
	if len(gone) == 0 {
		return []Case[C, I]{s.cur.withScript(raw)}
	}
	var out []Case[C, I]
	if renumbered, ok := s.renumber(script[hi:], gone); ok {
		out = append(out, s.cur.withScript(slices.Concat(script[:lo], renumbered)))
	}
	return append(out, s.cur.withScript(raw))
}

// creations replays the (reproducing) current script and records, for
// each input, the ids it created; nil for a system without renumbering.
func (s *shrinker[C, S, I]) creations() [][]model.ID {
	c := &s.cur
	out := make([][]model.ID, len(c.Script))
	r := s.p.renumberer
	if r == nil {
		return out
	}
	m, err := s.p.spec.New(c.Scenario, c.Only)
	if err != nil {
		return out
	}
	st := m.Init()
	for i, in := range c.Script {
		// The current case reproduces, so every input is offered; the
		// last one breaks the invariant, which changes nothing here.
		next := st
		m.Step(&st, in, &next)
		out[i] = r.Created(&st, &next, nil)
		st = next
	}
	return out
}

// renumber rewrites the ids of inputs that follow dropped ones (see
// model.Renumberer). It fails if an input names a dropped id.
func (s *shrinker[C, S, I]) renumber(script []I, gone []model.ID) ([]I, bool) {
	out := make([]I, len(script))
	for i, in := range script {
		r, ok := s.p.renumberer.Renumber(in, gone)
		if !ok {
			return nil, false
		}
		out[i] = r
	}
	return out, true
}
