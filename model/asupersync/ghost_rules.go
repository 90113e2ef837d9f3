package asupersync

import (
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

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
	// WokenInPoll has bit id-1 set when a wake reached task id while it
	// was being polled (a wake or callback naming it that was not stale,
	// a cancel request that changed it, a channel wake), since its poll
	// began. In a correct runtime it equals the kernel's Notified flags.
	WokenInPoll uint16
}

// polled is what observe needs of the state before a transition: the task
// being polled and its cancel record.
type polled struct {
	task   uint8
	record cancel.Task
}

// before records the polled task ahead of a transition.
func before(k *kernel.State) polled {
	if k.Current == 0 {
		return polled{}
	}
	return polled{task: k.Current, record: *TaskRecord(&k.Cancel, k.Current)}
}

// observe updates the ghost from a transition: its input, the polled task
// before it, the state after it and its events, in order.
func (g *Ghost) observe(in Input, p polled, k *kernel.State, events []trace.Event) {
	if t := p.task; t != 0 {
		bit := uint16(1) << (t - 1)
		stale := false
		for i := range events {
			stale = stale || (events[i].Kind == trace.StaleWake && events[i].Task == t)
		}
		wake := in.K.Task == t && !stale && ((in.Host == pump.NoHost && in.K.Op == kernel.Wake) ||
			(in.Host == pump.Callback && authorized(in, events)))
		cancelled := in.Host == pump.NoHost && (in.K.Op == kernel.CancelTask || in.K.Op == kernel.CancelRegion) &&
			CancelChanged(&p.record, TaskRecord(&k.Cancel, t))
		if wake || cancelled {
			g.WokenInPoll |= bit
		}
	}
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case trace.ReentrancyDeferred:
			g.OwedTurn = true
		case trace.PumpScheduled, trace.BurstLimitReached:
			g.OwedTurn = false
		case trace.ChanSenderWoken, trace.ChanReceiverWoken:
			if e.Task == p.task && e.Task != 0 {
				g.WokenInPoll |= 1 << (e.Task - 1)
			}
		case trace.StepDecision, trace.StepEnd:
			if e.Task != 0 {
				g.WokenInPoll &^= 1 << (e.Task - 1)
			}
		}
	}
}

// authorized reports whether a callback got through the authority seam:
// a denied one emits authorization_denied and nothing else.
func authorized(in Input, events []trace.Event) bool {
	for i := range events {
		if events[i].Kind == trace.AuthorizationDenied && events[i].Task == in.K.Task {
			return false
		}
	}
	return true
}

// encodeGhost appends the ghost's fields.
func encodeGhost(g *Ghost, b []byte) []byte {
	return append(b, flag(g.OwedTurn), byte(g.WokenInPoll), byte(g.WokenInPoll>>8))
}
