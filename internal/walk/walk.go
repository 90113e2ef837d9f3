// Package walk drives a model along seeded random paths, for tests that
// compare two ways of taking a step (the runtime's value entry point and
// the model's in-place one, a shortcut and what it stands for) on states
// the model really reaches, across every scenario.
package walk

import "math/rand/v2"

// Model is what a walk needs: the initial state and the inputs enabled in
// a state.
type Model[S, I any] interface {
	Init() S
	Enabled(s *S, buf []I) []I
}

// Random takes walks paths of up to steps inputs from m's initial state,
// each input drawn by rng from those enabled. take applies the drawn
// input to s in place and reports whether the walk goes on; a walk also
// ends where nothing is enabled.
func Random[S, I any](m Model[S, I], rng *rand.Rand, walks, steps int, take func(s *S, in I) bool) {
	var buf []I
	for range walks {
		s := m.Init()
		for range steps {
			buf = m.Enabled(&s, buf[:0])
			if len(buf) == 0 || !take(&s, buf[rng.IntN(len(buf))]) {
				break
			}
		}
	}
}
