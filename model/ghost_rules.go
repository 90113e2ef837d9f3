package model

import "modelcheck/runtime/trace"

// Ghost is what the environment remembers of past transitions so that the
// invariants need not trust the runtime's own record of it. Each field is,
// in a correct runtime, a function of the runtime's state, so encoding it
// (see Encode) merges no states and splits none: the distinct-state counts
// stay what they are without it.
type Ghost struct {
	// OwedTurn: a wake was deferred while the pump ran (000 S4, F1:
	// scheduler_reentrancy_deferred) and no further pump turn has been
	// queued since: neither a microtask (pump_scheduled) nor a hand-off
	// to the host task queue, which burst_limit_reached begins (it queues
	// a host task, or fails closed without a capability, P3). In a correct
	// pump it equals the pending flag.
	OwedTurn bool
}

// observe updates the ghost from a transition's events, in order.
func (g *Ghost) observe(events []trace.Event) {
	for i := range events {
		switch events[i].Kind {
		case trace.ReentrancyDeferred:
			g.OwedTurn = true
		case trace.PumpScheduled, trace.BurstLimitReached:
			g.OwedTurn = false
		}
	}
}

// encodeGhost appends the ghost's fields.
func encodeGhost(g *Ghost, b []byte) []byte { return append(b, flag(g.OwedTurn)) }
