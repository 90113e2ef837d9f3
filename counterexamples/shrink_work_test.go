package counterexamples

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	invariants "modelcheck/invariants/asupersync"
	mdl "modelcheck/model"
	model "modelcheck/model/asupersync"
)

// countingSpec is the asupersync system with models that count the steps
// they take: the work a shrink does, measured without a clock.
type countingSpec struct {
	invariants.System
	steps *atomic.Int64
}

func (c countingSpec) New(sc model.Scenario, only []string) (mdl.Traced[model.State, model.Input], error) {
	e, err := invariants.NewExplorable(sc, only)
	if err != nil {
		return nil, err
	}
	return countingModel{e, c.steps}, nil
}

// countingModel is a checked model that counts its steps, forks included.
type countingModel struct {
	invariants.Explorable
	steps *atomic.Int64
}

func (m countingModel) Step(s *model.State, in model.Input, next *model.State) int {
	m.steps.Add(1)
	return m.Explorable.Step(s, in, next)
}

func (m countingModel) Fork() mdl.Model[model.State, model.Input] {
	return countingModel{m.Explorable.Fork().(invariants.Explorable), m.steps}
}

// lifoScript is a lane-order counterexample of fault lifo-ready that
// wanders for laps rounds of t1 yielding and being dispatched again
// before the four inputs that break the invariant. A chunk of the rounds
// can go only if it is whole rounds, so dropping inputs keeps hundreds of
// them, and only the search for a shorter path (research) finds the four.
func lifoScript(laps int) string {
	return "scenario base=default faults=lifo-ready\n----\n\nrun\nspawn r1\nmicrotask\ndispatch\n" +
		strings.Repeat("yield t1\ndispatch\nyield t1\nhost-task\ndispatch\n", laps) +
		"pending t1\nspawn r1\nmicrotask\nspawn r1\ndispatch\n----\n"
}

// TestShrinkWorkIsNearLinear: shrinking a long script costs model steps
// about linear in its length. Each candidate used to replay the script
// from its start, even where it differs from the current case only near
// the end: these scripts cost 1,570 and 2,068 steps an input, and one of
// 8,198 inputs took six minutes to shrink. The bound is on steps, not
// time, so that a loaded machine cannot fail it, nor a fast one pass it.
func TestShrinkWorkIsNearLinear(t *testing.T) {
	const perInput = 300
	for _, laps := range []int{20, 100} {
		t.Run(fmt.Sprint(laps, " laps"), func(t *testing.T) {
			var steps atomic.Int64
			p := New[model.Scenario, model.State, model.Input](countingSpec{steps: &steps})
			f, err := p.Parse("long.txt", []byte(lifoScript(laps)))
			if err != nil {
				t.Fatal(err)
			}
			n := int64(len(f.Case.Script))
			c, err := p.Shrink(context.Background(), f.Case)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(c.Script); got != "[spawn r1 microtask spawn r1 dispatch]" {
				t.Errorf("shrunk to %s", got)
			}
			t.Logf("%d inputs: %d steps, %d an input", n, steps.Load(), steps.Load()/n)
			if steps.Load() > perInput*n {
				t.Errorf("shrinking %d inputs took %d model steps, over %d an input", n, steps.Load(), perInput)
			}
		})
	}
}
