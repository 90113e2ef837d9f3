package channel

import (
	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// Recv is one poll of recv(cx) (1.6); cancelled says that cx.checkpoint()
// fails. In order: the checkpoint (Cancelled: no message is consumed,
// INV-CH-06, and the recv waker is cleared); a closed receiver is
// Disconnected; a non-empty queue yields its oldest message (INV-CH-02) and
// the freed slot wakes the head waiter; with no senders left, Disconnected;
// otherwise the receiver's waker is registered and the poll is Pending.
//
// Fault CancelledRecvConsumes pops the message before the checkpoint and
// drops it when the poll returns Cancelled; fault LifoRecv pops the newest;
// fault DisconnectAsCancelled reports the last sender's drop as Cancelled;
// fault ReceiverDroppedWithoutClose marks the receiver dropped when it
// answers that Disconnected.
func (s *State) Recv(task uint8, cancelled bool, log *trace.Log) (Result, Message) {
	if cancelled {
		if s.Config.Faults.Has(fault.CancelledRecvConsumes) && s.Len > 0 && !s.ReceiverDropped {
			m := s.pop()
			log.Emit(trace.Event{Kind: trace.ChanMessageDropped, Task: task, Msg: m.Seq})
			s.wakeHead(log)
		}
		// Fault CancelledRecvKeepsWaker leaves the waker registered.
		if s.RecvWaiter == task && !s.Config.Faults.Has(fault.CancelledRecvKeepsWaker) {
			s.RecvWaiter = 0
		}
		return failed(task, "recv", Cancelled, log), Message{}
	}
	if s.ReceiverDropped {
		return failed(task, "recv", Disconnected, log), Message{}
	}
	// Fault RecvSendersFirst: no sender left reads as disconnected
	// before the queue is looked at.
	if s.Senders == 0 && s.Config.Faults.Has(fault.RecvSendersFirst) {
		return failed(task, "recv", Disconnected, log), Message{}
	}
	if s.Len > 0 {
		if s.RecvWaiter == task {
			s.RecvWaiter = 0
		}
		return OK, s.received(task, log)
	}
	if s.Senders == 0 {
		if s.Config.Faults.Has(fault.DisconnectAsCancelled) {
			return failed(task, "recv", Cancelled, log), Message{}
		}
		if s.Config.Faults.Has(fault.ReceiverDroppedWithoutClose) {
			s.ReceiverDropped = true
		}
		return failed(task, "recv", Disconnected, log), Message{}
	}
	s.RecvWaiter = task
	// Fault SilentRecvPending drops the event.
	if !s.Config.Faults.Has(fault.SilentRecvPending) {
		log.Emit(trace.Event{Kind: trace.ChanRecvPending, Task: task})
	}
	return Pending, Message{}
}

// TryRecv is try_recv: the oldest message, or on an empty queue
// Disconnected when no senders remain or the receiver closed, else Empty.
// It does not touch the recv waker. Fault TryRecvEmptyNoSenders answers
// Empty when only the senders are gone.
func (s *State) TryRecv(task uint8, log *trace.Log) (Result, Message) {
	switch {
	case s.Len > 0 && !s.ReceiverDropped:
		return OK, s.received(task, log)
	case s.Senders == 0 && !s.Config.Faults.Has(fault.TryRecvEmptyNoSenders) || s.ReceiverDropped:
		return failed(task, "try_recv", Disconnected, log), Message{}
	}
	return failed(task, "try_recv", Empty, log), Message{}
}

// pop takes the oldest message (the newest under fault LifoRecv).
func (s *State) pop() Message {
	if s.Config.Faults.Has(fault.LifoRecv) {
		return s.popBack()
	}
	return s.popFront()
}

// received pops a message for task, records it and wakes the head waiter
// for the freed slot (1.4 backpressure release).
func (s *State) received(task uint8, log *trace.Log) Message {
	m := s.pop()
	log.Emit(trace.Event{Kind: trace.ChanReceived, Task: task, Msg: m.Seq})
	s.wakeHead(log)
	return m
}

// CloseReceiver drops the receiver (1.10): receiver_dropped becomes true
// (monotone, INV-CH-07), the queued messages are dropped undelivered
// (chan_message_dropped each, after chan_receiver_closed with their count),
// the recv waker is cleared, and every waiting sender is woken and removed
// from the queue; each sees Disconnected on its next poll. Reserved permits
// stay reserved: their send drops the value. Closing again is a no-op;
// fault CloseToggles flips receiver_dropped back to false instead, and
// fault CloseAnnouncedAgain announces chan_receiver_closed again (with
// nothing left to drop or wake).
func (s *State) CloseReceiver(log *trace.Log) {
	if s.ReceiverDropped && s.Config.Faults.Has(fault.CloseAnnouncedAgain) {
		log.Emit(trace.Event{Kind: trace.ChanReceiverClosed, Count: s.Len})
		return
	}
	if s.ReceiverDropped && !s.Config.Faults.Has(fault.CloseToggles) {
		return
	}
	s.ReceiverDropped = !s.ReceiverDropped
	log.Emit(trace.Event{Kind: trace.ChanReceiverClosed, Count: s.Len})
	for _, m := range s.Queue[:s.Len] {
		log.Emit(trace.Event{Kind: trace.ChanMessageDropped, Msg: m.Seq})
	}
	s.Queue = [queueSlots]Message{}
	s.Len = 0
	s.RecvWaiter = 0
	for _, w := range s.Waiters[:s.NWaiters] {
		log.Emit(trace.Event{Kind: trace.ChanSenderWoken, Task: w.Task, ID: w.ID})
	}
	s.Waiters = [MaxWaiters]Waiter{}
	s.NWaiters = 0
}

// CancelRecv drops a pending recv future: its waker is cleared if it is
// the task's.
func (s *State) CancelRecv(task uint8, log *trace.Log) {
	if s.RecvWaiter == task {
		s.RecvWaiter = 0
	}
}
