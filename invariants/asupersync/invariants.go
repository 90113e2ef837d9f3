// Package asupersync holds the checks of the asupersync model
// (modelcheck/model/asupersync): the named checks the explorer runs on every
// transition (before, input, after, events) and on every state with
// nothing enabled, each carrying the contract IDs it enforces, and records
// which fault switch must trip which check.
//
// The checks are written from the contracts, not from the runtime's code:
// the lane-law check recomputes the expected decision itself, the
// monotonicity checks compare phases, severities and budgets across the
// transition, and the event checks read the trace the runtime emitted.
// Where a check needs a counter or flag the runtime keeps (the streak, the
// governor, the lanes, the burst counter, sender_count, the wheel's active
// map, mask depths), that field is itself checked on every transition
// against the value derived from its value before, the input and the
// events (derived.go), so a bug in its update is caught where it happens
// instead of being agreed with; the decision metadata is checked the same
// way (metadata.go).
package asupersync

import (
	"math/bits"
	"sort"

	"modelcheck/internal/suggest"
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// Invariant is one named check.
type Invariant struct {
	Name        string
	ContractIDs []string
	Doc         string
	// violated reports whether the transition breaks the invariant; for
	// the stuck-state class it is a predicate over the after state alone.
	violated func(c *Context) bool
}

// Context is one transition under check.
type Context struct {
	Scenario *model.Scenario
	Before   *model.State
	In       model.Input
	After    *model.State
	Events   []trace.Event
	// sig is the transition's signature (transitionSignature): a check
	// that looks only at events of some kinds skips its scan when none
	// of them is there (mayHold).
	sig signature
	// lanes is scratch space for the lane-law checks.
	lanes lanes
	// replay is the scheduler replayed through the events, computed once
	// per transition (replayDone) for the checks that derive from it.
	replay     schedReplay
	replayDone bool
	// changed is changedTasks' answer for this transition.
	changed     uint16
	changedDone bool
	// inputRefused is set only by Checker.Refused: the runtime refused In.
	inputRefused bool
	// atOrigin is set only by Checker.Origin: After is the runtime as
	// constructed, before any input.
	atOrigin bool
	// certWitnesses outlive a transition: they are keyed by the
	// certificate's value, not by the transition.
	certWitnesses certWitnesses
}

// certWitnesses are witnessHashWrong's last answers: the certificates of
// the state a worker expands and of its successors that dispatched (one
// more dispatch in one lane or another), with room to spare.
type certWitnesses struct {
	next int // the entry the next new answer replaces
	e    [4]certWitness
}

// certWitness is whether the witness hash of one certificate value is
// wrong (witnessHashWrong).
type certWitness struct {
	known bool
	cert  sched.Certificate
	wrong bool
}

// reset points the context at a new transition and drops what it
// derived from the last one.
func (c *Context) reset(sc *model.Scenario, before *model.State, in model.Input, after *model.State, events []trace.Event) {
	c.point(sc, before, in, after, events, transitionSignature(in, events))
}

// point is reset with the transition's signature already known (sig is
// transitionSignature(in, events)).
func (c *Context) point(sc *model.Scenario, before *model.State, in model.Input, after *model.State, events []trace.Event, sig signature) {
	c.Scenario, c.Before, c.In, c.After, c.Events, c.sig = sc, before, in, after, events, sig
	c.replayDone, c.changedDone, c.inputRefused, c.atOrigin = false, false, false, false
}

// All returns the invariants in check order; a transition reports the
// first one it violates.
func All() []Invariant { return append([]Invariant(nil), all...) }

// Names lists the invariant names in check order.
func Names() []string {
	out := make([]string, len(all))
	for i, inv := range all {
		out[i] = inv.Name
	}
	return out
}

// Lookup finds an invariant by name; the error lists the known names.
func Lookup(name string) (int, error) {
	for i, inv := range all {
		if inv.Name == name {
			return i, nil
		}
	}
	names := Names()
	sort.Strings(names)
	return 0, suggest.Unknown("invariant", name, names)
}

// Checker checks transitions of one scenario with a subset of the
// invariants (all by default). A Checker is one worker's: its scratch
// Context is reused so a check allocates nothing; Fork makes another.
type Checker struct {
	scenario *model.Scenario
	enabled  []bool
	// dispatch says which invariants Check calls on a transition (the
	// enabled ones that can fire in the scenario, through their gates);
	// it is read-only and shared with forks.
	dispatch *dispatch
	ctx      Context
}

// Fork returns a checker for another worker, sharing the read-only
// configuration.
func (c *Checker) Fork() model.Checker {
	return &Checker{scenario: c.scenario, enabled: c.enabled, dispatch: c.dispatch}
}

// NewChecker checks every invariant; only, if non-empty, restricts the
// check to the named ones.
func NewChecker(sc *model.Scenario, only []string) (*Checker, error) {
	c := &Checker{scenario: sc, enabled: make([]bool, len(all))}
	for i := range c.enabled {
		c.enabled[i] = len(only) == 0
	}
	for _, name := range only {
		i, err := Lookup(name)
		if err != nil {
			return nil, err
		}
		c.enabled[i] = true
	}
	c.dispatch = newDispatch(sc, c.enabled)
	return c, nil
}

// Check returns 0, or 1+the index of the first violated invariant.
func (c *Checker) Check(before *model.State, in model.Input, after *model.State, events []trace.Event) int {
	sig, run := c.dispatch.signed(in, events)
	c.ctx.point(c.scenario, before, in, after, events, sig)
	return c.firstViolated(c.dispatch.addChanged(&c.ctx, run))
}

// firstViolated runs the checks of run in index order on the context and
// returns 0, or 1+the index of the first that fails.
func (c *Checker) firstViolated(run checkSet) int {
	for w := range run {
		for m := run[w]; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			if all[i].violated(&c.ctx) {
				return i + 1
			}
		}
	}
	return 0
}

// CheckInit checks the initial state with the checks whose gate skips
// them on a part of the state that did not change (holds): those read
// that part of the state after alone, so on the initial state they are
// asked once here, as on a step that changed nothing and emitted nothing,
// and no transition needs to ask them again until the part changes.
// It returns 0, or 1+the index of the first violated invariant.
func (c *Checker) CheckInit(s *model.State) int {
	c.ctx.reset(c.scenario, s, model.Input{}, s, nil)
	return c.firstViolated(c.dispatch.atInit)
}

// Stuck checks a state with nothing enabled: stuck unless terminal.
func (c *Checker) Stuck(s *model.State) int {
	if c.enabled[stuckIndex] && stuck(c.scenario, s) {
		return stuckIndex + 1
	}
	return 0
}
