package asupersync

import (
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
)

// effectInvariants are effects of an accepted operation that make mutate
// -tests (seed 2) showed no check enforced: the mutant changed the state
// counts and every scenario stayed clean.
//
// A close-region that announced region_closing but left the region Open
// passed: ops-answered asks only for the announcement, changes-announced
// only that a move be announced (not that an announcement be a move), and
// region-closes and quiescence judge regions already on their close path.
// The region never closed, since the advance moves only Closing and
// Draining regions on.
//
// It comes after ops-answered in the check order, so a close that is not
// even announced (fault silent-close) is still reported there.
var effectInvariants = []Invariant{
	{"region-close-effective", []string{"wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/quiescence-completion"},
		"a close-region of an Open region takes it off Open in the step (Open -> Closing, and on to Draining, Finalizing or Closed if it may advance at once), so that it drains and closes", regionCloseEffective},
}

// regionCloseEffective is 001's region protocol ("close/drain/finalize/
// close-complete quiescence path"; the semantics notes' Open -> Closing ->
// Draining -> Finalizing -> Closed) at its first step: a close moves the
// region out of Open, after which advance_region_state() "drives
// Closing/Draining -> Finalizing -> Closed". The region's state before is
// checked against the events by changes-announced; the model offers a
// close only of an Open region, which the guard restates.
func regionCloseEffective(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CloseRegion {
		return false
	}
	b := kern(c.Before).Cancel.Region(c.In.K.Region)
	if b == nil || !b.Used || b.State != cancel.RegionOpen {
		return false
	}
	return kern(c.After).Cancel.Region(c.In.K.Region).State == cancel.RegionOpen
}
