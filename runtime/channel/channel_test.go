package channel

import (
	"testing"

	"modelcheck/runtime/trace"
)

// TestNewValidates: capacity 1..MaxCapacity and at least one sender; a
// fresh channel is Open and empty, ids and sequence numbers start at 1.
func TestNewValidates(t *testing.T) {
	for _, cfg := range []Config{{Capacity: 0, Senders: 1}, {Capacity: MaxCapacity + 1, Senders: 1}, {Capacity: 1, Senders: 0}} {
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
	s, err := New(Config{Capacity: MaxCapacity, Senders: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s.UsedSlots() != 0 || !s.HasCapacity() || s.Senders != 2 || s.ReceiverDropped || s.NextWaiter != 1 || s.NextSeq != 1 {
		t.Errorf("fresh channel: %+v", s)
	}
}

func TestResultStrings(t *testing.T) {
	want := map[Result]string{OK: "ok", Pending: "pending", Full: "full", Disconnected: "disconnected", Cancelled: "cancelled", Empty: "empty", 99: "result(?)"}
	for r, w := range want {
		if r.String() != w {
			t.Errorf("%d: %q, want %q", r, r.String(), w)
		}
	}
}

// TestReserveChecksInOrder: 1.3 Phase 1's order. The checkpoint comes
// first, so a cancelled task is Cancelled even with room; the FIFO rule
// keeps a non-head Pending even with room; a waiter re-polling keeps its
// id; a woken head takes its permit and leaves the queue.
func TestReserveChecksInOrder(t *testing.T) {
	var log trace.Log
	s := open(t, 2, 1)
	wantResult(t, "cancelled reserve with room", s.Reserve(1, true, &log), Cancelled)
	wantEvents(t, &log, "chan_op_failed task=t1 op=reserve error_class=cancelled")
	if s.UsedSlots() != 0 {
		t.Fatalf("cancelled reserve took a slot: %+v", s)
	}
	wantResult(t, "reserve t1", s.Reserve(1, false, &log), OK)
	wantResult(t, "reserve t2", s.Reserve(2, false, &log), OK)
	wantResult(t, "reserve t3 (full)", s.Reserve(3, false, &log), Pending)
	wantResult(t, "reserve t3 again", s.Reserve(3, false, &log), Pending)
	wantResult(t, "reserve t4 (full)", s.Reserve(4, false, &log), Pending)
	wantEvents(t, &log,
		"chan_reserved task=t1",
		"chan_reserved task=t2",
		"chan_reserve_pending task=t3 waiter=1",
		"chan_reserve_pending task=t3 waiter=1",
		"chan_reserve_pending task=t4 waiter=2")
	s.Abort(1, &log)
	wantEvents(t, &log, "chan_aborted task=t1", "chan_sender_woken task=t3 waiter=1")
	wantResult(t, "reserve t4 (room, not head)", s.Reserve(4, false, &log), Pending)
	wantResult(t, "reserve t3 (head)", s.Reserve(3, false, &log), OK)
	wantEvents(t, &log, "chan_reserve_pending task=t4 waiter=2", "chan_reserved task=t3 waiter=1")
	if w, ok := s.Waiting(4); !ok || w.ID != 2 || s.NWaiters != 1 {
		t.Fatalf("waiters %v", s.WaiterQueue())
	}
	s.CloseReceiver(&log)
	log.Reset()
	wantResult(t, "reserve after close", s.Reserve(4, false, &log), Disconnected)
	wantResult(t, "cancelled reserve after close", s.Reserve(4, true, &log), Cancelled)
	wantEvents(t, &log,
		"chan_op_failed task=t4 op=reserve error_class=disconnected",
		"chan_op_failed task=t4 op=reserve error_class=cancelled")
}

// TestCancelledReserveLeavesQueue: a cancelled poll (or a dropped Reserve
// future) removes the waiter and consumes nothing; the new head is woken
// only when the head left and a slot is free.
func TestCancelledReserveLeavesQueue(t *testing.T) {
	var log trace.Log
	s := open(t, 1, 1)
	s.Reserve(1, false, &log)
	for task := uint8(2); task <= 5; task++ {
		s.Reserve(task, false, &log)
	}
	log.Reset()
	wantResult(t, "cancelled non-head", s.Reserve(3, true, &log), Cancelled)
	wantEvents(t, &log, "chan_op_failed task=t3 op=reserve error_class=cancelled", "chan_waiter_removed task=t3 waiter=2")
	wantResult(t, "cancelled head, no room", s.Reserve(2, true, &log), Cancelled)
	wantEvents(t, &log, "chan_op_failed task=t2 op=reserve error_class=cancelled", "chan_waiter_removed task=t2 waiter=1")
	s.Abort(1, &log)
	wantEvents(t, &log, "chan_aborted task=t1", "chan_sender_woken task=t4 waiter=3")
	s.CancelReserve(5, &log) // not the head: the head was already woken
	wantEvents(t, &log, "chan_waiter_removed task=t5 waiter=4")
	s.Reserve(5, false, &log)
	log.Reset()
	s.CancelReserve(4, &log) // the woken head leaves: the next one inherits the wake
	wantEvents(t, &log, "chan_waiter_removed task=t4 waiter=3", "chan_sender_woken task=t5 waiter=5")
	s.CancelReserve(4, &log) // not queued: no-op
	wantEvents(t, &log)
	if s.UsedSlots() != 0 || s.NWaiters != 1 {
		t.Fatalf("state %+v", s)
	}
}

// TestTryReserve: Cancelled, Disconnected, Full while waiters are queued
// (INV-CH-04) or without capacity, else a permit; it never registers.
func TestTryReserve(t *testing.T) {
	var log trace.Log
	s := open(t, 1, 1)
	wantResult(t, "cancelled", s.TryReserve(1, true, &log), Cancelled)
	wantResult(t, "room", s.TryReserve(1, false, &log), OK)
	wantResult(t, "no room", s.TryReserve(2, false, &log), Full)
	wantEvents(t, &log,
		"chan_op_failed task=t1 op=try_reserve error_class=cancelled",
		"chan_reserved task=t1",
		"chan_op_failed task=t2 op=try_reserve error_class=full")
	if s.NWaiters != 0 {
		t.Fatal("try_reserve registered a waiter")
	}
	s.Reserve(2, false, &log)
	s.Abort(1, &log)
	log.Reset()
	wantResult(t, "room but a waiter", s.TryReserve(3, false, &log), Full)
	s.CloseReceiver(&log)
	log.Reset()
	wantResult(t, "closed", s.TryReserve(3, false, &log), Disconnected)
	wantEvents(t, &log, "chan_op_failed task=t3 op=try_reserve error_class=disconnected")
}

// TestSendCommits: send turns the reservation into a queued message with
// the next sequence number and wakes a pending receiver; after a close the
// value is dropped and the permit still consumed; try_send reports
// Disconnected instead.
func TestSendCommits(t *testing.T) {
	var log trace.Log
	s := open(t, 2, 1)
	s.Recv(8, false, &log)
	s.Reserve(1, false, &log)
	s.Reserve(2, false, &log)
	log.Reset()
	wantResult(t, "send", s.Send(2, &log), OK)
	wantEvents(t, &log, "chan_sent task=t2 msg=m1", "chan_receiver_woken task=t8")
	if s.Reserved != 1 || s.Len != 1 || s.Queue[0] != (Message{Seq: 1, From: 2}) || s.RecvWaiter != 0 {
		t.Fatalf("state %+v", s)
	}
	wantResult(t, "try-send", s.TrySend(1, &log), OK)
	wantEvents(t, &log, "chan_sent task=t1 msg=m2")
	s.Recv(3, false, &log)
	s.Reserve(1, false, &log)
	s.Reserve(2, false, &log)
	s.CloseReceiver(&log)
	log.Reset()
	wantResult(t, "send after close", s.Send(1, &log), OK)
	wantResult(t, "try-send after close", s.TrySend(2, &log), Disconnected)
	wantEvents(t, &log, "chan_message_dropped task=t1 msg=m3", "chan_op_failed task=t2 op=try_send error_class=disconnected")
	if s.UsedSlots() != 0 {
		t.Fatalf("permits not consumed: %+v", s)
	}
}

// TestAbortAndDropCascade: abort and an unsent permit's drop release the
// slot and wake the head waiter (1.3 Phase 2b, INV-CH-09); with no room
// left (another slot still used) they still wake, one slot per release.
func TestAbortAndDropCascade(t *testing.T) {
	var log trace.Log
	s := open(t, 1, 1)
	s.Reserve(1, false, &log)
	log.Reset()
	s.DropPermit(1, &log)
	wantEvents(t, &log, "chan_permit_dropped task=t1")
	s.Reserve(1, false, &log)
	s.Reserve(2, false, &log)
	log.Reset()
	s.DropPermit(1, &log)
	wantEvents(t, &log, "chan_permit_dropped task=t1", "chan_sender_woken task=t2 waiter=1")
	if s.Reserved != 0 {
		t.Fatalf("drop kept the slot: %+v", s)
	}
	s.Abort(7, &log) // no permit outstanding: releases nothing, no wrap
	if s.Reserved != 0 {
		t.Fatalf("abort without a permit wrapped: %+v", s)
	}
}

// TestSendEvictOldest: 1.5 and the notes.
func TestSendEvictOldest(t *testing.T) {
	var log trace.Log
	s := open(t, 2, 1)
	wantResult(t, "room", s.SendEvictOldest(1, &log), OK)
	wantResult(t, "room", s.SendEvictOldest(1, &log), OK)
	wantResult(t, "full queue", s.SendEvictOldest(2, &log), OK)
	wantEvents(t, &log, "chan_sent task=t1 msg=m1", "chan_sent task=t1 msg=m2", "chan_evicted task=t2 msg=m1", "chan_sent task=t2 msg=m3")
	if s.Len != 2 || s.Queue[0].Seq != 2 || s.Queue[1].Seq != 3 {
		t.Fatalf("queue %v", s.Messages())
	}
	s.TryRecv(3, &log)
	s.TryRecv(3, &log)
	s.Reserve(1, false, &log)
	s.Reserve(2, false, &log)
	log.Reset()
	wantResult(t, "all reserved", s.SendEvictOldest(3, &log), Full)
	wantEvents(t, &log, "chan_op_failed task=t3 op=send_evict_oldest error_class=full")
	s.Reserve(4, false, &log)
	s.Abort(1, &log)
	log.Reset()
	wantResult(t, "room but a waiter", s.SendEvictOldest(3, &log), Full)
	wantEvents(t, &log, "chan_op_failed task=t3 op=send_evict_oldest error_class=full")
	s.Recv(5, false, &log)
	s.CloseReceiver(&log)
	log.Reset()
	wantResult(t, "closed", s.SendEvictOldest(3, &log), Disconnected)
}

// TestRecv: 1.6's order; a cancelled recv consumes nothing and drops its
// waker (INV-CH-06); a pop frees a slot and wakes the head waiter.
func TestRecv(t *testing.T) {
	var log trace.Log
	s := open(t, 1, 1)
	res, _ := s.Recv(2, false, &log)
	wantResult(t, "empty", res, Pending)
	res, _ = s.Recv(2, true, &log)
	wantResult(t, "cancelled", res, Cancelled)
	wantEvents(t, &log, "chan_recv_pending task=t2", "chan_op_failed task=t2 op=recv error_class=cancelled")
	if s.RecvWaiter != 0 {
		t.Fatal("cancelled recv kept its waker")
	}
	s.Reserve(1, false, &log)
	s.Send(1, &log)
	s.Reserve(3, false, &log)
	log.Reset()
	res, _ = s.Recv(2, true, &log)
	wantResult(t, "cancelled with a message", res, Cancelled)
	if s.Len != 1 {
		t.Fatal("cancelled recv consumed the message")
	}
	res, m := s.Recv(2, false, &log)
	if res != OK || m != (Message{Seq: 1, From: 1}) {
		t.Fatalf("recv = %s %+v", res, m)
	}
	wantEvents(t, &log,
		"chan_op_failed task=t2 op=recv error_class=cancelled",
		"chan_received task=t2 msg=m1",
		"chan_sender_woken task=t3 waiter=1")
	s.DropSender(&log)
	log.Reset()
	res, _ = s.Recv(2, false, &log)
	wantResult(t, "no senders", res, Disconnected)
	wantEvents(t, &log, "chan_op_failed task=t2 op=recv error_class=disconnected")
	s.CloseReceiver(&log)
	log.Reset()
	res, _ = s.Recv(2, false, &log)
	wantResult(t, "closed", res, Disconnected)
	wantEvents(t, &log, "chan_op_failed task=t2 op=recv error_class=disconnected")
}

// TestTryRecv: a message, else Empty while senders remain, Disconnected
// once none do or the receiver closed.
func TestTryRecv(t *testing.T) {
	var log trace.Log
	s := open(t, 1, 1)
	res, _ := s.TryRecv(2, &log)
	wantResult(t, "empty", res, Empty)
	s.Recv(2, false, &log)
	s.TryRecv(2, &log)
	if s.RecvWaiter != 2 {
		t.Fatal("try_recv touched the recv waker")
	}
	s.Reserve(1, false, &log)
	s.Send(1, &log)
	s.DropSender(&log)
	log.Reset()
	res, m := s.TryRecv(2, &log)
	if res != OK || m.Seq != 1 {
		t.Fatalf("try_recv = %s %+v", res, m)
	}
	res, _ = s.TryRecv(2, &log)
	wantResult(t, "drained, no senders", res, Disconnected)
	wantEvents(t, &log, "chan_received task=t2 msg=m1", "chan_op_failed task=t2 op=try_recv error_class=disconnected")
	c := open(t, 1, 1)
	c.CloseReceiver(&log)
	res, _ = c.TryRecv(2, &log)
	wantResult(t, "closed", res, Disconnected)
}

// TestCloseReceiver: 1.10 Receiver Drop, in order; a second close changes
// nothing; reserved permits (t1's) stay reserved.
func TestCloseReceiver(t *testing.T) {
	var log trace.Log
	s := open(t, 2, 1)
	s.Reserve(1, false, &log)
	s.Send(1, &log)
	s.Reserve(1, false, &log)
	s.Reserve(2, false, &log)
	s.Reserve(3, false, &log)
	s.Recv(4, false, &log) // gets m1
	s.Reserve(2, false, &log)
	s.Reserve(3, false, &log)
	s.Send(2, &log)
	s.Reserve(5, false, &log)
	s.Reserve(6, false, &log)
	log.Reset()
	s.CancelRecv(4, &log)
	s.CloseReceiver(&log)
	wantEvents(t, &log,
		"chan_receiver_closed count=1",
		"chan_message_dropped msg=m2",
		"chan_sender_woken task=t3 waiter=2",
		"chan_sender_woken task=t5 waiter=3",
		"chan_sender_woken task=t6 waiter=4")
	if !s.ReceiverDropped || s.Len != 0 || s.NWaiters != 0 || s.RecvWaiter != 0 || s.Reserved != 1 {
		t.Fatalf("after close: %+v", s)
	}
	before := s
	s.CloseReceiver(&log)
	wantEvents(t, &log)
	if s != before {
		t.Fatal("second close changed the state")
	}
}

// TestDropSender: sender_count decrements; the last drop wakes a pending
// receiver; a drop past zero wraps (the kernel fault's symptom).
func TestDropSender(t *testing.T) {
	var log trace.Log
	s := open(t, 1, 2)
	s.Recv(3, false, &log)
	log.Reset()
	s.DropSender(&log)
	s.DropSender(&log)
	wantEvents(t, &log, "chan_sender_dropped count=1", "chan_sender_dropped count=0", "chan_receiver_woken task=t3")
	s.DropSender(&log)
	if s.Senders != 255 {
		t.Fatalf("double drop: senders %d, want a wrap to 255", s.Senders)
	}
}

// TestCancelRecv clears only the task's own waker.
func TestCancelRecv(t *testing.T) {
	var log trace.Log
	s := open(t, 1, 1)
	s.Recv(2, false, &log)
	s.CancelRecv(3, &log)
	if s.RecvWaiter != 2 {
		t.Fatal("cancel-recv of another task cleared the waker")
	}
	s.CancelRecv(2, &log)
	if s.RecvWaiter != 0 {
		t.Fatal("cancel-recv kept the waker")
	}
}
