package vm

import (
	"modelcheck/explore"
	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// Explorable is a VM scenario checked by these invariants, in the shape
// the explorer drives. It lives here, not in model/vm, because model must
// not import the invariants.
type Explorable struct {
	M *mvm.Model
	C *Checker
}

// NewExplorable builds the checked model of a scenario, restricted to the
// named invariants if any are given.
func NewExplorable(sc mvm.Scenario, only []string) (Explorable, error) {
	c, err := NewChecker(&sc, only)
	if err != nil {
		return Explorable{}, err
	}
	return Explorable{M: mvm.New(sc), C: c}, nil
}

// Init is the VM with no session loaded.
func (e Explorable) Init() State { return e.M.Init() }

// CheckInit: every invariant is a rule over transitions or over quiescent
// states, and the initial state has no session, so nothing can be broken
// yet.
func (e Explorable) CheckInit(*State) int { return 0 }

// Enabled lists the environment's inputs.
func (e Explorable) Enabled(s *State, buf []mvm.Input) []mvm.Input { return e.M.Enabled(s, buf) }

// Step applies in and checks the transition. Enabled produced in, so Apply
// cannot refuse it.
func (e Explorable) Step(s *State, in mvm.Input, next *State) int {
	if err := e.M.Apply(s, in, next); err != nil {
		panic("vm: an enabled input was refused: " + err.Error())
	}
	e.M.Count(in)
	return e.C.transition(e.M, s, in, next)
}

// Stuck: a state with nothing enabled is quiescent, and every compared
// trace is complete.
func (e Explorable) Stuck(s *State) int { return e.C.quiescent(e.M, s) }

// Unchecked names session-trace-invariance outside the scenarios that
// check the contract's claim: it is false in general (README, "VM"), so
// the default run leaves it out and says so.
func (e Explorable) Unchecked() []string {
	if e.M.Scenario.Claim {
		return nil
	}
	return []string{all[invClaim].Name}
}

// Invariants names every invariant in check order.
func (e Explorable) Invariants() []string { return Names() }

// Fork gives another worker its own scratch buffers.
func (e Explorable) Fork() explore.Model[State, mvm.Input] {
	c := *e.C
	c.scratch = make([]rtEvent, 0, 64)
	c.norm = make([]rt.Norm, 0, 64)
	c.inputs = make([]mvm.Input, 0, 32)
	return Explorable{M: e.M.Fork(), C: &c}
}

// CoverageLabels implements model.Coverer.
func (e Explorable) CoverageLabels() []string { return e.M.CoverageLabels() }

// AddCoverage implements model.Coverer.
func (e Explorable) AddCoverage(into []uint64) { e.M.AddCoverage(into) }

// Events appends the last step's events, one a line: each lockstep run's
// prefixed by its configuration.
func (e Explorable) Events(buf []string) []string { return e.M.EventLines(buf) }
