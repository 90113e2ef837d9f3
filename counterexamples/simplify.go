package counterexamples

import (
	"slices"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/trace"
)

// simplifyInputs tries, for each input in turn, the simpler forms of the
// same operation that the model offers at that point (a lower task id, a
// weaker cancel kind, a smaller number), lightest first, and keeps the
// first replacement that still reproduces.
func (s *shrinker) simplifyInputs() bool {
	c := s.cur
	m := model.New(c.Scenario, nil)
	st := m.Init()
	var offered []model.Input
	for i, in := range c.Script {
		if s.stopped() {
			return false
		}
		offered = m.Enabled(&st, offered[:0])
		for _, alt := range simpler(offered, in) {
			script := slices.Clone(c.Script)
			script[i] = alt
			if s.try(c.withScript(script)) {
				return true
			}
		}
		var log trace.Log
		// The current case reproduces, so every input is accepted.
		_ = m.Apply(&st, in, &log)
	}
	return false
}

// simpler lists the offered inputs of in's operation that weigh less than
// in, lightest first (ties in the model's order).
func simpler(offered []model.Input, in model.Input) []model.Input {
	var out []model.Input
	for _, o := range offered {
		if o.Host == in.Host && o.K.Op == in.K.Op && weight(o) < weight(in) {
			out = append(out, o)
		}
	}
	slices.SortStableFunc(out, func(a, b model.Input) int { return weight(a) - weight(b) })
	return out
}
