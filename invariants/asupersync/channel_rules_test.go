package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// chanEvicted is a real eviction (channel, capacity 2: t1 fills both slots
// with send_evict_oldest, then a third evicts the oldest, message 1) and
// the index of its one chan_evicted, which chan-evict passes.
func chanEvicted(t *testing.T) (*Context, int) {
	t.Helper()
	evict := kernel.Input{Op: kernel.ChanEvict, Task: 1}
	c := lastStep(t, scenarioNamed(t, "channel"), []kernel.Input{{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, evict, evict, evict})
	at := eventsOf(c.Events, trace.ChanEvicted)
	if ch := &kern(c.Before).Chan; ch.Len != 2 || len(at) != 1 || c.Events[at[0]].Msg != ch.Queue[0].Seq || chanEvict(c) {
		t.Fatalf("setup: want the oldest of two queued messages evicted, got %v", c.Events)
	}
	return c, at[0]
}

// TestChanEvictCatchesTwoEvictions proves chan-evict's "evicted already"
// clause: send_evict_oldest pops one message, the oldest, to make room for
// its own (004 1.5). A real eviction is reached (chanEvicted), then
// replayed with its chan_evicted emitted twice: the same oldest message,
// so only the count tells.
func TestChanEvictCatchesTwoEvictions(t *testing.T) {
	c, at := chanEvicted(t)
	twice := append(append([]trace.Event(nil), c.Events[:at+1]...), c.Events[at:]...)
	if !flagsWithEvents(chanEvict, c, twice) {
		t.Error("a send_evict_oldest that evicts twice is not flagged")
	}
}

// TestChanEvictCatchesAnEvictionOfANewerMessage proves chan-evict's oldest
// clause: the message evicted is the queue's front (004 1.5: pops the
// oldest message). A real eviction of message 1 is reached (chanEvicted),
// then replayed with its chan_evicted naming message 2, the newer one
// queued behind it.
func TestChanEvictCatchesAnEvictionOfANewerMessage(t *testing.T) {
	c, at := chanEvicted(t)
	newer := kern(c.Before).Chan.Queue[1].Seq
	if !flagsEditedEvents(chanEvict, c, func(ev []trace.Event) { ev[at].Msg = newer }) {
		t.Error("an eviction of a message other than the oldest is not flagged")
	}
}

// TestChanCancelledNeedsCancelCatchesACancelledMaskedTask proves
// chan-cancelled-needs-cancel's mask clause: a channel operation's
// cancellation checkpoint (004 1.3, 1.6 step 1) fails Cancelled only for a
// task at mask depth 0; a masked task defers its acknowledge (001 T2 with
// B3). A real reserve of masked t1 with a cancel pending is reached
// (channel: t1 dispatched, masked and cancelled, then reserves a free
// slot, which succeeds), then replayed with a chan_op_failed Cancelled for
// t1 added.
func TestChanCancelledNeedsCancelCatchesACancelledMaskedTask(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "channel"), []kernel.Input{
		{Op: kernel.Spawn, Region: 1}, {Op: kernel.Dispatch}, {Op: kernel.Mask, Task: 1},
		{Op: kernel.CancelTask, Task: 1, Arg: uint8(cancel.User)}, {Op: kernel.ChanReserve, Task: 1},
	})
	tk := model.TaskRecord(&kern(c.Before).Cancel, 1)
	if tk.Phase != cancel.CancelRequested || tk.Mask == 0 || len(eventsOf(c.Events, trace.ChanReserved)) != 1 || chanCancelledNeedsCancel(c) {
		t.Fatalf("setup: want masked t1, cancel requested, granted its permit, got %+v: %v", tk, c.Events)
	}
	if !flagsWithEvents(chanCancelledNeedsCancel, c, append(append([]trace.Event(nil), c.Events...),
		trace.Event{Kind: trace.ChanOpFailed, Task: 1, ErrorClass: trace.ErrCancelled, AttrKey: "op", AttrVal: "reserve"})) {
		t.Error("a masked task's operation failed Cancelled is not flagged")
	}
}
