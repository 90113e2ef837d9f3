package asupersync

import (
	"modelcheck/runtime/channel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// chanAnswerInvariants compute reserve's and try_recv's answer from the
// channel before the step (its queue length, reserved count, waiter queue,
// sender count and receiver flag, each checked against the events by the
// channel's derived checks). Before issue 10's h15 pass nothing checked
// that reserve answers Disconnected exactly when the receiver is gone, or
// that try_recv answers Disconnected rather than Empty when no sender is
// left: a runtime that swapped either answer explored clean.
var chanAnswerInvariants = []Invariant{
	{"chan-reserve-answered", []string{"004/1.3", "004/1.10", "INV-CH-01", "INV-CH-03", "ch-close-wake-001"},
		"a reserve that is not cancelled answers from the channel before the step: Disconnected once the receiver is dropped, else a permit (chan_reserved naming the task) when no waiter is queued or the task heads the queue and a slot is free (queued messages plus reserved slots below capacity), else Pending (chan_reserve_pending); a queued head that takes the slot names its waiter id and leaves the queue", chanReserveAnswered},
	{"chan-try-recv-answered", []string{"004/1.4", "004/1.10", "INV-CH-07", "ch-close-drain-001"},
		"a try_recv answers from the channel before the step: the oldest message while one is queued and the receiver is open, else Disconnected when the receiver closed or no sender is left, else Empty", chanTryRecvAnswered},
}

// chanAnswer is the answer a channel operation gave task in the step's
// events: the first chan_reserved, chan_received, chan_reserve_pending or
// chan_op_failed naming it (kind 0: none).
func (c *Context) chanAnswer(task uint8) (kind trace.Kind, class trace.ErrorClass) {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Task != task {
			continue
		}
		switch e.Kind {
		case trace.ChanReserved, trace.ChanReceived, trace.ChanReservePending:
			return e.Kind, 0
		case trace.ChanOpFailed:
			return e.Kind, e.ErrorClass
		}
	}
	return 0, 0
}

// chanReserveAnswered is 004 1.3's reserve in the contract's order, after
// the checkpoint (whose Cancelled answer is chan-cancel-observed's): the
// receiver-dropped check, the FIFO rule, the capacity check, and step 4's
// "a queued task leaves the queue" (its chan_reserved names the waiter id
// it was registered with, chan-waiter-ids-derived's subject).
func chanReserveAnswered(c *Context) bool {
	b, a, ok := chans(c)
	if !ok || c.In.Host != pump.NoHost || c.In.K.Op != kernel.ChanReserve {
		return false
	}
	task := c.In.K.Task
	kind, class := c.chanAnswer(task)
	if kind == trace.ChanOpFailed && class == trace.ErrCancelled {
		return false
	}
	switch {
	case b.ReceiverDropped:
		return kind != trace.ChanOpFailed || class != trace.ErrDisconnected
	case (b.NWaiters == 0 || b.Waiters[0].Task == task) &&
		int(b.Len)+int(b.Reserved) < int(c.Scenario.Kernel.Channel.Capacity):
		return kind != trace.ChanReserved || c.reservedWaiterID(task) != waiterID(b, task) || waiterID(a, task) != 0
	}
	return kind != trace.ChanReservePending
}

// reservedWaiterID is the waiter id the step's chan_reserved for task names
// (0: none, the task was not queued).
func (c *Context) reservedWaiterID(task uint8) uint64 {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.ChanReserved && e.Task == task {
			return e.ID
		}
	}
	return 0
}

// waiterID is task's id in ch's waiter queue, 0 when it is not queued.
func waiterID(ch *channel.State, task uint8) uint64 {
	for _, w := range ch.Waiters[:ch.NWaiters] {
		if w.Task == task {
			return w.ID
		}
	}
	return 0
}

// chanTryRecvAnswered is try_recv as the semantics notes settle it (004
// 1.4): a message while one is queued and the receiver is open; on an
// empty queue Disconnected when no senders remain or the receiver closed,
// else Empty. try_recv has no checkpoint, so it is never Cancelled.
func chanTryRecvAnswered(c *Context) bool {
	b, _, ok := chans(c)
	if !ok || c.In.Host != pump.NoHost || c.In.K.Op != kernel.ChanTryRecv {
		return false
	}
	kind, class := c.chanAnswer(c.In.K.Task)
	switch {
	case b.Len > 0 && !b.ReceiverDropped:
		return kind != trace.ChanReceived
	case b.Senders == 0 || b.ReceiverDropped:
		return kind != trace.ChanOpFailed || class != trace.ErrDisconnected
	}
	return kind != trace.ChanOpFailed || class != trace.ErrEmpty
}
