package sthira

import "fmt"

// New is the initial scheduler: every slot unused, the queues empty.
func New() State { return State{} }

// Step is the pure transition: the successor of s under in and the events
// it emitted. It allocates; the explorer calls Apply with a reused log.
func Step(cfg *Config, s State, in Input) (State, []Event, error) {
	var log Log
	err := s.Apply(cfg, in, &log)
	return s, log.Events, err
}

// Apply applies in to s, appending its events to log. An input the
// scheduler cannot take there (a task in the wrong phase, an unknown
// slot) is an error and leaves s as it was.
func (s *State) Apply(cfg *Config, in Input, log *Log) error {
	if in.Op != Tick && (in.Task == 0 || in.Task > MaxTasks) {
		return fmt.Errorf("%s: no task slot t%d", in, in.Task)
	}
	switch in.Op {
	case Declare:
		return s.declare(cfg, in, log)
	case Submit:
		return s.submit(cfg, in.Task, log)
	case Complete:
		return s.complete(cfg, in, log)
	case Suspend:
		return s.suspend(cfg, in.Task, log)
	case Resume:
		return s.resume(in.Task, log)
	case Cancel:
		return s.cancel(cfg, in.Task, log)
	case Tick:
		s.tick(cfg, log)
		return nil
	case Retry:
		return s.retry(cfg, in.Task, log)
	}
	return fmt.Errorf("unknown input %v", in)
}

// declare creates a task in a slot: §3 "priority is assigned at task
// creation". A disposed slot may take a new task only under Recycle.
func (s *State) declare(cfg *Config, in Input, log *Log) error {
	t := s.Task(in.Task)
	if !(t.Phase == Unused || t.Phase == Disposed && cfg.Recycle) || in.Task > cfg.Tasks {
		return fmt.Errorf("%s: slot t%d cannot take a new task (%s)", in, in.Task, t.Phase)
	}
	if in.Prio < High || in.Prio > Low || in.Scope >= MaxScopes {
		return fmt.Errorf("%s: bad priority or scope", in)
	}
	if cfg.Faults.Has(RecycleKeepsRecord) {
		// Fault RecycleKeepsRecord resets only what a new task starts
		// with, keeping the old task's Reason, Retried and RetryOf.
		t.Phase, t.Prio, t.Scope, t.RefValid, t.Outcome = Init, in.Prio, in.Scope, true, NoOutcome
		t.Waited, t.Starved, t.BlockedBy = 0, 0, 0
	} else {
		*t = Task{Phase: Init, Prio: in.Prio, Scope: in.Scope, RefValid: true}
	}
	log.emit(Event{Kind: TaskDeclared, Task: in.Task, Prio: in.Prio, Scope: in.Scope})
	return nil
}

// submit attaches a declared task and decides at once: start, queue or
// reject.
func (s *State) submit(cfg *Config, id uint8, log *Log) error {
	t := s.Task(id)
	if t.Phase != Init {
		return fmt.Errorf("submit t%d: task is %s, not INIT", id, t.Phase)
	}
	t.Phase = Attached
	s.admit(cfg, id, log)
	return nil
}

// admit decides for an attached task that is in no queue. §6 Concurrency
// Limits: an authorized task starts; one that is not is queued ("excess
// tasks remain queued") or, under the reject policy, rejected.
func (s *State) admit(cfg *Config, id uint8, log *Log) {
	t := s.Task(id)
	if s.authorized(cfg, t.Scope) {
		s.activate(id, log)
		return
	}
	log.emit(Event{Kind: ConcurrencyLimitReached, Task: id, Limit: s.limitReached(cfg, t.Scope)})
	// Fault LimitReportedTwice reports the limit twice.
	if cfg.Faults.Has(LimitReportedTwice) {
		log.emit(log.Events[len(log.Events)-1])
	}
	if cfg.Faults.Has(PreemptRunning) {
		// §3 forbids this: take the slot of a running lower-priority task.
		for i := range s.Tasks {
			if v := &s.Tasks[i]; v.Phase == Running && t.Prio.Above(v.Prio) {
				s.release(uint8(i + 1))
				v.Phase = Attached
				s.Queues[v.Prio-1].push(uint8(i + 1))
				log.emit(Event{Kind: TaskQueued, Task: uint8(i + 1), Prio: v.Prio})
				s.activate(id, log)
				return
			}
		}
	}
	if cfg.Reject {
		t.Phase, t.Outcome, t.RefValid = Disposed, Rejected, false
		log.emit(Event{Kind: TaskFailed, Task: id, Outcome: Rejected})
		log.emit(Event{Kind: TaskDisposed, Task: id, Outcome: Rejected})
		return
	}
	if cfg.QueueLimit != 0 && s.QueuedCount(cfg) >= int(cfg.QueueLimit) && !s.overflow(cfg, id, log) {
		return
	}
	s.enqueue(cfg, id, log)
}

// overflow handles an arrival that finds the queues at their limit (§8
// "queue size exceeds policy limit", §3 "may preempt lower-priority
// pending tasks"): if a strictly lower-priority task is queued, the newest
// task of the lowest-priority non-empty queue is dropped (preempted) and
// the arrival may be queued; otherwise the arrival is dropped (queue_full)
// and the tasks already waiting keep their place. It reports whether the
// arrival may be queued.
func (s *State) overflow(cfg *Config, id uint8, log *Log) bool {
	p := s.Task(id).Prio
	for q := Low; p.Above(q); q-- {
		if f := &s.Queues[q-1]; f.Len > 0 {
			victim := f.Items[f.Len-1]
			f.remove(cfg, int(f.Len-1))
			s.drop(cfg, victim, Preempted, id, log)
			return true
		}
	}
	if cfg.Faults.Has(OverflowDropsOldest) {
		if f := &s.Queues[p-1]; f.Len > 0 {
			victim := f.Items[0]
			f.remove(cfg, 0)
			s.drop(cfg, victim, QueueFull, 0, log)
			return true
		}
	}
	s.drop(cfg, id, QueueFull, 0, log)
	return false
}

// enqueue puts an attached task at the tail of its priority's queue (§4:
// exactly one queue, FIFO) and starts its "blocked by" set with the
// higher-priority tasks holding a slot now (§10).
func (s *State) enqueue(cfg *Config, id uint8, log *Log) {
	t := s.Task(id)
	s.Queues[t.Prio-1].push(id)
	t.Waited, t.Starved, t.BlockedBy = 0, 0, 0
	if !cfg.Faults.Has(BlockersMissed) {
		t.BlockedBy = s.holdersAbove(t.Prio)
	}
	log.emit(Event{Kind: TaskQueued, Task: id, Prio: t.Prio})
}

// holdersAbove is the set of tasks of priority above p holding a slot.
func (s *State) holdersAbove(p Priority) uint8 {
	var set uint8
	for i := range s.Tasks {
		if t := &s.Tasks[i]; t.Phase.HoldsSlot() && t.Prio.Above(p) {
			set |= 1 << i
		}
	}
	return set
}

// authorized reports whether a task of the given scope may start now: §6
// "Scheduler never exceeds this limit", globally and for its scope.
func (s *State) authorized(cfg *Config, scope uint8) bool {
	limit := cfg.Limit
	if cfg.Faults.Has(LimitOffByOne) {
		limit++
	}
	if s.Active >= limit {
		return false
	}
	l := cfg.ScopeLimit[scope]
	if cfg.Faults.Has(ScopeLimitOne) {
		return l == 0 || s.ScopeActive[scope] == 0
	}
	return l == 0 || s.ScopeActive[scope] < l || cfg.Faults.Has(ScopeLimitIgnored)
}

// limitReached names the limit that keeps a task of scope from starting.
func (s *State) limitReached(cfg *Config, scope uint8) uint8 {
	if s.Active >= cfg.Limit {
		// Fault GlobalLimitMisnumbered gives the global limit s1's number.
		if cfg.Faults.Has(GlobalLimitMisnumbered) {
			return 1
		}
		return GlobalLimit
	}
	return scope + 1
}

// activationLoop is §5 Activation Algorithm, with §6's limits: while a
// slot is available, activate the first task of Q_HIGH, then Q_NORMAL,
// then Q_LOW whose scope has a free slot.
func (s *State) activationLoop(cfg *Config, log *Log) {
	for {
		id := s.nextAuthorized(cfg)
		if id == 0 {
			return
		}
		p, pos, _ := s.Queued(id)
		s.Queues[p-1].remove(cfg, pos)
		s.activate(id, log)
	}
}

// nextAuthorized is the task §5 dequeues next, 0 if none may start.
func (s *State) nextAuthorized(cfg *Config) uint8 {
	order := Priorities
	if cfg.Faults.Has(NormalBeforeHigh) {
		order = [3]Priority{Normal, High, Low}
	}
	for _, p := range order {
		f := &s.Queues[p-1]
		n := int(f.Len)
		// Fault ScanTwoPerQueue looks no further than the second task.
		if cfg.Faults.Has(ScanTwoPerQueue) {
			n = min(n, 2)
		}
		for i := range n {
			if cfg.Faults.Has(LIFOQueue) {
				i = int(f.Len) - 1 - i
			}
			id := f.Items[i]
			if s.authorized(cfg, s.Task(id).Scope) {
				return id
			}
			if cfg.Faults.Has(HeadOfLine) {
				return 0
			}
		}
	}
	return 0
}

// activate is §5 "Activation": the FSM transition to RUNNING and the
// execution reservation. Every queued task of lower priority now waits
// behind it (§10 "blocked by").
func (s *State) activate(id uint8, log *Log) {
	t := s.Task(id)
	t.Phase = Running
	s.Active++
	s.ScopeActive[t.Scope]++
	for i := range s.Tasks {
		if q := &s.Tasks[i]; q.Phase == Attached && t.Prio.Above(q.Prio) {
			q.BlockedBy |= 1 << (id - 1)
		}
	}
	log.emit(Event{Kind: TaskActivated, Task: id, Prio: t.Prio, Scope: t.Scope})
	log.emit(Event{Kind: TaskRunning, Task: id})
}

// release gives a task's slot back.
func (s *State) release(id uint8) {
	s.Active--
	s.ScopeActive[s.Task(id).Scope]--
}

// complete ends a running task: RUNNING -> DISPOSING -> DISPOSED, its
// error surfaced, its slot freed and the activation loop run (§5).
func (s *State) complete(cfg *Config, in Input, log *Log) error {
	t := s.Task(in.Task)
	if t.Phase != Running {
		return fmt.Errorf("%s: task is %s, not RUNNING", in, t.Phase)
	}
	if in.Outcome != Success && in.Outcome != Error {
		return fmt.Errorf("%s: a completion is SUCCESS or ERROR", in)
	}
	if in.Outcome == Error {
		log.emit(Event{Kind: TaskFailed, Task: in.Task, Outcome: Error})
		// Fault FailedReportedTwice surfaces the error twice.
		if cfg.Faults.Has(FailedReportedTwice) {
			log.emit(log.Events[len(log.Events)-1])
		}
	}
	t.Outcome = in.Outcome
	if cfg.Faults.Has(OutcomeLost) {
		t.Outcome = Success
	}
	log.emit(Event{Kind: TaskDisposing, Task: in.Task, Outcome: in.Outcome})
	t.Phase, t.RefValid = Disposed, false
	s.release(in.Task)
	disposed := Event{Kind: TaskDisposed, Task: in.Task, Outcome: in.Outcome}
	// Fault ActivatedBeforeDisposed reports the disposal after the
	// activations the freed slot allows.
	late := cfg.Faults.Has(ActivatedBeforeDisposed)
	if !late {
		log.emit(disposed)
	}
	if !cfg.Faults.Has(LazyActivation) {
		s.activationLoop(cfg, log)
	}
	if late {
		log.emit(disposed)
	}
	return nil
}

func (s *State) suspend(cfg *Config, id uint8, log *Log) error {
	t := s.Task(id)
	if t.Phase != Running {
		return fmt.Errorf("suspend t%d: task is %s, not RUNNING", id, t.Phase)
	}
	if cfg.Faults.Has(SuspendIgnored) {
		return nil
	}
	t.Phase = Suspended
	log.emit(Event{Kind: TaskSuspended, Task: id})
	return nil
}

func (s *State) resume(id uint8, log *Log) error {
	t := s.Task(id)
	if t.Phase != Suspended {
		return fmt.Errorf("resume t%d: task is %s, not SUSPENDED", id, t.Phase)
	}
	t.Phase = Running
	log.emit(Event{Kind: TaskRunning, Task: id})
	return nil
}

// cancel is §8 "explicit cancellation is issued" for a queued task.
func (s *State) cancel(cfg *Config, id uint8, log *Log) error {
	p, pos, ok := s.Queued(id)
	// Fault CancelSkipsLow does not look in Q_LOW.
	if p == Low && cfg.Faults.Has(CancelSkipsLow) {
		ok = false
	}
	if !ok {
		return fmt.Errorf("cancel t%d: task is not queued (%s)", id, s.Task(id).Phase)
	}
	s.Queues[p-1].remove(cfg, pos)
	s.drop(cfg, id, Cancelled, 0, log)
	return nil
}

// drop is §8 Drop behavior for a task already out of its queue: directly
// to DISPOSED, the ref invalidated, the error surfaced. Dropped tasks are
// never retried.
func (s *State) drop(cfg *Config, id uint8, why DropReason, by uint8, log *Log) {
	t := s.Task(id)
	t.Phase, t.Reason, t.Outcome, t.RefValid = Disposed, why, why.Outcome(), cfg.Faults.Has(RefKept)
	if cfg.Faults.Has(SilentOverflow) && (why == Preempted || why == QueueFull) {
		return
	}
	log.emit(Event{Kind: TaskDropped, Task: id, Reason: why, Other: by})
	log.emit(Event{Kind: TaskFailed, Task: id, Outcome: t.Outcome})
	if cfg.Faults.Has(DropViaDisposing) {
		log.emit(Event{Kind: TaskDisposing, Task: id, Outcome: t.Outcome})
	}
	log.emit(Event{Kind: TaskDisposed, Task: id, Outcome: t.Outcome})
}

// tick advances time by one unit: every queued task waits one tick more,
// and is dropped if its wait now exceeds the max wait (§8). §7 Starvation
// Semantics: a task queued while a higher-priority task holds a slot
// starves one tick more, observably, and nothing else happens to it: no
// reprioritization, no fairness correction, no aging. Queues are visited
// in activation order (§5: Q_HIGH, Q_NORMAL, Q_LOW) and each from its head
// (§4: FIFO), so the drops of one tick come out in that order: the
// contract orders no drops, and this is the order the queues are read in
// everywhere else (the drop-policy check holds the runtime to it).
func (s *State) tick(cfg *Config, log *Log) {
	order := Priorities
	if cfg.Faults.Has(TickLowFirst) {
		order = [3]Priority{Low, Normal, High}
	}
	waitCap := uint8(WaitCap)
	// Fault WaitCapFive saturates the counters early.
	if cfg.Faults.Has(WaitCapFive) {
		waitCap = 5
	}
	for _, p := range order {
		f := &s.Queues[p-1]
		for i := 0; i < int(f.Len); {
			// i counts the tasks kept; fault TickFromTail visits the
			// queue from its tail, where the same count works as well.
			at := i
			if cfg.Faults.Has(TickFromTail) {
				at = int(f.Len) - 1 - i
			}
			id := f.Items[at]
			t := s.Task(id)
			t.Waited = min(t.Waited+1, waitCap)
			if s.holdersAbove(t.Prio) != 0 {
				t.Starved = min(t.Starved+1, waitCap)
			}
			limit := cfg.MaxWait
			if cfg.Faults.Has(TimeoutEarly) {
				limit--
			}
			// MaxWait is below WaitCap (Validate), so a saturated counter
			// still exceeds it; fault MaxWaitSaturated reads saturation
			// as "no longer measured" and keeps the task.
			if cfg.MaxWait != 0 && t.Waited > limit && !(cfg.Faults.Has(MaxWaitSaturated) && t.Waited >= WaitCap) {
				f.remove(cfg, at)
				s.drop(cfg, id, MaxWait, 0, log)
				if cfg.Faults.Has(RetryDropped) {
					s.redeclare(cfg, id, log)
				}
				continue
			}
			i++
		}
	}
	if cfg.Faults.Has(Aging) {
		// §7 says "no aging algorithm", and this is one: the first task
		// that waited two ticks moves up one queue.
	aging:
		for _, p := range []Priority{Normal, Low} {
			f := &s.Queues[p-1]
			for i := 0; i < int(f.Len); i++ {
				if id := f.Items[i]; s.Task(id).Waited >= 2 {
					f.remove(cfg, i)
					s.Task(id).Prio = p - 1
					s.Queues[p-2].push(id)
					break aging
				}
			}
		}
	}
}

// retry is §9 Retry Interaction: a new task in a fresh slot (a new ref),
// with the original's priority and scope, entering the queues like any
// submitted task; the original stays disposed.
func (s *State) retry(cfg *Config, id uint8, log *Log) error {
	old := s.Task(id)
	// Fault RetryOfRetryRefused refuses a retry's own retry.
	if old.Phase != Disposed || old.Outcome != Error || old.Retried || cfg.Faults.Has(RetryOfRetryRefused) && old.RetryOf != 0 {
		return fmt.Errorf("retry t%d: only a task that failed with ERROR can be retried, once", id)
	}
	if s.freeRetrySlot(cfg) == 0 {
		return fmt.Errorf("retry t%d: no free slot for the new task", id)
	}
	return s.redeclare(cfg, id, log)
}

// redeclare declares and submits the new task of a retry of id.
func (s *State) redeclare(cfg *Config, id uint8, log *Log) error {
	old := s.Task(id)
	n := s.freeRetrySlot(cfg)
	if cfg.Faults.Has(RetryReusesRef) {
		n = id
	}
	// Fault RetryIgnored takes the retry and does nothing with it.
	if n == 0 || cfg.Faults.Has(RetryIgnored) {
		return nil
	}
	old.Retried = true
	prio := old.Prio
	if cfg.Faults.Has(RetryDefaultPriority) {
		prio = Normal
	}
	*s.Task(n) = Task{Phase: Init, Prio: prio, Scope: old.Scope, RefValid: true, RetryOf: id}
	log.emit(Event{Kind: TaskDeclared, Task: n, Prio: prio, Scope: old.Scope, Other: id})
	return s.submit(cfg, n, log)
}

// freeRetrySlot is the first never-used slot after the scenario's tasks:
// never used, so the new task's ref is new (§9 "previous task state is
// not reused", §8 a disposed task's ref stays invalid); the first, so
// that which slot a retry takes is determined by the state.
func (s *State) freeRetrySlot(cfg *Config) uint8 {
	if cfg.Faults.Has(RetryTakesLastSlot) {
		for i := MaxTasks - 1; i >= int(cfg.Tasks); i-- {
			if s.Tasks[i].Phase == Unused {
				return uint8(i + 1)
			}
		}
		return 0
	}
	for i := int(cfg.Tasks); i < MaxTasks; i++ {
		// Fault RetryTakesDisposedSlot takes a disposed slot as free.
		if ph := s.Tasks[i].Phase; ph == Unused || ph == Disposed && cfg.Faults.Has(RetryTakesDisposedSlot) {
			return uint8(i + 1)
		}
	}
	return 0
}
