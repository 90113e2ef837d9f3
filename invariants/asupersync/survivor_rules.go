package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// survivorInvariants are the rules that mutants of runtime/ broke without
// any check noticing (issue 10, the survivors of make mutate): the sleep
// deadline, the record a task is routed with, the channel roles the
// scenario assigns and the permit a task holds. Each is derived from the
// before-state, the input, the scenario and the events, never from the
// runtime's own accessor (Receiver, HasChannel) or the field it updates.
var survivorInvariants = []Invariant{
	{"sleep-deadline", []string{"004/2.1", "tm-insert-fire-001", "wasm-browser-scheduler-semantics-v1/P2"},
		"a sleep of d by task t registers a timer for t whose deadline is now + d, now being the clock before the step (a poll does not move it)", sleepDeadline},
	{"route-own-record", []string{"wasm-cancel-state-machine-v1/B5", "wasm-browser-scheduler-semantics-v1/S1", "sc-lane-order-001"},
		"a task's priority and deadline are the ones its spawn input gave and never change; every enqueue of a task outside the cancel lane carries them, into the timed lane exactly when the deadline is non-zero, and every enqueue into the cancel lane carries the priority of the task's cleanup budget", routeOwnRecord},
	{"chan-roles", []string{"004/1.1", "INV-CH-08", "ch-close-drain-001"},
		"with a channel of N senders, tasks t1..tN hold the senders and t(N+1) the receiver: only the receiver receives or closes, only senders reserve, a sender's completion drops its sender and the receiver's closes the receiver", chanRoles},
	{"permit-derived", []string{"INV-CH-09", "INV-CH-10", "004/1.3"},
		"a task holds a permit after a step exactly when it held one before or was granted one (chan_reserved) in it, and did not send, abort or drop it", permitDerived},
	{"chan-recv-outcome", []string{"004/1.4", "ch-close-drain-001", "INV-CH-07"},
		"a recv or try_recv that is not cancelled takes the oldest message while one is queued and the receiver is open, and fails Disconnected only once the receiver closed or with the queue empty and no sender left", chanRecvOutcome},
}

// sleepDeadline recomputes the deadline of 004 2.1 (deadline = now +
// duration) from the input, so a registration at any other instant is
// caught where it is made, not only if it later fires visibly early.
func sleepDeadline(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Sleep {
		return false
	}
	want := uint64(kern(c.Before).Now) + uint64(c.In.K.N)
	for ei := range c.Events {
		e := &c.Events[ei]
		if (e.Kind == trace.TimerRegistered || e.Kind == trace.WheelRegistered) && (e.Deadline != want || e.Task != c.In.K.Task) {
			return true
		}
	}
	return false
}

// spawnedBy returns the task a spawn input created in this step, or 0.
func (c *Context) spawnedBy() uint8 {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Spawn {
		return 0
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.TaskSpawned {
			return e.Task
		}
	}
	return 0
}

// routeOwnRecord derives each task's (priority, deadline) from the spawn
// input that created it (inductively: the record before, replaced only by
// a spawn), then checks that every timed- or ready-lane enqueue uses the
// enqueued task's own record (001 B5 routes a runnable task by its own
// deadline). The cancel lane is keyed by the cleanup budget instead.
func routeOwnRecord(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	spawned := c.spawnedBy()
	record := func(t uint8) (uint8, uint32) {
		if t == spawned {
			return c.In.K.Priority, c.In.K.N
		}
		r := &b.Tasks[t-1]
		return r.Priority, r.Deadline
	}
	for t := uint8(1); t <= kernel.MaxTasks; t++ {
		p, d := record(t)
		if a.Tasks[t-1].Priority != p || a.Tasks[t-1].Deadline != d {
			return true
		}
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.Enqueued || e.Task == 0 || e.Task > kernel.MaxTasks {
			continue
		}
		lane := laneByName(e.Lane)
		if lane == sched.Cancel {
			// The cancel lane is keyed by the cleanup budget's priority
			// (001 B5: cleanup-priority; 004 3.3), the task's budget that budget-granted and
			// budget-derived check; the entry must carry it.
			if tk := model.TaskRecord(&a.Cancel, e.Task); tk == nil || e.Priority != tk.Budget.Priority {
				return true
			}
			continue
		}
		p, d := record(e.Task)
		if e.Priority != p || (lane == sched.Timed) != (d != 0) || (lane == sched.Timed && e.Deadline != uint64(d)) {
			return true
		}
	}
	return false
}

// chanRoles reads the roles from the scenario's channel configuration
// (004 1.1: the senders are t1..tN, the receiver t(N+1)), not from the
// kernel's Receiver and IsSender, so a miscounted role or a channel the
// kernel thinks absent is caught: by an operation in the wrong role, or
// by a sender whose completion drops nothing.
func chanRoles(c *Context) bool {
	cfg := c.Scenario.Kernel.Channel
	if cfg.Capacity == 0 {
		return false
	}
	receiver := cfg.Senders + 1
	if c.In.Host == pump.NoHost {
		switch c.In.K.Op {
		case kernel.ChanRecv, kernel.ChanTryRecv, kernel.ChanClose:
			if c.In.K.Task != receiver {
				return true
			}
		case kernel.ChanReserve, kernel.ChanTryReserve, kernel.ChanEvict:
			if c.In.K.Task == 0 || c.In.K.Task > cfg.Senders {
				return true
			}
		}
	}
	completed, receiverDone := 0, false
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.TaskCompleted && e.Task >= 1 && e.Task <= cfg.Senders {
			completed++
		}
		receiverDone = receiverDone || (e.Kind == trace.TaskCompleted && e.Task == receiver)
	}
	// A fault may drop a sender twice (chan-sender-count-monotone says
	// so); here only a missing drop matters.
	if count(c.Events, trace.ChanSenderDropped) < completed {
		return true
	}
	// The receiver is closed by its holder: by chan-close, or by the
	// receiver task's completion, which must close it if it was open.
	closed := c.firstIndex(trace.ChanReceiverClosed) >= 0
	closing := receiverDone || (c.In.Host == pump.NoHost && c.In.K.Op == kernel.ChanClose)
	return (closed && !closing) || (receiverDone && !kern(c.Before).Chan.ReceiverDropped && !closed)
}

// permitDerived checks the kernel's record of a task's unsent permit
// (TaskRun.Permit, which send, abort and the completion drop read) against
// the permit events: it is set by chan_reserved, cleared by a send, an
// abort or chan_permit_dropped.
func permitDerived(c *Context) bool {
	if c.Scenario.Kernel.Channel.Capacity == 0 {
		return false
	}
	b, a := kern(c.Before), kern(c.After)
	var held [kernel.MaxTasks + 1]bool
	for t := uint8(1); t <= kernel.MaxTasks; t++ {
		held[t] = b.Tasks[t-1].Permit != 0
	}
	if c.In.Host == pump.NoHost && c.In.K.Task >= 1 && c.In.K.Task <= kernel.MaxTasks {
		switch c.In.K.Op {
		case kernel.ChanSend, kernel.ChanTrySend, kernel.ChanAbort:
			held[c.In.K.Task] = false
		}
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Task == 0 || e.Task > kernel.MaxTasks {
			continue
		}
		switch e.Kind {
		case trace.ChanReserved:
			held[e.Task] = true
		case trace.ChanPermitDropped:
			held[e.Task] = false
		}
	}
	for t := uint8(1); t <= kernel.MaxTasks; t++ {
		if held[t] != (a.Tasks[t-1].Permit != 0) {
			return true
		}
	}
	return false
}

// chanRecvOutcome recomputes recv's and try_recv's outcome (004 1.4) from
// the channel before the step: the oldest message while one is queued and
// the receiver is open; Disconnected only once the receiver closed, or
// with the queue empty and no sender left. A Cancelled recv is judged by
// chan-cancelled-needs-cancel.
func chanRecvOutcome(c *Context) bool {
	if c.Scenario.Kernel.Channel.Capacity == 0 || c.In.Host != pump.NoHost ||
		(c.In.K.Op != kernel.ChanRecv && c.In.K.Op != kernel.ChanTryRecv) {
		return false
	}
	ch := &kern(c.Before).Chan
	received, cancelled := false, false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.ChanReceived:
			received = true
		case e.Kind == trace.ChanOpFailed && e.ErrorClass == trace.ErrCancelled:
			cancelled = true
		case e.Kind == trace.ChanOpFailed && e.ErrorClass == trace.ErrDisconnected:
			if !ch.ReceiverDropped && (ch.Len > 0 || ch.Senders > 0) {
				return true
			}
		}
	}
	return !cancelled && !received && ch.Len > 0 && !ch.ReceiverDropped
}
