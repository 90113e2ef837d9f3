package asupersync

import (
	"modelcheck/model"
	am "modelcheck/model/asupersync"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/pump"
)

// Spec is the asupersync system as the pipeline drives it: System with
// the scenario keys, reductions, input simplification and id renumbering
// of package model/asupersync, and the checked model of a scenario.
//
// It lives here, beside System, because building the checked model needs
// these invariants; everything about the model's own vocabulary (keys,
// reductions, summaries) stays in model/asupersync, which the checks
// import, not the other way round.
func Spec() model.Spec[am.Scenario, am.State, am.Input] { return System{} }

// The optional parts of model.Spec the asupersync system implements.
var (
	_ model.Validator[am.Scenario]                = System{}
	_ model.Reducer[am.Scenario, am.Input]        = System{}
	_ model.Simplifier[am.Input]                  = System{}
	_ model.Renumberer[am.State, am.Input]        = System{}
	_ model.Spec[am.Scenario, am.State, am.Input] = System{}
)

// Config is a named scenario.
func (System) Config(name string) (am.Scenario, error) { return am.Lookup(name) }

// Settings lists the scenario keys.
func (System) Settings() []model.Setting[am.Scenario] { return am.Settings() }

// Validate refuses a scenario the kernel or the model cannot run as meant
// (Scenario.Validate checks both).
func (System) Validate(sc *am.Scenario) error { return sc.Validate() }

// WithFault turns a fault switch on in the kernel and the pump alike, as
// the runtime's faults are one set.
func (System) WithFault(sc *am.Scenario, name string) error {
	f, err := fault.Parse(name)
	if err != nil {
		return err
	}
	sc.Kernel.Faults = sc.Kernel.Faults.With(f)
	sc.Pump.Faults = sc.Kernel.Faults
	return nil
}

// FaultsOn lists the faults a scenario turns on.
func (System) FaultsOn(sc *am.Scenario) []string {
	var out []string
	for _, f := range sc.Kernel.Faults.List() {
		out = append(out, f.Name())
	}
	return out
}

// New builds the checked model of a scenario.
func (System) New(sc am.Scenario, only []string) (model.Traced[am.State, am.Input], error) {
	e, err := NewExplorable(sc, only)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// ParseInput reads an input as it is spelled.
func (System) ParseInput(text string) (am.Input, error) { return pump.ParseInput(text) }

// Summary describes a state, one fact a line.
func (System) Summary(s *am.State) string { return am.Summary(s) }

// Brief is a state on one line.
func (System) Brief(s *am.State) string { return am.Brief(s) }

// Reductions lists the scenarios one step smaller.
func (System) Reductions(sc *am.Scenario, script []am.Input) []model.Reduction[am.Scenario, am.Input] {
	return am.Reductions(sc, script)
}

// Size is the scenario's size in the shrinker's order.
func (System) Size(sc *am.Scenario) int { return am.Size(sc) }

// Weight is how big an input's operands are.
func (System) Weight(in am.Input) int { return am.Weight(in) }

// Alike: the same host event and kernel operation.
func (System) Alike(a, b am.Input) bool { return am.Alike(a, b) }

// Created lists the ids a step created.
func (System) Created(before, after *am.State, ids []model.ID) []model.ID {
	return am.Created(before, after, ids)
}

// Renumber shifts an input's ids down past dropped ones.
func (System) Renumber(in am.Input, gone []model.ID) (am.Input, bool) { return am.Renumber(in, gone) }
