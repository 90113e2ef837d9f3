package asupersync

import (
	"testing"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// lookup is the named scenario; a name with none fails the test.
func lookup(t *testing.T, name string) Scenario {
	t.Helper()
	sc, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// applyAll steps s through ins in order, failing the test at the first
// the model refuses; log is reset before each step, so it holds the last
// step's events after.
func applyAll(t *testing.T, m *Model, s *State, log *trace.Log, ins ...Input) {
	t.Helper()
	for _, in := range ins {
		log.Reset()
		if err := m.Apply(s, in, log); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
	}
}

// kernelOps are kernel operations as inputs with no host event, as the
// native backend takes them.
func kernelOps(ops ...kernel.Input) []Input {
	ins := make([]Input, len(ops))
	for i, op := range ops {
		ins[i] = Input{K: op}
	}
	return ins
}
