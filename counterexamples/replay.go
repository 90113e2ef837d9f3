// Package counterexamples turns an explorer's violating path into
// something a reviewer reads and keeps: the path shrunk to a minimal
// script and scenario, written as a datadriven file with the runtime's
// events in the contracts' vocabulary, read back, replayed, and run as a
// regression test.
package counterexamples

import (
	"fmt"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/trace"
)

// Step is one input of a path, what the runtime did with it and the state
// it left.
type Step struct {
	Input  model.Input
	Events []trace.Event
	After  model.State
}

// Replay runs path from the model's initial state and returns each step's
// events and the final state. It fails if an input is refused, which means
// the path does not belong to this model and scenario.
func Replay(m *model.Model, path []model.Input) ([]Step, model.State, error) {
	s := m.Init()
	steps := make([]Step, 0, len(path))
	for i, in := range path {
		var log trace.Log
		if err := m.Apply(&s, in, &log); err != nil {
			return steps, s, fmt.Errorf("step %d %q: %w", i+1, in, err)
		}
		steps = append(steps, Step{Input: in, Events: log.Events, After: s})
	}
	return steps, s, nil
}
