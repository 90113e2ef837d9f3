package asupersync

import (
	"fmt"

	"modelcheck/explore"
	model "modelcheck/model/asupersync"
)

// Explorable is a model checked by these invariants, in the shape the
// explorer drives. It lives here, not in model, because model must not
// import the explorer or the invariants.
type Explorable struct{ *model.Model }

// CheckInit checks the initial state: every invariant here is a rule over
// transitions (before, input, after, events) or over stuck states, and the
// initial state is pump.New's, which the runtime's conformance fixtures
// check, so there is nothing to check on it alone.
func (e Explorable) CheckInit(*model.State) int { return 0 }

// Invariants names every invariant in check order, whichever the checker
// was restricted to: Step and Stuck report positions in this list.
func (e Explorable) Invariants() []string { return Names() }

// Fork gives another worker its own copy.
func (e Explorable) Fork() explore.Model[model.State, model.Input] {
	return Explorable{e.Model.Fork()}
}

// NewExplorable builds the checked model of a scenario, restricted to the
// named invariants if any are given. A scenario the model cannot run as
// meant (Scenario.Validate) is refused.
func NewExplorable(sc model.Scenario, only []string) (Explorable, error) {
	if err := sc.Validate(); err != nil {
		return Explorable{}, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	m := model.New(sc, nil)
	c, err := NewChecker(&m.Scenario, only)
	if err != nil {
		return Explorable{}, err
	}
	m.Checker = c
	return Explorable{m}, nil
}
