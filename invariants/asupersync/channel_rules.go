package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// channelRuleInvariants are the channel rules that had no check before
// issue 10: send_evict_oldest's outcome, and who may be told Cancelled.
var channelRuleInvariants = []Invariant{
	{"chan-evict", []string{"ch-evict-001", "ch-evict-reserved-001", "004/1.5", "INV-CH-01", "INV-CH-04"},
		"send_evict_oldest sends into free capacity when no sender waits (Full while one does: the slot is the queue's), evicts exactly the oldest message only when every slot is used and one is queued, is Full when every slot is reserved and nothing is queued, and fails Disconnected once the receiver is gone, whatever the slots", chanEvict},
	{"chan-cancelled-needs-cancel", []string{"ch-cancel-reserve-001", "ch-cancel-recv-001", "ch-close-drain-001", "004/4.1", "004/1.7", "wasm-cancel-state-machine-v1/B2", "wasm-cancel-state-machine-v1/B3"},
		"a channel operation returns Cancelled only to a task with a cancel pending (CancelRequested, Cancelling or Finalizing) and mask depth 0", chanCancelledNeedsCancel},
}

// chanEvict recomputes send_evict_oldest's outcome (004 1.5) from the
// channel before the step and the scenario's capacity, and compares it
// with what the events say happened: a message queued (chan_sent), one
// evicted (chan_evicted, which must be the oldest), or neither.
//
// With the receiver gone the send must fail as Disconnected, not merely
// send nothing: 1.5 lists Disconnected for a dropped receiver and 1.3
// checks the receiver before the capacity, so a closed channel held full
// by permits is Disconnected, not Full. Whether the receiver is gone is
// the environment's reading (model.Ghost's ReceiverClosed), not the
// runtime's flag.
func chanEvict(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.ChanEvict {
		return false
	}
	ch := &kern(c.Before).Chan
	used := int(ch.Len) + int(ch.Reserved)
	free := used < int(c.Scenario.Kernel.Channel.Capacity)
	closed := c.Before.Ghost.ReceiverClosed
	if closed && !opFailed(c.Events, trace.ErrDisconnected) {
		return true
	}
	var wantSent, wantEvicted bool
	switch {
	case closed:
	case free:
		wantSent = ch.NWaiters == 0
	case ch.Len > 0:
		wantSent, wantEvicted = true, true
	}
	sent, evicted := false, false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.ChanSent:
			sent = true
		case trace.ChanEvicted:
			if evicted || e.Msg != ch.Queue[0].Seq {
				return true
			}
			evicted = true
		}
	}
	return sent != wantSent || evicted != wantEvicted
}

// chanCancelledNeedsCancel reads the task's phase and mask before the step:
// the operation's checkpoint may acknowledge the cancel within it.
func chanCancelledNeedsCancel(c *Context) bool {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.ChanOpFailed || e.ErrorClass != trace.ErrCancelled {
			continue
		}
		t := model.TaskRecord(&kern(c.Before).Cancel, e.Task)
		if t == nil {
			return true // a failed operation of no task was cancelled by none
		}
		pending := t.Phase == cancel.CancelRequested || t.Phase == cancel.Cancelling || t.Phase == cancel.Finalizing
		if !pending || t.Mask != 0 {
			return true
		}
	}
	return false
}
