package asupersync

import (
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// channelPresenceInvariants: every channel check is gated on the scenario
// having a channel, so none looked at a runtime without one. The model
// asked the runtime's own HasChannel whether to offer channel operations
// and encode the channel, so a HasChannel that answered yes for capacity 0
// moved the default scenario's counts (4,005,029 to 5,019,137 distinct at
// depth 12) and passed every check (session 13's exhaustive mutation of
// runtime/kernel, channel.go:54). The model now reads the configuration
// (channelConfigured), and this check reads the scenario, so neither moves
// with the accessor. It comes late in the check order, so the older faults
// keep their first reports.
var channelPresenceInvariants = []Invariant{
	{"chan-configured", []string{"004/1.1", "INV-CH-08"},
		"a runtime configured without a channel (capacity 0) runs no channel operation and emits no channel event: no task holds a sender, the receiver or a permit, so a completion drops none of them", chanConfigured},
}

// chanConfigured reads the channel's presence from the scenario, as the
// channel checks' gates do (withChannel).
func chanConfigured(c *Context) bool {
	if withChannel(c.Scenario) {
		return false
	}
	if c.In.Host == pump.NoHost && c.In.K.Op >= kernel.ChanReserve && c.In.K.Op <= kernel.ChanClose {
		return true
	}
	for ei := range c.Events {
		if k := c.Events[ei].Kind; k >= trace.ChanReserved && k <= trace.ChanOpFailed {
			return true
		}
	}
	return false
}
