package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// traceAuditInvariants are the checks session 20's overlay passes over
// the runtime called for. Each pass planted one kind of bug for every
// event kind, field or input in turn and explored every scenario that
// exercises it until one caught it:
//   - each field an event kind carries, emitted one off (a number plus
//     one, a string emptied): 51 of 316 pairs explored clean, read now by
//     the *-attr checks and attr-keys. Each is part of the trace a user
//     reads to learn what the runtime did, and each was the runtime's
//     word alone;
//   - every event of a kind reported twice: 32 of 72 kinds explored
//     clean (events-once);
//   - every input of a kind ignored, or applied twice: a native dispatch
//     that did nothing (dispatch-answered) and a mask that entered two
//     levels (mask-once) explored clean.
//
// Session 21 moved every event of one kind one place later in its step:
// of the 56 kinds ever followed by another in a step, 44 explored clean,
// as most checks read a step's events as a set and the contracts order
// few of them. Five checks hold causal orders they imply: a task runs
// after the decision that picked it (run-after-decision), a cancel
// schedules its task after the request that changed it
// (schedule-after-request), nothing is named before it exists
// (named-after-creation), a region cancel marks a region before it
// requests the region's tasks (region-before-tasks), and a fire wakes its
// task after it (fire-wakes-after). Session 22 added the bracket of a
// step: a poll's effects come before its scheduler_step_end
// (effects-before-step-end); the pump's: it hands off after it hits the
// burst limit (handoff-after-limit) and decides after the operation it
// follows (pump-moves-last); a region's close is the last the step says
// of it (closed-is-final); a channel's wake schedules its task after it
// (chan-wakes-after); a region cancel runs the Cascade Law's steps in
// order (cascade-phases); and a channel operation's cancellation
// checkpoint comes first (checkpoint-first). It also added the count
// session 20's doubling pass left open: a wake is answered once
// (wake-answered-once). Its pass that left each kind out of the trace
// alone (the runtime's effect made) found a channel wake and a waiter's
// removal unannounced (chan-wake-announced, waiters-announced), and
// its pass that applied each input kind twice a dispatch that parked
// twice (dispatch-once).
//
// They come last in the check order, so the older faults keep their
// first reports.
var traceAuditInvariants = []Invariant{
	{"task-region-attr", []string{"wasm-cancel-state-machine-v1/B6", "wasm-cancel-state-machine-v1/trace"},
		"every task event after the spawn (task_running, the cancel protocol's events, task_completed, mask_entered, mask_exited, a stale_wake naming it) names the task's region, the one it was spawned into, which never changes", taskRegionAttr},
	{"obligation-holder-attr", []string{"wasm-cancel-state-machine-v1/obligations", "wasm-cancel-state-machine-v1/trace"},
		"obligation_reserved, obligation_committed, obligation_aborted and obligation_leaked name the obligation's holder task and region, as its record names them", obligationHolderAttr},
	{"host-timer-attr", []string{"wasm-browser-scheduler-semantics-v1/P2", "004/2.5"},
		"timer_fired, timer_cancelled and stale_timer name the task, generation and deadline of the timer they report, as its slot held them before the step, and stale_timer carries error_class stale_timer", hostTimerAttr},
	{"wheel-event-attr", []string{"004/2.4", "004/2.5", "004/2.3"},
		"every wheel event carries current_tick as it stands at the event: never before the wheel's time before the step nor past its time after, never earlier than the wheel event before it, and the time after the step on every event but a cascade's and a dead entry's drop, which happen on the way; wheel_dead_dropped names the handle of an entry the wheel held before the step and holds no longer; wheel_rejected names the task that asked, the deadline it asked for (now plus the sleep) and error_class timer_duration_exceeded", wheelEventAttr},
	{"chan-party-attr", []string{"004/1.5", "004/1.3", "004/1.10"},
		"chan_evicted names the task whose send_evict_oldest evicted the message; chan_waiter_removed names the id the waiter queue gave that task's entry; chan_receiver_closed counts the queued messages the close drops, one chan_message_dropped each", chanPartyAttr},
	{"pump-event-attr", []string{"wasm-browser-scheduler-semantics-v1/S4", "wasm-browser-scheduler-semantics-v1/F1", "wasm-browser-scheduler-semantics-v1/P3", "wasm-browser-scheduler-semantics-v1/F4"},
		"scheduler_reentrancy_deferred names the task whose wake was deferred (the wake's or the callback's); authorization_denied carries error_class unauthorized and names the task the denied callback targeted, or none for the pump's own hand-off and timer turn", pumpEventAttr},
	{"dispatch-answered", []string{"wasm-browser-scheduler-semantics-v1/S1", "wasm-browser-scheduler-semantics-v1/trace-observability"},
		"a dispatch (next_task) runs one scheduler step and says so: scheduler_step_begin, then a scheduler_step_decision naming the task it picks from the cancel, timed and ready lanes, or scheduler_park when none holds work", dispatchAnswered},
	{"mask-once", []string{"wasm-cancel-state-machine-v1/B3", "cancel.task.masked_defers_ack"},
		"a mask enters one mask level of its task, with one mask_entered naming it, an unmask leaves one, with one mask_exited, and no other input enters or leaves a mask", maskOnce},
	{"events-once", []string{"wasm-browser-scheduler-semantics-v1/trace-observability", "wasm-cancel-state-machine-v1/trace"},
		"no event is reported twice back to back: each event of a step stands for one thing that happened (a task spawned, a region moved, a permit reserved, a timer cancelled), so two identical events in a row report one occurrence twice, and an event of a task's cancel protocol (request, strengthening, deferral under a mask, acknowledgement, cleanup done) is reported at most once in a step wherever the second would fall; a wake is the exception: 004 1.3 may wake a channel's head twice in a step, and each wake of a task already scheduled is deduplicated on its own", eventsOnce},
	{"attr-keys", []string{"wasm-browser-scheduler-semantics-v1/trace-observability", "wasm-cancel-state-machine-v1/trace"},
		"an event's named attribute has the name the contracts give it for its kind: cancel_kind, outcome, obligation_kind, abort_reason, parent, mask_depth, truncated_at_depth, via, capability, suggestion, fallback, worker, from_worker or op, and a kind with none carries none", attrKeys},
	{"run-after-decision", []string{"wasm-browser-scheduler-semantics-v1/S1", "wasm-cancel-state-machine-v1/trace"},
		"a task starts running because a scheduler step picked it: its task_running comes after the scheduler_step_decision naming it, with no other decision between", runAfterDecision},
	{"schedule-after-request", []string{"wasm-cancel-state-machine-v1/cascade-law-5", "wasm-cancel-state-machine-v1/T1"},
		"a cancel request schedules the tasks it changed after it changed them: a task's enqueued into the cancel lane comes after the step's cancel_requested or cancel_strengthened naming it", scheduleAfterRequest},
	{"named-after-creation", []string{"wasm-cancel-state-machine-v1/trace", "wasm-browser-scheduler-semantics-v1/trace-observability"},
		"a task or region is created before anything is said of it: in the step that spawns a task or opens a region, no event before its task_spawned or region_opened names it", namedAfterCreation},
	{"region-before-tasks", []string{"wasm-cancel-state-machine-v1/cascade-law-3", "wasm-cancel-state-machine-v1/cascade-law-4"},
		"a region cancel reaches a region before its tasks: no region_cancelled comes after a cancel_requested or cancel_strengthened of a task in that region in the same step", regionBeforeTasks},
	{"fire-wakes-after", []string{"wasm-browser-scheduler-semantics-v1/P2", "004/2.5"},
		"a timer's fire wakes its task after it: each timer_fired of a live timer and each wheel_fired of a live task is followed in the step by the task's enqueued or wake_deduped, unless the task is being polled (before or after the step), where the wake only marks it", fireWakesAfter},
	{"effects-before-step-end", []string{"wasm-browser-scheduler-semantics-v1/trace-observability", "wasm-browser-scheduler-semantics-v1/S5"},
		"a poll's effects are reported inside its scheduler step: after a step's scheduler_step_end come only the enqueued that requeues the task whose poll ended (a wake during the poll, as a yield's own, S5) and the pump's own moves (pump_idle, pump_scheduled, scheduler_burst_limit_reached, scheduler_host_handoff, authorization_denied)", effectsBeforeStepEnd},
	{"handoff-after-limit", []string{"wasm-browser-scheduler-semantics-v1/P1", "wasm-browser-scheduler-semantics-v1/trace-observability"},
		"the pump hands off because its drain cycle hit the burst limit: each scheduler_host_handoff comes after the step's scheduler_burst_limit_reached", handoffAfterLimit},
	{"pump-moves-last", []string{"wasm-browser-scheduler-semantics-v1/P1", "wasm-browser-scheduler-semantics-v1/S4", "wasm-browser-scheduler-semantics-v1/F1"},
		"the pump decides on what a step leaves: once a step reports one of the pump's moves (pump_scheduled, pump_idle, scheduler_burst_limit_reached, scheduler_host_handoff, scheduler_reentrancy_deferred), only more of them follow, and the authorization_denied of a hand-off that failed closed", pumpMovesLast},
	{"closed-is-final", []string{"wasm-cancel-state-machine-v1/quiescence-completion", "wasm-cancel-state-machine-v1/regions"},
		"a region's region_closed is the last the step says of it: its finalizers' finalizer_done and its obligations' obligation_leaked come before the close, and no event after it names the region", closedIsFinal},
	{"chan-wakes-after", []string{"004/1.3", "004/1.4"},
		"a channel's wake schedules its task after it: each chan_sender_woken and chan_receiver_woken of a task live after the step is followed in the step by the task's enqueued or wake_deduped, unless the task is being polled (before or after the step), where the wake only marks it", chanWakesAfter},
	{"cascade-phases", []string{"wasm-cancel-state-machine-v1/cascade-law-3", "wasm-cancel-state-machine-v1/cascade-law-4", "wasm-cancel-state-machine-v1/quiescence-completion"},
		"a region cancel runs the Cascade Law's steps in order: every region's mark (region_cancelled, cause_chain_truncated, region_closing: step 3) comes before every task's request (cancel_requested, cancel_strengthened: step 4), and the requests before the moves the cancel then lets regions make (region_draining, region_finalizing, obligation_leaked, region_closed)", cascadePhases},
	{"checkpoint-first", []string{"004/1.3", "004/1.6", "004/1.8"},
		"a reserve, try_reserve or recv checks its preconditions in order, the cancellation checkpoint first: the task's cancel_acknowledged or cancel_deferred_masked comes before every channel event of the step", checkpointFirst},
	{"wake-answered-once", []string{"wasm-browser-scheduler-semantics-v1/S3", "wasm-browser-scheduler-semantics-v1/F2"},
		"a wake (or host callback) is one request, answered at most once: at most one enqueued, wake_deduped or stale_wake names its task (none when the task is being polled, where the wake only marks it, or when the callback is denied)", wakeAnsweredOnce},
	{"chan-wake-announced", []string{"004/1.3", "004/1.4", "004/1.6"},
		"a task waiting on the channel before the step (to reserve or to receive) enters the ready or timed lane only after a chan_sender_woken or chan_receiver_woken names it, or when the input is a wake naming it: the channel wakes its waiters and says so", chanWakeAnnounced},
	{"waiters-announced", []string{"004/1.3", "004/1.4", "004/1.8"},
		"the channel's waiter queue after the step is the one before with the step's announced changes, in order: a chan_reserve_pending of a sender not queued appends it, a chan_waiter_removed or chan_reserved takes it out, a chan_receiver_closed empties it (it wakes every waiting sender); no sender joins or leaves the queue unannounced", waitersAnnounced},
	{"dispatch-once", []string{"wasm-browser-scheduler-semantics-v1/S1", "wasm-browser-scheduler-semantics-v1/trace-observability"},
		"a dispatch (next_task) runs one scheduler step: one scheduler_step_begin, and one scheduler_step_decision or scheduler_park", dispatchOnce},
	{"permit-before-obligation", []string{"004/4.5"},
		"a reserve or try_reserve grants the permit before the session layer tracks it: the task's obligation_reserved or obligation_rejected comes after the chan_reserved naming it", permitBeforeObligation},
}

// effectsBeforeStepEnd: effects-before-step-end. The reorder pass moved
// yielded past the scheduler_step_end of the poll that yielded, unseen:
// the checks of a poll read its events as a set. A task's poll is the step that ran
// it, so what the poll did belongs between the step's decision and its
// end; what follows the end is the step's aftermath: the requeue of a
// task woken while it ran, and the pump deciding what runs next.
func effectsBeforeStepEnd(c *Context) bool {
	end := -1
	for i := range c.Events {
		if c.Events[i].Kind == trace.StepEnd {
			end = i
		}
	}
	if end < 0 {
		return false
	}
	polled := c.Events[end].Task
	for i := end + 1; i < len(c.Events); i++ {
		switch e := &c.Events[i]; e.Kind {
		case trace.Enqueued:
			if e.Task != polled {
				return true
			}
		case trace.PumpIdle, trace.PumpScheduled, trace.BurstLimitReached, trace.HostHandoff, trace.AuthorizationDenied:
		default:
			return true
		}
	}
	return false
}

// handoffAfterLimit: handoff-after-limit. The reorder pass moved
// scheduler_burst_limit_reached past the hand-off it begins, unseen: the
// pump's checks (burst-handoff-at-limit among them) read a step's events
// as a set. 000 P1 hands off "on limit hit", so the hit comes first.
func handoffAfterLimit(c *Context) bool {
	for i := range c.Events {
		switch c.Events[i].Kind {
		case trace.BurstLimitReached:
			return false
		case trace.HostHandoff:
			return true
		}
	}
	return false
}

// pumpMovesLast: pump-moves-last. The reorder pass moved the last event
// of many inputs (a spawn's rejection, a region's opening, a timer turn's
// time_advanced and stale_timer, a stale wake, a governor change, a
// poll's scheduler_step_end) past the pump's decision that follows it,
// unseen. The pump decides after the operation, on the runnable work it
// leaves (000 P1), and defers a wake that arrives while it runs (S4, F1):
// nothing the operation does can come after that decision.
func pumpMovesLast(c *Context) bool {
	moved := false
	for i := range c.Events {
		switch c.Events[i].Kind {
		case trace.PumpScheduled, trace.PumpIdle, trace.BurstLimitReached, trace.HostHandoff, trace.ReentrancyDeferred:
			moved = true
		case trace.AuthorizationDenied:
		default:
			if moved {
				return true
			}
		}
	}
	return false
}

// closedIsFinal: closed-is-final. The reorder pass moved a finalizing
// region's obligation_leaked and its last finalizer_done past its
// region_closed, unseen: the checks of a close read the step's events as
// a set. 001's Quiescence Completion closes a region once it has
// finalized (its leaks marked) and its finalizers are done, and Closed is
// the last of its states.
func closedIsFinal(c *Context) bool {
	var closed uint16 // regions whose region_closed the step has reported
	for i := range c.Events {
		e := &c.Events[i]
		if e.Region == 0 || e.Region > cancel.MaxRegions {
			continue
		}
		bit := uint16(1) << (e.Region - 1)
		if closed&bit != 0 {
			return true
		}
		if e.Kind == trace.RegionClosed {
			closed |= bit
		}
	}
	return false
}

// runAfterDecision: run-after-decision. Session 21's pass that moved
// every event of one kind one place later in its step explored clean for
// most kinds, since most checks read a step's events as a set; this is
// the causal order of 000 S1 that a reader of the trace relies on most.
func runAfterDecision(c *Context) bool {
	picked := uint8(0)
	for i := range c.Events {
		switch e := &c.Events[i]; e.Kind {
		case trace.StepDecision:
			picked = e.Task
		case trace.TaskRunning:
			if e.Task != picked {
				return true
			}
		}
	}
	return false
}

// scheduleAfterRequest: schedule-after-request, the causal order of 001's
// Cascade Law step 5 (the request returns the set it changed, which is
// then scheduled): in a cancel request's step, no task enters the cancel
// lane before the event that says its cancel changed.
func scheduleAfterRequest(c *Context) bool {
	if !c.cancelRequest() {
		return false
	}
	var requested uint16
	for i := range c.Events {
		e := &c.Events[i]
		if e.Task == 0 || e.Task > kernel.MaxTasks {
			continue
		}
		switch bit := uint16(1) << (e.Task - 1); {
		case e.Kind == trace.CancelRequested || e.Kind == trace.CancelStrengthened:
			requested |= bit
		case e.Kind == trace.Enqueued && laneByName(e.Lane) == sched.Cancel && requested&bit == 0 && c.namedAfter(e.Task, i, trace.CancelRequested, trace.CancelStrengthened):
			return true
		}
	}
	return false
}

// namedAfterCreation: named-after-creation. The reorder pass moved
// task_spawned past the enqueue that routes the new task, and
// region_opened past the next event, unseen: the checks of a spawn read
// its events as a set. A task or region an event names before its
// creation is one the trace has not introduced yet.
func namedAfterCreation(c *Context) bool {
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind != trace.TaskSpawned && e.Kind != trace.RegionOpened {
			continue
		}
		for j := range i {
			o := &c.Events[j]
			if (e.Kind == trace.TaskSpawned && o.Task == e.Task) || (e.Kind == trace.RegionOpened && o.Region == e.Region) {
				return true
			}
		}
	}
	return false
}

// regionBeforeTasks: region-before-tasks, 001 Cascade Law steps 3 and 4
// in the trace: each region of the cascade is marked (region_cancelled),
// then its tasks are requested. A task's region is its record's, which
// task-region-derived holds to its spawn.
func regionBeforeTasks(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	a := &kern(c.After).Cancel
	var told uint16 // regions one of whose tasks a request named
	for i := range c.Events {
		e := &c.Events[i]
		switch e.Kind {
		case trace.CancelRequested, trace.CancelStrengthened:
			if t := model.TaskRecord(a, e.Task); t != nil && t.Region >= 1 && t.Region <= cancel.MaxRegions {
				told |= 1 << (t.Region - 1)
			}
		case trace.RegionCancelled:
			if e.Region >= 1 && e.Region <= cancel.MaxRegions && told&(1<<(e.Region-1)) != 0 {
				return true
			}
		}
	}
	return false
}

// fireWakesAfter: fire-wakes-after, 000 P2's "timer callback must
// enqueue wake signals" as an order. The reorder pass moved timer_fired
// past the enqueue it causes, unseen: the checks of a fire ask that the
// task was woken, not that the wake came after the fire. A task being
// polled is woken by a flag, with no event, so it is left out.
func fireWakesAfter(c *Context) bool {
	b := kern(c.Before)
	for i := range c.Events {
		e := &c.Events[i]
		if !(e.Kind == trace.TimerFired && c.liveBefore(e.Timer)) && e.Kind != trace.WheelFired {
			continue
		}
		if c.unscheduled(e.Task, i, &b.Cancel) {
			return true
		}
	}
	return false
}

// chanWakesAfter: chan-wakes-after, fire-wakes-after's order for the
// channel's wakes. The reorder pass moved chan_sender_woken and
// chan_receiver_woken past the enqueue they cause, unseen: the channel's
// checks ask that a waiter was woken, not that its scheduling came after.
// A task that completes in the step is not scheduled, so the record after
// the step decides which tasks a wake must schedule.
func chanWakesAfter(c *Context) bool {
	a := kern(c.After)
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind != trace.ChanSenderWoken && e.Kind != trace.ChanReceiverWoken {
			continue
		}
		if c.unscheduled(e.Task, i, &a.Cancel) {
			return true
		}
	}
	return false
}

// unscheduled reports whether task t, woken by the event at index at, is
// live in record rec and not being polled (a polled task is woken by a
// flag, with no event), yet no enqueued or wake_deduped naming it follows.
func (c *Context) unscheduled(t uint8, at int, rec *cancel.State) bool {
	if tk := model.TaskRecord(rec, t); tk == nil || !tk.Used || tk.Phase == cancel.Completed || c.polledIn(t) {
		return false
	}
	return !c.namedAfter(t, at, trace.Enqueued, trace.WakeDeduped)
}

// cascadePhases: cascade-phases. The reorder pass moved
// cause_chain_truncated past the requests that carry the cut chain and
// past the regions' later moves, unseen: region-before-tasks orders a
// region's mark before its own tasks only, and truncation is part of the
// mark. 001's Cascade Law builds every chain (step 3) before it requests
// any task (step 4); Quiescence Completion then advances the regions.
func cascadePhases(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	phase := 0
	for i := range c.Events {
		p := 0
		switch c.Events[i].Kind {
		case trace.RegionCancelled, trace.ChainTruncated, trace.RegionClosing:
			p = 1
		case trace.CancelRequested, trace.CancelStrengthened:
			p = 2
		case trace.RegionDraining, trace.RegionFinalizing, trace.ObligationLeaked, trace.RegionClosed:
			p = 3
		}
		if p != 0 && p < phase {
			return true
		}
		phase = max(phase, p)
	}
	return false
}

// checkpointFirst: checkpoint-first. The reorder pass moved the
// checkpoint's cancel_acknowledged and cancel_deferred_masked past the
// channel's answer to the same poll, unseen: the channel's checks read
// the answer, the cancel checks the acknowledgement, neither their order.
// 004 lists reserve's and recv's preconditions "in order", the
// cancellation checkpoint first, and its outcome decides the answer.
func checkpointFirst(c *Context) bool {
	if !c.checkpointOp() {
		return false
	}
	answered := false
	for i := range c.Events {
		switch k := c.Events[i].Kind; {
		case k >= trace.ChanReserved && k <= trace.ChanOpFailed: // the channel's events (trace's block)
			answered = true
		case (k == trace.CancelAcknowledged || k == trace.CancelDeferredMasked) && c.Events[i].Task == c.In.K.Task && answered:
			return true
		}
	}
	return false
}

// wakeAnsweredOnce: wake-answered-once. Session 20's pass that reported
// every event of one kind twice left wake_deduped unseen: events-once
// lets wakes repeat, since a channel may wake its head twice in a step
// (004 1.3), and the dedup checks ask that a dedup be announced, not how
// often. A wake input is one request: S3 dedups it or enqueues it once,
// F2 reports it stale once.
func wakeAnsweredOnce(c *Context) bool {
	t := c.wakeTarget()
	if t == 0 {
		return false
	}
	answers := 0
	for i := range c.Events {
		if e := &c.Events[i]; e.Task == t && (e.Kind == trace.Enqueued || e.Kind == trace.WakeDeduped || e.Kind == trace.StaleWake) {
			answers++
		}
	}
	return answers > 1
}

// chanWakeAnnounced: chan-wake-announced, chan-wakes-after's converse.
// Session 22's pass that left every event of one kind out caught all but
// two kinds: a waiter woken with no chan_sender_woken was still enqueued,
// and no check asked why a channel waiter became runnable. A cancel
// schedules it in the cancel lane, which the cancel checks account for.
func chanWakeAnnounced(c *Context) bool {
	b := kern(c.Before)
	woke := c.wakeTarget()
	var announced uint16
	for i := range c.Events {
		e := &c.Events[i]
		if e.Task == 0 || e.Task > kernel.MaxTasks {
			continue
		}
		bit := uint16(1) << (e.Task - 1)
		switch e.Kind {
		case trace.ChanSenderWoken, trace.ChanReceiverWoken:
			announced |= bit
		case trace.Enqueued:
			if laneByName(e.Lane) != sched.Cancel && b.Tasks[e.Task-1].Waits != kernel.WaitsNothing && announced&bit == 0 && e.Task != woke {
				return true
			}
		}
	}
	return false
}

// waitersAnnounced: waiters-announced. Session 22's pass that left every
// event of one kind out found chan_waiter_removed unseen: the waiter
// checks replayed what the events said and compared ids, never whether
// the queue after held exactly the replay's waiters.
func waitersAnnounced(c *Context) bool {
	b, a, ok := chans(c)
	if !ok {
		return false
	}
	r := replayWaiters(c.Events, b)
	if int(a.NWaiters) != r.n {
		return true
	}
	for i, w := range a.Waiters[:a.NWaiters] {
		if w.Task != r.queue[i].Task {
			return true
		}
	}
	return false
}

// polledIn reports whether task t is being polled before or after the
// step. A task a decision picks in the step is the one being polled after
// it (a dispatch ends with its pick current, 000 S1), so the state alone
// says; a runtime that picked a task and left it unpolled has no flag to
// wake it by, and its wake must be an event.
func (c *Context) polledIn(t uint8) bool {
	b, a := kern(c.Before), kern(c.After)
	return t == b.Current || t == b.Outer || t == a.Current || t == a.Outer
}

// namedAfter reports whether an event of kind k1 or k2 after index at
// names task: the effect the order checks look for after its cause.
func (c *Context) namedAfter(task uint8, at int, k1, k2 trace.Kind) bool {
	for i := at + 1; i < len(c.Events); i++ {
		if e := &c.Events[i]; e.Task == task && (e.Kind == k1 || e.Kind == k2) {
			return true
		}
	}
	return false
}

// taskRegionEvents are the task events after a task's spawn; task_spawned
// itself is event-tags'.
var taskRegionEvents = kinds(trace.TaskRunning, trace.CancelRequested, trace.CancelStrengthened, trace.CancelAcknowledged,
	trace.CancelDeferredMasked, trace.CleanupDone, trace.TaskCompleted, trace.MaskEntered, trace.MaskExited, trace.StaleWake)

// taskRegionAttr: task-region-attr. No input moves a task between
// regions, so the record after the step names the region.
func taskRegionAttr(c *Context) bool {
	a := &kern(c.After).Cancel
	for i := range c.Events {
		e := &c.Events[i]
		if !taskRegionEvents.has(e.Kind) {
			continue
		}
		if t := model.TaskRecord(a, e.Task); t == nil || !t.Used || e.Region != t.Region {
			return true
		}
	}
	return false
}

// obligationHolderEvents are the obligation events naming an obligation
// of the table.
var obligationHolderEvents = kinds(trace.ObligationReserved, trace.ObligationCommitted, trace.ObligationAborted, trace.ObligationLeaked)

// obligationHolderAttr: obligation-holder-attr. An obligation's holder
// and region are set when it is reserved and never change (that they are
// the reserving task's is reservation-recorded's), so the record after
// the step names them.
func obligationHolderAttr(c *Context) bool {
	a := &kern(c.After).Cancel
	for i := range c.Events {
		e := &c.Events[i]
		if !obligationHolderEvents.has(e.Kind) {
			continue
		}
		if o := model.ObligationRecord(a, e.Obligation); o == nil || !o.Used || e.Task != o.Task || e.Region != o.Region {
			return true
		}
	}
	return false
}

// hostTimerEvents are the host timer table's reports.
var hostTimerEvents = kinds(trace.TimerFired, trace.TimerCancelled, trace.StaleTimer)

// hostTimerAttr: host-timer-attr. A host timer's slot is freed by its
// firing or its stale report, never taken again in the same step, so the
// slot before the step holds the timer each event reports.
func hostTimerAttr(c *Context) bool {
	b := kern(c.Before)
	for i := range c.Events {
		e := &c.Events[i]
		if !hostTimerEvents.has(e.Kind) {
			continue
		}
		if e.Timer == 0 || int(e.Timer) > len(b.Timers) {
			return true
		}
		tm := &b.Timers[e.Timer-1]
		if !tm.Used || e.Task != tm.Task || e.Gen != uint64(tm.Gen) || e.Deadline != uint64(tm.Deadline) {
			return true
		}
		if e.Kind == trace.StaleTimer && e.ErrorClass != trace.ErrStaleTimer {
			return true
		}
	}
	return false
}

// wheelEvents are the wheel's events.
var wheelEvents = kinds(trace.WheelRegistered, trace.WheelRejected, trace.WheelCancelled, trace.WheelCancelRejected,
	trace.WheelFired, trace.WheelDeadDropped, trace.WheelCascaded, trace.WheelPurged, trace.WheelCoalesced)

// wheelEventAttr: wheel-event-attr. The wheel's time moves once a step
// at most, to the kernel's time (wheel-clock-derived), so every event of
// an operation carries the time after the step; a collect's cascades and
// the dead entries they drop happen at the times it walks through.
func wheelEventAttr(c *Context) bool {
	if !c.Scenario.Kernel.Wheel {
		return false
	}
	b, a := &kern(c.Before).Wheel, &kern(c.After).Wheel
	last := b.Now
	for i := range c.Events {
		e := &c.Events[i]
		if !wheelEvents.has(e.Kind) {
			continue
		}
		if e.Now < last || e.Now > a.Now {
			return true
		}
		last = e.Now
		switch e.Kind {
		case trace.WheelCascaded:
		case trace.WheelDeadDropped:
			if !wheelHeld(b, e.ID, e.Gen) || wheelHeld(a, e.ID, e.Gen) {
				return true
			}
		case trace.WheelRejected:
			if e.Now != a.Now || c.In.Host != pump.NoHost || c.In.K.Op != kernel.Sleep || e.Task != c.In.K.Task ||
				e.Deadline != uint64(kern(c.Before).Now)+uint64(c.In.K.N) || e.ErrorClass != trace.ErrDurationExceeded {
				return true
			}
		default:
			if e.Now != a.Now {
				return true
			}
		}
	}
	return false
}

// wheelHeld reports whether an entry of the wheel's storage holds the
// handle (id, gen).
func wheelHeld(w *wheel.State, id, gen uint64) bool {
	for i := range w.Entries {
		if e := &w.Entries[i]; e.Used && e.Handle.ID == id && e.Handle.Gen == gen {
			return true
		}
	}
	return false
}

// chanPartyAttr: chan-party-attr. An eviction is only send_evict_oldest's,
// an input; a waiter leaves the queue it joined in an earlier step (a
// pending reserve ends the step), so the queue before names its id.
func chanPartyAttr(c *Context) bool {
	b, _, ok := chans(c)
	if !ok {
		return false
	}
	for i := range c.Events {
		e := &c.Events[i]
		switch e.Kind {
		case trace.ChanEvicted:
			if c.In.Host != pump.NoHost || c.In.K.Op != kernel.ChanEvict || e.Task != c.In.K.Task {
				return true
			}
		case trace.ChanWaiterRemoved:
			if w, queued := waiterOf(b, e.Task); !queued || e.ID != w.ID {
				return true
			}
		case trace.ChanReceiverClosed:
			dropped := 0
			for j := i + 1; j < len(c.Events) && c.Events[j].Kind == trace.ChanMessageDropped; j++ {
				dropped++
			}
			if int(e.Count) != dropped || e.Count != b.Len {
				return true
			}
		}
	}
	return false
}

// pumpEventAttr: pump-event-attr. A wake is deferred only by the input
// that delivers it, a wake or a host callback, so the input names its
// task; a denial with a task is a callback's, named by the input too.
func pumpEventAttr(c *Context) bool {
	for i := range c.Events {
		e := &c.Events[i]
		switch e.Kind {
		case trace.ReentrancyDeferred:
			if e.Task == 0 || e.Task != c.In.K.Task {
				return true
			}
		case trace.AuthorizationDenied:
			if e.ErrorClass != trace.ErrUnauthorized || e.Task != 0 && (c.In.Host != pump.Callback || e.Task != c.In.K.Task) {
				return true
			}
		}
	}
	return false
}

// dispatchAnswered: dispatch-answered. The checks of a scheduler step
// (lane-order, streak-derived, the certificate's) read its decision; a
// dispatch that took no step gave them nothing to read. Session 20's pass
// that made the runtime ignore one input kind at a time found that a
// native dispatch doing nothing explored clean everywhere, and so did one
// that did nothing while the ready lane was empty (fault
// dispatch-needs-ready), stranding cancel- and timed-lane work.
func dispatchAnswered(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Dispatch {
		return false
	}
	begun := false
	for i := range c.Events {
		switch c.Events[i].Kind {
		case trace.StepBegin:
			begun = true
		case trace.StepDecision, trace.Park:
			if begun {
				return false
			}
		}
	}
	return true
}

// dispatchOnce: dispatch-once, dispatch-answered's upper bound. Session
// 22's pass that applied each input kind twice found one kind unseen: a
// dispatch with nothing to run, parked twice. Each parked step is well
// formed, so the bracket checks pass it; one dispatch is one next_task.
func dispatchOnce(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Dispatch {
		return false
	}
	begun, answered := 0, 0
	for i := range c.Events {
		switch c.Events[i].Kind {
		case trace.StepBegin:
			begun++
		case trace.StepDecision, trace.Park:
			answered++
		}
	}
	return begun > 1 || answered > 1
}

// maskOnce: mask-once. mask-derived holds the depth to the events, one
// level each, so a mask that entered two levels and announced both passed
// it (session 20's pass that applied each input kind twice).
func maskOnce(c *Context) bool {
	entered, exited := 0, 0
	for i := range c.Events {
		if e := &c.Events[i]; e.Kind == trace.MaskEntered || e.Kind == trace.MaskExited {
			if c.In.Host != pump.NoHost || e.Task != c.In.K.Task {
				return true
			}
			if e.Kind == trace.MaskEntered {
				entered++
			} else {
				exited++
			}
		}
	}
	switch {
	case c.In.Host != pump.NoHost:
		return false
	case c.In.K.Op == kernel.Mask:
		return entered > 1 || exited > 0
	case c.In.K.Op == kernel.Unmask:
		return exited > 1 || entered > 0
	}
	return entered+exited > 0
}

// eventsOnce: events-once. Every field an event carries tells one
// occurrence from the next (a generation, a sequence number, a count, the
// state it reports), so a repeat back to back is one occurrence reported
// twice. Session 20 planted, for each of the 72 event kinds, a runtime
// that emitted every event of the kind twice: 32 kinds explored clean,
// since the checks that read an event ask that it be there, not that it
// be there once.
//
// A wake names only the task (and a channel waiter's id), and two wakes
// of one task in a step are both real: the head's reserve cascades a wake
// to the next head, and when that permit is refused as an obligation its
// drop's cascade_wake_next wakes the same head again; each of the two then
// finds the task scheduled, a wake_deduped each (TestHeadWokenTwiceIsInOrder,
// found at depth 17 of channel).
//
// The cancel protocol's events (cancelProtocolKinds: a request, a
// strengthening, a deferral under a mask, an acknowledgement, a cleanup's
// end) are compared with every earlier event of the step, not only the one
// before: a cancel's own events (its enqueue, its cascade) come between a
// report and a second one, and session 43's audit re-emitted
// cancel_strengthened after its enqueued with every check passing. The
// other kinds keep the back-to-back test: comparing each event with all
// before it would cost every transition.
func eventsOnce(c *Context) bool {
	for i := 1; i < len(c.Events); i++ {
		e := &c.Events[i]
		if *e == c.Events[i-1] && !wakeKinds.has(e.Kind) {
			return true
		}
		if !cancelProtocolKinds.has(e.Kind) {
			continue
		}
		for j := range i - 1 {
			if *e == c.Events[j] {
				return true
			}
		}
	}
	return false
}

// wakeKinds are the events of a wake, which may come twice in a step.
var wakeKinds = kinds(trace.ChanSenderWoken, trace.ChanReceiverWoken, trace.WakeDeduped)

// attrKeyOf is the checker's own table of attribute names by kind, from
// the contracts' trace fields (000 trace contract; 001 B6 and its
// obligation and region events; 004 1.7 and 3.5-3.6), not the runtime's
// constants. The empty name is a kind with no named attribute.
func attrKeyOf(k trace.Kind) string {
	switch k {
	case trace.CancelRequested, trace.CancelStrengthened, trace.CancelAcknowledged, trace.CancelDeferredMasked, trace.CleanupDone,
		trace.RegionCancelled, trace.RegionClosing:
		return "cancel_kind"
	case trace.TaskCompleted, trace.RegionClosed:
		return "outcome"
	case trace.ObligationReserved, trace.ObligationRejected, trace.ObligationCommitted, trace.ObligationLeaked:
		return "obligation_kind"
	case trace.ObligationAborted:
		return "abort_reason"
	case trace.RegionOpened:
		return "parent"
	case trace.MaskEntered, trace.MaskExited:
		return "mask_depth"
	case trace.ChainTruncated:
		return "truncated_at_depth"
	case trace.PumpScheduled, trace.HostHandoff:
		return "via"
	case trace.AuthorizationDenied:
		return "capability"
	case trace.GovernorChanged:
		return "suggestion"
	case trace.StepDecision:
		return "fallback"
	case trace.PoppedLocal:
		return "worker"
	case trace.Stolen:
		return "from_worker"
	case trace.ChanOpFailed:
		return "op"
	}
	return ""
}

// attrKeys: attr-keys. An event with a value carries its kind's name for
// it; a kind that names an attribute may leave it out (a decision that
// is not a fallback, a region closing by close-region): whether it must
// be there is the attribute's own check's.
func attrKeys(c *Context) bool {
	for i := range c.Events {
		e := &c.Events[i]
		if (e.AttrKey != "" || e.AttrVal != "") && e.AttrKey != attrKeyOf(e.Kind) {
			return true
		}
	}
	return false
}

// permitBeforeObligation: permit-before-obligation. The reorder pass moved
// chan_reserved past the SendPermit obligation_reserved that tracks its
// permit, unseen: the obligation checks read the step's events as a set.
// 004 4.5's session layer wraps the base channel: its TrackedPermit holds
// an ObligationToken<SendPermit> for the permit the base reserve granted,
// so the grant comes first, then the obligation (or its region's refusal,
// which drops the permit).
func permitBeforeObligation(c *Context) bool {
	if c.In.Host != pump.NoHost || (c.In.K.Op != kernel.ChanReserve && c.In.K.Op != kernel.ChanTryReserve) {
		return false
	}
	t := c.In.K.Task
	granted := false
	for i := range c.Events {
		switch e := &c.Events[i]; {
		case e.Kind == trace.ChanReserved && e.Task == t:
			granted = true
		case (e.Kind == trace.ObligationReserved || e.Kind == trace.ObligationRejected) && e.Task == t && !granted:
			return true
		}
	}
	return false
}
