package asupersync

import (
	"testing"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// chanSent is a real send (channel: t1 reserves a slot and sends through
// its permit) on a channel no sender waits on, which chan-waiter-fifo and
// chan-op-attr pass.
func chanSent(t *testing.T) *Context {
	t.Helper()
	c := lastStep(t, scenarioNamed(t, "channel"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch},
		{Op: kernel.ChanReserve, Task: 1}, {Op: kernel.ChanSend, Task: 1},
	})
	if kern(c.Before).Chan.NWaiters != 0 || len(eventsOf(c.Events, trace.ChanSent)) != 1 || chanWaiterFIFO(c) || chanOpAttr(c) {
		t.Fatalf("setup: want one message sent with no sender waiting, got %v", c.Events)
	}
	return c
}

// tryRecvEmpty is a real failed operation (channel: t1 and t2 yield, t3,
// the receiver, polls try_recv on the empty queue, which fails Empty with
// a chan_op_failed op=try_recv) and the index of that event.
func tryRecvEmpty(t *testing.T) (*Context, int) {
	t.Helper()
	c := lastStep(t, scenarioNamed(t, "channel"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1}, {Op: kernel.Spawn, Region: 1},
		{Op: kernel.Dispatch}, {Op: kernel.Yield, Task: 1}, {Op: kernel.Dispatch}, {Op: kernel.Yield, Task: 2},
		{Op: kernel.Dispatch}, {Op: kernel.ChanTryRecv, Task: 3},
	})
	at := eventsOf(c.Events, trace.ChanOpFailed)
	if len(at) != 1 || c.Events[at[0]].ErrorClass != trace.ErrEmpty || chanOpAttr(c) {
		t.Fatalf("setup: want one try_recv failed Empty, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// TestChanWaiterFIFOCatchesAWakeWithNoWaiterLeft proves chan-waiter-fifo's
// "no waiter left to wake" clause (next == n): a chan_sender_woken wakes
// the first waiter not yet woken, so with none queued there is no one to
// wake (004 1.3 cascade_wake_next, 1.4: the wake goes to the next sender
// in the waiter queue). A real send with no sender waiting is reached
// (chanSent), then replayed with a chan_sender_woken added naming waiter
// 0, the id of the zeroed slot an empty queue holds, as a runtime that
// woke its empty queue's head slot would emit; the id comparison alone
// matches that slot and lets it pass.
func TestChanWaiterFIFOCatchesAWakeWithNoWaiterLeft(t *testing.T) {
	c := chanSent(t)
	if !flagsWithEvents(chanWaiterFIFO, c, append(append([]trace.Event(nil), c.Events...),
		trace.Event{Kind: trace.ChanSenderWoken, Task: 2, ID: 0})) {
		t.Error("a wake with no waiter queued is not flagged")
	}
}

// TestChanOpAttrCatchesAFailureInAHostStep proves chan-op-attr's host
// clause: a channel operation is an input of the kernel's polled task, so
// no host event (a microtask, a host task, a timer turn) fails one (004
// 1.7, chan_op_failed: the operation that failed is the step's input). A
// real failed try_recv is reached (tryRecvEmpty), then replayed as a host
// microtask's step, its kernel input left as it was.
func TestChanOpAttrCatchesAFailureInAHostStep(t *testing.T) {
	c, _ := tryRecvEmpty(t)
	in := c.In
	in.Host = pump.RunMicrotask
	if !flagsWithInput(chanOpAttr, c, in) {
		t.Error("a chan_op_failed in a host event's step is not flagged")
	}
}

// TestChanOpAttrCatchesAFailureWithoutItsOpKey proves chan-op-attr's key
// clause: chan_op_failed names its operation under the attribute op (004
// 1.7). A real failed try_recv is reached (tryRecvEmpty), then replayed
// with the event's attribute key "operation", its value still try_recv.
func TestChanOpAttrCatchesAFailureWithoutItsOpKey(t *testing.T) {
	c, at := tryRecvEmpty(t)
	if !flagsEditedEvents(chanOpAttr, c, func(ev []trace.Event) { ev[at].AttrKey = "operation" }) {
		t.Error("a chan_op_failed whose operation is not under op is not flagged")
	}
}

// TestChanOpAttrCatchesAFailureOfAnOpThatCannotFail proves chan-op-attr's
// empty-name clause: only reserve, try_reserve, try_send,
// send_evict_oldest, recv and try_recv can fail (004 1.3: a permit's send
// is infallible; 1.5 to 1.7), so a chan_op_failed on any other input is
// flagged even when it names no operation, which the checker's own table
// gives such an input. A real send through a permit is reached (chanSent),
// then replayed with a chan_op_failed op="" added.
func TestChanOpAttrCatchesAFailureOfAnOpThatCannotFail(t *testing.T) {
	c := chanSent(t)
	if !flagsWithEvents(chanOpAttr, c, append(append([]trace.Event(nil), c.Events...),
		trace.Event{Kind: trace.ChanOpFailed, Task: 1, ErrorClass: trace.ErrFull, AttrKey: "op"})) {
		t.Error("a chan_op_failed of a send through a permit is not flagged")
	}
}
