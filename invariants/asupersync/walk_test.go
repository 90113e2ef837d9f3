package asupersync

import (
	"math/rand/v2"
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// seededWalks takes walks random walks of up to depth steps from m's
// initial state, choosing inputs with rng, and calls visit with each
// state on the way and the inputs it offers. The properties that compare
// a state with a variant of it (canonical forms, configuration copies)
// sample the state space this way rather than exploring it.
func seededWalks(t *testing.T, m *model.Model, rng *rand.Rand, walks, depth int, visit func(d int, s *model.State, ins []model.Input)) {
	t.Helper()
	var ins []model.Input
	var log trace.Log
	var ctx Context
	for range walks {
		s := m.Init()
		for d := 0; d < depth; d++ {
			ins = m.Enabled(&s, ins[:0])
			visit(d, &s, ins)
			if len(ins) == 0 {
				break
			}
			in := ins[rng.IntN(len(ins))]
			next := s
			log.Reset()
			err := m.Apply(&next, in, &log)
			// A runtime with a fault on may refuse what it is offered, or
			// break a check: the explorer goes no further from such a
			// step (a dead end), and neither does the walk. A correct
			// runtime does neither.
			if faulty(&m.Scenario) && (err != nil || anyViolated(&ctx, &m.Scenario, in, &s, &next, log.Events)) {
				break
			}
			if err != nil {
				t.Fatalf("%s depth %d: %v", m.Scenario.Name, d, err)
			}
			s = next
		}
	}
}

// scenarioNamed is the scenario called name.
func scenarioNamed(t *testing.T, name string) model.Scenario {
	t.Helper()
	sc, err := model.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// scenarioWithFault is the scenario called name with fault f switched on,
// in the runtime and in the pump.
func scenarioWithFault(t *testing.T, name string, f fault.Fault) model.Scenario {
	t.Helper()
	sc := scenarioNamed(t, name)
	sc.Kernel.Faults = sc.Kernel.Faults.With(f)
	sc.Pump.Faults = sc.Kernel.Faults
	return sc
}

// faulty reports whether sc runs its runtime with a fault switch on.
func faulty(sc *model.Scenario) bool { return !sc.Kernel.Faults.Empty() || !sc.Pump.Faults.Empty() }

// anyViolated reports whether the transition before -in-> after breaks
// any check, gated or not.
func anyViolated(ctx *Context, sc *model.Scenario, in model.Input, before, after *model.State, events []trace.Event) bool {
	for i := range all {
		ctx.reset(sc, before, in, after, events)
		if all[i].violated(ctx) {
			return true
		}
	}
	return false
}

// firstVerdictDiffering is the first check, gated or not, whose verdict on
// the transition before -in-> after differs from its verdict on
// other -in-> otherAfter, and its verdict on the first; ok is false when
// every check agrees.
func firstVerdictDiffering(ctx *Context, sc *model.Scenario, in model.Input, before, after *model.State, events []trace.Event,
	other, otherAfter *model.State, otherEvents []trace.Event) (name string, verdict bool, ok bool) {
	for i := range all {
		ctx.reset(sc, before, in, after, events)
		v := all[i].violated(ctx)
		ctx.reset(sc, other, in, otherAfter, otherEvents)
		if all[i].violated(ctx) != v {
			return all[i].Name, v, true
		}
	}
	return "", false, false
}
