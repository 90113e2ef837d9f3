package asupersync

import (
	"math/bits"

	"strconv"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// The bookkeeping checks of issue 10 §1. The lane law, the fairness bound,
// the burst limit and the stuck check read counters and flags the runtime
// maintains itself (the streak, the governor, the lanes and their
// membership set, the burst counter, sender_count, the wheel's active
// map). A bug in the update of such a field would make those checks agree
// with it. So each field is checked inductively here: its value after a
// transition must be the one derived from its value before, the input and
// the events, which is only ever trusted because the transition that
// produced it was checked the same way. The state encoding is unchanged:
// nothing here is ghost state.

var derivedInvariants = []Invariant{
	{"clock-derived", []string{"sched.browser.timer.catchup_bounded_batches", "wasm-browser-scheduler-semantics-v1/F3", "wasm-browser-scheduler-semantics-v1/P2"},
		"the runtime's clock moves only on a time advance (a host timer turn), by exactly its step, and time_advanced reports the new time", clockDerived},
	{"governor-derived", []string{"sc-governor-meet-001", "sc-governor-drain-001", "wasm-browser-scheduler-semantics-v1/S2"},
		"the governor holds the last suggestion the environment gave (004 3.1), and a suggestion is announced by a governor_changed naming it", governorDerived},
	{"streak-derived", []string{"sched.browser.fairness.cancel_streak_bound", "sc-cancel-streak-001", "INV-SC-04", "wasm-browser-scheduler-semantics-v1/S2"},
		"the cancel streak grows by one per cancel dispatch, is 1 after a fallback dispatch and 0 after a timed or ready dispatch or a park; every step_begin, decision, park and step_end event carries the streak as it stands there", streakDerived},
	{"lanes-derived", []string{"sched.browser.wake.dedup_cross_turn", "INV-SC-01", "wasm-browser-scheduler-semantics-v1/S1", "wasm-browser-scheduler-semantics-v1/S3"},
		"the lanes after a transition are the lanes before plus the entries enqueued, less the entries dispatched and the tasks completed, and the wake-dedup set holds exactly the tasks with an entry", lanesDerived},
	{"burst-derived", []string{"wasm-browser-scheduler-semantics-v1/P1"},
		"the burst counter is 0 when a pump turn starts and grows by one per scheduler step of the drain cycle", burstDerived},
	{"chan-queue-derived", []string{"INV-CH-01", "INV-CH-02", "ch-fifo-001", "004/1.10"},
		"the channel's queue after a transition is the queue before plus the messages sent (each with a sequence number above every queued one), less those received, evicted or dropped, in order; a queued message is dropped only after the receiver's close in the same step (004 1.10: the last sender's drop leaves the queue to be drained)", chanQueueDerived},
	{"chan-senders-derived", []string{"INV-CH-08", "ch-close-drain-001"},
		"sender_count falls by exactly one per chan_sender_dropped, never below zero, and each drop event reports the count it left; it is always the scenario's senders less those of its sender tasks (the first senders tasks) that have completed", chanSendersDerived},
	{"mask-derived", []string{"cancel.task.masked_defers_ack", "wasm-cancel-state-machine-v1/B3"},
		"each task's mask_depth moves by one per mask_entered or mask_exited of that task and by nothing else, and each of those events reports in its mask_depth attribute the depth of the task it names after it", maskDerived},
	{"timers-derived", []string{"sched.browser.timer.late_wakeup_after_cancel", "wasm-browser-scheduler-semantics-v1/P2", "INV-TM-02"},
		"a host-table timer is live after a transition exactly when it was live before or registered in it, and was neither cancelled nor fired in it; a registration stores the task and deadline its event names", timersDerived},
	{"wheel-active-derived", []string{"INV-TM-01", "INV-TM-02", "tm-cancel-001"},
		"the wheel's active map is the one before plus the timers registered, less those fired or cancelled", wheelActiveDerived},
}

// schedReplay is the scheduler as the transition's events say it went:
// the lanes before, replayed through the enqueues, decisions and
// completions, with the streak and the fallback count the lane law
// derives at each decision.
type schedReplay struct {
	lanes  lanes
	streak uint8
	// fallbacks counts the decisions that must be fallback dispatches;
	// streakBad and fallbackBad record the first event that disagreed.
	fallbacks   uint32
	streakBad   bool
	fallbackBad bool
	decisions   int
}

// governor is the suggestion in force after the transition, derived from
// the input: only a governor input changes it.
func (c *Context) governor() sched.Governor {
	if c.In.Host == pump.NoHost && c.In.K.Op == kernel.Governor {
		return sched.Governor(c.In.K.Arg)
	}
	return kern(c.Before).Sched.Governor
}

// replay computes c.replay once per transition.
func (c *Context) replayed() *schedReplay {
	if c.replayDone {
		return &c.replay
	}
	c.replayDone = true
	r := &c.replay
	b := &kern(c.Before).Sched
	for l := sched.Cancel; l <= sched.Ready; l++ {
		r.lanes[l].n = 0
		for _, e := range model.LaneEntries(b, l) {
			r.lanes[l].push(e)
		}
	}
	r.streak, r.fallbacks, r.streakBad, r.fallbackBad, r.decisions = b.Streak, 0, false, false, 0
	limit := c.effectiveLimit(c.governor())
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.Enqueued:
			r.lanes.removeTask(e.Task)
			r.lanes[laneByName(e.Lane)].push(sched.Entry{Task: e.Task, Priority: e.Priority, Deadline: uint32(e.Deadline)})
		case trace.TaskCompleted:
			r.lanes.removeTask(e.Task)
		case trace.StepBegin, trace.StepEnd:
			r.streakBad = r.streakBad || e.Streak != r.streak
		case trace.Park:
			r.streak = 0
			r.streakBad = r.streakBad || e.Streak != 0
		case trace.StepDecision:
			r.decisions++
			lane := laneByName(e.Lane)
			onlyCancel := r.lanes[sched.Timed].n+r.lanes[sched.Ready].n == 0
			fallback := lane == sched.Cancel && r.streak >= limit && onlyCancel
			switch {
			case fallback:
				r.streak = 1
				r.fallbacks++
			case lane == sched.Cancel:
				r.streak++
			default:
				r.streak = 0
			}
			r.fallbackBad = r.fallbackBad || fallback != (e.AttrKey == "fallback" && e.AttrVal == "true")
			r.streakBad = r.streakBad || e.Streak != r.streak
			r.lanes[lane].remove(e.Task)
		}
	}
	return r
}

func (ls *lanes) removeTask(task uint8) {
	for l := range ls {
		ls[l].remove(task)
	}
}

// governorDerived also asks that a suggestion be announced: a scheduler
// that took it silently passed every check (make mutate -tests seed 35),
// though the trace is the only place a user can see why the lane order
// changed.
func governorDerived(c *Context) bool {
	g := c.governor()
	if kern(c.After).Sched.Governor != g {
		return true
	}
	announced := false
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.GovernorChanged {
			if e.AttrVal != governorName(g) {
				return true
			}
			announced = true
		}
	}
	return c.In.Host == pump.NoHost && c.In.K.Op == kernel.Governor && !announced
}

func streakDerived(c *Context) bool {
	r := c.replayed()
	return r.streakBad || kern(c.After).Sched.Streak != r.streak
}

func lanesDerived(c *Context) bool {
	a := &kern(c.After).Sched
	var members uint16
	for l := sched.Cancel; l <= sched.Ready; l++ {
		got, want := model.LaneEntries(a, l), c.replayedLane(l)
		if len(got) != len(want) {
			return true
		}
		for i := range got {
			if got[i] != want[i] {
				return true
			}
			members |= 1 << (got[i].Task - 1)
		}
	}
	return a.Scheduled != members
}

// replayedLane is lane l of the replay (replayed). Only the replay's
// kinds of event move a lane, so with none of them it is the lane before
// the step, read in place rather than copied.
func (c *Context) replayedLane(l sched.Lane) []sched.Entry {
	if !c.mayHold(replayKinds) {
		return model.LaneEntries(&kern(c.Before).Sched, l)
	}
	return c.replayed().lanes[l].entries()
}

// burst is the drain cycle's step count after the transition: a pump
// turn starts it at 0, each scheduler step adds one.
func (c *Context) burst() uint8 {
	n := c.Before.P.Burst
	if c.In.Host == pump.RunMicrotask || c.In.Host == pump.RunHostTask {
		n = 0
	}
	if !c.mayHold(stepBegins) {
		return n
	}
	return n + uint8(count(c.Events, trace.StepBegin))
}

// stepBegins are the events burst counts.
var stepBegins = kinds(trace.StepBegin)

func burstDerived(c *Context) bool {
	return !c.Scenario.Native && c.After.P.Burst != c.burst()
}

func chanSendersDerived(c *Context) bool {
	b, a, ok := chans(c)
	if !ok {
		return false
	}
	n := int(b.Senders)
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.ChanSenderDropped {
			continue
		}
		n--
		if n < 0 || e.Count != uint8(n) {
			return true
		}
	}
	return int(a.Senders) != n || n != holdingSenders(c)
}

// holdingSenders is sender_count as the scenario makes it: the first
// Senders tasks hold one sender each from the start and drop it when they
// complete (RAII). The folding above only carries the count from step to
// step, so without this a channel made with the wrong count (channel.New,
// before any step) would be carried along unseen.
func holdingSenders(c *Context) int {
	k := kern(c.After)
	n := int(c.Scenario.Kernel.Channel.Senders)
	for t := uint8(1); t <= c.Scenario.Kernel.Channel.Senders; t++ {
		if tk := model.TaskRecord(&k.Cancel, t); tk != nil && tk.Used && tk.Phase == cancel.Completed {
			n--
		}
	}
	return n
}

// activeSet is a wheel's active map as a list of handles.
type activeSet struct {
	n int
	h [wheel.MaxEntries]wheel.Handle
}

func (s *activeSet) remove(id uint64) bool {
	for i := 0; i < s.n; i++ {
		if s.h[i].ID == id {
			s.n--
			s.h[i] = s.h[s.n]
			return true
		}
	}
	return false
}

func (s *activeSet) has(h wheel.Handle) bool {
	for i := 0; i < s.n; i++ {
		if s.h[i] == h {
			return true
		}
	}
	return false
}

func wheelActiveDerived(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok {
		return false
	}
	var s activeSet
	for i, h := range b.Active {
		if b.ActiveUsed&(1<<i) != 0 {
			s.h[s.n] = h
			s.n++
		}
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.WheelRegistered:
			// HashMap::insert overwrites an entry with the same id.
			s.remove(e.ID)
			if s.n == len(s.h) {
				return true
			}
			s.h[s.n] = wheel.Handle{ID: e.ID, Gen: e.Gen}
			s.n++
		case trace.WheelFired, trace.WheelCancelled:
			if !s.remove(e.ID) {
				return true
			}
		}
	}
	n := 0
	for i, h := range a.Active {
		if a.ActiveUsed&(1<<i) == 0 {
			continue
		}
		if !s.has(h) {
			return true
		}
		n++
	}
	return n != s.n
}

// decisionHash is decision_hash as 000 S6 and the scheduler define it:
// DetHasher over (previous hash, seq, task, lane, streak after).
func decisionHash(prev, seq uint64, task uint8, lane sched.Lane, streak uint8) uint64 {
	h := newWitnessHasher()
	h.u64(prev)
	h.u64(seq)
	h.byte(task)
	h.byte(byte(lane))
	h.byte(streak)
	return h.sum()
}

// maskDerived checks each mask event's depth against the depth before
// moved by the step's mask events, and each task's depth after against
// the same: a task with no mask event and an unchanged record keeps its
// depth, so only the others are compared.
func maskDerived(c *Context) bool {
	var delta [kernel.MaxTasks + 1]int
	moved := c.changedTasks()
	for ei := range c.Events {
		e := &c.Events[ei]
		if (e.Kind == trace.MaskEntered || e.Kind == trace.MaskExited) && (e.Task == 0 || e.Task > kernel.MaxTasks) {
			return true
		}
		switch e.Kind {
		case trace.MaskEntered:
			delta[e.Task]++
		case trace.MaskExited:
			delta[e.Task]--
		default:
			continue
		}
		moved |= taskBit(e.Task)
		// The event reports the depth of the task it names, after it.
		d := int(model.TaskRecord(&kern(c.Before).Cancel, e.Task).Mask) + delta[e.Task]
		if e.AttrKey != "mask_depth" || e.AttrVal != strconv.Itoa(d) {
			return true
		}
	}
	for ; moved != 0; moved &= moved - 1 {
		id := uint8(bits.TrailingZeros16(moved)) + 1
		b, a := model.TaskRecord(&kern(c.Before).Cancel, id), model.TaskRecord(&kern(c.After).Cancel, id)
		if int(a.Mask) != int(b.Mask)+delta[id] {
			return true
		}
	}
	return false
}

func timersDerived(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	if c.Scenario.Kernel.Wheel {
		return false
	}
	var live [kernel.MaxTimers + 1]bool
	for i := range b.Timers {
		live[i+1] = b.Timers[i].Used && b.Timers[i].Live
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Timer == 0 || e.Timer > kernel.MaxTimers {
			continue
		}
		switch e.Kind {
		case trace.TimerRegistered:
			tm := &a.Timers[e.Timer-1]
			if live[e.Timer] || tm.Task != e.Task || uint64(tm.Deadline) != e.Deadline {
				return true
			}
			live[e.Timer] = true
		case trace.TimerCancelled, trace.TimerFired:
			live[e.Timer] = false
		}
	}
	for i := range a.Timers {
		if live[i+1] != (a.Timers[i].Used && a.Timers[i].Live) {
			return true
		}
	}
	return false
}

func chanQueueDerived(c *Context) bool {
	b, a, ok := chans(c)
	if !ok {
		return false
	}
	var q [len(b.Queue)]uint32
	n := 0
	for _, m := range b.Queue[:b.Len] {
		q[n] = m.Seq
		n++
	}
	take := func(seq uint32) bool {
		for i := 0; i < n; i++ {
			if q[i] == seq {
				copy(q[i:n], q[i+1:n])
				n--
				return true
			}
		}
		return false
	}
	// closing: the receiver closed earlier in the step, which drops the
	// queued messages (004 1.10 Receiver Drop, step 2). Nothing else
	// takes a queued message but a receive or an eviction: the last
	// sender's drop leaves them to be drained (Drain-After-Sender-Drop).
	closing := false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.ChanReceiverClosed:
			closing = true
		case trace.ChanSent:
			// Sequence numbers grow with each send: a queued message
			// never shares one with an older one.
			if n == len(q) || e.Msg == 0 || (n > 0 && e.Msg <= q[n-1]) {
				return true
			}
			q[n] = e.Msg
			n++
		case trace.ChanReceived, trace.ChanEvicted:
			if !take(e.Msg) {
				return true
			}
		case trace.ChanMessageDropped:
			// A send after the receiver closed drops a message that was
			// never queued; a queued one is dropped only by the close.
			if take(e.Msg) && !closing {
				return true
			}
		}
	}
	if int(a.Len) != n {
		return true
	}
	for i := 0; i < n; i++ {
		if a.Queue[i].Seq != q[i] {
			return true
		}
	}
	return false
}

// clockDerived keeps the timer checks' reading of now honest: only an
// advance input moves the clock, by its step, and that step announces the
// new time with exactly one time_advanced (the trace must say why timers
// fired), which no other step emits.
func clockDerived(c *Context) bool {
	now := kern(c.Before).Now
	advance := c.In.Host == pump.TimerTurn || (c.In.Host == pump.NoHost && c.In.K.Op == kernel.Advance)
	if advance {
		now += c.In.K.N
	}
	if kern(c.After).Now != now {
		return true
	}
	announced := false
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.TimeAdvanced {
			if announced || e.Deadline != uint64(now) {
				return true
			}
			announced = true
		}
	}
	return announced != advance
}

// governorName is a governor suggestion's name in the trace (004 3.1), by
// the checker's own table rather than sched.Governor.String.
func governorName(g sched.Governor) string {
	switch g {
	case sched.NoPreference:
		return "NoPreference"
	case sched.MeetDeadlines:
		return "MeetDeadlines"
	case sched.DrainObligations:
		return "DrainObligations"
	case sched.DrainRegions:
		return "DrainRegions"
	}
	return ""
}
