package vm

import (
	"fmt"

	"modelcheck/model"
	mvm "modelcheck/model/vm"
)

// Spec is the VM system as the pipeline drives it: System with the
// scenario keys, reductions, input weights and coroutine renumbering of
// package model/vm, and the checked model of a scenario. It lives here,
// beside System, because building the checked model needs these
// invariants.
func Spec() model.Spec[mvm.Scenario, mvm.State, mvm.Input] { return System{} }

// The optional parts of model.Spec the VM system implements.
var (
	_ model.Validator[mvm.Scenario]                  = System{}
	_ model.Reducer[mvm.Scenario, mvm.Input]         = System{}
	_ model.Simplifier[mvm.Input]                    = System{}
	_ model.Renumberer[mvm.State, mvm.Input]         = System{}
	_ model.Spec[mvm.Scenario, mvm.State, mvm.Input] = System{}
)

// Config is a named scenario.
func (System) Config(name string) (mvm.Scenario, error) { return mvm.Lookup(name) }

// Settings lists the scenario keys.
func (System) Settings() []model.Setting[mvm.Scenario] { return mvm.Settings() }

// Validate refuses a scenario with nothing to load.
func (System) Validate(sc *mvm.Scenario) error {
	if len(sc.Vocabulary) == 0 {
		return fmt.Errorf("vm: the scenario's vocabulary has no protocol to load")
	}
	return nil
}

// WithFault turns a fault switch on.
func (System) WithFault(sc *mvm.Scenario, name string) error { return mvm.WithFault(sc, name) }

// FaultsOn lists the faults a scenario turns on.
func (System) FaultsOn(sc *mvm.Scenario) []string { return mvm.FaultNames(sc) }

// New builds the checked model of a scenario.
func (System) New(sc mvm.Scenario, only []string) (model.Traced[mvm.State, mvm.Input], error) {
	e, err := NewExplorable(sc, only)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// ParseInput reads an input as it is spelled.
func (System) ParseInput(text string) (mvm.Input, error) { return mvm.ParseInput(text) }

// Summary describes a state, one fact a line.
func (System) Summary(s *mvm.State) string { return mvm.Summary(s) }

// Brief is a state on one line: the first run's VM.
func (System) Brief(s *mvm.State) string { return mvm.Brief(&s.Runs[0].VM) }

// Reductions lists the scenarios one step smaller.
func (System) Reductions(sc *mvm.Scenario, script []mvm.Input) []model.Reduction[mvm.Scenario, mvm.Input] {
	return mvm.Reductions(sc, script)
}

// Size is the scenario's size in the shrinker's order.
func (System) Size(sc *mvm.Scenario) int { return mvm.Size(sc) }

// Weight is how big an input's operands are.
func (System) Weight(in mvm.Input) int { return mvm.Weight(in) }

// Alike: the same kind of input.
func (System) Alike(a, b mvm.Input) bool { return mvm.Alike(a, b) }

// Created lists the coroutines a step created.
func (System) Created(before, after *mvm.State, ids []model.ID) []model.ID {
	return mvm.Created(before, after, ids)
}

// Renumber shifts a step's coroutine down past dropped ones.
func (System) Renumber(in mvm.Input, gone []model.ID) (mvm.Input, bool) {
	return mvm.Renumber(in, gone)
}
