package kernel

import (
	"fmt"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// The runtime's one MPSC channel (004 section 1) as tasks use it (004 4.1,
// 4.4, 4.5). Choices where the contracts are silent:
//   - Handles belong to tasks by id: tasks t1..tN hold one sender each (N =
//     Senders) and t(N+1) holds the receiver, so the senders are the first
//     tasks a scenario spawns. A handle is dropped when its task
//     completes (RAII), so "last sender drop" and "receiver drop" happen
//     through task lifecycles; t1 may also close its receiver explicitly.
//   - A channel operation's cancellation checkpoint is the task's
//     checkpoint: it acknowledges a pending cancel (CancelRequested ->
//     Cancelling) and fails while the cancel is active and unmasked.
//   - A reserve or recv that returns Pending ends the poll with the task
//     parked on the channel (Waits); only the channel's wakes (cascade,
//     send, close, last sender drop) or a cancel make it runnable again,
//     and its next poll re-polls the same operation.
//   - With TrackPermits, a permit is a SendPermit obligation of the task's
//     region (the session layer, 1.9): send commits it, abort aborts it, a
//     permit dropped by a cancelled task is aborted (AbortedCancel) when the
//     task completes. A region that refuses the obligation (closing or
//     cancelled) rolls the permit back at once (RAII drop).

// Waits says which channel operation a parked task will re-poll.
type Waits uint8

const (
	WaitsNothing Waits = iota
	WaitsReserve
	WaitsRecv
)

// untrackedPermit marks a permit held without an obligation.
const untrackedPermit = 255

// Receiver is the task holding the channel's receiver. Fault
// ReceiverOffByOne counts the holders from zero.
func (s *State) Receiver() uint8 {
	if s.Config.Faults.Has(fault.ReceiverOffByOne) {
		return s.Config.Channel.Senders
	}
	return s.Config.Channel.Senders + 1
}

// HasChannel reports whether the runtime was configured with a channel.
// Fault HasChannelInclusive tests capacity >= 0, so every runtime has one.
func (s *State) HasChannel() bool {
	if s.Config.Faults.Has(fault.HasChannelInclusive) {
		return s.Config.Channel.Capacity >= 0
	}
	return s.Config.Channel.Capacity > 0
}

// IsSender reports whether task t holds one of the channel's senders.
// Fault SenderRangeShort leaves the last sender out.
func (s *State) IsSender(t uint8) bool {
	if s.Config.Faults.Has(fault.SenderRangeShort) {
		return s.HasChannel() && t >= 1 && t < s.Config.Channel.Senders
	}
	return s.HasChannel() && t >= 1 && t <= s.Config.Channel.Senders
}

// chanCheckpoint is cx.checkpoint() for a channel operation: true when the
// operation must return Cancelled.
func (s *State) chanCheckpoint(t uint8, log *trace.Log) (bool, error) {
	acked, err := s.Cancel.Checkpoint(t, log)
	if err != nil || acked {
		return acked, err
	}
	tk := s.Cancel.Task(t)
	// Fault ChanIgnoresAck forgets a cancel acknowledged before.
	if s.Config.Faults.Has(fault.ChanIgnoresAck) {
		return false, nil
	}
	return tk.Mask == 0 && (tk.Phase == cancel.Cancelling || tk.Phase == cancel.Finalizing), nil
}

// chanOp runs a channel operation of the task being polled.
func (s *State) chanOp(in Input, log *trace.Log) error {
	t := in.Task
	if !s.HasChannel() {
		return fmt.Errorf("%s: the runtime has no channel", in.Op)
	}
	run := &s.Tasks[t-1]
	from := len(log.Events)
	switch in.Op {
	case ChanReserve, ChanTryReserve, ChanEvict:
		if !s.IsSender(t) {
			return fmt.Errorf("%s: t%d holds no sender", in.Op, t)
		}
	case ChanSend, ChanTrySend, ChanAbort:
		if run.Permit == 0 {
			return fmt.Errorf("%s: t%d holds no permit", in.Op, t)
		}
	case ChanRecv, ChanTryRecv, ChanClose:
		if t != s.Receiver() {
			return fmt.Errorf("%s: t%d does not hold the receiver (t%d does)", in.Op, t, s.Receiver())
		}
	}
	switch in.Op {
	case ChanReserve, ChanTryReserve:
		if run.Permit != 0 {
			return fmt.Errorf("%s: t%d already holds a permit", in.Op, t)
		}
		checkpoint := len(log.Events)
		cancelled, err := s.chanCheckpoint(t, log)
		if err != nil {
			return err
		}
		answer := len(log.Events)
		var r channel.Result
		if in.Op == ChanReserve {
			r = s.Chan.Reserve(t, cancelled, log)
		} else {
			r = s.Chan.TryReserve(t, cancelled, log)
		}
		// Fault CheckpointAfterReserve reports the checkpoint after the
		// channel's answer.
		if s.Config.Faults.Has(fault.CheckpointAfterReserve) {
			trace.EffectsFirst(log.Events[checkpoint:], answer-checkpoint)
		}
		run.Waits = WaitsNothing
		switch r {
		case channel.OK:
			granted := len(log.Events)
			if err := s.admitPermit(t, log); err != nil {
				return err
			}
			// Fault ObligationBeforePermit reports the permit's obligation
			// before the channel's answer.
			if s.Config.Faults.Has(fault.ObligationBeforePermit) {
				trace.EffectsFirst(log.Events[answer:], granted-answer)
			}
		case channel.Pending:
			// A pending poll takes no slot and frees none, so it wakes no
			// one: it skips the wake pass at the end.
			run.Waits = WaitsReserve
			// Fault ReserveParkDropsWake forgets a wake noted during the poll.
			if s.Config.Faults.Has(fault.ReserveParkDropsWake) {
				run.Notified = false
			}
			// Fault ReservePendingKeepsPoll goes on polling the task.
			if !s.Config.Faults.Has(fault.ReservePendingKeepsPoll) {
				s.endPoll(log)
			}
			return nil
		}
	case ChanSend, ChanTrySend, ChanAbort:
		// Fault PermitResolutionsSwapped resolves the permit the other way.
		if err := s.resolvePermit(t, (in.Op != ChanAbort) != s.Config.Faults.Has(fault.PermitResolutionsSwapped), log); err != nil {
			return err
		}
		switch in.Op {
		case ChanSend:
			s.Chan.Send(t, log)
		case ChanTrySend:
			s.Chan.TrySend(t, log)
		default:
			s.Chan.Abort(t, log)
		}
	case ChanEvict:
		s.Chan.SendEvictOldest(t, log)
	case ChanRecv:
		cancelled, err := s.chanCheckpoint(t, log)
		if err != nil {
			return err
		}
		r, _ := s.Chan.Recv(t, cancelled, log)
		// Fault RecvKeepsWaiting leaves the wait as it was.
		if !s.Config.Faults.Has(fault.RecvKeepsWaiting) {
			run.Waits = WaitsNothing
		}
		if r == channel.Pending {
			// Like a pending reserve, it wakes no one.
			run.Waits = WaitsRecv
			// Fault RecvPendingKeepsPoll goes on polling the receiver.
			if !s.Config.Faults.Has(fault.RecvPendingKeepsPoll) {
				s.endPoll(log)
			}
			return nil
		}
	case ChanTryRecv:
		s.Chan.TryRecv(t, log)
	case ChanClose:
		// Fault CloseIgnored takes the close and does nothing with it.
		if !s.Config.Faults.Has(fault.CloseIgnored) {
			s.Chan.CloseReceiver(log)
		}
	}
	s.wakeFromChannel(from, log)
	return nil
}

// admitPermit makes a fresh permit the task's: with tracked permits, a
// SendPermit obligation of its region; a region that refuses it rolls the
// permit back (the permit owns its rollback, so nothing leaks).
func (s *State) admitPermit(t uint8, log *trace.Log) error {
	run := &s.Tasks[t-1]
	if !s.Config.TrackPermits {
		// Fault UntrackedPermitUnrecorded forgets the untracked permit.
		if !s.Config.Faults.Has(fault.UntrackedPermitUnrecorded) {
			run.Permit = untrackedPermit
		}
		return nil
	}
	ob, err := s.Cancel.Reserve(t, cancel.SendPermit, log)
	if err != nil || ob == 0 {
		s.Chan.DropPermit(t, log)
		return err
	}
	run.Permit = ob
	return nil
}

// resolvePermit is the session layer's send (commit) or abort of the task's
// permit obligation (004 4.5). Fault SilentPermitLeak: the token is
// forgotten, so the obligation stays Reserved while the slot is used.
func (s *State) resolvePermit(t uint8, commit bool, log *trace.Log) error {
	run := &s.Tasks[t-1]
	ob := run.Permit
	run.Permit = 0
	if ob == untrackedPermit || s.Config.Faults.Has(fault.SilentPermitLeak) {
		return nil
	}
	if commit {
		return s.Cancel.Commit(ob, log)
	}
	return s.Cancel.Abort(ob, log)
}

// wakeFromChannel routes every task the channel woke since event from.
// Fault WokenBeforeChanWake reports each routing before the channel's
// wake that caused it; fault SilentSenderWake routes a woken sender and
// drops the chan_sender_woken that says so.
func (s *State) wakeFromChannel(from int, log *trace.Log) {
	end := len(log.Events) // routing emits no channel wakes
	for i := from; i < end; i++ {
		e := log.Events[i]
		if e.Kind != trace.ChanSenderWoken && e.Kind != trace.ChanReceiverWoken {
			continue
		}
		at := len(log.Events)
		s.wakeParked(e.Task, log)
		if n := len(log.Events) - at; n > 0 && s.Config.Faults.Has(fault.WokenBeforeChanWake) {
			trace.EffectsFirst(log.Events[i:], at-i)
			i, end = i+n, end+n
		}
		if e.Kind == trace.ChanSenderWoken && s.Config.Faults.Has(fault.SilentSenderWake) {
			log.Events = append(log.Events[:i], log.Events[i+1:]...)
			i, end = i-1, end-1
		}
	}
}

// wakeParked makes a task parked on the channel runnable.
func (s *State) wakeParked(t uint8, log *trace.Log) {
	if !s.Cancel.Live(t) {
		return
	}
	if t == s.Current || t == s.Outer {
		s.Tasks[t-1].Notified = true
		return
	}
	s.route(t, log)
}

// dropHandles runs the RAII drops of a completing task's channel handles:
// its unsent permit, its pending reserve or recv, its sender, its
// receiver. A tracked permit's obligation is resolved by the completion
// itself (AbortedCancel for a cancelled task).
//
// Fault SenderDoubleDrop: a task completing as Cancelled drops its sender
// twice.
func (s *State) dropHandles(t uint8, log *trace.Log) {
	if !s.HasChannel() {
		return
	}
	from := len(log.Events)
	run := &s.Tasks[t-1]
	if run.Permit != 0 {
		run.Permit = 0
		s.Chan.DropPermit(t, log)
	}
	switch run.Waits {
	case WaitsReserve:
		s.Chan.CancelReserve(t, log)
	case WaitsRecv:
		s.Chan.CancelRecv(t, log)
	}
	run.Waits = WaitsNothing
	if s.IsSender(t) {
		s.Chan.DropSender(log)
		if s.Config.Faults.Has(fault.SenderDoubleDrop) && s.Cancel.Task(t).Outcome == cancel.Cancelled {
			s.Chan.DropSender(log)
		}
	}
	if t == s.Receiver() {
		s.Chan.CloseReceiver(log)
	}
	s.wakeFromChannel(from, log)
}
