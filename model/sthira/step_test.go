package sthira

import (
	"math/rand/v2"
	"slices"
	"testing"

	"modelcheck/internal/walk"
	rt "modelcheck/runtime/sthira"
)

// TestRuntimeStepIsApplyOnACopy: the runtime's value entry point,
// sthira.Step, leaves its argument as it was and returns what Apply, the
// explorer's in-place form, makes of a copy: the same state, events and
// refusal. Comparing the states with == also keeps them free of slices
// and maps, whose contents a copy would share.
func TestRuntimeStepIsApplyOnACopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	compared := 0
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log rt.Log
		walk.Random(m, rng, 5, 30, func(s *State, in Input) bool {
			arg := *s
			next, events, stepErr := rt.Step(&sc.Config, arg, in)
			if arg != *s {
				t.Fatalf("%s: Step(%s) changed its argument", sc.Name, in)
			}
			log.Reset()
			applyErr := m.Apply(s, in, &log)
			if (stepErr == nil) != (applyErr == nil) {
				t.Fatalf("%s: %s: Step says %v, Apply %v", sc.Name, in, stepErr, applyErr)
			}
			if applyErr != nil {
				return false
			}
			if next != *s {
				t.Fatalf("%s: Step(%s) and Apply reach different states", sc.Name, in)
			}
			compared++
			if !slices.Equal(events, log.Events) {
				t.Fatalf("%s: %s: Step emitted %v, Apply %v", sc.Name, in, events, log.Events)
			}
			return true
		})
	}
	if compared == 0 {
		t.Error("no step was compared")
	}
}
