package asupersync

import "modelcheck/runtime/trace"

// chanWakeCauseInvariants: session 46's channel audit. chan-wakes-after
// asks that a channel wake be followed by its task's scheduling, and
// chan-waiter-fifo and chan-cascade-wake whom a wake names, but nothing
// asked that the wake come after what caused it: a send that woke the
// receiver before it queued the message, or an abort or a permit's drop
// that woke the head before it announced the release, passed every
// scenario (only runtime/channel's tests saw them). Nor did anything ask
// that chan_receiver_closed announce the receiver's one drop: a second
// close (the receiver's task completing after its explicit close) that
// announced it again passed too. They come last in the check order, so
// the older faults keep their first reports.
var chanWakeCauseInvariants = []Invariant{
	{"chan-wake-after-cause", []string{"004/1.3", "004/1.4", "004/1.10", "INV-CH-09"},
		"a channel wake comes after its cause in the step: a pending recv is woken after the chan_sent that queued a message or the chan_sender_dropped that left no sender (1.3 Phase 2a: push, then wake; 1.10 Last Sender Drop), and a waiting sender after the event that freed a slot or made it the head (chan_received, chan_aborted, chan_permit_dropped, chan_reserved, chan_waiter_removed, a failed try_send's chan_op_failed) or after chan_receiver_closed, which wakes them all (1.3 Phase 2b and RAII Drop, 1.4, 1.8, 1.10)", chanWakeAfterCause},
	{"chan-closed-once", []string{"004/1.1", "004/1.10", "INV-CH-07"},
		"chan_receiver_closed announces the receiver's drop, which happens once: a step announces it only while the receiver is open as the environment saw it (no close input and no completion of the receiver's task before), so closing a dropped receiver changes nothing and says nothing", chanClosedOnce},
}

// chanWakeAfterCause reads the step's events alone. A cause licenses
// every later wake of its kind in the step: a close wakes every waiting
// sender, and one release may cascade past a head that takes its slot.
func chanWakeAfterCause(c *Context) bool {
	if !withChannel(c.Scenario) {
		return false
	}
	recvCause, sendCause := false, false
	for i := range c.Events {
		e := &c.Events[i]
		switch e.Kind {
		case trace.ChanSent:
			recvCause = true
		case trace.ChanSenderDropped:
			recvCause = recvCause || e.Count == 0
		case trace.ChanReceived, trace.ChanAborted, trace.ChanPermitDropped, trace.ChanReserved,
			trace.ChanWaiterRemoved, trace.ChanReceiverClosed:
			sendCause = true
		case trace.ChanOpFailed:
			sendCause = sendCause || e.AttrVal == "try_send"
		case trace.ChanReceiverWoken:
			if !recvCause {
				return true
			}
		case trace.ChanSenderWoken:
			if !sendCause {
				return true
			}
		}
	}
	return false
}

// chanClosedOnce reads whether the receiver was gone before the step from
// the environment's record (model.Ghost's ReceiverClosed: its close input
// or its task's completion), not from the runtime's receiver_dropped,
// whose update chan-receiver-dropped-monotone checks against that record.
func chanClosedOnce(c *Context) bool {
	return c.Before.Ghost.ReceiverClosed && c.firstIndex(trace.ChanReceiverClosed) >= 0
}
