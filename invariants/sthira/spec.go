package sthira

import (
	"strings"

	"modelcheck/model"
	sm "modelcheck/model/sthira"
	rt "modelcheck/runtime/sthira"
)

// Spec is the Sthira system as the pipeline drives it: System with the
// scenario keys and reductions of package model/sthira and the checked
// model of a scenario. It lives here, beside System, because building the
// checked model needs these invariants.
func Spec() model.Spec[sm.Scenario, sm.State, sm.Input] { return System{} }

// The optional parts of model.Spec the Sthira system implements: no
// Simplifier (an input's only operand is its task, fixed by the scenario)
// and no Renumberer (a task's slot is its scenario position, not a
// creation order, so dropping a declaration renumbers nothing; dropping a
// declared task from the scenario does, and its reduction rewrites the
// script itself).
var (
	_ model.Validator[sm.Scenario]                = System{}
	_ model.Reducer[sm.Scenario, sm.Input]        = System{}
	_ model.Spec[sm.Scenario, sm.State, sm.Input] = System{}
)

// Config is a named scenario.
func (System) Config(name string) (sm.Scenario, error) { return sm.Lookup(name) }

// Settings lists the scenario keys.
func (System) Settings() []model.Setting[sm.Scenario] { return sm.Settings() }

// Validate refuses a scenario the model cannot run.
func (System) Validate(sc *sm.Scenario) error { return sc.Validate() }

// WithFault turns a fault switch on.
func (System) WithFault(sc *sm.Scenario, name string) error { return sm.WithFault(sc, name) }

// FaultsOn lists the faults a scenario turns on.
func (System) FaultsOn(sc *sm.Scenario) []string { return sm.FaultsOn(sc) }

// New builds the checked model of a scenario.
func (System) New(sc sm.Scenario, only []string) (model.Traced[sm.State, sm.Input], error) {
	e, err := NewExplorable(sc, only)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// ParseInput reads an input as it is spelled.
func (System) ParseInput(text string) (sm.Input, error) { return rt.ParseInput(text) }

// Summary describes a state, one fact a line.
func (System) Summary(s *sm.State) string { return strings.Join(sm.Summary(s), "\n") }

// Brief is a state on one line.
func (System) Brief(s *sm.State) string { return sm.Brief(s) }

// Reductions lists the scenarios one step smaller, each with its script.
func (System) Reductions(sc *sm.Scenario, script []sm.Input) []model.Reduction[sm.Scenario, sm.Input] {
	return sm.Reductions(sc, script)
}

// Size is the scenario's size in the shrinker's order.
func (System) Size(sc *sm.Scenario) int { return sm.Size(sc) }
