package vm

import (
	"math/rand/v2"
	"slices"
	"testing"

	"modelcheck/internal/walk"
	rt "modelcheck/runtime/vm"
)

// TestRuntimeStepIsApplyOnACopy: the VM's value entry point, vm.Step,
// leaves its argument as it was and does to it what Apply, the explorer's
// in-place form, does to the first run: the same state and events.
// Comparing the states with == also keeps them free of slices and maps,
// whose contents a copy would share. A round of a run with nothing to do
// is not compared: Apply skips such a run, as the contract's loop stops.
func TestRuntimeStepIsApplyOnACopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var compared [Step + 1]int // per input kind
	for _, sc := range Scenarios() {
		m := New(sc)
		walk.Random(m, rng, 5, 30, func(s *State, in Input) bool {
			arg := s.Runs[0].VM
			op := rt.Input{Op: [...]rt.Operation{Load: rt.LoadOp, Round: rt.RoundOp, Step: rt.StepOp}[in.Kind],
				Proto: in.Proto, Resp: in.Resp, Capacity: sc.Capacity, Coro: in.Coro}
			want, events, stepErr := rt.Step(m.Configs[0], arg, op)
			if arg != s.Runs[0].VM {
				t.Fatalf("%s: Step(%s) changed its argument", sc.Name, in)
			}
			next := *s
			if err := m.Apply(s, in, &next); err != nil {
				t.Fatalf("%s: %s: %v", sc.Name, in, err)
			}
			*s = next
			if in.Kind == Round && arg.Quiescent() {
				return true
			}
			if stepErr != nil {
				t.Fatalf("%s: Step(%s) refused what Apply took: %v", sc.Name, in, stepErr)
			}
			if want != s.Runs[0].VM {
				t.Fatalf("%s: Step(%s) and Apply reach different states", sc.Name, in)
			}
			compared[in.Kind]++
			if !slices.Equal(events, m.Events[0]) {
				t.Fatalf("%s: %s: Step emitted %v, Apply %v", sc.Name, in, events, m.Events[0])
			}
			return true
		})
	}
	for kind, n := range compared {
		if n == 0 {
			t.Errorf("no %s was compared", inputKindNames()[kind])
		}
	}
}
