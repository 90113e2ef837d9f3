package asupersync

import (
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
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
	// OwedTurn: a wake reached the pump while it ran (000 S4, F1: a wake
	// or granted callback applied to a Running pump, which must defer it
	// with scheduler_reentrancy_deferred; read from the input, so that a
	// wake the pump let past without its deferral is still owed a turn,
	// and from that event too) and no further pump turn has been
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
	// Stranded: the pump failed closed at its burst limit, its hand-off
	// denied for want of both the message and the timer capability (P1,
	// P3, F4: burst_limit_reached, then authorization_denied naming no
	// task), and no kernel operation has come since. The work it left is
	// stranded by the contract's own rule, fail closed with no ambient
	// fallback, until the next operation settles the pump, which then
	// queues a microtask; a host callback meanwhile is denied too and
	// settles nothing. In a correct runtime it equals "Idle with runnable
	// work" in a scenario holding neither capability, and is false in
	// every other.
	Stranded bool
	// ReceiverClosed: the channel's receiver is gone, as the environment
	// saw it go: a close input by the task holding it (the configured
	// t(Senders+1)), or that task's completion, which drops the handle
	// (004 1.10, Receiver Drop). Nothing else may set receiver_dropped:
	// not the last sender's drop, not a recv that answers Disconnected.
	// In a correct runtime it equals the channel's ReceiverDropped, which
	// the checks therefore need not take on trust.
	ReceiverClosed bool
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
// before it, whether the pump was Running before it, the state after it
// and its events, in order. ch is the scenario's channel configuration,
// not the kernel's copy of it, which a runtime bug could rewrite.
func (g *Ghost) observe(in Input, p polled, running bool, k *kernel.State, ch channel.Config, events []trace.Event) {
	if running && ((in.Host == pump.NoHost && in.K.Op == kernel.Wake) || (in.Host == pump.Callback && authorized(in, events))) {
		g.OwedTurn = true
	}
	if t := p.task; t != 0 {
		bit := uint16(1) << (t - 1)
		stale := false
		for i := range events {
			stale = stale || (events[i].Kind == trace.StaleWake && events[i].Task == t)
		}
		// A waker holding a generation the task never had is stale by
		// the input alone (000 F2), whatever the events say: a runtime
		// that notes it unreported must not move the ghost with it.
		stale = stale || (in.K.N != 0 && in.K.N != 1)
		wake := in.K.Task == t && !stale && ((in.Host == pump.NoHost && in.K.Op == kernel.Wake) ||
			(in.Host == pump.Callback && authorized(in, events)))
		cancelled := in.Host == pump.NoHost && (in.K.Op == kernel.CancelTask || in.K.Op == kernel.CancelRegion) &&
			CancelChanged(&p.record, TaskRecord(&k.Cancel, t))
		if wake || cancelled {
			g.WokenInPoll |= bit
		}
	}
	if in.Host == pump.NoHost {
		g.Stranded = false
	}
	if !g.ReceiverClosed && ch.Capacity > 0 {
		g.ReceiverClosed = receiverGone(in, k, ch.Senders+1)
	}
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case trace.AuthorizationDenied:
			if e.Task == 0 && e.AttrVal == "message" {
				g.Stranded = true
			}
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

// receiverGone reports whether the transition closed the channel's
// receiver by the environment's reading: the input is the receiver's
// close, or the receiver's task has completed. The receiver rx is the
// scenario's t(Senders+1), not the runtime's Receiver(), for the reason
// channelOps gives.
func receiverGone(in Input, k *kernel.State, rx uint8) bool {
	if in.Host == pump.NoHost && in.K.Op == kernel.ChanClose && in.K.Task == rx {
		return true
	}
	t := TaskRecord(&k.Cancel, rx)
	return t != nil && t.Used && t.Phase == cancel.Completed
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

// encodeGhost appends the ghost's fields (the three flags in one byte).
func encodeGhost(g *Ghost, b []byte) []byte {
	return append(b, flag(g.OwedTurn)|flag(g.Stranded)<<1|flag(g.ReceiverClosed)<<2, byte(g.WokenInPoll), byte(g.WokenInPoll>>8))
}
