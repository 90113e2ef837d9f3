package channel

import (
	"fmt"
	"strings"
	"testing"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// opCode names one channel operation, so tests can script and generate
// operation sequences and print them when a property fails.
type opCode uint8

const (
	opReserve opCode = iota
	opReserveCancelled
	opTryReserve
	opTryReserveCancelled
	opSend
	opTrySend
	opAbort
	opDropPermit
	opEvict
	opRecv
	opRecvCancelled
	opTryRecv
	opCancelReserve
	opCancelRecv
	opDropSender
	opClose

	opCount
)

var opNames = [opCount]string{
	"reserve", "reserve-cancelled", "try-reserve", "try-reserve-cancelled",
	"send", "try-send", "abort", "drop-permit", "evict", "recv",
	"recv-cancelled", "try-recv", "cancel-reserve", "cancel-recv",
	"drop-tx", "close-rx",
}

// op is one operation by one task (close-rx and drop-tx ignore the task).
type op struct {
	code opCode
	task uint8
}

func (o op) String() string {
	if o.code >= opDropSender {
		return opNames[o.code]
	}
	return fmt.Sprintf("%s t%d", opNames[o.code], o.task)
}

// harness is a channel plus what its users hold: each task's permits, the
// tasks woken since they last parked, and the last message received.
type harness struct {
	s        State
	permits  [MaxWaiters + 1]int
	woken    [MaxWaiters + 1]bool
	lastRecv uint32
	log      trace.Log
}

func newHarness(cfg Config) *harness {
	s, err := New(cfg)
	if err != nil {
		panic(err)
	}
	return &harness{s: s}
}

// outcome is what one applied operation returned.
type outcome struct {
	skipped bool
	res     Result
	msg     Message
}

// apply runs o the way a well-behaved caller would: permit operations only
// on a held permit, drop-tx only while a sender handle is left (a double
// drop is the kernel's fault SenderDoubleDrop, not the channel's).
func (h *harness) apply(o op) outcome {
	s, t, log := &h.s, o.task, &h.log
	var out outcome
	switch o.code {
	case opSend, opTrySend, opAbort, opDropPermit:
		if h.permits[t] == 0 {
			return outcome{skipped: true}
		}
		h.permits[t]--
	case opDropSender:
		if s.Senders == 0 {
			return outcome{skipped: true}
		}
	}
	switch o.code {
	case opReserve:
		out.res = s.Reserve(t, false, log)
	case opReserveCancelled:
		out.res = s.Reserve(t, true, log)
	case opTryReserve:
		out.res = s.TryReserve(t, false, log)
	case opTryReserveCancelled:
		out.res = s.TryReserve(t, true, log)
	case opSend:
		out.res = s.Send(t, log)
	case opTrySend:
		out.res = s.TrySend(t, log)
	case opAbort:
		s.Abort(t, log)
	case opDropPermit:
		s.DropPermit(t, log)
	case opEvict:
		out.res = s.SendEvictOldest(t, log)
	case opRecv:
		out.res, out.msg = s.Recv(t, false, log)
	case opRecvCancelled:
		out.res, out.msg = s.Recv(t, true, log)
	case opTryRecv:
		out.res, out.msg = s.TryRecv(t, log)
	case opCancelReserve:
		s.CancelReserve(t, log)
	case opCancelRecv:
		s.CancelRecv(t, log)
	case opDropSender:
		s.DropSender(log)
	case opClose:
		s.CloseReceiver(log)
	}
	if out.res == OK && (o.code == opReserve || o.code == opTryReserve) {
		h.permits[t]++
	}
	for _, e := range log.Events {
		if e.Kind == trace.ChanSenderWoken {
			h.woken[e.Task] = true
		}
	}
	if o.code == opReserve && out.res == Pending {
		h.woken[t] = false // it polled and parked again
	}
	for task := range h.woken {
		if _, queued := s.Waiting(uint8(task)); !queued {
			h.woken[task] = false // a wake matters only to a queued waiter
		}
	}
	return out
}

// The properties, named after the invariants of 004 8.1 they check.
const (
	propCapacity      = "INV-CH-01 used_slots <= capacity"
	propFIFO          = "INV-CH-02 messages received oldest first"
	propWaiterFIFO    = "INV-CH-03 waiters served in id order"
	propTryReserve    = "INV-CH-04 try_reserve Full while waiters queued"
	propCancelReserve = "INV-CH-05 cancelled reserve consumes no capacity"
	propCancelRecv    = "INV-CH-06 cancelled recv consumes no message"
	propRxMonotone    = "INV-CH-07 receiver_dropped monotone"
	propTxMonotone    = "INV-CH-08 sender_count never increases"
	propPermits       = "INV-CH-09 reserved = permits held"
	propWaiterQueue   = "waiter queue: one entry per task, ids increasing, none after a final reserve"
	propNoLostWake    = "no lost wake: a free slot's head waiter and a pending receiver with work are woken"
	propWakes         = "wakes name a waiting sender or the pending receiver"
)

// check returns the properties the step from before to h.s (by operation
// o, with result out and events h.log) violates.
func (h *harness) check(before *State, o op, out outcome) []string {
	s := &h.s
	var v []string
	add := func(p string) { v = append(v, p) }
	if s.UsedSlots() > int(s.Config.Capacity) {
		add(propCapacity)
	}
	if out.res == OK && (o.code == opRecv || o.code == opTryRecv) {
		if before.Len == 0 || out.msg != before.Queue[0] || out.msg.Seq <= h.lastRecv {
			add(propFIFO)
		}
		h.lastRecv = out.msg.Seq
	}
	if o.code == opReserve && out.res == OK && before.NWaiters > 0 && before.Waiters[0].Task != o.task {
		add(propWaiterFIFO)
	}
	if o.code == opTryReserve && out.res == OK && before.NWaiters > 0 {
		add(propTryReserve)
	}
	if o.code == opReserveCancelled && (s.Len != before.Len || s.Reserved != before.Reserved || s.Queue != before.Queue) {
		add(propCancelReserve)
	}
	if o.code == opRecvCancelled && (s.Len != before.Len || s.Queue != before.Queue) {
		add(propCancelRecv)
	}
	if before.ReceiverDropped && !s.ReceiverDropped {
		add(propRxMonotone)
	}
	if s.Senders > before.Senders {
		add(propTxMonotone)
	}
	held := 0
	for _, n := range h.permits {
		held += n
	}
	if int(s.Reserved) != held {
		add(propPermits)
	}
	var seen [MaxWaiters + 1]bool
	for i, w := range s.WaiterQueue() {
		if seen[w.Task] || (i > 0 && w.ID <= s.Waiters[i-1].ID) || w.ID >= s.NextWaiter {
			add(propWaiterQueue)
		}
		seen[w.Task] = true
	}
	if (o.code == opReserve || o.code == opReserveCancelled) && out.res != Pending && seen[o.task] {
		add(propWaiterQueue)
	}
	if s.NWaiters > 0 && s.HasCapacity() && !h.woken[s.Waiters[0].Task] {
		add(propNoLostWake)
	}
	if s.RecvWaiter != 0 && (s.Len > 0 || s.Senders == 0 || s.ReceiverDropped) {
		add(propNoLostWake)
	}
	for _, e := range h.log.Events {
		switch e.Kind {
		case trace.ChanSenderWoken:
			if w, ok := before.Waiting(e.Task); !ok || w.ID != e.ID {
				add(propWakes)
			}
		case trace.ChanReceiverWoken:
			if e.Task != before.RecvWaiter {
				add(propWakes)
			}
		}
	}
	return v
}

// step applies o and checks it.
func (h *harness) step(o op) []string {
	before := h.s
	h.log.Reset()
	return h.check(&before, o, h.apply(o))
}

// runScript applies the ops to a fresh channel and returns every property
// any step violated.
func runScript(cfg Config, script []op) []string {
	h := newHarness(cfg)
	var found []string
	for _, o := range script {
		found = append(found, h.step(o)...)
	}
	return found
}

// wantEvents compares the log with the expected events, one rendered
// event per line, and empties the log.
func wantEvents(t *testing.T, log *trace.Log, want ...string) {
	t.Helper()
	got := make([]string, len(log.Events))
	for i, e := range log.Events {
		got[i] = e.String()
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("events:\n%s\nwant:\n%s", g, w)
	}
	log.Reset()
}

// open returns a fresh channel, failing the test on a config error.
func open(t *testing.T, capacity, senders uint8, faults ...fault.Fault) State {
	t.Helper()
	cfg := Config{Capacity: capacity, Senders: senders}
	for _, f := range faults {
		cfg.Faults = cfg.Faults.With(f)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wantResult fails the test when got is not want.
func wantResult(t *testing.T, what string, got, want Result) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

// Waiting returns the task's entry in the waiter queue.
func (s *State) Waiting(task uint8) (Waiter, bool) {
	if i := s.findWaiter(task); i >= 0 {
		return s.Waiters[i], true
	}
	return Waiter{}, false
}
