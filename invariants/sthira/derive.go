package sthira

import (
	"math/bits"

	sm "modelcheck/model/sthira"
	rt "modelcheck/runtime/sthira"
)

// Checker checks transitions of one scenario against the invariants
// switched on. It holds no scratch memory, so forks share nothing.
type Checker struct {
	cfg rt.Config
	on  uint32
}

// NewChecker checks a scenario's transitions, restricted to the named
// invariants if any.
func NewChecker(cfg rt.Config, only []string) (*Checker, error) {
	on, err := selection(only)
	if err != nil {
		return nil, err
	}
	return &Checker{cfg: cfg, on: on}, nil
}

// first turns a set of broken invariants into the model's answer: 0, or 1
// plus the position of the first one switched on.
func (c *Checker) first(bad uint32) int {
	bad &= c.on
	if bad == 0 {
		return 0
	}
	return bits.TrailingZeros32(bad) + 1
}

// CheckInit: the scheduler starts empty; anything else is state no event
// explains.
func (c *Checker) CheckInit(s *rt.State) int {
	if *s != (rt.State{}) {
		return c.first(1 << iObservable)
	}
	return 0
}

// Refused: the runtime refused (or panicked on) an input the model
// offered, which no transition of the contract does.
func (c *Checker) Refused(*rt.State, rt.Input) int { return c.first(1 << iAccepted) }

// Stuck: with nothing enabled, a queued task would wait forever although
// nothing holds a slot it waits for.
func (c *Checker) Stuck(s *rt.State) int {
	if queued(s) > 0 {
		return c.first(1 << iWorkConservation)
	}
	return 0
}

// step is one transition being derived: the shadow scheduler (a State the
// checker writes itself, starting from the state before) and what the
// events so far have left open.
type step struct {
	cfg *rt.Config
	in  rt.Input
	// sh is the shadow: what the state must be once the events are applied.
	sh rt.State
	// arrival is the task a submission or retry attached and has not yet
	// queued, started, rejected or dropped; 0 if none.
	arrival uint8
	// Per-task marks, bit id-1: activated awaiting TASK_RUNNING, dropped
	// awaiting TASK_FAILED, failed awaiting disposal, told
	// CONCURRENCY_LIMIT_REACHED, dropped in this step.
	activated, dropped, failed, limited, gone uint8
	// retried is whether a retry's new task was declared (§9: a retry
	// creates one, so a retry input without it was dropped silently).
	retried bool
	// bad collects the invariants broken, bit i for position i.
	bad uint32
}

func bit(id uint8) uint8 { return 1 << (id - 1) }

// queued is how many tasks a state's queues hold, summed here rather than
// by the runtime's QueuedCount, which the runtime's own overflow test
// trusts: a bug in it would move the queue-limit checks along with it.
func queued(s *rt.State) int {
	n := 0
	for i := range s.Queues {
		n += int(s.Queues[i].Len)
	}
	return n
}

// Check derives the transition before -(in)-> after from before, in and
// events, judging each event by the rules, and compares after with the
// derivation.
func (c *Checker) Check(before *rt.State, in rt.Input, after *rt.State, events []rt.Event) int {
	st := step{cfg: &c.cfg, in: in, sh: *before}
	st.input(before)
	for _, e := range events {
		if e.Task == 0 || e.Task > rt.MaxTasks {
			st.bad |= 1 << iLifecycle
			continue
		}
		st.event(e)
	}
	st.close(before, after)
	if !answered(in, events) {
		st.bad |= 1 << iAccepted
	}
	return c.first(st.bad)
}

// answered reports whether the events answer the input as contract 003
// says its operation does: a declaration with TASK_DECLARED, a completion
// with TASK_DISPOSING, a suspension with TASK_SUSPENDED, a resumption with
// TASK_RUNNING and a cancel with TASK_DROPPED for the reason cancelled,
// each naming the input's task. The other inputs answer in the events the
// shadow derives. Session 20 made the scheduler ignore one operation at a
// time (no change, no event): these five explored clean, since a shadow
// that applies what the events say agrees with a step that says nothing.
func answered(in rt.Input, events []rt.Event) bool {
	var want rt.Kind
	switch in.Op {
	case rt.Declare:
		want = rt.TaskDeclared
	case rt.Complete:
		want = rt.TaskDisposing
	case rt.Suspend:
		want = rt.TaskSuspended
	case rt.Resume:
		want = rt.TaskRunning
	case rt.Cancel:
		want = rt.TaskDropped
	default:
		return true
	}
	for _, e := range events {
		if e.Kind == want && e.Task == in.Task && (want != rt.TaskDropped || e.Reason == rt.Cancelled) {
			return true
		}
	}
	return false
}

// input applies what the input itself does before any event: a
// submission attaches its task, a tick ages every queued task.
func (st *step) input(before *rt.State) {
	switch st.in.Op {
	case rt.Submit:
		sm.TaskRecord(&st.sh, st.in.Task).Phase = rt.Attached
		st.arrival = st.in.Task
	case rt.Tick:
		for _, p := range rt.Priorities {
			f := &st.sh.Queues[p-1]
			for _, id := range f.Items[:f.Len] {
				t := sm.TaskRecord(&st.sh, id)
				t.Waited = min(t.Waited+1, waitCap)
				if st.holdersAbove(t.Prio) != 0 {
					t.Starved = min(t.Starved+1, waitCap)
				}
			}
		}
	}
}

// holdersAbove is the set of shadow tasks above priority p holding a slot.
func (st *step) holdersAbove(p rt.Priority) uint8 {
	var set uint8
	for i := range st.sh.Tasks {
		if t := &st.sh.Tasks[i]; running(t.Phase) && above(t.Prio, p) {
			set |= 1 << i
		}
	}
	return set
}

// running reports whether a task in phase p is executing with its
// reservation (§5): RUNNING or SUSPENDED, which keeps its slot. The
// checker spells it out rather than call the runtime's Phase.HoldsSlot,
// which the runtime's own "blocked by" reads: a bug there must not move
// the checks along with it.
func running(p rt.Phase) bool { return p == rt.Running || p == rt.Suspended }

// held counts the shadow's slots held, globally and in scope: a task
// holds its slot from its TASK_ACTIVATED until its TASK_DISPOSED (where
// the shadow's own count drops too), DISPOSING included. Session 22's
// reorder pass moved TASK_DISPOSED past the activation the freed slot
// allowed, unseen while this count let a DISPOSING task's slot go.
func (st *step) held(scope uint8) (global, inScope uint8) {
	for i := range st.sh.Tasks {
		if t := &st.sh.Tasks[i]; running(t.Phase) || t.Phase == rt.Disposing {
			global++
			if t.Scope == scope {
				inScope++
			}
		}
	}
	return global, inScope
}

// authorized: §6, from the shadow's own count of slots held.
func (st *step) authorized(scope uint8) bool {
	g, s := st.held(scope)
	l := st.cfg.ScopeLimit[scope]
	return g < st.cfg.Limit && (l == 0 || s < l)
}

// queued finds id in the shadow queues.
func (st *step) queued(id uint8) (rt.Priority, int, bool) { return sm.QueuedAt(&st.sh, id) }

// remove takes id out of its shadow queue, if it is in one.
func (st *step) remove(id uint8) {
	p, pos, ok := st.queued(id)
	if !ok {
		return
	}
	f := &st.sh.Queues[p-1]
	copy(f.Items[pos:f.Len], f.Items[pos+1:f.Len])
	f.Len--
	f.Items[f.Len] = 0
}

// attachedUnqueued reports whether id is the arrival being decided.
func (st *step) attachedUnqueued(id uint8) bool {
	_, _, q := st.queued(id)
	return sm.TaskRecord(&st.sh, id).Phase == rt.Attached && !q
}

// event applies one event to the shadow, judging it first.
func (st *step) event(e rt.Event) {
	id := e.Task
	t := sm.TaskRecord(&st.sh, id)
	in := st.in
	switch e.Kind {
	case rt.TaskDeclared:
		st.declared(e)
	case rt.ConcurrencyLimitReached:
		if !st.attachedUnqueued(id) {
			st.bad |= 1 << iLifecycle
			return
		}
		g, _ := st.held(t.Scope)
		want := t.Scope + 1
		if g >= st.cfg.Limit {
			want = globalLimit
		}
		if st.authorized(t.Scope) || e.Limit != want {
			st.bad |= 1 << iDiagnostics
		}
		// One arrival meets the limit once: session 22's pass that
		// reported every event of one kind twice left this kind unseen,
		// as st.limited is a set.
		if st.limited&bit(id) != 0 {
			st.bad |= 1 << iLifecycle
		}
		st.limited |= bit(id)
	case rt.TaskQueued:
		st.queuedEvent(e)
	case rt.TaskActivated:
		st.activatedEvent(e)
	case rt.TaskRunning:
		switch {
		case st.activated&bit(id) != 0:
			st.activated &^= bit(id)
		case t.Phase == rt.Suspended && in.Op == rt.Resume && in.Task == id:
			t.Phase = rt.Running
		default:
			st.bad |= 1 << iLifecycle
		}
	case rt.TaskSuspended:
		if t.Phase != rt.Running || st.activated&bit(id) != 0 || in.Op != rt.Suspend || in.Task != id {
			st.bad |= 1 << iLifecycle
			return
		}
		t.Phase = rt.Suspended
	case rt.TaskDropped:
		st.droppedEvent(e)
	case rt.TaskFailed:
		st.failedEvent(e)
	case rt.TaskDisposing:
		switch {
		case t.Phase == rt.Running && in.Op == rt.Complete && in.Task == id && st.activated&bit(id) == 0:
			if e.Outcome != in.Outcome {
				st.bad |= 1 << iObservable
			}
			if (in.Outcome == rt.Error) != (st.failed&bit(id) != 0) {
				// An ERROR completion surfaces its error first.
				st.bad |= 1 << iNoSilentDrop
			}
			t.Phase, t.Outcome = rt.Disposing, in.Outcome
			st.failed &^= bit(id)
		case running(t.Phase):
			st.bad |= 1 << iNoPreemption
		default:
			st.bad |= 1 << iLifecycle
		}
	case rt.TaskDisposed:
		st.disposedEvent(e)
	default:
		st.bad |= 1 << iLifecycle
	}
}

// declared: a declaration by the environment, or §9's new task for a
// retry.
func (st *step) declared(e rt.Event) {
	id, in := e.Task, st.in
	t := sm.TaskRecord(&st.sh, id)
	switch {
	case in.Op == rt.Declare && id == in.Task && e.Other == 0 &&
		(t.Phase == rt.Unused || t.Phase == rt.Disposed && st.cfg.Recycle):
		if e.Prio != in.Prio || e.Scope != in.Scope {
			st.bad |= 1 << iNoReprioritization
		}
		*t = rt.Task{Phase: rt.Init, Prio: in.Prio, Scope: in.Scope, RefValid: true}
	case e.Other != 0 && e.Other <= rt.MaxTasks && st.arrival == 0:
		// A retry: only the one asked for, of a task that failed with
		// ERROR (drops are never retried, §8), once.
		old := sm.TaskRecord(&st.sh, e.Other)
		if in.Op != rt.Retry || e.Other != in.Task || old.Outcome != rt.Error || old.Reason != rt.NotDropped ||
			id == e.Other || id != st.firstNeverUsed() ||
			e.Prio != old.Prio || e.Scope != old.Scope || old.Phase != rt.Disposed || old.Retried {
			st.bad |= 1 << iRetry
		}
		old.Retried = true
		*t = rt.Task{Phase: rt.Attached, Prio: e.Prio, Scope: e.Scope, RefValid: true, RetryOf: e.Other}
		st.arrival = id
		st.retried = true
	default:
		st.bad |= 1 << iLifecycle
	}
}

// firstNeverUsed is the slot a retry's new task takes: the first after
// the scenario's tasks that no task was ever declared in (§9 "previous
// task state is not reused": a never-used slot is a new ref), as the
// runtime documents its choice; 0 if none. Session 45's audit found any
// never-used slot accepted, so a retry into the last one passed.
func (st *step) firstNeverUsed() uint8 {
	for i := int(st.cfg.Tasks); i < rt.MaxTasks; i++ {
		if st.sh.Tasks[i].Phase == rt.Unused {
			return uint8(i + 1)
		}
	}
	return 0
}

// queuedEvent: §6 "excess tasks remain queued", into the queue of the
// task's priority (§4), only when it may not start, and within the
// queue limit.
func (st *step) queuedEvent(e rt.Event) {
	id := e.Task
	t := sm.TaskRecord(&st.sh, id)
	if running(t.Phase) {
		// Its slot taken (§3): judge what follows on what happened.
		st.bad |= 1 << iNoPreemption
		t.Phase = rt.Attached
		st.sh.Active--
		st.sh.ScopeActive[t.Scope]--
		st.push(id)
		return
	}
	if !st.attachedUnqueued(id) || id != st.arrival {
		st.bad |= 1 << iLifecycle
		return
	}
	if e.Prio != t.Prio {
		st.bad |= 1 << iNoReprioritization
	}
	if st.authorized(t.Scope) {
		st.bad |= 1 << iWorkConservation
	}
	if st.cfg.Reject || st.cfg.QueueLimit != 0 && queued(&st.sh) >= int(st.cfg.QueueLimit) {
		st.bad |= 1 << iDropPolicy
	}
	if st.limited&bit(id) == 0 {
		st.bad |= 1 << iDiagnostics
	}
	st.push(id)
	st.arrival = 0
}

// push queues id at the tail of its priority's shadow queue, its wait
// signals starting afresh (§10).
func (st *step) push(id uint8) {
	t := sm.TaskRecord(&st.sh, id)
	f := &st.sh.Queues[t.Prio-1]
	f.Items[f.Len] = id
	f.Len++
	t.Waited, t.Starved, t.BlockedBy = 0, 0, st.holdersAbove(t.Prio)
}

// activatedEvent: §5's choice under §6's limits.
func (st *step) activatedEvent(e rt.Event) {
	id := e.Task
	t := sm.TaskRecord(&st.sh, id)
	if t.Phase != rt.Attached {
		st.bad |= 1 << iLifecycle
		return
	}
	if e.Prio != t.Prio {
		st.bad |= 1 << iNoReprioritization
	}
	if e.Scope != t.Scope {
		st.bad |= 1 << iObservable
	}
	// The activation takes one slot, globally and in its scope, so the
	// limits hold after it exactly when a slot was free before it.
	if !st.authorized(t.Scope) {
		st.bad |= 1 << iLimit
	}
	p, pos, isQueued := st.queued(id)
	if isQueued && p != t.Prio {
		st.bad |= 1 << iNoReprioritization
	}
	if !isQueued && id != st.arrival {
		st.bad |= 1 << iLifecycle
	}
	// Nothing authorized may come before it: a higher queue, or its own
	// queue ahead of it; a task starting at submission comes after every
	// queued task of its priority.
	for _, q := range rt.Priorities {
		f := &st.sh.Queues[q-1]
		for i, other := range f.Items[:f.Len] {
			ahead := above(q, t.Prio) || q == t.Prio && (!isQueued || i < pos)
			if ahead && st.authorized(sm.TaskRecord(&st.sh, other).Scope) {
				st.bad |= 1 << iActivationOrder
			}
		}
	}
	if !isQueued && st.cfg.Reject && st.limited&bit(id) != 0 {
		st.bad |= 1 << iDropPolicy
	}
	st.remove(id)
	if id == st.arrival {
		st.arrival = 0
	}
	t.Phase = rt.Running
	st.sh.Active++
	st.sh.ScopeActive[t.Scope]++
	for i := range st.sh.Tasks {
		if q := &st.sh.Tasks[i]; q.Phase == rt.Attached && above(t.Prio, q.Prio) {
			if _, _, ok := st.queued(uint8(i + 1)); ok {
				q.BlockedBy |= bit(id)
			}
		}
	}
	st.activated |= bit(id)
}

// droppedEvent: §8, judged by its reason.
func (st *step) droppedEvent(e rt.Event) {
	id, in := e.Task, st.in
	t := sm.TaskRecord(&st.sh, id)
	if running(t.Phase) {
		st.bad |= 1 << iNoPreemption
		return
	}
	if t.Phase != rt.Attached {
		st.bad |= 1 << iLifecycle
		return
	}
	p, pos, isQueued := st.queued(id)
	fair := false
	switch e.Reason {
	case rt.Cancelled:
		fair = in.Op == rt.Cancel && in.Task == id && isQueued && e.Other == 0
	case rt.MaxWait:
		fair = in.Op == rt.Tick && isQueued && st.cfg.MaxWait != 0 && t.Waited > st.cfg.MaxWait && e.Other == 0 &&
			id == st.firstTimedOut()
	case rt.QueueFull, rt.Preempted:
		// §6 "excess tasks remain queued": an overflow is only of an
		// arrival that may not start, as its CONCURRENCY_LIMIT_REACHED
		// said, meeting full queues.
		full := st.arrival != 0 && st.cfg.QueueLimit != 0 && queued(&st.sh) >= int(st.cfg.QueueLimit) &&
			!st.authorized(sm.TaskRecord(&st.sh, st.arrival).Scope) && st.limited&bit(st.arrival) != 0
		victim := st.overflowVictim()
		if e.Reason == rt.QueueFull {
			fair = full && victim == 0 && id == st.arrival && e.Other == 0
		} else {
			fair = full && isQueued && id == victim && e.Other == st.arrival && pos == int(st.sh.Queues[p-1].Len)-1
		}
	}
	if !fair {
		st.bad |= 1 << iDropPolicy
	}
	st.remove(id)
	if id == st.arrival {
		st.arrival = 0
	}
	t.Phase, t.Reason, t.Outcome, t.RefValid = rt.Disposed, e.Reason, dropOutcome(e.Reason), false
	st.dropped |= bit(id)
	st.gone |= bit(id)
}

// firstTimedOut is the queued shadow task a tick's next max-wait drop
// must name: the first whose wait exceeds the max wait, in activation
// order (Q_HIGH, Q_NORMAL, Q_LOW; §5) and FIFO within a queue (§4); 0 if
// none. §8 orders no drops; this is the order the runtime documents (its
// tick visits the queues as the activation loop does), the fixture
// testdata/sthira/sthira.s8_drop_policy.txt shows (t3, t5 of Q_HIGH, then
// t4, then t2 in one tick), and the order every check reads queues in. A tick that
// visited the queues LOW first, or a queue from its tail, passed every
// check before session 45.
func (st *step) firstTimedOut() uint8 {
	for _, p := range rt.Priorities {
		f := &st.sh.Queues[p-1]
		for _, id := range f.Items[:f.Len] {
			if sm.TaskRecord(&st.sh, id).Waited > st.cfg.MaxWait {
				return id
			}
		}
	}
	return 0
}

// overflowVictim is the task the documented overflow choice drops when
// the arrival finds the queues full: the newest of the lowest-priority
// non-empty queue below the arrival's priority; 0 for the arrival itself.
func (st *step) overflowVictim() uint8 {
	a := sm.TaskRecord(&st.sh, st.arrival).Prio
	for q := rt.Low; above(a, q); q-- {
		if f := &st.sh.Queues[q-1]; f.Len > 0 {
			return f.Items[f.Len-1]
		}
	}
	return 0
}

// failedEvent: the surfaced error of a drop, a rejection or an ERROR
// completion.
func (st *step) failedEvent(e rt.Event) {
	id, in := e.Task, st.in
	t := sm.TaskRecord(&st.sh, id)
	switch {
	case st.dropped&bit(id) != 0:
		if e.Outcome != t.Outcome {
			st.bad |= 1 << iNoSilentDrop
		}
		st.dropped &^= bit(id)
	case st.attachedUnqueued(id) && id == st.arrival:
		// A rejection (§6 policy reject): only over the limit.
		if !st.cfg.Reject || st.authorized(t.Scope) || st.limited&bit(id) == 0 {
			st.bad |= 1 << iDropPolicy
		}
		if e.Outcome != rt.Rejected {
			st.bad |= 1 << iNoSilentDrop
		}
		t.Phase, t.Outcome, t.RefValid = rt.Disposed, rt.Rejected, false
		st.arrival = 0
		st.gone |= bit(id)
	case t.Phase == rt.Running && in.Op == rt.Complete && in.Task == id && in.Outcome == rt.Error && st.failed&bit(id) == 0:
		// An ERROR completion surfaces its error once.
		if e.Outcome != rt.Error {
			st.bad |= 1 << iNoSilentDrop
		}
	default:
		st.bad |= 1 << iLifecycle
		return
	}
	st.failed |= bit(id)
}

// disposedEvent ends a completion (slot released, ref invalidated) or a
// drop or rejection, which must have surfaced its error first.
func (st *step) disposedEvent(e rt.Event) {
	id := e.Task
	t := sm.TaskRecord(&st.sh, id)
	switch {
	case t.Phase == rt.Disposing:
		if e.Outcome != t.Outcome {
			st.bad |= 1 << iObservable
		}
		t.Phase, t.RefValid = rt.Disposed, false
		st.sh.Active--
		st.sh.ScopeActive[t.Scope]--
	case t.Phase == rt.Disposed && st.gone&bit(id) != 0 && st.dropped&bit(id) == 0 && st.failed&bit(id) != 0:
		if e.Outcome != t.Outcome {
			st.bad |= 1 << iNoSilentDrop
		}
		st.failed &^= bit(id)
		st.gone &^= bit(id)
	default:
		st.bad |= 1 << iLifecycle
	}
}

// close checks what must hold once every event is applied, then compares
// the runtime's state after with the shadow.
func (st *step) close(before, after *rt.State) {
	if st.activated != 0 || st.failed != 0 {
		st.bad |= 1 << iLifecycle
	}
	// A drop or rejection without its surfaced error, or without
	// TASK_DISPOSED: gone is cleared only by a TASK_DISPOSED that follows
	// the error (a drop's marks are set together, dropped cleared first).
	if st.gone != 0 {
		st.bad |= 1 << iNoSilentDrop
	}
	if st.arrival != 0 {
		// Attached, and neither started, queued, rejected nor dropped.
		st.bad |= 1 << iNoSilentDrop
	}
	if st.in.Op == rt.Retry && !st.retried {
		// §9: "Retry creates a new task"; the model offers a retry only
		// where one may be made, so the scheduler took it and made none.
		st.bad |= 1 << iRetry
	}
	sh := &st.sh
	var spelling [taskSetMaxLen]byte
	// §3: a slot is lost only by the completion of its holder.
	for i := range before.Tasks {
		id := uint8(i + 1)
		if running(before.Tasks[i].Phase) && !(st.in.Op == rt.Complete && st.in.Task == id) && !running(after.Tasks[i].Phase) {
			st.bad |= 1 << iNoPreemption
		}
	}
	for _, p := range rt.Priorities {
		f := &sh.Queues[p-1]
		for pos, id := range f.Items[:f.Len] {
			t := sm.TaskRecord(sh, id)
			// §6: nothing authorized waits.
			if st.authorized(t.Scope) {
				st.bad |= 1 << iWorkConservation
			}
			// §8: still queued, or its leaving had events.
			ap, apos, ok := sm.QueuedAt(after, id)
			if !ok || sm.TaskRecord(after, id).Phase != rt.Attached {
				st.bad |= 1 << iNoSilentDrop
				continue
			}
			if st.cfg.MaxWait != 0 && t.Waited > st.cfg.MaxWait {
				st.bad |= 1 << iDropPolicy
			}
			// §10: the signals DevTools shows.
			d, answered := diagnose(after, st.cfg, id)
			g, _ := st.held(t.Scope)
			why := rt.WaitScopeLimit
			if g >= st.cfg.Limit {
				why = rt.WaitGlobalLimit
			}
			if !answered || ap != p || apos != pos || d.Queue != p || d.Position != pos || d.Why != why ||
				d.WhyShown != whyShown(why) ||
				d.Waited != t.Waited || d.Starved != t.Starved || d.BlockedBy != t.BlockedBy ||
				!spelledAs(rt.AppendTaskSet(spelling[:0], d.BlockedBy), t.BlockedBy) {
				st.bad |= 1 << iDiagnostics
			}
		}
	}
	// §10 "why a task is waiting": a task in no queue is not waiting.
	for i := range sh.Tasks {
		id := uint8(i + 1)
		if _, _, q := sm.QueuedAt(sh, id); !q {
			if d, answered := diagnose(after, st.cfg, id); !answered || d != (rt.Diagnosis{}) {
				st.bad |= 1 << iDiagnostics
			}
		}
	}
	// §10 "queue lengths": the signal counts the shadow's queues.
	if l, answered := queueLengths(after, st.cfg); !answered || l != [3]int{int(sh.Queues[0].Len), int(sh.Queues[1].Len), int(sh.Queues[2].Len)} {
		st.bad |= 1 << iDiagnostics
	}
	if st.cfg.QueueLimit != 0 && queued(sh) > int(st.cfg.QueueLimit) {
		st.bad |= 1 << iDropPolicy
	}
	for i := range after.Tasks {
		a, want := &after.Tasks[i], &sh.Tasks[i]
		// §7: the priority a task was declared with, in its queue.
		if a.Prio != want.Prio {
			st.bad |= 1 << iNoReprioritization
		}
		// §8: a disposed task's ref is invalid.
		if want.Phase == rt.Disposed && a.RefValid && before.Tasks[i].Phase != rt.Disposed {
			st.bad |= 1 << iNoSilentDrop
		}
	}
	for _, p := range rt.Priorities {
		f := &after.Queues[p-1]
		for _, id := range f.Items[:min(f.Len, rt.MaxTasks)] {
			if id == 0 || id > rt.MaxTasks || sm.TaskRecord(after, id).Prio != p {
				st.bad |= 1 << iNoReprioritization
			}
		}
	}
	if *after != *sh {
		st.bad |= 1 << iObservable
	}
}

// taskSetMaxLen is the longest spelling of a set of tasks: "{t1,...,t6}".
const taskSetMaxLen = 2 + 3*rt.MaxTasks

// spelledAs: §10 "what higher-priority tasks block it" as DevTools shows
// it. The runtime's spelling got must name exactly the tasks of set, in
// slot order, as {t1,t3} ({} for none): the checker's own spelling, so
// that a display naming the wrong tasks is caught even when the set it
// was given is right.
func spelledAs(got []byte, set uint8) bool {
	var buf [taskSetMaxLen]byte
	want := append(buf[:0], '{')
	for k := range uint8(rt.MaxTasks) {
		if set&(1<<k) == 0 {
			continue
		}
		if len(want) > 1 {
			want = append(want, ',')
		}
		want = append(want, 't', '1'+k)
	}
	return string(append(want, '}')) == string(got)
}

// diagnose and queueLengths ask the runtime for its §10 signals
// (State.Diagnose, State.QueueLengths), which are runtime code under
// check like Step, on a copy of the state. A panic in one is the runtime
// failing to answer (answered false, a diagnostics violation), not a
// crash of the tool: session 16's exhaustive run of runtime/sthira
// crashed the tool through Diagnose with a bug in State.Queued. So is a
// signal that writes the state: §10's signals are read-only, and asked
// on the successor itself, a write there could mend a bug of the step
// before the state is compared with the shadow (session 18's audit
// planted one that did).
func diagnose(s *rt.State, cfg *rt.Config, id uint8) (d rt.Diagnosis, answered bool) {
	defer func() {
		if recover() != nil {
			answered = false
		}
	}()
	probe := *s
	return probe.Diagnose(cfg, id), probe == *s
}

func queueLengths(s *rt.State, cfg *rt.Config) (l [3]int, answered bool) {
	defer func() {
		if recover() != nil {
			answered = false
		}
	}()
	probe := *s
	return probe.QueueLengths(cfg), probe == *s
}

// above is §3's priority order, HIGH over NORMAL over LOW, as the checker
// reads it, not the runtime's Priority.Above: a bug in that would
// otherwise move the expectations of every check that ranks tasks with
// it (preemption's victim, activation order, blocked-by sets).
func above(p, q rt.Priority) bool {
	return priorityRank(q) > 0 && priorityRank(p) > priorityRank(q)
}

// priorityRank ranks §3's priorities, higher first; 0 for none.
func priorityRank(p rt.Priority) int {
	switch p {
	case rt.High:
		return 3
	case rt.Normal:
		return 2
	case rt.Low:
		return 1
	}
	return 0
}

// whyShown is §10's "why a task is waiting" as DevTools displays it, in
// the checker's own words rather than the runtime's WaitReason.String:
// session 45's audit removed its scope_limit case, and a scope-limit wait
// showed as "not_waiting" while the compared value was right.
func whyShown(w rt.WaitReason) string {
	switch w {
	case rt.WaitGlobalLimit:
		return "global_limit"
	case rt.WaitScopeLimit:
		return "scope_limit"
	}
	return ""
}

// waitCap is where the wait and starvation counters saturate, the
// checker's own copy of the runtime's documented 7 (README, package doc
// of runtime/sthira): read from rt.WaitCap, a runtime that saturated
// early moved the checker's counters with it (session 45's audit).
const waitCap = 7

// globalLimit is CONCURRENCY_LIMIT_REACHED's number for the global
// maxConcurrentTasks (scope s(k) is k), the checker's own rather than the
// runtime's rt.GlobalLimit, for the same reason: a GlobalLimit of 1 made
// the global limit and s1's one number, and the check agreed.
const globalLimit = 0

// dropOutcome is the outcome a drop surfaces by its reason, as the
// semantics notes name them (max wait TIMEOUT, cancel ABORTED, an
// overflow REJECTED), not as the runtime's DropReason.Outcome says.
func dropOutcome(r rt.DropReason) rt.Outcome {
	switch r {
	case rt.MaxWait:
		return rt.Timeout
	case rt.Cancelled:
		return rt.Aborted
	case rt.QueueFull, rt.Preempted:
		return rt.Rejected
	}
	return rt.NoOutcome
}
