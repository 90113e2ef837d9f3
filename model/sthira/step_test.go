package sthira

import (
	"math/rand/v2"
	"slices"
	"testing"

	rt "modelcheck/runtime/sthira"
)

// TestRuntimeStepIsApplyOnACopy: the runtime's value entry point,
// sthira.Step, leaves its argument as it was and returns what Apply, the
// explorer's in-place form, makes of a copy: the same state, events and
// refusal. Comparing the states with == also keeps them free of slices
// and maps, whose contents a copy would share.
func TestRuntimeStepIsApplyOnACopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log rt.Log
		for walk := 0; walk < 5; walk++ {
			s := m.Init()
			for step := 0; step < 30; step++ {
				inputs := m.Enabled(&s, nil)
				if len(inputs) == 0 {
					break
				}
				in := inputs[rng.IntN(len(inputs))]
				arg := s
				next, events, stepErr := rt.Step(&sc.Config, arg, in)
				if arg != s {
					t.Fatalf("%s, walk %d, step %d: Step(%s) changed its argument", sc.Name, walk, step, in)
				}
				log.Reset()
				applyErr := m.Apply(&s, in, &log)
				if (stepErr == nil) != (applyErr == nil) {
					t.Fatalf("%s, walk %d, step %d: %s: Step says %v, Apply %v", sc.Name, walk, step, in, stepErr, applyErr)
				}
				if applyErr != nil {
					break
				}
				if next != s {
					t.Fatalf("%s, walk %d, step %d: Step(%s) and Apply reach different states", sc.Name, walk, step, in)
				}
				if !slices.Equal(events, log.Events) {
					t.Fatalf("%s, walk %d, step %d: %s: Step emitted %v, Apply %v", sc.Name, walk, step, in, events, log.Events)
				}
			}
		}
	}
}
