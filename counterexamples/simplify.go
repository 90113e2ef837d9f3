package counterexamples

import "slices"

// simplifyInputs tries, for each input in turn, the simpler forms of the
// same operation that the model offers at that point (for asupersync a
// lower task id, a weaker cancel kind, a smaller number; see
// model.Simplifier), lightest first, and keeps the first replacement that
// still reproduces.
func (s *shrinker[C, S, I]) simplifyInputs() bool {
	if s.p.simplifier == nil {
		return false
	}
	c := s.cur
	m, err := s.p.spec.New(c.Scenario, c.Only)
	if err != nil {
		return false
	}
	st := m.Init()
	var offered []I
	for i, in := range c.Script {
		if s.stopped() {
			return false
		}
		offered = m.Enabled(&st, offered[:0])
		for _, alt := range s.simpler(offered, in) {
			script := slices.Clone(c.Script)
			script[i] = alt
			if s.try(c.withScript(script)) {
				return true
			}
		}
		// The current case reproduces, so every input is offered.
		next := st
		m.Step(&st, in, &next)
		st = next
	}
	return false
}

// simpler lists the offered inputs alike in that weigh less than in,
// lightest first (ties in the model's order).
func (s *shrinker[C, S, I]) simpler(offered []I, in I) []I {
	sim := s.p.simplifier
	var out []I
	for _, o := range offered {
		if sim.Alike(in, o) && sim.Weight(o) < sim.Weight(in) {
			out = append(out, o)
		}
	}
	slices.SortStableFunc(out, func(a, b I) int { return sim.Weight(a) - sim.Weight(b) })
	return out
}
