package asupersync

import model "modelcheck/model/asupersync"

// acceptInvariants: the model offers only what the contracts let a caller
// do where they say the runtime accepts it (a spawn, a wake, a cancel, a
// channel operation by the task holding the handle), and the refusals the
// contracts do mandate (a spawn into a cancelled region, a stale wake, a
// denied callback) are answers in events, not errors. A runtime that
// returned an error instead, or panicked, stopped the tool with a panic
// that blamed the model: 87 of the 439 behaviour-changing mutants of
// session 13's exhaustive runtime/kernel run were "killed by crash" that
// way, with no counterexample. The model reads the roles it offers from
// the configuration (channelConfigured, channelOps), so a bug in the
// runtime's own accessors is such a refusal; Model.Step recovers a panic
// into one, and takes a successor with a count or id outside its table
// for one (the model and the checks would index past an array on it); and
// this check reports each with a shrunk path. It comes
// late in the check order, so the older faults keep their first reports.
var acceptInvariants = []Invariant{
	{"offered-input-accepted", []string{"004/1.1", "004/1.3"},
		"the runtime accepts every input the environment offers: a channel operation by the task the configuration gives the handle, a spawn, wake, cancel or poll result where the contracts allow it; a refusal the contracts mandate is an answer in events, never an error, and no input makes the runtime panic or leaves a count or id of its state outside the table it counts or indexes", inputRefused},
}

// inputRefused is true only on the context Refused sets up: Check never
// sees a refused input, whose Apply did not finish.
func inputRefused(c *Context) bool { return c.inputRefused }

// acceptIndex is the position of offered-input-accepted in all.
var acceptIndex = indexOf("offered-input-accepted")

// Refused reports a refused input as a violation of offered-input-accepted,
// if it is checked: 1+its index, else 0. The context it asks the check on
// has the state before as the state after too, since Apply did not finish.
func (c *Checker) Refused(before *model.State, in model.Input) int {
	if !c.enabled[acceptIndex] {
		return 0
	}
	c.ctx.reset(c.scenario, before, in, before, nil)
	c.ctx.inputRefused = true
	if all[acceptIndex].violated(&c.ctx) {
		return acceptIndex + 1
	}
	return 0
}
