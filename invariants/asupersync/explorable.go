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

// CheckInit reports what the scenario's spawns before the first step broke
// (model.Model.Init checks them as steps), and then checks the initial
// state with the invariants that are rules over the state after a
// transition alone (Checker.CheckInit): their gates skip them on every
// step that leaves their part of the state as it was, so the initial state
// is where such a part is first asked about. The other invariants are
// rules over transitions (before, input, after, events) or over stuck
// states.
func (e Explorable) CheckInit(s *model.State) int {
	if v := e.InitViolation(); v != 0 {
		return v
	}
	return e.Checker.(*Checker).CheckInit(s)
}

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
