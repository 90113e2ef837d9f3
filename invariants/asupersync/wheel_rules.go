package asupersync

import (
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// wheelRuleInvariants: the wheel rule that had no check before issue 10
// (wheel-duration-bound checks only that over-long durations are refused).
var wheelRuleInvariants = []Invariant{
	{"wheel-accepts-valid", []string{"INV-TM-04", "tm-overflow-001", "tm-duration-exceeded-001", "004/2.3", "004/2.7"},
		"try_register accepts every duration of at most max_timer_duration (one past the wheel's levels goes to the overflow heap), so a sleep that short is never refused", wheelAcceptsValid},
}

// wheelAcceptsValid takes the duration from the input and the bound from
// the scenario's configuration (the contract's default when unset).
func wheelAcceptsValid(c *Context) bool {
	cfg := &c.Scenario.Kernel
	if !cfg.Wheel || c.In.Host != pump.NoHost || c.In.K.Op != kernel.Sleep {
		return false
	}
	return uint64(c.In.K.N) <= scenarioMaxTimer(c) && c.firstIndex(trace.WheelRejected) >= 0
}
