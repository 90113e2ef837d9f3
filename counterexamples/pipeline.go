// Package counterexamples turns an explorer's violating path into
// something a reviewer reads and keeps: the path shrunk to a minimal
// script and scenario, written as a datadriven file with the runtime's
// events in the contracts' vocabulary, read back, replayed, and run as a
// regression test. It is generic over the system (model.Spec): Pipeline
// is one system's pipeline with its types, System the same with them
// hidden, for the command line and the registry (package models).
package counterexamples

import "modelcheck/model"

// Pipeline is the counterexample pipeline of one system: its cases are
// shrunk, written, read and replayed through the system's model.Spec.
// Cases, files and outcomes carry the system's configuration C, state S
// and input I; System hides them for the command line.
type Pipeline[C, S any, I model.Input] struct {
	spec model.Spec[C, S, I]
	// The optional parts of the spec, nil where it lacks them.
	validator  model.Validator[C]
	reducer    model.Reducer[C, I]
	simplifier model.Simplifier[I]
	renumberer model.Renumberer[S, I]
}

// New returns the pipeline of a system.
func New[C, S any, I model.Input](spec model.Spec[C, S, I]) *Pipeline[C, S, I] {
	p := &Pipeline[C, S, I]{spec: spec}
	p.validator, _ = spec.(model.Validator[C])
	p.reducer, _ = spec.(model.Reducer[C, I])
	p.simplifier, _ = spec.(model.Simplifier[I])
	p.renumberer, _ = spec.(model.Renumberer[S, I])
	return p
}

// Spec is the system the pipeline runs.
func (p *Pipeline[C, S, I]) Spec() model.Spec[C, S, I] { return p.spec }

// invariant is the invariant at a position of the system's check order.
func (p *Pipeline[C, S, I]) invariant(i int) model.Invariant { return p.spec.Invariants()[i] }

// Name, Doc, Scenarios, Invariants and Faults are the system's
// (model.System), so that a pipeline lists itself.
func (p *Pipeline[C, S, I]) Name() string                  { return p.spec.Name() }
func (p *Pipeline[C, S, I]) Doc() string                   { return p.spec.Doc() }
func (p *Pipeline[C, S, I]) Scenarios() []model.Scenario   { return p.spec.Scenarios() }
func (p *Pipeline[C, S, I]) Invariants() []model.Invariant { return p.spec.Invariants() }
func (p *Pipeline[C, S, I]) Faults() []model.Fault         { return p.spec.Faults() }
