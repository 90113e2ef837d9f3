package sthira

import (
	"modelcheck/model"
	sm "modelcheck/model/sthira"
)

// Explorable is a Sthira model checked by these invariants, in the shape
// the explorer drives. It lives here, not in model/sthira, because that
// package must not import the invariants.
type Explorable struct {
	*sm.Model
	checker *Checker
}

var (
	_ model.Model[sm.State, sm.Input]  = Explorable{}
	_ model.Traced[sm.State, sm.Input] = Explorable{}
	_ model.Live[sm.State, sm.Input]   = Explorable{}
	_ model.InputKinder[sm.Input]      = Explorable{}
)

// NewExplorable builds the checked model of a scenario, restricted to the
// named invariants if any are given.
func NewExplorable(sc sm.Scenario, only []string) (Explorable, error) {
	if err := sc.Validate(); err != nil {
		return Explorable{}, err
	}
	c, err := NewChecker(sc.Config, only)
	if err != nil {
		return Explorable{}, err
	}
	return Explorable{sm.New(sc, checkerAdapter{c}), c}, nil
}

// CheckInit checks that the scheduler starts empty.
func (e Explorable) CheckInit(s *sm.State) int { return e.checker.CheckInit(s) }

// Invariants names every invariant in check order, whichever the checker
// was restricted to: Step and Stuck report positions in this list.
func (e Explorable) Invariants() []string { return Names() }

// Fork gives another worker its own copy. The checker keeps no scratch
// memory, so the copies share it.
func (e Explorable) Fork() model.Model[sm.State, sm.Input] {
	return Explorable{e.Model.Fork(), e.checker}
}

// checkerAdapter gives the model the checker through its small interface.
type checkerAdapter struct{ *Checker }

func (a checkerAdapter) Fork() sm.Checker { return a }
