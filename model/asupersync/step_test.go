package asupersync

import (
	"math/rand/v2"
	"slices"
	"testing"

	"modelcheck/internal/walk"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// TestRuntimeStepIsApplyOnACopy: the runtime's value entry points,
// pump.Step and (for native scenarios' kernel operations) kernel.Step,
// leave their argument as it was and return what Apply, the explorer's
// in-place form, makes of a copy: the same state, events and refusal.
// Comparing the states with == also keeps them free of slices and maps,
// whose contents a copy would share ("a state is copied, never shared").
func TestRuntimeStepIsApplyOnACopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var pumpSteps, kernelSteps int // compared
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log trace.Log
		walk.Random(m, rng, 5, 30, func(s *State, in Input) bool {
			arg := s.P
			next, stepped := arg, true
			var events []trace.Event
			var stepErr error
			switch {
			case !sc.Native:
				next, events, stepErr = pump.Step(arg, in)
			case in.Host == pump.NoHost || in.Host == pump.TimerTurn:
				next.Kernel, events, stepErr = kernel.Step(arg.Kernel, in.K)
			default: // a native callback is a wake behind a capability, no kernel operation
				stepped = false
			}
			if arg != s.P {
				t.Fatalf("%s: Step(%s) changed its argument", sc.Name, in)
			}
			log.Reset()
			applyErr := m.Apply(s, in, &log)
			if !stepped {
				return true
			}
			if (stepErr == nil) != (applyErr == nil) {
				t.Fatalf("%s: %s: Step says %v, Apply %v", sc.Name, in, stepErr, applyErr)
			}
			if applyErr != nil {
				return false
			}
			if next != s.P {
				t.Fatalf("%s: Step(%s) and Apply reach different states", sc.Name, in)
			}
			if sc.Native {
				kernelSteps++
			} else {
				pumpSteps++
			}
			if !slices.Equal(events, log.Events) {
				t.Fatalf("%s: %s: Step emitted %v, Apply %v", sc.Name, in, events, log.Events)
			}
			return true
		})
	}
	if pumpSteps == 0 || kernelSteps == 0 {
		t.Errorf("compared %d pump and %d kernel steps: each needs some", pumpSteps, kernelSteps)
	}
}
