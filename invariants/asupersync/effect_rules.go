package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// effectInvariants are effects of an accepted operation, and one record
// such effects keep (what a task waits on), that make mutate -tests
// samples (seed 2 in session 7, seeds 9 and 13 to 15 in session 8) showed
// no check enforced: each mutant changed the state counts and every
// scenario stayed clean.
//
// A close-region that announced region_closing but left the region Open
// passed: ops-answered asks only for the announcement, changes-announced
// only that a move be announced (not that an announcement be a move), and
// region-closes and quiescence judge regions already on their close path.
// The region never closed, since the advance moves only Closing and
// Draining regions on.
//
// Nothing checked a permit's send or try_send against the receiver: a
// try_send that answered Disconnected with the receiver open (the message
// lost, the slot freed) and sent with it dropped passed, the queue and
// reserved-count checks following whatever the events said.
//
// Nothing asked a close to close: a chan-close that did nothing left the
// receiver open, its queue and its waiting senders, and every check
// followed the events, which said nothing either.
//
// Nothing asked a sleep to end the poll: a sleep that armed its timer and
// went on being polled passed, the poll checks ending a poll only for a
// yield, a pending, a completion or a finalize-done.
//
// Nothing derived what a task waits on (TaskRun.Waits), which decides what
// the task is offered next and whether the stuck check excuses it: a recv
// that returned and left the receiver parked passed.
//
// Nothing asked a host timer turn to report every cancelled timer it
// reached: one reaped only once its deadline was past kept its slot, with
// no stale_timer, at the turn that reached the deadline.
//
// They come late in the check order, after ops-answered and the channel
// checks, so a close that is not even announced (fault silent-close) is
// still reported there and the older faults keep their first reports.
var effectInvariants = []Invariant{
	{"region-close-effective", []string{"wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/quiescence-completion"},
		"a close-region of an Open region takes it off Open in the step (Open -> Closing, and on to Draining, Finalizing or Closed if it may advance at once), so that it drains and closes", regionCloseEffective},
	{"chan-send-answered", []string{"004/1.3", "004/1.7", "004/6.1", "ch-reserve-send-001", "ch-close-wake-001"},
		"a permit's send or try_send answers from the receiver before the step: with the receiver open it queues the message (chan_sent naming the task) and fails nothing; once the receiver is dropped, send drops the message (chan_message_dropped) and try_send answers Disconnected (chan_op_failed, error_class disconnected) and sends nothing", chanSendAnswered},
	{"chan-close-answered", []string{"004/1.10", "INV-CH-07", "ch-close-wake-001"},
		"the receiver's chan-close with the receiver open drops it in the step: receiver_dropped goes true and chan_receiver_closed announces it (004 1.10 Receiver Drop, step 1)", chanCloseAnswered},
	{"sleep-parks", []string{"004/2.3", "004/4.3", "wasm-browser-scheduler-semantics-v1/S5"},
		"a sleep that arms its timer (timer_registered or wheel_registered naming the task) ends the task's poll with a scheduler_step_end naming it: the task returns Pending and waits for the timer's wake", sleepParks},
	{"chan-pending-parks", []string{"004/1.3", "004/1.4", "004/1.6", "wasm-browser-scheduler-semantics-v1/S5"},
		"a reserve or recv of the polled task that answers Pending (chan_reserve_pending or chan_recv_pending naming it) ends its poll with a scheduler_step_end naming it: the task returns Poll::Pending and waits for the channel's wake instead of going on being polled", chanPendingParks},
	{"waits-derived", []string{"004/1.3", "004/1.4", "ch-reserve-send-001"},
		"what a task is parked on follows from its channel answers: chan_reserve_pending parks it on reserve and chan_recv_pending on recv; chan_reserved, chan_received or chan_op_failed naming it, or its completion (task_completed), leaves it parked on nothing; with none of them it stays as it was", waitsDerived},
	{"stale-timer-reported", []string{"wasm-browser-scheduler-semantics-v1/P2", "004/2.4"},
		"a host timer turn with the timer capability delivers the callback of every cancelled host-table timer whose deadline it reached, as a stale-timer diagnostic that frees the timer's slot: after the turn no cancelled timer due at the turn's time holds a slot; and a turn's stale_timer diagnostics come in P2's expiration order, (deadline, timer_id, generation) ascending as the events give them", staleTimerReported},
}

// regionCloseEffective is 001's region protocol ("close/drain/finalize/
// close-complete quiescence path"; the semantics notes' Open -> Closing ->
// Draining -> Finalizing -> Closed) at its first step: a close moves the
// region out of Open, after which advance_region_state() "drives
// Closing/Draining -> Finalizing -> Closed". The region's state before is
// checked against the events by changes-announced; the model offers a
// close only of an Open region, which the guard restates.
func regionCloseEffective(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CloseRegion {
		return false
	}
	b := model.RegionRecord(&kern(c.Before).Cancel, c.In.K.Region)
	if b == nil || !b.Used || b.State != cancel.RegionOpen {
		return false
	}
	return model.RegionRecord(&kern(c.After).Cancel, c.In.K.Region).State == cancel.RegionOpen
}

// chanSendAnswered is 004 1.3 Phase 2a ("SendPermit::send ... infallible
// after reserve", "SendPermit::try_send ... fails only if receiver dropped
// post-reserve") with 6.1 ("Send on closed channel: receiver_dropped check
// in try_send: Returns Disconnected(value)"). Neither is
// cancellation-checked, so the receiver flag before the step decides the
// answer (chan-receiver-dropped-monotone and the close's checks keep the
// flag honest); the answer is read from the events naming the task.
func chanSendAnswered(c *Context) bool {
	b, _, ok := chans(c)
	if !ok || c.In.Host != pump.NoHost || (c.In.K.Op != kernel.ChanSend && c.In.K.Op != kernel.ChanTrySend) {
		return false
	}
	task := c.In.K.Task
	sent, dropped, disconnected, failed := false, false, false, false
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Task != task {
			continue
		}
		switch e.Kind {
		case trace.ChanSent:
			sent = true
		case trace.ChanMessageDropped:
			dropped = true
		case trace.ChanOpFailed:
			failed = true
			disconnected = disconnected || e.ErrorClass == trace.ErrDisconnected
		}
	}
	switch {
	case !b.ReceiverDropped:
		return !sent || dropped || failed
	case c.In.K.Op == kernel.ChanSend:
		return !dropped || sent || failed
	}
	return !disconnected || sent || dropped
}

// chanCloseAnswered is 004 1.10's Receiver Drop, step 1 ("Sets
// receiver_dropped = true"): a close is not cancellation-checked, so with
// the receiver open before the step the close must drop it, in the state
// and in the trace. A close of a dropped receiver is the monotone check's.
func chanCloseAnswered(c *Context) bool {
	b, a, ok := chans(c)
	if !ok || c.In.Host != pump.NoHost || c.In.K.Op != kernel.ChanClose || b.ReceiverDropped {
		return false
	}
	return !a.ReceiverDropped || c.firstIndex(trace.ChanReceiverClosed) < 0
}

// sleepParks is 004 2.3's try_register(deadline, waker) seen from the
// sleeping task: the waker is registered and the future returns Pending,
// so its poll ends (4.3: the timer's firing wakes it). A sleep the wheel
// refuses returns an error to the task instead, which goes on running.
func sleepParks(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Sleep {
		return false
	}
	t := c.In.K.Task
	if !answered(c.Events, t, 0, trace.TimerRegistered, trace.WheelRegistered) {
		return false
	}
	return !answered(c.Events, t, 0, trace.StepEnd)
}

// chanPendingParks is sleepParks for the channel: the answer Pending is
// the poll's answer too. Nothing asked it before (make mutate -tests seed
// 31): a recv whose Pending left the receiver polled changed the counts of
// four scenarios and passed every check, the receiver re-polling its recv
// as the only thing it could do.
func chanPendingParks(c *Context) bool {
	if c.In.Host != pump.NoHost || (c.In.K.Op != kernel.ChanReserve && c.In.K.Op != kernel.ChanRecv) {
		return false
	}
	t := c.In.K.Task
	if !answered(c.Events, t, 0, trace.ChanReservePending, trace.ChanRecvPending) {
		return false
	}
	return !answered(c.Events, t, 0, trace.StepEnd)
}

// waitsDerived checks the kernel's record of what each task is parked on
// (TaskRun.Waits, which Enabled reads to re-poll the operation first and
// the stuck check to excuse the task) against its channel answers in the
// step's events, the last one naming the task deciding (004 1.3 step 5
// and 1.4: Pending registers the waiter; any other answer, or the task's
// end, leaves it waiting on nothing).
func waitsDerived(c *Context) bool {
	if c.Scenario.Kernel.Channel.Capacity == 0 {
		return false
	}
	b, a := kern(c.Before), kern(c.After)
	var want [kernel.MaxTasks + 1]kernel.Waits
	for t := uint8(1); t <= kernel.MaxTasks; t++ {
		want[t] = b.Tasks[t-1].Waits
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Task == 0 || e.Task > kernel.MaxTasks {
			continue
		}
		switch e.Kind {
		case trace.ChanReservePending:
			want[e.Task] = kernel.WaitsReserve
		case trace.ChanRecvPending:
			want[e.Task] = kernel.WaitsRecv
		case trace.ChanReserved, trace.ChanReceived, trace.ChanOpFailed, trace.TaskCompleted:
			want[e.Task] = kernel.WaitsNothing
		}
	}
	for t := uint8(1); t <= kernel.MaxTasks; t++ {
		if want[t] != a.Tasks[t-1].Waits {
			return true
		}
	}
	return false
}

// chanWaiterInvariants: the checks of the channel's waiter queue asked how
// a waiter enters and leaves it on a poll, and a task parked on the
// channel always polled again, so a waiter could leave only that way. A
// pending future can also be dropped (scenario key drop_futures): a Drop
// that left the waiter queued changed the counts but broke no check within
// depth 12, though the queue then holds a task that will never poll again.
// It comes late in the check order, so the older faults keep their first
// reports.
var chanWaiterInvariants = []Invariant{
	{"chan-waiters-parked", []string{"004/1.8", "004/1.11", "004/1.6"},
		"every waiter in the channel's send queue is a live task parked on its reserve, and the receiver's registered waker, if any, a live task parked on its recv: a reserve or recv future that answers, is cancelled or is dropped leaves the queue or clears its waker (004 1.8: a Reserve future's Drop removes it by id)", chanWaitersParked},
}

// chanWaitersParked reads the channel, the tasks' run records (their
// Waits, which waits-derived derives from the events) and their phases,
// all after the step.
func chanWaitersParked(c *Context) bool {
	a := kern(c.After)
	parked := func(t uint8, w kernel.Waits) bool {
		// Task is nil for an id outside the cancellation table.
		tk := model.TaskRecord(&a.Cancel, t)
		return tk != nil && int(t) <= len(a.Tasks) && tk.Used && tk.Phase != cancel.Completed && a.Tasks[t-1].Waits == w
	}
	ch := &a.Chan
	for i := 0; i < int(ch.NWaiters) && i < len(ch.Waiters); i++ {
		if !parked(ch.Waiters[i].Task, kernel.WaitsReserve) {
			return true
		}
	}
	return ch.RecvWaiter != 0 && !parked(ch.RecvWaiter, kernel.WaitsRecv)
}

// staleTimerReported is 000 P2's "late timer events after cancellation
// become typed stale-timer diagnostics" for the host-table timers of the
// browser backend: a timer turn is the host delivering every callback due
// by its time, a cancelled timer's included (stale_timer, which
// timer-slots-derived pairs with the freed slot). The wheel's dead entries
// are dropped silently instead (wheel-ready-drops-dead), and the native
// backend has no host callbacks: its phase 0 drops them (dead-timers-dropped).
func staleTimerReported(c *Context) bool {
	if c.Scenario.Native || c.In.Host != pump.TimerTurn {
		return false
	}
	// P2 orders a turn's expirations by (deadline, timer_id, generation);
	// a late callback is a stale-timer diagnostic in that order. The key
	// is read from the events alone (session 44's audit reaped the slots
	// from the highest down, and nothing read the order).
	var last staleKey
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.StaleTimer {
			continue
		}
		k := staleKey{e.Deadline, e.Timer, e.Gen}
		if k.less(last) {
			return true
		}
		last = k
	}
	if c.Scenario.Pump.Caps&pump.CapTimer == 0 {
		return false
	}
	a := kern(c.After)
	if c.Scenario.Kernel.Wheel {
		return false
	}
	for i := range a.Timers {
		if tm := &a.Timers[i]; tm.Used && !tm.Live && tm.Deadline <= a.Now {
			return true
		}
	}
	return false
}

// staleKey is P2's expiration key of a stale_timer event.
type staleKey struct {
	deadline uint64
	timer    uint8
	gen      uint64
}

func (k staleKey) less(o staleKey) bool {
	if k.deadline != o.deadline {
		return k.deadline < o.deadline
	}
	if k.timer != o.timer {
		return k.timer < o.timer
	}
	return k.gen < o.gen
}
