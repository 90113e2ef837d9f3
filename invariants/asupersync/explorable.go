package asupersync

import (
	"modelcheck/explore"
	model "modelcheck/model/asupersync"
)

// Explorable is a model checked by these invariants, in the shape the
// explorer drives. It lives here, not in model, because model must not
// import the explorer or the invariants.
type Explorable struct{ *model.Model }

// Fork gives another worker its own copy.
func (e Explorable) Fork() explore.Model[model.State, model.Input] {
	return Explorable{e.Model.Fork()}
}

// NewExplorable builds the checked model of a scenario, restricted to the
// named invariants if any are given.
func NewExplorable(sc model.Scenario, only []string) (Explorable, error) {
	m := model.New(sc, nil)
	c, err := NewChecker(&m.Scenario, only)
	if err != nil {
		return Explorable{}, err
	}
	m.Checker = c
	return Explorable{m}, nil
}
