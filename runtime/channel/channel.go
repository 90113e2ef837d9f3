// Package channel is the bounded MPSC two-phase channel of contract 004
// section 1: reserve/send/abort (1.3), the FIFO waiter queue and its cascade
// wake (1.4), send_evict_oldest (1.5), recv/try_recv (1.6), the error
// taxonomy (1.7), cancellation at checkpoints (1.8, 4.1), close and drain
// (1.10) and the ordering guarantees (1.11) that INV-CH-01..09 (8.1) state.
// Obligation tracking of permits (1.9, INV-CH-10) is the kernel's.
//
// State is a fixed-size value (no pointers, maps or slices inside) so the
// model checker copies it by assignment and fingerprints its bytes. Every
// operation is one poll or one call of the contract's API; it emits what
// happened into a *trace.Log and allocates nothing. Messages carry no
// payload: a Message is its commit sequence number and its sender.
//
// Choices where the contract is silent (each also noted at its spot):
//   - New returns an error for capacity 0 (upstream panics), for a capacity
//     over MaxCapacity (the model's bound) and for zero senders.
//   - A woken waiter stays in the waiter queue; it leaves only when its
//     re-polled reserve takes a permit, fails, or is dropped (upstream).
//     A wake for freed capacity goes to the head of the queue, one waiter
//     per freed slot while capacity is free; a woken head that takes its
//     permit wakes the next waiter if capacity remains (the cascade).
//   - A waiter that leaves without a permit (cancelled, dropped) wakes the
//     new head only when it was the head and capacity is free: a non-head
//     leaving changes neither the head nor the capacity, and the head was
//     already woken for any free slot (upstream wakes it again, redundantly).
//   - The waiter's cancelled poll returns Cancelled first and then leaves
//     the queue, as upstream's poll returns and the future's Drop cleans up.
//   - try_reserve is checked: a cancelled task gets Cancelled (upstream's
//     try_reserve has no checkpoint; the kernel polls every operation with
//     the task's cx).
//   - send on a permit whose receiver has since closed drops the value
//     (chan_message_dropped, with the sequence number it was given) and
//     consumes the permit; try_send returns Disconnected instead and gives
//     the message no sequence number.
//   - send_evict_oldest with free capacity but queued waiters is Full
//     (semantics notes), and it never evicts a reserved slot.
//   - recv on a closed receiver is Disconnected (the handle is gone; the
//     model lets a script try). The checkpoint comes first in recv too.
//   - try_recv on an empty queue is Disconnected when no senders remain or
//     the receiver closed, else Empty. try_recv leaves the recv waker alone.
//   - Closing a closed receiver is a no-op. A close neither wakes nor keeps
//     the recv waker: the receiver is the one closing.
//   - Send, abort and drop of a permit do not check which task holds it:
//     permits are the kernel's (obligations); a release with no slot
//     reserved releases nothing rather than wrapping.
//   - Waiter ids and message sequence numbers start at 1.
package channel

import (
	"errors"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// MaxCapacity bounds a channel's capacity in the model.
const MaxCapacity = 4

// MaxWaiters is the waiter queue's size: one entry per task (a task polls
// at most one reserve at a time), so it never overflows.
const MaxWaiters = 8

// queueSlots is the message array's length: one more than MaxCapacity, so
// fault OvercommitCapacity's one message too many (used <= capacity admits
// capacity + 1 slots, never more) has somewhere to go and the broken
// invariant is observable rather than an index panic.
const queueSlots = MaxCapacity + 1

// Config is fixed for a channel's life.
type Config struct {
	// Capacity is 1..MaxCapacity.
	Capacity uint8
	// Senders is the initial sender_count (one per sender handle), >= 1.
	Senders uint8
	Faults  fault.Set
}

// Message is a queued message: its commit sequence number (1-based, in
// commit order) and the task that sent it.
type Message struct {
	Seq  uint32
	From uint8
}

// Waiter is an entry of the sender waiter queue: a monotonic id (from 1)
// and the waiting task.
type Waiter struct {
	ID   uint64
	Task uint8
}

// State is the channel (1.1): the queue, the reserved count, the waiter
// queue, sender_count, receiver_dropped and the receiver's waker.
type State struct {
	Config Config
	// Queue[:Len] are the queued messages, Queue[0] the oldest.
	Queue    [queueSlots]Message
	Len      uint8
	Reserved uint8
	// Waiters[:NWaiters] is the FIFO waiter queue, Waiters[0] its head.
	Waiters  [MaxWaiters]Waiter
	NWaiters uint8
	// NextWaiter and NextSeq are the next waiter id and message sequence
	// number to hand out.
	NextWaiter uint64
	NextSeq    uint32
	// Senders is sender_count.
	Senders uint8
	// ReceiverDropped is receiver_dropped (monotone, INV-CH-07).
	ReceiverDropped bool
	// RecvWaiter is the task whose recv is pending (its waker is
	// registered); 0 when none.
	RecvWaiter uint8
}

// Result is an operation's outcome: a value, Pending, or one of the
// SendError/RecvError classes of 1.7.
type Result uint8

// The results.
const (
	OK Result = iota
	Pending
	Full
	Disconnected
	Cancelled
	Empty
)

var resultNames = [...]string{"ok", "pending", "full", "disconnected", "cancelled", "empty"}

func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "result(?)"
}

// errorClass is the trace class of a failed result.
func (r Result) errorClass() trace.ErrorClass {
	switch r {
	case Full:
		return trace.ErrFull
	case Disconnected:
		return trace.ErrDisconnected
	case Cancelled:
		return trace.ErrCancelled
	case Empty:
		return trace.ErrEmpty
	}
	return trace.NoError
}

// Configuration errors, built once.
var (
	errZeroCapacity = errors.New("channel: capacity 0 (the contract panics on a zero-capacity channel)")
	errBigCapacity  = errors.New("channel: capacity over the model bound MaxCapacity (4)")
	errNoSenders    = errors.New("channel: senders must be at least 1")
)

// New returns an open channel (1.1 Open: receiver alive, senders > 0).
func New(cfg Config) (State, error) {
	switch {
	case cfg.Capacity == 0:
		return State{}, errZeroCapacity
	case cfg.Capacity > MaxCapacity:
		return State{}, errBigCapacity
	case cfg.Senders == 0:
		return State{}, errNoSenders
	}
	senders := cfg.Senders
	// Fault ExtraSender counts one sender too many.
	if cfg.Faults.Has(fault.ExtraSender) {
		senders++
	}
	return State{Config: cfg, Senders: senders, NextWaiter: 1, NextSeq: 1}, nil
}

// UsedSlots is used_slots = queue.len + reserved (1.2).
func (s *State) UsedSlots() int { return int(s.Len) + int(s.Reserved) }

// HasCapacity is has_capacity: used_slots < capacity. Fault
// OvercommitCapacity writes <=, admitting one reservation too many.
func (s *State) HasCapacity() bool {
	if s.Config.Faults.Has(fault.OvercommitCapacity) {
		return s.UsedSlots() <= int(s.Config.Capacity)
	}
	return s.UsedSlots() < int(s.Config.Capacity)
}

// Messages returns the queued messages, oldest first.
func (s *State) Messages() []Message { return s.Queue[:s.Len] }

// WaiterQueue returns the waiter queue, head first.
func (s *State) WaiterQueue() []Waiter { return s.Waiters[:s.NWaiters] }

func (s *State) findWaiter(task uint8) int {
	for i := 0; i < int(s.NWaiters); i++ {
		if s.Waiters[i].Task == task {
			return i
		}
	}
	return -1
}

// head is the index of the waiter served next: the oldest (1.11). Fault
// LifoWaiters serves the newest.
func (s *State) head() int {
	if s.NWaiters == 0 {
		return -1
	}
	if s.Config.Faults.Has(fault.LifoWaiters) {
		return int(s.NWaiters) - 1
	}
	return 0
}

// register appends the task to the waiter queue with the next id. One
// entry per task keeps the queue within MaxWaiters; an entry that would
// not fit (a task id over MaxWaiters) is not queued.
func (s *State) register(task uint8) Waiter {
	w := Waiter{ID: s.NextWaiter, Task: task}
	// Fault WaiterIDReused hands every waiter the same id.
	if !s.Config.Faults.Has(fault.WaiterIDReused) {
		s.NextWaiter++
	}
	if int(s.NWaiters) < len(s.Waiters) {
		s.Waiters[s.NWaiters] = w
		s.NWaiters++
	}
	return w
}

// removeWaiter deletes entry i, keeping the order of the rest.
func (s *State) removeWaiter(i int) Waiter {
	w := s.Waiters[i]
	copy(s.Waiters[i:s.NWaiters], s.Waiters[i+1:s.NWaiters])
	s.NWaiters--
	s.Waiters[s.NWaiters] = Waiter{}
	return w
}

// wakeHead is the cascade wake (1.3 Phase 2b, 1.4): a slot was freed (or
// the head left), so if capacity is free the head of the waiter queue is
// woken. It stays queued until its reserve is polled again. Fault
// WakeAllWaiters wakes every waiter behind the head as well.
func (s *State) wakeHead(log *trace.Log) {
	if i := s.head(); i >= 0 && s.HasCapacity() {
		w := s.Waiters[i]
		log.Emit(trace.Event{Kind: trace.ChanSenderWoken, Task: w.Task, ID: w.ID})
		if s.Config.Faults.Has(fault.WakeAllWaiters) {
			for _, o := range s.Waiters[:s.NWaiters] {
				if o != w {
					log.Emit(trace.Event{Kind: trace.ChanSenderWoken, Task: o.Task, ID: o.ID})
				}
			}
		}
		// Fault WokenHeadRenumbered gives the woken head the next id,
		// which the next registration takes too.
		if s.Config.Faults.Has(fault.WokenHeadRenumbered) {
			s.Waiters[i].ID = s.NextWaiter
		}
	}
}

// leaveQueue removes the task's waiter entry (a reserve that ends without
// a permit) and, if it was the head, wakes the new head for free capacity.
func (s *State) leaveQueue(task uint8, log *trace.Log) {
	i := s.findWaiter(task)
	if i < 0 {
		return
	}
	wasHead := i == s.head()
	w := s.removeWaiter(i)
	// Fault SilentWaiterRemoval leaves the removal unannounced.
	if !s.Config.Faults.Has(fault.SilentWaiterRemoval) {
		log.Emit(trace.Event{Kind: trace.ChanWaiterRemoved, Task: w.Task, ID: w.ID})
	}
	// Fault LeavingHeadNoWake skips the cascade to the new head.
	if wasHead && !s.Config.Faults.Has(fault.LeavingHeadNoWake) {
		s.wakeHead(log)
	}
}

// push appends a committed message with the next sequence number. Fault
// SendLosesMessage counts the message but forgets to store it.
func (s *State) push(task uint8) Message {
	m := Message{Seq: s.NextSeq, From: task}
	s.NextSeq++
	if int(s.Len) < len(s.Queue) {
		if !s.Config.Faults.Has(fault.SendLosesMessage) {
			s.Queue[s.Len] = m
		}
		s.Len++
	}
	return m
}

// popFront removes the oldest message.
func (s *State) popFront() Message {
	m := s.Queue[0]
	copy(s.Queue[:s.Len], s.Queue[1:s.Len])
	s.Len--
	s.Queue[s.Len] = Message{}
	return m
}

// popBack removes the newest message (fault LifoRecv).
func (s *State) popBack() Message {
	s.Len--
	m := s.Queue[s.Len]
	s.Queue[s.Len] = Message{}
	return m
}

// release gives back one reserved slot. A release with nothing reserved
// is a caller's bug (permits are tracked by the kernel) and releases
// nothing rather than wrapping.
func (s *State) release() {
	if s.Reserved > 0 {
		s.Reserved--
	}
}

// wakeReceiver wakes a pending recv: its waker is taken.
func (s *State) wakeReceiver(log *trace.Log) {
	if s.RecvWaiter != 0 {
		log.Emit(trace.Event{Kind: trace.ChanReceiverWoken, Task: s.RecvWaiter})
		s.RecvWaiter = 0
	}
}

// failed records an operation's error and returns it.
func failed(task uint8, op string, r Result, log *trace.Log) Result {
	log.Emit(trace.Event{Kind: trace.ChanOpFailed, Task: task, ErrorClass: r.errorClass(), AttrKey: "op", AttrVal: op})
	return r
}
