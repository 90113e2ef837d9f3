package vm

import (
	"fmt"

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

// InputKind implements model.InputKinder, for swarm walks.
func (e Explorable) InputKind(in mvm.Input) int { return e.M.InputKind(in) }

// NumInputKinds implements model.InputKinder.
func (e Explorable) NumInputKinds() int { return e.M.NumInputKinds() }

// Enabled lists the environment's inputs.
func (e Explorable) Enabled(s *State, buf []mvm.Input) []mvm.Input { return e.M.Enabled(s, buf) }

// Step applies in and checks the transition. Enabled offers only inputs
// within the VM's bounds, read from the state, so a VM that refuses one,
// panics on it, or leaves a count or id outside its table
// (mvm.OutsideTables) is a finding about the runtime
// (offered-input-accepted), not a crash of the tool; with that check off
// the input is no transition (next is left as s).
func (e Explorable) Step(s *State, in mvm.Input, next *State) int {
	e.C.refusal = nil
	err := e.applyGuarded(s, in, next)
	if err == nil {
		err = mvm.OutsideTables(next)
	}
	if err != nil {
		e.C.refusal = err
		*next = *s
		if !e.C.on[invAccepted] {
			return 0
		}
		return invAccepted + 1
	}
	e.M.Count(in)
	return e.C.transition(e.M, s, in, next)
}

// applyGuarded is Apply with a panic of the VM returned as its error, so
// the path that crashes it gets a counterexample.
func (e Explorable) applyGuarded(s *State, in mvm.Input, next *State) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return e.M.Apply(s, in, next)
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
func (e Explorable) Events(buf []string) []string {
	buf = e.M.EventLines(buf)
	if e.C.refusal != nil {
		buf = append(buf, "refused: "+e.C.refusal.Error())
	}
	return buf
}
