package asupersync

import (
	"math/rand/v2"
	"slices"
	"testing"

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
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log trace.Log
		for walk := 0; walk < 5; walk++ {
			s := m.Init()
			for step := 0; step < 30; step++ {
				inputs := m.Enabled(&s, nil)
				if len(inputs) == 0 {
					break
				}
				in := inputs[rng.IntN(len(inputs))]
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
					t.Fatalf("%s, walk %d, step %d: Step(%s) changed its argument", sc.Name, walk, step, in)
				}
				log.Reset()
				applyErr := m.Apply(&s, in, &log)
				if !stepped {
					continue
				}
				if (stepErr == nil) != (applyErr == nil) {
					t.Fatalf("%s, walk %d, step %d: %s: Step says %v, Apply %v", sc.Name, walk, step, in, stepErr, applyErr)
				}
				if applyErr != nil {
					break
				}
				if next != s.P {
					t.Fatalf("%s, walk %d, step %d: Step(%s) and Apply reach different states", sc.Name, walk, step, in)
				}
				if !slices.Equal(events, log.Events) {
					t.Fatalf("%s, walk %d, step %d: %s: Step emitted %v, Apply %v", sc.Name, walk, step, in, events, log.Events)
				}
			}
		}
	}
}
