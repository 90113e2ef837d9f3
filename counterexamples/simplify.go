package counterexamples

import "slices"

// simplifyInputs tries, for each input in turn, the simpler forms of the
// same operation that the model offers at that point (for asupersync a
// lower task id, a weaker cancel kind, a smaller number; see
// model.Simplifier), lightest first, and keeps the first replacement that
// still reproduces. It walks the script once, and each candidate runs
// from the state before the input it replaces.
func (s *shrinker[C, S, I]) simplifyInputs() bool {
	if s.p.simplifier == nil {
		return false
	}
	w, err := s.walk()
	if err != nil {
		return false
	}
	// A candidate is the script with one input replaced: it runs from the
	// walker's state, with the replacement made in a copy of the script.
	cur := s.cur.Script
	script := slices.Clone(cur)
	var offered []I
	for i, in := range cur {
		if s.stopped() {
			return false
		}
		// The current case reproduces, so every input is offered.
		offered = w.m.Enabled(&w.state, offered[:0])
		for _, alt := range s.simpler(offered, in) {
			script[i] = alt
			if s.tryFrom(&w.state, i, script[i:]) {
				return true
			}
		}
		script[i] = in
		w.to(i+1, nil)
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
