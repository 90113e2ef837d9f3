package asupersync

import (
	"math/bits"
	"slices"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// strictSurvivorInvariants are rules that mutants surviving the strict
// measure of make mutate (-tests: the runtime's own tests caught them, the
// explorer did not) broke: an operation the model offers that silently
// does nothing, a channel operation that forgets an acknowledged cancel,
// an outcome the trace leaves out, and a pump that keeps running with
// nothing to run. Each is derived from the input, the state before and
// the events, never from the runtime's answer to itself.
//
// ops-answered took in yield and the host table's sleep in session 10: a
// sleep applied as a yield, or a yield as a sleep of 0 ms (the two halves
// of a swap of the kernel's Sleep and Yield cases, which no mutation
// operator makes but a slip of the hand could), explored the default
// scenario clean to depth 12, 2,054,181 and 4,526,037 states, each
// step's events matching the state it left.
var strictSurvivorInvariants = []Invariant{
	{"ops-answered", []string{"wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/obligations", "cancel.region.no_new_obligation_after_cancel"},
		"an operation the runtime accepts answers in the trace: open-region opens a region (region_opened); a reserve either reserves (obligation_reserved) or is refused (obligation_rejected), naming the task; a spawn either spawns (task_spawned) or is refused (spawn_rejected), naming the region; close-region, register-finalizer and finalizer-done announce region_closing, finalizer_registered and finalizer_done for the region; mask, unmask and cleanup-done announce mask_entered, mask_exited and cleanup_done for the task; a yield announces yielded for the task; a sleep is registered for the task, on the host timer table (timer_registered) or on the timer wheel, which may refuse it (wheel_registered, wheel_rejected)", opsAnswered},
	{"task-cancel-reason", []string{"wasm-cancel-state-machine-v1/cancel-reason", "wasm-cancel-state-machine-v1/T1"},
		"a cancel request that moves a task from Created or Running to CancelRequested gives it a root reason: the requested kind, created now, with the task's own region as origin and root region, depth 1, not truncated", taskCancelReason},
	{"task-cancel-strengthened", []string{"cancel.task.reason_strengthen_monotone", "wasm-cancel-state-machine-v1/R1", "wasm-cancel-state-machine-v1/invariant-2"},
		"a pending cancel reason changes only to one that beats it under the strengthen order of the semantics notes (higher severity; on equal severity the earlier timestamp; then the smaller message), and a cancel request on a task whose cancel is already pending leaves it the winner, whole, of its old reason and the request's root reason, announced by cancel_strengthened naming the task", taskCancelStrengthened},
	{"certificate-derived", []string{"sc-certificate-001", "INV-SC-06", "004/3.8"},
		"the fairness certificate's base-limit exceedances grow by one per cancel dispatch whose streak passes the base limit, max_streak_observed and max_effective_limit_observed are the maxima of the decisions' streaks and effective limits, and the witness hash is DetHasher over the certificate's counts in 004 3.8's order", certificateDerived},
	{"obligation-resolution-announced", []string{"wasm-cancel-state-machine-v1/obligations", "wasm-cancel-state-machine-v1/no-obligation-leaks"},
		"an obligation that leaves Reserved in a step is announced by the event of its new state naming it: obligation_committed, obligation_aborted (with the abort reason: cancel, error or explicit) or obligation_leaked", obligationResolutionAnnounced},
	{"budget-derived", []string{"cancel.task.budget_combine_monotone", "wasm-cancel-state-machine-v1/R1", "wasm-cancel-state-machine-v1/invariant-3"},
		"a cancel request (of the task, or a region cascade reaching it) on a task whose cancel is already pending leaves it the meet of its budget and the request's cleanup budget (the semantics notes' poll quota and priority per kind, no deadline, no cost limit): min deadline, min quotas, max priority", budgetDerived},
	{"chan-cancel-observed", []string{"INV-CH-05", "INV-CH-06", "wasm-cancel-state-machine-v1/B2"},
		"a reserve or recv whose checkpoint meets an unmasked cancel (CancelRequested, Cancelling or Finalizing, mask depth 0) returns Cancelled (chan_op_failed, error_class cancelled) and takes no slot or message", chanCancelObserved},
	{"chan-abort-announced", []string{"INV-CH-09", "ch-permit-abort-001"},
		"an abort of a held permit is announced by chan_aborted naming the task", chanAbortAnnounced},
	{"chan-reserved-derived", []string{"INV-CH-01", "INV-CH-09", "004/1.3"},
		"the channel's reserved count moves by one up per chan_reserved, one down per chan_permit_dropped and one down for a send, try-send or abort (each consumes the task's permit, whatever becomes of the message), and by nothing else", chanReservedDerived},
	{"chan-recv-answered", []string{"INV-CH-02", "INV-CH-06", "004/1.6"},
		"a recv answers with exactly one of chan_received, chan_op_failed (op recv) or chan_recv_pending, naming the receiver", chanRecvAnswered},
	{"chan-recv-waker-derived", []string{"INV-CH-06", "004/1.6", "004/1.10"},
		"the receiver's registered waker is the task of the last chan_recv_pending, until a chan_receiver_woken naming it, a recv outcome of that task (received or failed), the receiver's close or that task's completion clears it", chanRecvWakerDerived},
	{"region-cancel-announced", []string{"wasm-cancel-state-machine-v1/cascade-law", "cancel.region.cascade_parent_before_child"},
		"a region cancel reports each region whose cancel reason it set or changed with a region_cancelled naming it", regionCancelAnnounced},
	{"wheel-purge-announced", []string{"INV-TM-05", "tm-cancel-001"},
		"a cancel that leaves the active map empty while storage was held is followed by wheel_purged", wheelPurgeAnnounced},
	{"wheel-cancel-answered", []string{"INV-TM-01", "tm-cancel-stale-001"},
		"a cancel by a handle of an older generation is refused with wheel_cancel_rejected naming that handle", wheelCancelAnswered},
	{"timer-gen-derived", []string{"wasm-browser-scheduler-semantics-v1/P2", "INV-TM-01"},
		"a sleep's host timer takes its slot's generation plus one (the (timer_id, generation) handle of 000 P2), and timer_registered reports that generation", timerGenDerived},
	{"wheel-placement", []string{"INV-TM-08", "004/2.2"},
		"a timer registered or cascaded is placed by its deadline and the time of placement: ready when due, overflow at max_wheel_duration (the scenario's, else the contract's 24 h) or beyond, else the first level whose range (256^(k+1) ms) exceeds the delta, in slot (deadline >> 8k) mod 256; the entry stored is the one the event reports (or, once due, in the ready list)", wheelPlacement},
	{"timer-slots-derived", []string{"sched.browser.timer.late_wakeup_after_cancel", "wasm-browser-scheduler-semantics-v1/P2"},
		"a host timer slot is in use after a step exactly when it was before or a timer_registered names it, less the slots a timer_fired or stale_timer names; a cancelled timer whose deadline passed may also leave silently (lazy deletion), except in a browser timer turn with the timer capability, which reports it as stale_timer", timerSlotsDerived},
	{"pump-scheduled-microtask", []string{"wasm-browser-scheduler-semantics-v1/P1"},
		"the pump is only ever scheduled through queueMicrotask (the hand-off is host_handoff): every pump_scheduled says via microtask", pumpScheduledMicrotask},
	{"pump-runs-with-work", []string{"wasm-browser-scheduler-semantics-v1/P1", "wasm-browser-scheduler-semantics-v1/S4"},
		"after a step that ends a poll or parks inside a drain cycle (the pump Running before and after), the pump has runnable work: a queued entry or a live host timer whose deadline has come (a drain cycle with nothing to run ends)", pumpRunsWithWork},
	{"pump-pending-derived", []string{"wasm-browser-scheduler-semantics-v1/P1", "wasm-browser-scheduler-semantics-v1/S4"},
		"the pump's deferred-wake flag is set by reentrancy_deferred (a wake during a poll) and cleared by the turn that pays it: a pump_scheduled, a host_handoff, or a handoff refused for want of the message capability (authorization_denied, capability message, naming no task: a refused callback names its task), taken in event order from its value before the step", pumpPendingDerived},
	{"chan-waiter-ids-derived", []string{"INV-CH-03", "004/1.3"},
		"a reserve that parks a sender not queued before registers it under the channel's next waiter id, which then moves on by one (chan_reserve_pending reports that id; a sender already queued keeps its id), so waiter ids are unique and in queue order", chanWaiterIDsDerived},
	{"chan-try-reserve-answered", []string{"INV-CH-04", "INV-CH-01", "ch-fifo-fairness-001"},
		"a try_reserve that is not cancelled answers from the channel before the step: Disconnected once the receiver is gone, else Full while a waiter is queued or no slot is free (queued messages plus reserved slots at capacity), else a permit (chan_reserved naming the task)", chanTryReserveAnswered},
	{"wake-dedup-announced", []string{"sched.browser.wake.dedup_cross_turn", "wasm-browser-scheduler-semantics-v1/S3"},
		"a wake (or host callback) of a live task that is not being polled and already holds a lane entry, which it does not move, is announced by wake_deduped naming the task and the lane that held it before the step", wakeDedupAnnounced},
}

// wakeDedupAnnounced derives the lane from the state before (the lanes are
// checked against the events by the lane checks of derived.go), not from
// the scheduler's answer to where the task is.
func wakeDedupAnnounced(c *Context) bool {
	t := c.wakeTarget()
	if t == 0 {
		return false
	}
	b := kern(c.Before)
	if tk := model.TaskRecord(&b.Cancel, t); tk == nil || !tk.Used || tk.Phase == cancel.Completed || t == b.Current || t == b.Outer {
		return false
	}
	if gen := c.In.K.N; gen != 0 && gen != 1 {
		return false
	}
	lane := sched.NoLane
	for l := sched.Cancel; l <= sched.Ready && lane == sched.NoLane; l++ {
		for _, e := range model.LaneEntries(&b.Sched, l) {
			if e.Task == t {
				lane = l
			}
		}
	}
	if lane == sched.NoLane {
		return false
	}
	woken := false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.AuthorizationDenied:
			return false
		case e.Kind == trace.Enqueued && e.Task == t:
			return false
		case e.Kind == trace.WakeDeduped && e.Task == t && laneByName(e.Lane) == lane:
			woken = true
		}
	}
	return !woken
}

func opsAnswered(c *Context) bool {
	if c.In.Host != pump.NoHost {
		return false
	}
	k := c.In.K
	switch k.Op {
	case kernel.OpenRegion:
		return c.firstIndex(trace.RegionOpened) < 0
	case kernel.Reserve:
		return !answered(c.Events, k.Task, 0, trace.ObligationReserved, trace.ObligationRejected)
	case kernel.Spawn:
		return !answered(c.Events, 0, k.Region, trace.TaskSpawned, trace.SpawnRejected)
	case kernel.CloseRegion:
		return !answered(c.Events, 0, k.Region, trace.RegionClosing)
	case kernel.RegisterFinalizer:
		return !answered(c.Events, 0, k.Region, trace.FinalizerRegistered)
	case kernel.FinalizerDone:
		return !answered(c.Events, 0, k.Region, trace.FinalizerDone)
	case kernel.Mask:
		return !answered(c.Events, k.Task, 0, trace.MaskEntered)
	case kernel.Unmask:
		return !answered(c.Events, k.Task, 0, trace.MaskExited)
	case kernel.CleanupDone:
		return !answered(c.Events, k.Task, 0, trace.CleanupDone)
	case kernel.Yield:
		return !answered(c.Events, k.Task, 0, trace.Yielded)
	case kernel.Sleep:
		if !c.Scenario.Kernel.Wheel {
			return !answered(c.Events, k.Task, 0, trace.TimerRegistered)
		}
		return !answered(c.Events, k.Task, 0, trace.WheelRegistered, trace.WheelRejected)
	}
	return false
}

// answered reports whether events hold one of kinds naming task (when
// task is not 0) or region (when region is not 0).
func answered(events []trace.Event, task, region uint8, kinds ...trace.Kind) bool {
	for ei := range events {
		e := &events[ei]
		if slices.Contains(kinds, e.Kind) && (task == 0 || e.Task == task) && (region == 0 || e.Region == region) {
			return true
		}
	}
	return false
}

// certificateDerived derives the certificate fields fairness-bound leaves
// alone from the step's decisions (each carries the streak after it, which
// streak-derived checks) and the derived effective limit, and recomputes
// the witness hash with the reference hasher.
func certificateDerived(c *Context) bool {
	b, a := &kern(c.Before).Sched.Cert, &kern(c.After).Sched.Cert
	want := *b
	if c.mayHold(decisionKinds) {
		base, limit := c.baseLimit(), c.effectiveLimit(c.governor())
		for ei := range c.Events {
			e := &c.Events[ei]
			if e.Kind != trace.StepDecision {
				continue
			}
			if laneByName(e.Lane) == sched.Cancel {
				if e.Streak > base {
					want.BaseLimitExceedances++
				}
				want.MaxStreakObserved = max(want.MaxStreakObserved, e.Streak)
			}
			want.MaxEffectiveLimitObserved = max(want.MaxEffectiveLimitObserved, limit)
		}
	}
	if a.BaseLimitExceedances != want.BaseLimitExceedances || a.MaxStreakObserved != want.MaxStreakObserved ||
		a.MaxEffectiveLimitObserved != want.MaxEffectiveLimitObserved {
		return true
	}
	return c.witnessHashWrong(a)
}

// decisionKinds are the events certificateDerived counts.
var decisionKinds = kinds(trace.StepDecision)

// witnessHashWrong reports whether a certificate's witness hash is not
// DetHasher over its counts in 004 3.8's order. Both hashes are functions
// of the certificate alone, and a worker's transitions from one state
// carry few certificates (the state's, and one per lane a successor
// dispatched in), so the answers for the last few certificates asked
// about are kept (certWitnesses): the two hashes cost more than every
// other check of a transition together.
func (c *Context) witnessHashWrong(a *sched.Certificate) bool {
	ws := &c.certWitnesses
	for i := range ws.e {
		if w := &ws.e[i]; w.known && w.cert == *a {
			return w.wrong
		}
	}
	h := newWitnessHasher()
	for _, n := range [...]uint32{a.CancelDispatches, a.TimedDispatches, a.ReadyDispatches, a.FallbackCancelDispatches, a.BaseLimitExceedances, a.EffectiveLimitExceedances} {
		h.u64(uint64(n))
	}
	h.u64(uint64(a.MaxEffectiveLimitObserved)) // a size: u64
	w := certWitness{known: true, cert: *a, wrong: a.WitnessHash() != h.sum()}
	ws.e[ws.next] = w
	ws.next = (ws.next + 1) % len(ws.e)
	return w.wrong
}

// taskCancelReason is cascade-reason's counterpart for a task cancel: the
// reason is built here from the input and the task's region.
func taskCancelReason(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelTask {
		return false
	}
	bt, at := model.TaskRecord(&kern(c.Before).Cancel, c.In.K.Task), model.TaskRecord(&kern(c.After).Cancel, c.In.K.Task)
	if bt == nil || at == nil || (bt.Phase != cancel.Created && bt.Phase != cancel.Running) || at.Phase != cancel.CancelRequested {
		return false
	}
	kind := cancel.Kind(c.In.K.Arg)
	r := at.Reason
	return r.Kind != kind || r.At != kern(c.Before).Now || r.Origin != at.Region || r.RootRegion != at.Region ||
		r.RootKind != kind || r.Depth != 1 || r.Truncated
}

// checkerSeverity is the semantics notes' severity lattice, the checker's
// own copy: User 0; Timeout, Deadline 1; PollQuota, CostBudget 2;
// FailFast, RaceLost, LinkedExit 3; ParentCancelled, ResourceUnavailable 4;
// Shutdown 5.
var checkerSeverity = [...]uint8{0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5}

// severityOf ranks k by checkerSeverity, never by the runtime's
// Kind.Severity: every check that ranks kinds (severity-monotone,
// region-cancel-effective, task-cancel-strengthened) must not move with
// the ranking it checks (001 Non-Negotiable Invariant 2, "Cancellation
// severity can only strengthen, never weaken"). A kind outside the lattice
// ranks 0.
func severityOf(k cancel.Kind) uint8 {
	if int(k) < len(checkerSeverity) {
		return checkerSeverity[k]
	}
	return 0
}

// reasonBeats is the strengthen order of the semantics notes: higher
// severity; on equal severity the earlier timestamp; then the smaller
// message.
func reasonBeats(o, r cancel.Reason) bool {
	if int(o.Kind) >= len(checkerSeverity) || int(r.Kind) >= len(checkerSeverity) {
		return false
	}
	if so, sr := checkerSeverity[o.Kind], checkerSeverity[r.Kind]; so != sr {
		return so > sr
	}
	if o.At != r.At {
		return o.At < r.At
	}
	return o.Msg < r.Msg
}

// taskCancelStrengthened: a cancel request on a task whose cancel is
// already pending leaves it the winner of the old reason and the request's
// root reason under the strengthen order; the winner replaces it whole.
func taskCancelStrengthened(c *Context) bool {
	// Whatever the step, a pending reason changes only to one that beats
	// it (a cascade's chained reason included): a changed reason is a
	// changed record.
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for m := c.changedTasks(); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		bt, at := &b.Tasks[i], &a.Tasks[i]
		if bt.CancelPending && at.CancelPending && bt.Phase != cancel.Completed &&
			at.Reason != bt.Reason && !reasonBeats(at.Reason, bt.Reason) {
			return true
		}
	}
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelTask {
		return false
	}
	bt, at := model.TaskRecord(&kern(c.Before).Cancel, c.In.K.Task), model.TaskRecord(&kern(c.After).Cancel, c.In.K.Task)
	if bt == nil || at == nil || !bt.CancelPending || !at.CancelPending || bt.Phase == cancel.Completed {
		return false
	}
	if !announced(c.Events, trace.CancelStrengthened, c.In.K.Task, 0) {
		return true
	}
	kind := cancel.Kind(c.In.K.Arg)
	req := cancel.Reason{Kind: kind, At: kern(c.Before).Now, Origin: bt.Region, Depth: 1, RootKind: kind, RootRegion: bt.Region}
	want := bt.Reason
	if reasonBeats(req, want) {
		want = req
	}
	return at.Reason != want
}

// resolutionEvents names the event and abort reason of each resolved
// obligation state (001's obligation trace).
var resolutionEvents = [...]struct {
	kind   trace.Kind
	reason string
}{
	cancel.Committed:       {trace.ObligationCommitted, ""},
	cancel.AbortedCancel:   {trace.ObligationAborted, "cancel"},
	cancel.AbortedError:    {trace.ObligationAborted, "error"},
	cancel.AbortedExplicit: {trace.ObligationAborted, "explicit"},
	cancel.Leaked:          {trace.ObligationLeaked, ""},
}

func obligationResolutionAnnounced(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for i := range a.Obligations {
		ob, oa := &b.Obligations[i], &a.Obligations[i]
		if !oa.Used || oa.State == cancel.Reserved || (ob.Used && ob.State == oa.State) || int(oa.State) >= len(resolutionEvents) {
			continue
		}
		want := resolutionEvents[oa.State]
		found := false
		for ei := range c.Events {
			e := &c.Events[ei]
			if e.Kind == want.kind && e.Obligation == uint8(i+1) && (want.reason == "" || e.AttrVal == want.reason) {
				found = true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// cleanupBudgets is the semantics notes' cleanup budget per cancel kind
// (poll quota, priority), in cancel.Kind order: User 1000/200; Timeout,
// Deadline 500/210; PollQuota, CostBudget 300/215; FailFast, RaceLost,
// LinkedExit, ParentCancelled, ResourceUnavailable 200/220; Shutdown
// 50/255.
var cleanupBudgets = [...]struct {
	polls    uint16
	priority uint8
}{
	cancel.User: {1000, 200}, cancel.Timeout: {500, 210}, cancel.Deadline: {500, 210},
	cancel.PollQuota: {300, 215}, cancel.CostBudget: {300, 215},
	cancel.FailFast: {200, 220}, cancel.RaceLost: {200, 220}, cancel.LinkedExit: {200, 220},
	cancel.ParentCancelled: {200, 220}, cancel.ResourceUnavailable: {200, 220}, cancel.Shutdown: {50, 255},
}

// budgetDerived: budget-monotone sees only that a budget never widens; a
// request whose tighter budget is dropped widens nothing. Here the budget
// after a repeated task cancel is the meet, recomputed.
func budgetDerived(c *Context) bool {
	if c.In.Host != pump.NoHost {
		return false
	}
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	combined := func(id uint8, k cancel.Kind) bool {
		bt, at := model.TaskRecord(b, id), model.TaskRecord(a, id)
		if bt == nil || at == nil || bt.Phase == cancel.Completed || !bt.CancelPending || !at.CancelPending || int(k) >= len(cleanupBudgets) {
			return false
		}
		req := cleanupBudgets[k]
		want := bt.Budget
		want.PollQuota = min(want.PollQuota, req.polls)
		want.Priority = max(want.Priority, req.priority)
		return at.Budget != want
	}
	switch c.In.K.Op {
	case kernel.CancelTask:
		return combined(c.In.K.Task, cancel.Kind(c.In.K.Arg))
	case kernel.CancelRegion:
		// Each task of the cascade gets its region's kind (the requested
		// one in the target, ParentCancelled below it).
		for id := uint8(1); id <= kernel.MaxTasks; id++ {
			if t := model.TaskRecord(a, id); t != nil && t.Used && inCascade(a, t.Region, c.In.K.Region) && combined(id, c.cascadeKind(t.Region)) {
				return true
			}
		}
	}
	return false
}

// chanCancelObserved is cx.checkpoint() as 004 uses it (1.2, 1.6): the
// checkpoint fails for an unmasked task with a pending or acknowledged
// cancel, whichever checkpoint acknowledged it. chan-cancelled-needs-cancel
// checks the converse.
func chanCancelObserved(c *Context) bool {
	if !c.checkpointOp() {
		return false
	}
	t := model.TaskRecord(&kern(c.Before).Cancel, c.In.K.Task)
	if t == nil || t.Mask != 0 {
		return false
	}
	switch t.Phase {
	case cancel.CancelRequested, cancel.Cancelling, cancel.Finalizing:
	default:
		return false
	}
	cancelled := false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.ChanOpFailed && e.Task == c.In.K.Task && e.ErrorClass == trace.ErrCancelled:
			cancelled = true
		case (e.Kind == trace.ChanReserved || e.Kind == trace.ChanReceived) && e.Task == c.In.K.Task:
			return true
		}
	}
	return !cancelled
}

// checkpointOp reports whether the transition is a reserve, try_reserve
// or recv: the channel operations that pass the task's cancellation
// checkpoint first (004 1.3, 1.6).
func (c *Context) checkpointOp() bool {
	if c.In.Host != pump.NoHost {
		return false
	}
	switch c.In.K.Op {
	case kernel.ChanReserve, kernel.ChanTryReserve, kernel.ChanRecv:
		return true
	}
	return false
}

func chanAbortAnnounced(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.ChanAbort {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.ChanAborted && e.Task == c.In.K.Task {
			return false
		}
	}
	return true
}

// chanReservedDerived: chan-capacity and chan-permit-linear read the
// reserved count the runtime keeps; here it is derived from the events
// that take and return a slot, and the input: a send, try-send or abort
// consumes the task's permit (the kernel refuses them without one), so it
// returns one slot whatever becomes of the message.
func chanReservedDerived(c *Context) bool {
	b, a, ok := chans(c)
	if !ok {
		return false
	}
	want := int(b.Reserved) + count(c.Events, trace.ChanReserved) - count(c.Events, trace.ChanPermitDropped)
	if c.In.Host == pump.NoHost {
		switch c.In.K.Op {
		case kernel.ChanSend, kernel.ChanTrySend, kernel.ChanAbort:
			want--
		}
	}
	return int(a.Reserved) != want
}

func chanRecvAnswered(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.ChanRecv {
		return false
	}
	n := 0
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Task != c.In.K.Task {
			continue
		}
		switch {
		case e.Kind == trace.ChanReceived, e.Kind == trace.ChanRecvPending,
			e.Kind == trace.ChanOpFailed && e.AttrVal == "recv":
			n++
		}
	}
	return n != 1
}

// chanRecvWakerDerived replays the receiver's waker through the step's
// events: the stuck check reads it to tell a parked receiver from a lost
// one, so it must be the one the events made.
func chanRecvWakerDerived(c *Context) bool {
	b, a, ok := chans(c)
	if !ok {
		return false
	}
	w := b.RecvWaiter
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.ChanRecvPending:
			w = e.Task
		case e.Kind == trace.ChanReceiverWoken:
			if w != e.Task {
				return true
			}
			w = 0
		case e.Kind == trace.ChanReceiverClosed:
			w = 0
		case (e.Kind == trace.ChanReceived || e.Kind == trace.ChanOpFailed && e.AttrVal == "recv" || e.Kind == trace.TaskCompleted) && e.Task == w:
			w = 0
		}
	}
	return a.RecvWaiter != w
}

// regionCancelAnnounced reads the reasons, not the cascade's reach: a
// cancel that reaches nothing is region-cancel-effective's to report.
func regionCancelAnnounced(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for id := uint8(1); int(id) <= len(a.Regions); id++ {
		rb, ra := model.RegionRecord(b, id), model.RegionRecord(a, id)
		if ra.Used && ra.HasReason && (!rb.HasReason || rb.Reason != ra.Reason) &&
			!announced(c.Events, trace.RegionCancelled, 0, id) {
			return true
		}
	}
	return false
}

// regionReasonInvariants: region-cancel-announced the other way round.
// That check asks that a region cancel announce the reasons it gives;
// nothing asked where a reason came from on a step with no region cancel.
// A runtime whose close-region also marked the region as having a cancel
// reason changed no count (every closed region had the flag, one state
// apiece) and passed every check, though the region then closed Cancelled.
// It comes late in the check order, so the older faults keep their first
// reports.
var regionReasonInvariants = []Invariant{
	{"region-reason-from-cancel", []string{"001/Cascade Law", "wasm-cancel-state-machine-v1/regions"},
		"a region gets or changes its cancel reason only from a cancel request of it or of an ancestor (001 Cascade Law steps 1 and 3): a region with a reason after a step that it lacked, or had otherwise, before it is the target of the step's cancel-region or below it in the tree before the step; a close gives no reason, so a region only closed closes Ok", regionReasonFromCancel},
}

// regionReasonFromCancel reads the reason records before and after and
// the tree before, not the events or the runtime's own reach.
func regionReasonFromCancel(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	cancels := c.In.Host == pump.NoHost && c.In.K.Op == kernel.CancelRegion
	for i := range a.Regions {
		rb, ra := &b.Regions[i], &a.Regions[i]
		if !ra.Used || !ra.HasReason || rb.Used && rb.HasReason && rb.Reason == ra.Reason {
			continue
		}
		if !cancels || !rb.Used || !inCascade(b, uint8(i+1), c.In.K.Region) {
			return true
		}
	}
	return false
}

// wheelPurgeAnnounced: the active map after the step is wheel-active-derived's.
func wheelPurgeAnnounced(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	if !c.Scenario.Kernel.Wheel || a.Wheel.ActiveUsed != 0 || !b.Wheel.Entries[0].Used {
		return false
	}
	cancelled := -1
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind == trace.WheelCancelled {
			cancelled = i
		}
	}
	if cancelled < 0 {
		return false
	}
	for ei := cancelled + 1; ei < len(c.Events); ei++ {
		e := &c.Events[ei]
		if e.Kind == trace.WheelPurged {
			return false
		}
	}
	return true
}

// wheelCancelAnswered: the environment's stale cancel names the live
// timer's id with the generation before it; the wheel must refuse it, and
// a refusal is the caller's only news of it.
func wheelCancelAnswered(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.TimerCancelStale {
		return false
	}
	h, ok := liveTimerOf(&kern(c.Before).Wheel, c.In.K.Task)
	if !ok {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.WheelCancelRejected && e.ID == h.ID && e.Gen == h.Gen-1 {
			return false
		}
	}
	return true
}

// timerGenDerived extends timers-derived (which checks the task and the
// deadline a registration stores) to the generation, the half of the
// handle that tells a reused slot's timer from its predecessor.
func timerGenDerived(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	if c.Scenario.Kernel.Wheel {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.TimerRegistered || e.Timer == 0 || e.Timer > kernel.MaxTimers {
			continue
		}
		if g := a.Timers[e.Timer-1].Gen; g != b.Timers[e.Timer-1].Gen+1 || uint64(g) != e.Gen {
			return true
		}
	}
	return false
}

// wheelPlacement recomputes insert_entry (004 2.2) for each placement the
// step reports, from the deadline and the time the event gives, and finds
// the entry stored where the event says it went (unless a later event of
// the step moved or fired it again).
func wheelPlacement(c *Context) bool {
	a := kern(c.After)
	if !c.Scenario.Kernel.Wheel {
		return false
	}
	w := &a.Wheel
	readyBy := readyBound(c, w)
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind != trace.WheelRegistered && e.Kind != trace.WheelCascaded {
			continue
		}
		deadline := e.Deadline
		if e.Kind == trace.WheelCascaded {
			// The cascade event names the handle; the deadline is the
			// stored entry's, which the handle finds.
			j := wheelEntry(w, e.ID, e.Gen)
			if j < 0 {
				continue
			}
			deadline = w.Entries[j].Deadline
		}
		level, slot := placement(deadline, e.Now, scenarioMaxWheel(c))
		if e.Level != level || (level < wheel.Levels && e.Slot != slot) {
			return true
		}
		if laterPlacement(c.Events[i+1:], e.ID, e.Gen) {
			continue
		}
		// A due entry the step's catch-up batch left over waits in the
		// ready list, and so does one a coalescing collect promoted.
		if j := wheelEntry(w, e.ID, e.Gen); j >= 0 && !(w.Entries[j].Level == wheel.Ready && deadline <= readyBy) &&
			(w.Entries[j].Level != level || (level < wheel.Levels && w.Entries[j].Slot != slot)) {
			return true
		}
	}
	return false
}

// readyBound is the latest deadline an entry the step placed may wait with
// in the ready list, unfired: one due by the wheel's time, which the
// step's catch-up batch left over, or, when the step collects with
// coalescing on, one inside the window: the collect first promotes every
// entry with deadline <= boundary to the ready list (004 2.4 step 5), and
// the batch may fire only part of the group (or the group may be below
// min_group_size and fire nothing early). Coalescing is read from the
// scenario, the boundary from the kernel's time, as wheel-coalesce-window
// reads them; a collect runs only in a dispatch (phase 0), which a native
// step asks for by its input and a browser one through a host event. The
// bound is never below the wheel's time, so nothing accepted without
// coalescing is refused with it.
func readyBound(c *Context, w *wheel.State) uint64 {
	cfg := &c.Scenario.Kernel.WheelConfig
	if !cfg.Coalesce || (c.In.Host == pump.NoHost && c.In.K.Op != kernel.Dispatch) {
		return w.Now
	}
	return max(w.Now, coalesceBoundary(cfg.CoalesceWindow, uint64(kern(c.After).Now)))
}

// placement is insert_entry's choice for a deadline at time now.
func placement(deadline, now, maxWheel uint64) (level, slot uint8) {
	if deadline <= now {
		return wheel.Ready, 0
	}
	delta := deadline - now
	if delta >= maxWheel {
		return wheel.Overflow, 0
	}
	for k := 0; k < wheel.Levels; k++ {
		if delta < 1<<(8*(k+1)) {
			return uint8(k), uint8(deadline >> (8 * k))
		}
	}
	return wheel.Overflow, 0
}

// wheelEntry is the index of the used entry with handle (id, gen), or -1.
func wheelEntry(w *wheel.State, id, gen uint64) int {
	for j := range w.Entries {
		if e := &w.Entries[j]; e.Used && e.Handle.ID == id && e.Handle.Gen == gen {
			return j
		}
	}
	return -1
}

// laterPlacement reports whether the handle is placed, fired or dropped
// again later in the step.
func laterPlacement(events []trace.Event, id, gen uint64) bool {
	for ei := range events {
		e := &events[ei]
		switch e.Kind {
		case trace.WheelCascaded, trace.WheelFired, trace.WheelDeadDropped, trace.WheelCoalesced:
			if e.ID == id && e.Gen == gen {
				return true
			}
		}
	}
	return false
}

// timerSlotsDerived: a slot that is never freed is a timer table that
// fills up, and a stale timer reaped without its stale_timer is a late
// callback the trace hides (P2).
func timerSlotsDerived(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	if c.Scenario.Kernel.Wheel {
		return false
	}
	var used, named [kernel.MaxTimers + 1]bool
	for i := range b.Timers {
		used[i+1] = b.Timers[i].Used
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Timer == 0 || e.Timer > kernel.MaxTimers {
			continue
		}
		switch e.Kind {
		case trace.TimerRegistered:
			used[e.Timer], named[e.Timer] = true, true
		case trace.TimerFired, trace.StaleTimer:
			used[e.Timer], named[e.Timer] = false, true
		}
	}
	// A host timer turn with the timer capability delivers every due
	// callback, so it reports each dead due timer (stale_timer); any
	// other step may drop a dead due entry silently (lazy deletion in
	// phase 0).
	silent := c.Scenario.Native || c.Scenario.Pump.Caps&pump.CapTimer == 0 || c.In.Host != pump.TimerTurn
	for i := range a.Timers {
		if a.Timers[i].Used == used[i+1] {
			continue
		}
		tm := &b.Timers[i]
		if !silent || named[i+1] || a.Timers[i].Used || tm.Live || tm.Deadline > a.Now {
			return true
		}
	}
	return false
}

func pumpScheduledMicrotask(c *Context) bool {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.PumpScheduled && e.AttrVal != "microtask" {
			return true
		}
	}
	return false
}

// pumpRunsWithWork looks at a step of a drain cycle that ends a poll (or
// a dispatch that parks), the pump Running before and after: the pump's
// settle has decided to go on, which it may only do with work. A turn's
// first step (microtask) and a wake between polls do not settle, so may
// leave a Running pump with nothing queued: its next dispatch parks. It
// recomputes "runnable" from the lanes and the timers, host or wheel
// (checked by lanes-derived, timers-derived and the wheel's derived
// checks), instead of asking the kernel, whose answer the pump's settle
// trusts.
func pumpRunsWithWork(c *Context) bool {
	a := kern(c.After)
	if c.Scenario.Native || c.Before.P.Mode != pump.Running || c.After.P.Mode != pump.Running || a.Current != 0 {
		return false
	}
	if kern(c.Before).Current == 0 && (c.In.Host != pump.NoHost || c.In.K.Op != kernel.Dispatch) {
		return false
	}
	return !hasWork(c.Scenario, a)
}

// pumpPendingDerived folds the step's events over the flag's value before
// (itself checked the same way by the step that produced it).
func pumpPendingDerived(c *Context) bool {
	if c.Scenario.Native {
		return false
	}
	p := c.Before.P.Pending
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.ReentrancyDeferred:
			p = true
		case e.Kind == trace.PumpScheduled, e.Kind == trace.HostHandoff,
			e.Kind == trace.AuthorizationDenied && e.AttrVal == "message" && e.Task == 0:
			p = false
		}
	}
	return c.After.P.Pending != p
}

// chanWaiterIDsDerived replays the registrations of the step (a
// chan_reserve_pending of a task with no waiter entry before it) over the
// next-waiter id before, and holds the queue after to the ids the replay
// gives: session 20's state-field pass moved a queued waiter's id after
// every step, and the events, read from the same drifting entry, agreed
// with it.
func chanWaiterIDsDerived(c *Context) bool {
	b, a, ok := chans(c)
	if !ok {
		return false
	}
	r := replayWaiters(c.Events, b)
	if r.badID {
		return true
	}
	q, n, next := r.queue, r.n, r.next
	// A sender the replay leaves queued keeps its id in the queue after.
	for _, w := range a.Waiters[:a.NWaiters] {
		for _, r := range q[:n] {
			if r.Task == w.Task && r.ID != w.ID {
				return true
			}
		}
	}
	return a.NextWaiter != next
}

// waiterReplay is the waiter queue as a step's events leave it.
type waiterReplay struct {
	queue [channel.MaxWaiters + kernel.MaxTasks]channel.Waiter
	n     int
	next  uint64 // the next waiter id
	badID bool   // a chan_reserve_pending named an id the replay does not give
}

// replayWaiters replays a step's events over the waiter queue before: a
// chan_reserve_pending of a task not queued registers it at the back
// under the next waiter id (one already queued keeps its entry), a
// chan_waiter_removed or chan_reserved takes the task's entry out, and
// chan_receiver_closed empties the queue (004 1.10: the close wakes all
// waiting senders, which observe the disconnect on their next poll).
func replayWaiters(events []trace.Event, b *channel.State) waiterReplay {
	r := waiterReplay{next: b.NextWaiter}
	r.n = copy(r.queue[:], b.Waiters[:b.NWaiters])
	for ei := range events {
		e := &events[ei]
		switch e.Kind {
		case trace.ChanWaiterRemoved, trace.ChanReserved:
			for i := 0; i < r.n; i++ {
				if r.queue[i].Task == e.Task {
					copy(r.queue[i:r.n], r.queue[i+1:r.n])
					r.n--
					break
				}
			}
		case trace.ChanReceiverClosed:
			r.n = 0
		case trace.ChanReservePending:
			id, found := uint64(0), false
			for _, w := range r.queue[:r.n] {
				if w.Task == e.Task {
					id, found = w.ID, true
				}
			}
			if !found {
				id = r.next
				r.next++
				if r.n < len(r.queue) {
					r.queue[r.n] = channel.Waiter{ID: id, Task: e.Task}
					r.n++
				}
			}
			r.badID = r.badID || e.ID != id
		}
	}
	return r
}

// chanTryReserveAnswered computes the outcome of try_reserve from the
// channel before the step (its queue length, reserved count and waiter
// queue are each checked against the events by the channel's derived
// checks); the cancelled outcome is chan-cancel-observed's.
func chanTryReserveAnswered(c *Context) bool {
	b, _, ok := chans(c)
	if !ok || c.In.Host != pump.NoHost || c.In.K.Op != kernel.ChanTryReserve {
		return false
	}
	var want trace.ErrorClass
	switch {
	case b.ReceiverDropped:
		want = trace.ErrDisconnected
	case b.NWaiters > 0 || int(b.Len)+int(b.Reserved) >= int(c.Scenario.Kernel.Channel.Capacity):
		want = trace.ErrFull
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Task != c.In.K.Task {
			continue
		}
		switch e.Kind {
		case trace.ChanOpFailed:
			return e.ErrorClass != trace.ErrCancelled && e.ErrorClass != want
		case trace.ChanReserved:
			return want != 0
		}
	}
	return false
}

// hasWork reports whether the kernel has work a scheduler step would take:
// an entry in any lane, or a live timer that is due: a host timer, or,
// where the wheel is the timer store, a wheel entry still in its active
// map (session 18: reading the host table alone, burst-handoff-at-limit
// called the hand-off of wheel-browser at depth 17 wrong, with a wheel
// timer due and live).
func hasWork(sc *model.Scenario, k *kernel.State) bool {
	for l := sched.Cancel; l <= sched.Ready; l++ {
		if len(model.LaneEntries(&k.Sched, l)) > 0 {
			return true
		}
	}
	if sc.Kernel.Wheel && liveDue(&k.Wheel, uint64(k.Now)) {
		return true
	}
	for i := range k.Timers {
		if tm := &k.Timers[i]; tm.Used && tm.Live && tm.Deadline <= k.Now {
			return true
		}
	}
	return false
}
