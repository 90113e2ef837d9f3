package asupersync

import (
	"math/bits"
	"slices"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// all is the check order. Where one bug breaks two invariants in the same
// transition, the more specific check comes first, so the report names the
// rule that was actually broken (completed-absorbing before
// phase-monotone, fairness-bound before lane-order, the timer checks
// before the lane law that a misplaced phase 0 also upsets, the channel's
// permit-drop check before its linearity check). The stuck-state class
// comes last.
var all = slices.Concat(wheelInvariants, coreInvariants, stealInvariants, channelInvariants, derivedInvariants, metadataInvariants, cascadeInvariants, timerRuleInvariants, channelRuleInvariants, wheelRuleInvariants, pollRuleInvariants, survivorInvariants, wheelSurvivorInvariants, pollSurvivorInvariants, cancelSurvivorInvariants, strictSurvivorInvariants, chainInvariants, chanAnswerInvariants, requestInvariants, wheelStorageInvariants, hostOriginInvariants, pumpModeInvariants, laneRoutingInvariants, wheelCascadeInvariants, wheelDefaultInvariants, dedupPlaceInvariants, wheelCascadeTimeInvariants, drainInvariants, effectInvariants, handoffInvariants, wheelCursorInvariants, wheelSeqInvariants, wheelClockInvariants, classSurvivorInvariants, regionMoveInvariants, resolutionCauseInvariants, regionReasonInvariants, obligationRecordInvariants, chanWaiterInvariants, completionInvariants, obligationReportInvariants, pumpScheduleInvariants, channelPresenceInvariants, wheelDrainInvariants, cancelScheduledInvariants, acceptInvariants, cancelAttrInvariants, chanAttrInvariants, chanCascadeInvariants, traceAuditInvariants, recordAuditInvariants, wakeRuleInvariants, eventPhaseInvariants, originInvariants, wheelEntryLifeInvariants, cancelRequestedInvariants, chanWakeCauseInvariants, stuckInvariant)

// coreInvariants are the scheduler, pump and cancellation checks.
var coreInvariants = []Invariant{
	{"stale-timer", []string{"sched.browser.timer.late_wakeup_after_cancel", "wasm-browser-scheduler-semantics-v1/P2", "INV-TM-02"},
		"a timer fires only if it was live: a cancelled timer's late callback is a diagnostic, never a wake", staleTimer},
	{"timer-order", []string{"wasm-browser-scheduler-semantics-v1/P2", "INV-TM-03"},
		"due timers fire in (deadline, timer_id, generation) order", timerOrder},
	{"catchup-bounded", []string{"sched.browser.timer.catchup_bounded_batches", "wasm-browser-scheduler-semantics-v1/F3"},
		"one scheduler step fires at most catchup_batch timers", catchupBounded},
	{"phase0-first", []string{"sc-timer-phase0-001", "INV-SC-07"},
		"expired timers fire in phase 0, before the step's dispatch decision: every due live timer, up to catchup_batch of them", phase0First},
	{"fairness-bound", []string{"sched.browser.fairness.cancel_streak_bound", "sched.browser.fairness.drain_mode_double_bound", "sc-cancel-streak-001", "INV-SC-04", "INV-SC-06", "wasm-browser-scheduler-semantics-v1/S2"},
		"no more than the effective cancel_streak_limit consecutive cancel dispatches while timed or ready work waits; the fairness certificate counts every dispatch in its lane and records no effective-limit exceedance", fairnessBound},
	{"lane-order", []string{"sched.browser.lane_precedence.cancel_timed_ready", "sc-lane-priority-001", "sc-fifo-priority-001", "sc-edf-001", "sc-edf-fifo-001", "sc-governor-meet-001", "sc-governor-drain-001", "INV-SC-01", "INV-SC-02", "INV-SC-03", "INV-SC-08", "wasm-browser-scheduler-semantics-v1/S1"},
		"each dispatch takes the lane and entry the lane law picks: cancel > timed > ready (timed first under MeetDeadlines), priority then generation, EDF then generation, the cancel lane skipped only at the streak limit (doubled in drain modes)", laneOrder},
	{"wake-dedup", []string{"sched.browser.wake.dedup_cross_turn", "wasm-browser-scheduler-semantics-v1/S3"},
		"no task ever has more than one runnable entry", wakeDedup},
	{"stale-wake", []string{"cancel.scheduler.late_wake_nonpanic", "wasm-browser-scheduler-semantics-v1/F2", "wasm-cancel-state-machine-v1/B4"},
		"a wake of a completed task, or one whose waker holds a generation the task never had, enqueues nothing", staleWake},
	{"pump-non-reentrant", []string{"sched.browser.reentrancy.defer_not_reenter", "wasm-browser-scheduler-semantics-v1/S4", "wasm-browser-scheduler-semantics-v1/F1", "wasm-cancel-state-machine-v1/B1"},
		"no scheduler step begins while a task is being polled", pumpNonReentrant},
	{"burst-limit", []string{"wasm-browser-scheduler-semantics-v1/P1"},
		"a microtask drain cycle runs at most microtask_burst_limit dispatches before handing off to the host", burstLimit},
	{"capability-fail-closed", []string{"sched.browser.authority.fail_closed_no_fallback", "wasm-browser-scheduler-semantics-v1/P3", "wasm-browser-scheduler-semantics-v1/F4", "wasm-cancel-state-machine-v1/invariant-6"},
		"a host callback through a capability the adapter lacks emits one authorization error and changes nothing", capabilityFailClosed},
	{"cascade-order", []string{"cancel.region.cascade_parent_before_child", "wasm-cancel-state-machine-v1/cascade-law", "wasm-cancel-state-machine-v1/R4"},
		"a region cascade processes parents before children (depth ascending)", cascadeOrder},
	{"completed-absorbing", []string{"cancel.task.completed_absorbing", "wasm-cancel-state-machine-v1/T5", "wasm-cancel-state-machine-v1/invariant-4"},
		"a Completed task stays Completed with its whole record unchanged (outcome, reason, cleanup budget, cancel_epoch, mask depth, region, cancel_requested), and no cancel-protocol event (task_running, cancel_requested, cancel_strengthened, cancel_deferred_masked, cancel_acknowledged, cleanup_done, task_completed, mask_entered, mask_exited) names a task Completed before the step", completedAbsorbing},
	{"phase-monotone", []string{"cancel.task.witness_phase_monotone", "wasm-cancel-state-machine-v1/invariant-1", "wasm-cancel-state-machine-v1/R3"},
		"every phase change is a legal transition of the contract's table (no regression)", phaseMonotone},
	{"severity-monotone", []string{"cancel.task.reason_strengthen_monotone", "wasm-cancel-state-machine-v1/invariant-2", "wasm-cancel-state-machine-v1/R1"},
		"a pending cancel's severity never weakens", severityMonotone},
	{"budget-monotone", []string{"cancel.task.budget_combine_monotone", "wasm-cancel-state-machine-v1/invariant-3"},
		"a pending cancel's cleanup budget only tightens", budgetMonotone},
	{"ack-unmasked", []string{"cancel.task.masked_defers_ack", "cancel.task.request_to_ack_when_unmasked", "wasm-cancel-state-machine-v1/B2", "wasm-cancel-state-machine-v1/B3"},
		"a cancel is acknowledged only at a checkpoint with mask_depth 0: a cancel_acknowledged or cancel_deferred_masked names the task whose own checkpoint the step's input is (checkpoint, or the checkpoint that reserve, try_reserve and recv run first), and a cancel_acknowledged a task whose mask depth was 0", ackUnmasked},
	{"quiescence", []string{"wasm-cancel-state-machine-v1/invariant-5", "wasm-cancel-state-machine-v1/quiescence-completion", "wasm-browser-scheduler-semantics-v1/purpose-2"},
		"a region closes only with no live task, no open child, no reserved obligation and no pending finalizer; and a Finalizing region holds no Reserved obligation (those left when it finalizes are Leaked as it enters Finalizing)", quiescence},
	{"no-leak", []string{"wasm-cancel-state-machine-v1/no-obligation-leaks", "wasm-browser-scheduler-semantics-v1/purpose-4"},
		"no obligation is ever leaked, but one its holder broke: with leaky_tasks, an obligation whose holder completed Ok or Err still holding it is Leaked when its region finalizes; no other is", noLeak},
	{"no-spawn-after-cancel", []string{"cancel.region.no_new_spawn_after_cancel"},
		"no task is spawned into a region that is cancelled or closing", noSpawnAfterCancel},
	{"no-obligation-after-cancel", []string{"cancel.region.no_new_obligation_after_cancel"},
		"no obligation is reserved in a region that is cancelled or closing", noObligationAfterCancel},
	{"resolve-once", []string{"wasm-cancel-state-machine-v1/obligations"},
		"an obligation is resolved (committed, aborted or leaked) at most once", resolveOnce},
}

// stuckInvariant is checked on every state with nothing enabled too.
var stuckInvariant = []Invariant{
	{"stuck", []string{"wasm-cancel-state-machine-v1/quiescence", "wasm-browser-scheduler-semantics-v1/S4"},
		"stuck state: a live task that nothing can ever run again (not polled, not queued, no timer, not awaiting an external wake), or an idle pump with runnable work", stuckAfter},
}

// stuckIndex is the position of the stuck-state class in all.
var stuckIndex = indexOf("stuck")

// indexOf is the position in all of an invariant the checker asks by
// name, outside Check.
func indexOf(name string) int {
	for i, inv := range all {
		if inv.Name == name {
			return i
		}
	}
	panic("invariants: no invariant " + name)
}

func kern(s *model.State) *kernel.State { return &s.P.Kernel }

// firstIndex is the index of the first event of kind k, or -1.
func (c *Context) firstIndex(k trace.Kind) int {
	for i := range c.Events {
		e := &c.Events[i]
		if e.Kind == k {
			return i
		}
	}
	return -1
}

// baseLimit is the scenario's cancel_streak_limit (0 means 1).
func (c *Context) baseLimit() uint8 {
	if c.Scenario.Kernel.CancelStreakLimit == 0 {
		return 1
	}
	return c.Scenario.Kernel.CancelStreakLimit
}

// effectiveLimit doubles the base under the drain suggestions.
func (c *Context) effectiveLimit(g sched.Governor) uint8 {
	if g == sched.DrainObligations || g == sched.DrainRegions {
		return 2 * c.baseLimit()
	}
	return c.baseLimit()
}

// decision is the first dispatch decision of the transition, if any.
func (c *Context) decision() (ev trace.Event, at int, ok bool) {
	begin := c.firstIndex(trace.StepBegin)
	if begin < 0 {
		return trace.Event{}, 0, false
	}
	for i := begin; i < len(c.Events); i++ {
		if k := c.Events[i].Kind; k == trace.StepDecision || k == trace.Park {
			return c.Events[i], i, true
		}
	}
	return trace.Event{}, 0, false
}

// lane is one lane of a snapshot: entries in generation order. It is a
// fixed array so that rebuilding a snapshot allocates nothing; a lane holds
// at most one entry per task, plus duplicates only a fault can add.
type lane struct {
	n int
	e [2 * kernel.MaxTasks]sched.Entry
}

func (l *lane) entries() []sched.Entry { return l.e[:l.n] }

func (l *lane) push(e sched.Entry) {
	if l.n < len(l.e) {
		l.e[l.n] = e
		l.n++
	}
}

func (l *lane) remove(task uint8) {
	out := 0
	for _, e := range l.e[:l.n] {
		if e.Task != task {
			l.e[out] = e
			out++
		}
	}
	l.n = out
}

// lanes is a lane snapshot, indexed by sched.Lane.
type lanes [4]lane

// decisionLanes rebuilds the lanes as they stood when the decision was
// taken: the lanes before the transition plus the entries enqueued (by
// phase 0 or an earlier wake) before the decision event.
func (c *Context) decisionLanes(at int, ls *lanes) {
	k := kern(c.Before)
	for l := sched.Cancel; l <= sched.Ready; l++ {
		ls[l].n = 0
		for _, e := range model.LaneEntries(&k.Sched, l) {
			ls[l].push(e)
		}
	}
	for ei := range at {
		e := &c.Events[ei]
		if e.Kind != trace.Enqueued {
			continue
		}
		for l := range ls {
			ls[l].remove(e.Task)
		}
		ls[laneByName(e.Lane)].push(sched.Entry{Task: e.Task, Priority: e.Priority, Deadline: uint32(e.Deadline)})
	}
}

// laneByName reads a lane's name in the trace by the checker's own table
// (000 S1: cancel, timed, ready), not by sched.Lane.String: a runtime that
// swapped two names would otherwise be read back the same way.
func laneByName(name string) sched.Lane {
	switch name {
	case "cancel":
		return sched.Cancel
	case "timed":
		return sched.Timed
	case "ready":
		return sched.Ready
	}
	return sched.NoLane
}

// expected is the lane law (004 3.1, 3.3, 3.7; semantics-notes): the lane
// and task a correct scheduler dispatches from these lanes.
func (c *Context) expected(ls *lanes) (sched.Lane, uint8) {
	g := kern(c.Before).Sched.Governor
	streak := kern(c.Before).Sched.Streak
	order := [3]sched.Lane{sched.Cancel, sched.Timed, sched.Ready}
	if g == sched.MeetDeadlines {
		order = [3]sched.Lane{sched.Timed, sched.Cancel, sched.Ready}
	}
	other := ls[sched.Timed].n+ls[sched.Ready].n > 0
	for _, l := range order {
		es := ls[l].entries()
		if len(es) == 0 || (l == sched.Cancel && streak >= c.effectiveLimit(g) && other) {
			continue
		}
		best := 0
		for i, e := range es {
			b := es[best]
			if (l == sched.Timed && e.Deadline < b.Deadline) || (l != sched.Timed && e.Priority > b.Priority) {
				best = i
			}
		}
		return l, es[best].Task
	}
	return sched.NoLane, 0
}

func laneOrder(c *Context) bool {
	ev, at, ok := c.decision()
	if !ok {
		return false
	}
	c.decisionLanes(at, &c.lanes)
	l, t := c.expected(&c.lanes)
	if ev.Kind == trace.Park {
		return l != sched.NoLane
	}
	return laneByName(ev.Lane) != l || ev.Task != t
}

func fairnessBound(c *Context) bool {
	ev, at, ok := c.decision()
	if !ok || ev.Kind == trace.Park {
		return false
	}
	b, a := &kern(c.Before).Sched, &kern(c.After).Sched
	c.decisionLanes(at, &c.lanes)
	lane := laneByName(ev.Lane)
	// The streak is the derived one (streak-derived), not the field the
	// runtime maintains.
	if lane == sched.Cancel && c.lanes[sched.Timed].n+c.lanes[sched.Ready].n > 0 &&
		c.replayed().streak > c.effectiveLimit(c.governor()) {
		return true
	}
	// The certificate: one more dispatch in exactly the decision's lane,
	// and never an effective-limit exceedance.
	want := b.Cert
	switch lane {
	case sched.Cancel:
		want.CancelDispatches++
	case sched.Timed:
		want.TimedDispatches++
	case sched.Ready:
		want.ReadyDispatches++
	}
	return a.Cert.CancelDispatches != want.CancelDispatches || a.Cert.TimedDispatches != want.TimedDispatches ||
		a.Cert.ReadyDispatches != want.ReadyDispatches || a.Cert.EffectiveLimitExceedances != 0
}

func wakeDedup(c *Context) bool {
	var seen [kernel.MaxTasks + 1]bool
	k := kern(c.After)
	for l := sched.Cancel; l <= sched.Ready; l++ {
		for _, e := range model.LaneEntries(&k.Sched, l) {
			// An entry for a task outside the table is one too many.
			if e.Task > kernel.MaxTasks || seen[e.Task] {
				return true
			}
			seen[e.Task] = true
		}
	}
	return false
}

// wakeTarget is the task a wake or host callback names, or 0.
func (c *Context) wakeTarget() uint8 {
	if c.In.Host == pump.Callback || (c.In.Host == pump.NoHost && c.In.K.Op == kernel.Wake) {
		return c.In.K.Task
	}
	return 0
}

func staleWake(c *Context) bool {
	t := c.wakeTarget()
	if t == 0 || model.TaskRecord(&kern(c.Before).Cancel, t).Phase != cancel.Completed && !staleGeneration(c.In.K.N) {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.Enqueued && e.Task == t {
			return true
		}
	}
	return false
}

// staleGeneration reports whether a waker's generation names none the
// task ever had: 0 is the current one, and tasks are never re-used, so
// each is at generation 1 (000 F2's generation-mismatched token).
func staleGeneration(gen uint32) bool { return gen != 0 && gen != 1 }

func pumpNonReentrant(c *Context) bool {
	return kern(c.Before).Current != 0 && c.firstIndex(trace.StepBegin) >= 0
}

func burstLimit(c *Context) bool {
	if c.Scenario.Native {
		return false
	}
	// The derived count (burst-derived), not the runtime's counter.
	return c.burst() > scenarioBurstLimit(c.Scenario)
}

// unsetBurstLimit is microtask_burst_limit where a configuration leaves
// it unset: the project's default (runtime/pump documents 8; 000 P1 names
// none), spelled here so that a runtime whose default drifted is judged
// by this one, not by its own. No named scenario leaves it unset (the
// scenario reader refuses 0); the conformance fixtures run at it.
const unsetBurstLimit = 8

// scenarioBurstLimit is the scenario's microtask_burst_limit.
func scenarioBurstLimit(sc *model.Scenario) uint8 {
	if sc.Pump.BurstLimit == 0 {
		return unsetBurstLimit
	}
	return sc.Pump.BurstLimit
}

// liveBefore reports whether timer id was live before the transition: an
// id outside the table (a malformed event) names no live timer.
func (c *Context) liveBefore(id uint8) bool {
	if id == 0 || id > kernel.MaxTimers {
		return false
	}
	tm := kern(c.Before).Timers[id-1]
	return tm.Used && tm.Live
}

func staleTimer(c *Context) bool {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.TimerFired && !c.liveBefore(e.Timer) {
			return true
		}
	}
	return false
}

// timerKey is the injection order key (deadline, timer_id); generations
// never tie two timers of one slot.
func timerKey(deadline uint32, id uint8) uint64 { return uint64(deadline)<<8 | uint64(id) }

func timerOrder(c *Context) bool {
	last := uint64(0)
	var fired [kernel.MaxTimers + 1]bool
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.TimerFired || !c.liveBefore(e.Timer) {
			continue
		}
		k := timerKey(uint32(e.Deadline), e.Timer)
		if k < last {
			return true
		}
		last = k
		fired[e.Timer] = true
	}
	// A due timer left unfired must come after every one that fired.
	b := kern(c.Before)
	for i, tm := range b.Timers {
		id := uint8(i + 1)
		if tm.Used && tm.Live && tm.Deadline <= b.Now && !fired[id] && last != 0 && timerKey(tm.Deadline, id) < last {
			return true
		}
	}
	return false
}

func catchupBounded(c *Context) bool {
	batch := int(c.Scenario.Kernel.CatchupBatch)
	if batch == 0 {
		batch = 1
	}
	n := 0
	for ei := range c.Events {
		e := &c.Events[ei]
		if (e.Kind == trace.TimerFired && c.liveBefore(e.Timer)) || e.Kind == trace.WheelFired {
			n++
		}
	}
	return n > batch
}

func phase0First(c *Context) bool {
	begin := c.firstIndex(trace.StepBegin)
	if begin < 0 {
		return false
	}
	for ei := begin; ei < len(c.Events); ei++ {
		e := &c.Events[ei]
		if e.Kind == trace.TimerFired || e.Kind == trace.WheelFired {
			return true
		}
	}
	b := kern(c.Before)
	if c.Scenario.Kernel.Wheel {
		// A due live timer must fire before the decision.
		return liveDue(&b.Wheel, uint64(b.Now)) && c.firstIndex(trace.WheelFired) < 0
	}
	// Every due live host timer fires before the decision, up to the
	// catch-up batch (F3 bounds the catch-up from above, not below: a
	// phase 0 that fires fewer leaves due timers behind for no reason).
	due := 0
	for _, tm := range b.Timers {
		if tm.Used && tm.Live && tm.Deadline <= b.Now {
			due++
		}
	}
	fired := 0
	for ei := range begin {
		if c.Events[ei].Kind == trace.TimerFired {
			fired++
		}
	}
	return fired < min(due, max(int(c.Scenario.Kernel.CatchupBatch), 1))
}

func capabilityFailClosed(c *Context) bool {
	if c.In.Host != pump.Callback || c.Scenario.Pump.Caps&c.In.Cap != 0 {
		return false
	}
	denied := len(c.Events) == 1 && c.Events[0].Kind == trace.AuthorizationDenied && c.Events[0].AttrVal == capabilityName(c.In.Cap)
	return !denied || c.After.P.Kernel != c.Before.P.Kernel || c.After.P.Mode != c.Before.P.Mode
}

func cascadeOrder(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	last := uint8(0)
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.RegionCancelled {
			continue
		}
		// A region_cancelled of no region has no place in the order.
		r := model.RegionRecord(&kern(c.After).Cancel, e.Region)
		if r == nil || r.Depth < last {
			return true
		}
		last = r.Depth
	}
	return false
}

// eachTask calls f with every task used before the transition whose
// record the transition changed: f must be false for an unchanged record
// (f(t, t) false for every t), as each per-task monotonicity rule is, so
// skipping those loses nothing. Most transitions change one task or none.
func (c *Context) eachTask(f func(b, a *cancel.Task) bool) bool {
	bs, as := &kern(c.Before).Cancel.Tasks, &kern(c.After).Cancel.Tasks
	for m := c.changedTasks(); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		if b := &bs[i]; b.Used && f(b, &as[i]) {
			return true
		}
	}
	return false
}

// changedTasks has bit id-1 set for each task whose cancellation record
// differs across the transition, computed once per transition (records
// compared as memory: see sameBytes).
func (c *Context) changedTasks() uint16 {
	if !c.changedDone {
		c.compareTasks()
	}
	return c.changed
}

// compareTasks computes changedTasks' answer (kept apart so that the
// question, asked by many checks, is inlined).
func (c *Context) compareTasks() {
	c.changedDone = true
	c.changed = 0
	b, a := &kern(c.Before).Cancel.Tasks, &kern(c.After).Cancel.Tasks
	if !sameBytes(b, a) {
		for i := range a {
			if !sameBytes(&a[i], &b[i]) {
				c.changed |= 1 << i
			}
		}
	}
}

// completedAbsorbing: T5 and Non-Negotiable Invariant 4. Completed
// absorbs every later signal, so nothing of the record may move, and no
// event may report a move of a task that can no longer move: comparing
// phase and outcome alone let a request strengthen a Completed task's
// reason and budget and announce cancel_strengthened (session 44's
// cancel-protocol audit).
func completedAbsorbing(c *Context) bool {
	if c.eachTask(func(b, a *cancel.Task) bool { return b.Phase == cancel.Completed && *a != *b }) {
		return true
	}
	if !c.mayHold(cancelProtocolEvents) {
		return false
	}
	bc := &kern(c.Before).Cancel
	for ei := range c.Events {
		e := &c.Events[ei]
		if !cancelProtocolEvents.has(e.Kind) {
			continue
		}
		if t := model.TaskRecord(bc, e.Task); t != nil && t.Used && t.Phase == cancel.Completed {
			return true
		}
	}
	return false
}

// cancelProtocolEvents are the task events that report a move of the
// cancel protocol or of a live task's mask: none may name a Completed task.
var cancelProtocolEvents = kinds(trace.TaskRunning, trace.CancelRequested, trace.CancelStrengthened, trace.CancelDeferredMasked,
	trace.CancelAcknowledged, trace.CleanupDone, trace.TaskCompleted, trace.MaskEntered, trace.MaskExited)

func phaseMonotone(c *Context) bool {
	return c.eachTask(func(b, a *cancel.Task) bool {
		return b.Phase != a.Phase && !legalTransition(b.Phase, a.Phase)
	})
}

func severityMonotone(c *Context) bool {
	return c.eachTask(func(b, a *cancel.Task) bool {
		return b.CancelPending && a.CancelPending && severityOf(a.Reason.Kind) < severityOf(b.Reason.Kind)
	})
}

func budgetMonotone(c *Context) bool {
	return c.eachTask(func(b, a *cancel.Task) bool {
		return b.CancelPending && a.CancelPending && !noWiderThan(a.Budget, b.Budget)
	})
}

// noWiderThan is 001's "budget can only tighten" (Non-Negotiable
// Invariant 3) in every component: a deadline (0: none) no later, poll and
// cost quotas no larger, priority no lower. It is written here, not taken
// from the runtime, so a bug there cannot loosen the check.
func noWiderThan(b, o cancel.Budget) bool {
	deadlineOK := o.Deadline == 0 || (b.Deadline != 0 && b.Deadline <= o.Deadline)
	return deadlineOK && b.PollQuota <= o.PollQuota && b.CostQuota <= o.CostQuota && b.Priority >= o.Priority
}

// ackUnmasked: B2 and B3. A checkpoint is where task code observes its
// cancel: the checkpoint operation, and the cx.checkpoint() that 004's
// reserve and recv run first (1.3 step 1, 1.6 step 1; the kernel's
// try_reserve runs it too, as the semantics notes' "a reserve
// checkpoints first" reads). Reading the mask alone let a cancel-lane
// dispatch acknowledge on the task's behalf (session 44's cancel-protocol
// audit): B2's "may not auto-ack on signal receipt".
func ackUnmasked(c *Context) bool {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.CancelAcknowledged && e.Kind != trace.CancelDeferredMasked {
			continue
		}
		if !checkpointOf(c.In, e.Task) {
			return true
		}
		// An acknowledgement of no task (an id outside the table) is
		// none the protocol allows either.
		if tk := model.TaskRecord(&kern(c.Before).Cancel, e.Task); tk == nil || e.Kind == trace.CancelAcknowledged && tk.Mask > 0 {
			return true
		}
	}
	return false
}

// checkpointOf reports whether input in is a checkpoint of task t: a
// (no-host) checkpoint, reserve, try_reserve or recv that t runs.
func checkpointOf(in model.Input, t uint8) bool {
	if in.Host != pump.NoHost || in.K.Task != t {
		return false
	}
	switch in.K.Op {
	case kernel.Checkpoint, kernel.ChanReserve, kernel.ChanTryReserve, kernel.ChanRecv:
		return true
	}
	return false
}

func quiescence(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for r := uint8(1); r <= cancel.MaxRegions; r++ {
		if !model.RegionRecord(a, r).Used || model.RegionRecord(a, r).State != cancel.RegionClosed || model.RegionRecord(b, r).State == cancel.RegionClosed {
			continue
		}
		if model.RegionRecord(a, r).Finalizers != 0 {
			return true
		}
		for t := uint8(1); t <= kernel.MaxTasks; t++ {
			if tk := model.TaskRecord(a, t); tk.Used && tk.Region == r && tk.Phase != cancel.Completed {
				return true
			}
		}
		for ch := uint8(1); ch <= cancel.MaxRegions; ch++ {
			if reg := model.RegionRecord(a, ch); reg.Used && reg.Parent == r && reg.State != cancel.RegionClosed {
				return true
			}
		}
		for o := uint8(1); o <= cancel.MaxObligations; o++ {
			if ob := model.ObligationRecord(a, o); ob.Used && ob.Region == r && ob.State == cancel.Reserved {
				return true
			}
		}
	}
	return reservedWhileFinalizing(a)
}

// reservedWhileFinalizing reports whether a Finalizing region holds a
// Reserved obligation. A region finalizes only with no live task left to
// resolve one, so the semantics notes' "obligations still Reserved when a
// region finalizes ... are Leaked" is due as it enters Finalizing, not
// at its close: a region that waited for its finalizers before marking
// its leaks closed over a Reserved obligation (session 44's
// cancel-protocol audit; quiescence caught it only at the close).
func reservedWhileFinalizing(a *cancel.State) bool {
	for o := uint8(1); o <= cancel.MaxObligations; o++ {
		ob := model.ObligationRecord(a, o)
		if !ob.Used || ob.State != cancel.Reserved {
			continue
		}
		if r := model.RegionRecord(a, ob.Region); r != nil && r.Used && r.State == cancel.RegionFinalizing {
			return true
		}
	}
	return false
}

// noLeak: the runtime leaks nothing. Where tasks may break their
// obligations (Scenario.LeakyTasks), an obligation whose holder completed
// Ok or Err still holding it (an Err return before any cancel breaks it as
// an Ok one does) is the program's leak, which the runtime must mark
// Leaked when the region finalizes; any other Leaked one, above all one a
// holder completing Cancelled held (the runtime aborts those), is the
// runtime's.
func noLeak(c *Context) bool {
	a := &kern(c.After).Cancel
	for i := range a.Obligations {
		ob := &a.Obligations[i]
		if ob.State != cancel.Leaked || !ob.Used {
			continue
		}
		if !c.Scenario.LeakyTasks {
			return true
		}
		if t := model.TaskRecord(a, ob.Task); t == nil || t.Phase != cancel.Completed || t.Outcome == cancel.Cancelled {
			return true
		}
	}
	return false
}

// refused reports whether a region refused new work before the transition:
// it was no longer Open or had a cancel reason. A region id outside the
// table names no region that could take work.
func (c *Context) refused(r uint8) bool {
	reg := model.RegionRecord(&kern(c.Before).Cancel, r)
	return reg == nil || reg.State != cancel.RegionOpen || reg.HasReason
}

func noSpawnAfterCancel(c *Context) bool {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.TaskSpawned && c.refused(e.Region) {
			return true
		}
	}
	return false
}

func noObligationAfterCancel(c *Context) bool {
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.ObligationReserved && c.refused(e.Region) {
			return true
		}
	}
	return false
}

// resolveOnce derives resolutions from the events: each commit, abort or
// leak must take an obligation that was Reserved before the transition (or
// reserved earlier in it) out of Reserved, once. The runtime's own
// Resolutions counter is read too, but only as a second witness.
func resolveOnce(c *Context) bool {
	a := &kern(c.After).Cancel
	for i := range a.Obligations {
		if a.Obligations[i].Resolutions > 1 {
			return true
		}
	}
	// Only a resolution event can be one too many.
	if !c.mayHold(resolutionKinds) {
		return false
	}
	var open [cancel.MaxObligations + 1]bool
	for o := uint8(1); o <= cancel.MaxObligations; o++ {
		ob := model.ObligationRecord(&kern(c.Before).Cancel, o)
		open[o] = ob.Used && ob.State == cancel.Reserved
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.ObligationReserved:
			if e.Obligation <= cancel.MaxObligations {
				open[e.Obligation] = true
			}
		case trace.ObligationCommitted, trace.ObligationAborted, trace.ObligationLeaked:
			if e.Obligation == 0 || e.Obligation > cancel.MaxObligations || !open[e.Obligation] {
				return true
			}
			open[e.Obligation] = false
		}
	}
	return false
}

// resolutionKinds are the events that resolve an obligation.
var resolutionKinds = kinds(trace.ObligationCommitted, trace.ObligationAborted, trace.ObligationLeaked)

func stuckAfter(c *Context) bool { return stuck(c.Scenario, c.After) }

// failedClosed: an adapter holding neither the message nor the timer
// capability cannot hand its pump off at the burst limit; it fails closed
// (000 P3, F4) and its work waits, idle, for the next kernel operation to
// settle the pump (model.Ghost's Stranded, kept by the environment from
// the events, not read from the runtime). That wait is the contract's
// rule, not a stuck state. An adapter holding either must hand off, so
// a denied hand-off there excuses nothing (and handoff-route reports it).
func failedClosed(sc *model.Scenario, s *model.State) bool {
	return s.Ghost.Stranded && sc.Pump.Caps&(pump.CapMessage|pump.CapTimer) == 0
}

// stuck: a live task nothing can run again, or an idle pump with work
// that the contract does not strand there itself (see failedClosed).
func stuck(sc *model.Scenario, s *model.State) bool {
	k := kern(s)
	if !sc.Native && s.P.Mode == pump.Idle && runnable(sc, k) && !failedClosed(sc, s) {
		return true
	}
	// A task polled, queued or awaiting an external wake can run again.
	excused := taskBit(k.Current) | taskBit(k.Outer) | k.Sched.Scheduled | s.Awaiting
	timers := -1 // liveTimerTasks(sc, k), once a task needs it
	for m := ^excused & (1<<kernel.MaxTasks - 1); m != 0; m &= m - 1 {
		t := uint8(bits.TrailingZeros16(m)) + 1
		if tk := &k.Cancel.Tasks[t-1]; !tk.Used || tk.Phase == cancel.Completed {
			continue
		}
		if timers < 0 {
			timers = int(liveTimerTasks(sc, k))
		}
		if timers&(1<<(t-1)) == 0 && !parkedOnChannel(sc, k, t) {
			return true
		}
	}
	return false
}

// taskBit is task t's bit in a set of tasks (bit t-1), none for t 0.
func taskBit(t uint8) uint16 {
	if t == 0 || t > kernel.MaxTasks {
		return 0
	}
	return 1 << (t - 1)
}

// parkedOnChannel reports whether task t waits on the channel and the
// channel owes it nothing yet: a waiting sender that is not a head with a
// free slot on an open channel, or the receiver waiting on an empty queue
// with senders left. Any other parked task was owed a wake it never got.
func parkedOnChannel(sc *model.Scenario, k *kernel.State, t uint8) bool {
	ch := &k.Chan
	switch k.Tasks[t-1].Waits {
	case kernel.WaitsReserve:
		w, ok := waiterOf(ch, t)
		if !ok || ch.ReceiverDropped {
			return false
		}
		return !(ch.Waiters[0].ID == w.ID && hasCapacity(sc, ch))
	case kernel.WaitsRecv:
		return ch.RecvWaiter == t && ch.Len == 0 && ch.Senders > 0 && !ch.ReceiverDropped
	}
	return false
}

// liveTimerTasks has bit t-1 set for each task t with a live timer: an
// active wheel entry, or a live host-table timer naming it.
func liveTimerTasks(sc *model.Scenario, k *kernel.State) uint16 {
	var m uint16
	if sc.Kernel.Wheel {
		for t := uint8(1); t <= kernel.MaxTasks; t++ {
			if _, ok := liveTimerOf(&k.Wheel, t); ok {
				m |= 1 << (t - 1)
			}
		}
		return m
	}
	for _, tm := range k.Timers {
		if tm.Used && tm.Live && tm.Task >= 1 && tm.Task <= kernel.MaxTasks {
			m |= 1 << (tm.Task - 1)
		}
	}
	return m
}

// runnable is kernel.Runnable recomputed from the lanes' entries and the
// timers' deadlines, so the stuck check does not trust the runtime's own
// emptiness test or its earliest-deadline query (issue 10: a mutant of
// either left an idle pump with work unnoticed).
func runnable(sc *model.Scenario, k *kernel.State) bool {
	for l := sched.Cancel; l <= sched.Ready; l++ {
		if len(model.LaneEntries(&k.Sched, l)) > 0 {
			return true
		}
	}
	if sc.Kernel.Wheel {
		return liveDue(&k.Wheel, uint64(k.Now))
	}
	for i := range k.Timers {
		if tm := &k.Timers[i]; tm.Used && tm.Live && tm.Deadline <= k.Now {
			return true
		}
	}
	return false
}

// legalTransition is 001's "Legal Transitions" table, written here rather
// than taken from the runtime so a wrong entry there cannot pass its own
// check: the self-loops on CancelRequested, Cancelling and Finalizing are
// strengthening requests (R1, R3), and Completed has no way out (T5).
func legalTransition(from, to cancel.Phase) bool {
	switch from {
	case cancel.Created:
		return to == cancel.Running || to == cancel.CancelRequested || to == cancel.Completed
	case cancel.Running:
		return to == cancel.CancelRequested || to == cancel.Completed
	case cancel.CancelRequested:
		return to == cancel.CancelRequested || to == cancel.Cancelling || to == cancel.Completed
	case cancel.Cancelling:
		return to == cancel.Cancelling || to == cancel.Finalizing || to == cancel.Completed
	case cancel.Finalizing:
		return to == cancel.Finalizing || to == cancel.Completed
	}
	return false
}

// capabilityName is the name a denial gives the capability it lacks (000
// P3, F4), by the checker's own table rather than the pump's.
func capabilityName(cp pump.Capability) string {
	switch cp {
	case pump.CapTimer:
		return "timer"
	case pump.CapMessage:
		return "message"
	case pump.CapTime:
		return "time"
	case pump.CapEntropy:
		return "entropy"
	}
	return ""
}
