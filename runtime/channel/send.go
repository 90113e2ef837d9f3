package channel

import (
	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// Reserve is one poll of reserve(cx) (1.3 Phase 1); cancelled says that the
// poll's cx.checkpoint() fails. In the contract's order:
//  1. checkpoint: Cancelled; the reserve leaves the waiter queue (the
//     future's Drop) and consumes no capacity (INV-CH-05);
//  2. receiver dropped: Disconnected (leaving the queue);
//  3. FIFO: with waiters queued and the task not their head, Pending,
//     registering at the tail if it is not queued yet;
//  4. capacity: a permit (reserved + 1); a queued task leaves the queue and
//     wakes the next waiter if capacity remains (the cascade);
//  5. otherwise Pending, registered with the next waiter id (once).
//
// Fault CancelledReserveTakesSlot runs the capacity check before the
// checkpoint: a cancelled poll that finds room takes the slot and keeps it.
// Fault ReserveIgnoresDropped skips step 2.
func (s *State) Reserve(task uint8, cancelled bool, log *trace.Log) Result {
	if cancelled {
		if s.Config.Faults.Has(fault.CancelledReserveTakesSlot) && !s.ReceiverDropped && s.mayTake(task) && s.HasCapacity() {
			s.Reserved++
			log.Emit(trace.Event{Kind: trace.ChanReserved, Task: task})
		}
		failed(task, "reserve", Cancelled, log)
		s.leaveQueue(task, log)
		return Cancelled
	}
	if s.ReceiverDropped && !s.Config.Faults.Has(fault.ReserveIgnoresDropped) {
		failed(task, "reserve", Disconnected, log)
		s.leaveQueue(task, log)
		return Disconnected
	}
	i := s.findWaiter(task)
	if s.mayTake(task) && s.HasCapacity() {
		// Fault ReserveUncounted forgets to count the slot.
		if !s.Config.Faults.Has(fault.ReserveUncounted) {
			s.Reserved++
		}
		var id uint64
		// Fault ReservedStaysQueued leaves the head in the queue.
		if i >= 0 && !s.Config.Faults.Has(fault.ReservedStaysQueued) {
			id = s.removeWaiter(i).ID
		}
		log.Emit(trace.Event{Kind: trace.ChanReserved, Task: task, ID: id})
		// Fault ReservedHeadNoWake skips the cascade to the new head.
		if i >= 0 && !s.Config.Faults.Has(fault.ReservedHeadNoWake) {
			s.wakeHead(log)
		}
		return OK
	}
	var w Waiter
	if i >= 0 {
		w = s.Waiters[i]
		// Fault RepollMovesToTail re-queues a waiter behind the head at
		// the tail.
		if i != s.head() && s.Config.Faults.Has(fault.RepollMovesToTail) {
			s.removeWaiter(i)
			s.Waiters[s.NWaiters] = w
			s.NWaiters++
		}
	} else {
		w = s.register(task)
	}
	log.Emit(trace.Event{Kind: trace.ChanReservePending, Task: task, ID: w.ID})
	return Pending
}

// mayTake is the FIFO rule (1.3 step 3, 1.11): a task may take capacity
// when no waiter is queued or it is the head. Fault WaiterJumpsHead lets
// any queued task take it.
func (s *State) mayTake(task uint8) bool {
	h := s.head()
	if h >= 0 && s.Config.Faults.Has(fault.WaiterJumpsHead) {
		return s.findWaiter(task) >= 0
	}
	return h < 0 || s.Waiters[h].Task == task
}

// TryReserve is the checked try_reserve: Cancelled at a failed checkpoint,
// Disconnected when the receiver is gone, Full while any waiter is queued
// (INV-CH-04, even with free capacity) or without capacity, else a permit.
// It never registers a waiter. Fault TryReserveJumpsQueue skips the
// waiter check.
func (s *State) TryReserve(task uint8, cancelled bool, log *trace.Log) Result {
	op := "try_reserve"
	// Fault TryReserveNamedReserve reports a failed try_reserve as a reserve.
	if s.Config.Faults.Has(fault.TryReserveNamedReserve) {
		op = "reserve"
	}
	// Fault TryReserveFullBeforeDisconnected tests the receiver after the
	// waiters and the capacity.
	late := s.Config.Faults.Has(fault.TryReserveFullBeforeDisconnected)
	switch {
	case cancelled:
		return failed(task, op, Cancelled, log)
	case s.ReceiverDropped && !late:
		return failed(task, op, Disconnected, log)
	case s.NWaiters > 0 && !s.Config.Faults.Has(fault.TryReserveJumpsQueue),
		s.Config.Faults.Has(fault.TryReserveAlwaysFull): // Fault TryReserveAlwaysFull reads the waiter test as >= 0.
		return failed(task, op, Full, log)
	case !s.HasCapacity():
		return failed(task, op, Full, log)
	case s.ReceiverDropped:
		return failed(task, op, Disconnected, log)
	}
	s.Reserved++
	log.Emit(trace.Event{Kind: trace.ChanReserved, Task: task})
	return OK
}

// Send is SendPermit::send (1.3 Phase 2a), infallible and not
// cancellation-checked: the slot's reservation becomes a queued message
// with the next sequence number and a waiting receiver is woken. If the
// receiver closed after the reserve, the message is dropped
// (chan_message_dropped) and the permit is still consumed. Fault
// ReceiverWokenBeforeSent wakes the receiver before the push.
func (s *State) Send(task uint8, log *trace.Log) Result {
	s.release()
	if s.ReceiverDropped {
		m := Message{Seq: s.NextSeq, From: task}
		// Fault DroppedSeqReused leaves the number to the next message.
		if !s.Config.Faults.Has(fault.DroppedSeqReused) {
			s.NextSeq++
		}
		log.Emit(trace.Event{Kind: trace.ChanMessageDropped, Task: task, Msg: m.Seq})
		return OK
	}
	if s.Config.Faults.Has(fault.ReceiverWokenBeforeSent) {
		s.wakeReceiver(log)
	}
	m := s.push(task)
	log.Emit(trace.Event{Kind: trace.ChanSent, Task: task, Msg: m.Seq})
	s.wakeReceiver(log)
	return OK
}

// TrySend is SendPermit::try_send: Send, except that when the receiver
// closed after the reserve it returns Disconnected; the permit is consumed
// either way and its slot released (with the cascade wake). Fault
// TrySendInverted reads the receiver flag negated.
func (s *State) TrySend(task uint8, log *trace.Log) Result {
	if s.ReceiverDropped != s.Config.Faults.Has(fault.TrySendInverted) {
		s.release()
		failed(task, "try_send", Disconnected, log)
		s.wakeHead(log)
		return Disconnected
	}
	return s.Send(task, log)
}

// Abort is SendPermit::abort (1.3 Phase 2b): the slot is released and the
// head waiter woken (cascade). Not cancellation-checked. Fault
// AbortWakesFirst wakes before it announces the abort.
func (s *State) Abort(task uint8, log *trace.Log) {
	s.release()
	if s.Config.Faults.Has(fault.AbortWakesFirst) {
		s.wakeHead(log)
	}
	// Fault SilentAbort drops the event.
	if !s.Config.Faults.Has(fault.SilentAbort) {
		log.Emit(trace.Event{Kind: trace.ChanAborted, Task: task})
	}
	if !s.Config.Faults.Has(fault.AbortWakesFirst) {
		s.wakeHead(log)
	}
}

// DropPermit is the RAII drop of an unsent permit: the abort logic
// (INV-CH-09), recorded as chan_permit_dropped. Fault PermitDropLeaksSlot
// marks the permit consumed but neither releases the slot nor wakes;
// fault PermitDropWakesFirst releases and wakes before it announces the
// drop.
func (s *State) DropPermit(task uint8, log *trace.Log) {
	if s.Config.Faults.Has(fault.PermitDropWakesFirst) {
		s.release()
		s.wakeHead(log)
		log.Emit(trace.Event{Kind: trace.ChanPermitDropped, Task: task})
		return
	}
	log.Emit(trace.Event{Kind: trace.ChanPermitDropped, Task: task})
	if s.Config.Faults.Has(fault.PermitDropLeaksSlot) {
		return
	}
	s.release()
	s.wakeHead(log)
}

// SendEvictOldest is send_evict_oldest (1.5): Disconnected when the
// receiver is gone; with free capacity, Full while waiters are queued (the
// free slot is theirs) and otherwise a plain send; without capacity it
// evicts the oldest queued message (chan_evicted) and queues the new one;
// with every slot reserved and nothing queued, Full (a reserved slot is
// never evicted). Fault EvictFullWhenEmpty takes an empty queue for "nothing
// to evict" before looking at the capacity; fault EvictFullBeforeDisconnected
// answers the all-reserved Full before it looks at the receiver.
func (s *State) SendEvictOldest(task uint8, log *trace.Log) Result {
	const op = "send_evict_oldest"
	switch {
	case s.Len == 0 && !s.HasCapacity() && s.Config.Faults.Has(fault.EvictFullBeforeDisconnected):
		return failed(task, op, Full, log)
	case s.ReceiverDropped:
		return failed(task, op, Disconnected, log)
	case s.HasCapacity() && s.NWaiters > 0:
		return failed(task, op, Full, log)
	case s.Len == 0 && s.Config.Faults.Has(fault.EvictFullWhenEmpty):
		return failed(task, op, Full, log)
	case s.HasCapacity():
	case s.Len > 0:
		old := s.popFront()
		by := task
		// Fault EvictNamesOldestSender names the evicted message's sender.
		if s.Config.Faults.Has(fault.EvictNamesOldestSender) {
			by = old.From
		}
		log.Emit(trace.Event{Kind: trace.ChanEvicted, Task: by, Msg: old.Seq})
	default:
		return failed(task, op, Full, log)
	}
	m := s.push(task)
	log.Emit(trace.Event{Kind: trace.ChanSent, Task: task, Msg: m.Seq})
	s.wakeReceiver(log)
	return OK
}

// CancelReserve drops a pending Reserve future (its task was cancelled or
// is gone): the waiter leaves the queue by id (1.8) and, if it was the
// head and capacity is free, the new head is woken. No-op when the task is
// not queued.
//
// Fault DropLeavesWaiter leaves the waiter queued.
func (s *State) CancelReserve(task uint8, log *trace.Log) {
	if s.Config.Faults.Has(fault.DropLeavesWaiter) {
		return
	}
	s.leaveQueue(task, log)
}

// DropSender drops one sender handle: sender_count - 1 (a plain decrement:
// a second drop of a last handle wraps, which is the symptom of the
// kernel's fault SenderDoubleDrop; fault SenderDropUncounted forgets
// the decrement). The last drop wakes a waiting receiver,
// which then drains and sees Disconnected (1.10).
//
// Fault LastSenderDrains discards the queued messages at the last drop;
// fault ReceiverDroppedWithoutClose marks the receiver dropped there;
// fault SenderDropWakesFirst wakes the receiver before the drop's event.
func (s *State) DropSender(log *trace.Log) {
	if !s.Config.Faults.Has(fault.SenderDropUncounted) {
		s.Senders--
	}
	if s.Senders == 0 && s.Config.Faults.Has(fault.SenderDropWakesFirst) {
		s.wakeReceiver(log)
	}
	log.Emit(trace.Event{Kind: trace.ChanSenderDropped, Count: s.Senders})
	if s.Senders == 0 {
		if s.Config.Faults.Has(fault.LastSenderDrains) {
			for s.Len > 0 {
				m := s.popFront()
				log.Emit(trace.Event{Kind: trace.ChanMessageDropped, Msg: m.Seq})
			}
		}
		if s.Config.Faults.Has(fault.ReceiverDroppedWithoutClose) {
			s.ReceiverDropped = true
		}
		s.wakeReceiver(log)
	}
}
