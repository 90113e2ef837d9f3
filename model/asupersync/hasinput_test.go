package asupersync

import (
	"math/rand/v2"
	"testing"

	"modelcheck/runtime/trace"
)

// TestHasInputMatchesEnabled: on random paths of every scenario, HasInput
// answers as listing the inputs does, on states with tasks in use (its
// shortcut) and without (the initial state and, in scenarios with no
// cancel kinds, every state).
func TestHasInputMatchesEnabled(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log trace.Log
		for walk := 0; walk < 20; walk++ {
			s := m.Init()
			for step := 0; step < 30; step++ {
				inputs := m.Enabled(&s, nil)
				if got, want := m.HasInput(&s), len(inputs) > 0; got != want {
					t.Fatalf("%s, walk %d, step %d: HasInput %v, Enabled offers %d inputs", sc.Name, walk, step, got, len(inputs))
				}
				if len(inputs) == 0 {
					break
				}
				log.Reset()
				if err := m.Apply(&s, inputs[rng.IntN(len(inputs))], &log); err != nil {
					t.Fatalf("%s: %v", sc.Name, err)
				}
			}
		}
	}
}
