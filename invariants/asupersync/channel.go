package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// The channel invariants of 004 8.1, read from the channel's state before
// and after a transition and from the events it emitted. They hold
// vacuously in a runtime without a channel.

var channelInvariants = []Invariant{
	{"chan-capacity", []string{"INV-CH-01", "ch-backpressure-001"},
		"used_slots = queue.len + reserved never exceeds the capacity", chanCapacity},
	{"chan-fifo", []string{"INV-CH-02", "ch-fifo-001", "ch-reserve-send-001"},
		"recv takes the oldest queued message", chanFIFO},
	{"chan-try-reserve-fair", []string{"INV-CH-04", "ch-fifo-fairness-001"},
		"try_reserve returns Full while the waiter queue is non-empty, whatever the capacity", chanTryReserveFair},
	{"chan-waiter-fifo", []string{"INV-CH-03", "ch-cascade-001"},
		"waiting senders get permits and wakes in waiter-queue order (monotonic ids): no sender is admitted past an older waiter, and outside the receiver's close (which wakes them all) a freed slot wakes only the head", chanWaiterFIFO},
	{"chan-cancelled-reserve", []string{"INV-CH-05", "ch-cancel-reserve-001"},
		"a reserve that returns Cancelled consumes no capacity and leaves the waiter queue", chanCancelledReserve},
	{"chan-cancelled-recv", []string{"INV-CH-06", "ch-cancel-recv-001"},
		"a recv that returns Cancelled consumes no message", chanCancelledRecv},
	{"chan-receiver-dropped-monotone", []string{"INV-CH-07", "ch-close-wake-001", "004/1.10"},
		"receiver_dropped goes false -> true once and never back, and only when the receiver goes: its close, or its task's completion (not the last sender's drop, not a recv that answers Disconnected)", chanReceiverDroppedMonotone},
	{"chan-sender-count-monotone", []string{"INV-CH-08", "ch-close-drain-001"},
		"sender_count only decrements", chanSenderCountMonotone},
	{"chan-permit-drop", []string{"INV-CH-09", "ch-reserve-abort-001"},
		"a permit dropped unsent releases its slot (reserved - 1) and wakes the head waiter when capacity is free", chanPermitDrop},
	{"chan-permit-linear", []string{"INV-CH-10", "ch-obligation-leak-001", "ch-obligation-commit-001", "ch-obligation-abort-001"},
		"session-tracked permits are linear: every reserved slot is one Reserved SendPermit obligation and every Reserved SendPermit obligation one slot, so a permit can neither vanish nor leak silently", chanPermitLinear},
}

// chanAttrInvariants: no check read chan_op_failed's op until session 19,
// so a runtime that reported a failed reserve as a try_reserve passed.
// Kept apart from channelInvariants so it comes last in the check order.
var chanAttrInvariants = []Invariant{
	{"chan-op-attr", []string{"004/1.7", "ch-cancel-reserve-001"},
		"chan_op_failed names the operation that failed, the step's input: reserve, try_reserve, try_send, send_evict_oldest, recv or try_recv; no other input fails a channel operation", chanOpAttr},
}

func chans(c *Context) (before, after *channel.State, ok bool) {
	if !withChannel(c.Scenario) {
		return nil, nil, false
	}
	return &kern(c.Before).Chan, &kern(c.After).Chan, true
}

// usedSlots, hasCapacity and waiterOf are 004 1.1's used_slots and
// has_capacity and the waiter queue's lookup, read from the channel's
// fields here rather than through package channel's own, which the
// runtime's reserve and wakes trust: a bug in them (fault
// overcommit-capacity is one) must not move the checks along with it.
// The capacity is the scenario's, not the copy the runtime keeps in its
// state: a runtime that rewrote its own copy would otherwise move the
// bound it is checked against.
func usedSlots(ch *channel.State) int { return int(ch.Len) + int(ch.Reserved) }

func hasCapacity(sc *model.Scenario, ch *channel.State) bool {
	return usedSlots(ch) < int(sc.Kernel.Channel.Capacity)
}

func waiterOf(ch *channel.State, task uint8) (channel.Waiter, bool) {
	for _, w := range ch.Waiters[:ch.NWaiters] {
		if w.Task == task {
			return w, true
		}
	}
	return channel.Waiter{}, false
}

func chanCapacity(c *Context) bool {
	_, a, ok := chans(c)
	return ok && usedSlots(a) > int(c.Scenario.Kernel.Channel.Capacity)
}

func chanFIFO(c *Context) bool {
	b, _, ok := chans(c)
	if !ok {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.ChanReceived && (b.Len == 0 || e.Msg != b.Queue[0].Seq) {
			return true
		}
	}
	return false
}

func chanWaiterFIFO(c *Context) bool {
	b, _, ok := chans(c)
	if !ok {
		return false
	}
	// Replay the transition's events over the queue as it stood before:
	// a wake names the head (which may be woken again), or, after the
	// receiver's close, runs down the queue from it; a permit may go only
	// to the head (or to anyone when no one waits). Until session 44 any
	// wake down the queue passed, so a freed slot that woke every waiter
	// went unseen.
	var q [channel.MaxWaiters]channel.Waiter
	var woken [channel.MaxWaiters]bool
	n := copy(q[:], b.Waiters[:b.NWaiters])
	// closing: the receiver closed earlier in the step. Its close wakes
	// every waiting sender (004 1.10 Receiver Drop, step 4), in queue
	// order; any other wake is cascade_wake_next's (1.3, 1.4), which
	// wakes the head alone (1.11: "Head of waiter queue woken first").
	closing := false
	remove := func(task uint8) {
		for i := 0; i < n; i++ {
			if q[i].Task == task {
				copy(q[i:n], q[i+1:n])
				copy(woken[i:n], woken[i+1:n])
				n--
				q[n], woken[n] = channel.Waiter{}, false
				return
			}
		}
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.ChanReceiverClosed:
			closing = true
		case trace.ChanReservePending:
			if n < len(q) && !queued(q[:n], e.Task) {
				q[n] = channel.Waiter{ID: e.ID, Task: e.Task}
				n++
			}
		case trace.ChanWaiterRemoved:
			remove(e.Task)
		case trace.ChanReserved:
			if n > 0 && q[0].Task != e.Task {
				return true
			}
			remove(e.Task)
		case trace.ChanSenderWoken:
			// cascade_wake_next (004 1.3) wakes the head, which stays
			// queued until it polls: freeing two slots in one transition
			// (a reserve's cascade, then its permit dropped) may wake
			// the same head twice.
			if n > 0 && woken[0] && q[0].ID == e.ID {
				break
			}
			next := 0
			for next < n && woken[next] {
				next++
			}
			// Outside a close only the head is woken: a slot freed wakes
			// one waiter, and the waiters behind the head wait for it to
			// take its permit (the cascade) or leave.
			if next == n || q[next].ID != e.ID || next != 0 && !closing {
				return true
			}
			woken[next] = true
		}
	}
	return false
}

func queued(q []channel.Waiter, task uint8) bool {
	for _, w := range q {
		if w.Task == task {
			return true
		}
	}
	return false
}

func chanTryReserveFair(c *Context) bool {
	b, _, ok := chans(c)
	if !ok || c.In.K.Op != kernel.ChanTryReserve || b.NWaiters == 0 {
		return false
	}
	return hasEvent(c.Events, trace.ChanReserved)
}

func chanCancelledReserve(c *Context) bool {
	b, a, ok := chans(c)
	if !ok || c.In.K.Op != kernel.ChanReserve || !opFailed(c.Events, trace.ErrCancelled) {
		return false
	}
	_, waiting := waiterOf(a, c.In.K.Task)
	return usedSlots(a) != usedSlots(b) || waiting
}

func chanCancelledRecv(c *Context) bool {
	b, a, ok := chans(c)
	if !ok || c.In.K.Op != kernel.ChanRecv || !opFailed(c.Events, trace.ErrCancelled) {
		return false
	}
	return a.Len != b.Len || (a.Len > 0 && a.Queue[0] != b.Queue[0])
}

// chanReceiverDroppedMonotone: INV-CH-07, and 004 1.10's only writer of
// receiver_dropped, the receiver's drop. Until session 44 a false -> true
// move passed whatever caused it, so receiver_dropped was the one channel
// field no check derived, and the answer checks read it as given: a last
// sender's drop or a Disconnected recv that set it went unseen. The
// receiver's going is read from the environment (model.Ghost's
// ReceiverClosed: its close input, or its task's completion), not from
// an event the runtime could emit with it.
func chanReceiverDroppedMonotone(c *Context) bool {
	b, a, ok := chans(c)
	if !ok {
		return false
	}
	return b.ReceiverDropped && !a.ReceiverDropped ||
		!b.ReceiverDropped && a.ReceiverDropped && !c.After.Ghost.ReceiverClosed
}

func chanSenderCountMonotone(c *Context) bool {
	b, a, ok := chans(c)
	return ok && a.Senders > b.Senders
}

func chanPermitDrop(c *Context) bool {
	b, a, ok := chans(c)
	if !ok || !hasEvent(c.Events, trace.ChanPermitDropped) {
		return false
	}
	// Each drop releases one slot; a permit rolled back in the transition
	// that reserved it (a refused obligation) nets to nothing.
	if int(a.Reserved) != int(b.Reserved)+count(c.Events, trace.ChanReserved)-count(c.Events, trace.ChanPermitDropped) {
		return true
	}
	if a.NWaiters == 0 || !hasCapacity(c.Scenario, a) || a.ReceiverDropped {
		return false
	}
	head := a.Waiters[0].Task
	k := kern(c.After)
	return !hasEvent(c.Events, trace.ChanSenderWoken) && k.Sched.Scheduled&taskBit(head) == 0 && k.Current != head
}

func chanPermitLinear(c *Context) bool {
	_, a, ok := chans(c)
	k := kern(c.After)
	if !ok || !c.Scenario.Kernel.TrackPermits {
		return false
	}
	reserved := 0
	for i := range k.Cancel.Obligations {
		if o := &k.Cancel.Obligations[i]; o.Used && o.Kind == cancel.SendPermit && o.State == cancel.Reserved {
			reserved++
		}
	}
	return reserved != int(a.Reserved)
}

func hasEvent(events []trace.Event, k trace.Kind) bool { return count(events, k) > 0 }

func count(events []trace.Event, k trace.Kind) int {
	n := 0
	for ei := range events {
		e := &events[ei]
		if e.Kind == k {
			n++
		}
	}
	return n
}

func opFailed(events []trace.Event, class trace.ErrorClass) bool {
	for ei := range events {
		e := &events[ei]
		if e.Kind == trace.ChanOpFailed && e.ErrorClass == class {
			return true
		}
	}
	return false
}

// chanOpAttr: chan-op-attr. Only the six operations that can fail say
// so; any other input's step emits no chan_op_failed.
func chanOpAttr(c *Context) bool {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.ChanOpFailed {
			continue
		}
		if c.In.Host != pump.NoHost || e.AttrKey != "op" || e.AttrVal != chanOpName(c.In.K.Op) || e.AttrVal == "" {
			return true
		}
	}
	return false
}

// chanOpName is the contract's name (004 1.2 to 1.6) of a channel
// operation that can fail, by the checker's own table; "" for the others.
func chanOpName(op kernel.Op) string {
	switch op {
	case kernel.ChanReserve:
		return "reserve"
	case kernel.ChanTryReserve:
		return "try_reserve"
	case kernel.ChanTrySend:
		return "try_send"
	case kernel.ChanRecv:
		return "recv"
	case kernel.ChanTryRecv:
		return "try_recv"
	case kernel.ChanEvict:
		return "send_evict_oldest"
	}
	return ""
}
