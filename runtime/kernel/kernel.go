// Package kernel is the asupersync runtime as one pure state machine: the
// three-lane scheduler (package sched), the cancellation protocol (package
// cancel) and the runtime timers, composed the way the run loop composes
// them. Driving Step directly is the native backend; package pump drives the
// same kernel through the browser event loop.
//
// The environment's operations are Inputs. A dispatch is one scheduler step:
// phase 0 fires expired timers, then the lane law picks a task, which becomes
// the current task until it returns (pending, yield, sleep, complete). The
// operations a task performs from inside its poll (checkpoint, mask, reserve,
// cleanup-done, ...) apply to the current task only, as they would in code.
//
// Choices where the contracts are silent:
//   - Lane routing (001 B5): a woken task with a cancel pending goes to the
//     cancel lane with its cleanup budget's priority; else a task with a
//     deadline goes to the timed lane; else the ready lane with its
//     spawn priority.
//   - A cancel request wakes the task into the cancel lane (the cascade's
//     "cancel-scheduling set") and cancels its sleep timer (004 4.2); the
//     tasks of a region cascade are injected parents first, then by id.
//     Only a task whose phase, reason or budget the request changed is in
//     that set: a request that changes nothing wakes and requeues nothing.
//   - Phase 0 fires at most CatchupBatch expired timers per step, in
//     (deadline, timer_id, generation) order, so catch-up after a long gap
//     happens in bounded batches between dispatches (000 F3, P2).
//   - Cancelled timers stay in the table until their deadline passes (lazy
//     cancel); phase 0 drops them silently (INV-TM-02).
//   - The timer store is the host timer table below, or (Config.Wheel) the
//     hierarchical timer wheel of 004 section 2 (see wheeltimers.go); the
//     parity suite and the browser backend use the table.
//   - A wake names a task and optionally the generation its waker holds;
//     tasks are never re-used here, so every task is at generation 1 and a
//     wake with another generation is stale (000 F2).
package kernel

import (
	"fmt"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/dethash"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// MaxTasks is the task bound shared with sched and cancel.
const MaxTasks = sched.MaxTasks

// MaxTimers bounds the timer table.
const MaxTimers = 8

// DefaultCatchupBatch is the phase-0 timer batch bound.
const DefaultCatchupBatch = 4

// Config is fixed for a run.
type Config struct {
	CancelStreakLimit uint8
	CatchupBatch      uint8
	MaxChainDepth     uint8
	MaxChainMemory    uint16
	Faults            fault.Set
	// Wheel keeps the runtime's timers in a timer wheel configured by
	// WheelConfig instead of the host timer table.
	Wheel       bool
	WheelConfig wheel.Config
	// Channel, when its Capacity is non-zero, gives the runtime one MPSC
	// channel (see channel.go); TrackPermits makes its permits SendPermit
	// obligations (the session layer).
	Channel      channel.Config
	TrackPermits bool
	// Workers, when non-zero, gives the runtime a pool of that many
	// workers' local ready queues with work stealing (004 3.5, 3.6),
	// driven by PoolPush, PoolSteal and PoolPop; their RNGs are seeded 0..Workers-1.
	Workers uint8
}

// DefaultConfig is the runtime's defaults (semantics-notes.md).
func DefaultConfig() Config {
	return Config{
		CancelStreakLimit: sched.DefaultCancelStreakLimit,
		CatchupBatch:      DefaultCatchupBatch,
		MaxChainDepth:     cancel.DefaultMaxChainDepth,
		MaxChainMemory:    cancel.DefaultMaxChainMemory,
	}
}

// Timer is a runtime timer: a task sleeping until Deadline. ID is the
// slot's timer_id, Gen how often the slot was used, so (ID, Gen) is the
// handle and (Deadline, ID, Gen) the firing order.
type Timer struct {
	Used     bool
	Live     bool
	Task     uint8
	Gen      uint32
	Deadline uint32
}

// TaskRun is what the run loop keeps per task beside its cancel state.
type TaskRun struct {
	Deadline uint32
	Priority uint8
	// Notified is set by a wake that arrives while the task is being
	// polled; the task is re-queued when its poll returns Pending.
	Notified bool
	// Waits is the channel operation the task is parked on; Permit its
	// unsent permit's obligation (untrackedPermit without one; 0: none).
	Waits  Waits
	Permit uint8
}

// State is the runtime.
type State struct {
	Config Config
	Now    uint32
	Sched  sched.State
	Cancel cancel.State
	Timers [MaxTimers]Timer
	Wheel  wheel.State
	Chan   channel.State
	Pool   sched.Pool
	Tasks  [MaxTasks]TaskRun
	// Current is the task being polled (0 none). Outer is a poll suspended
	// by a recursive one, which only a re-entrant pump can cause.
	Current uint8
	Outer   uint8
}

// New returns a runtime with the root region r1 open and nothing spawned.
// The configuration must be valid (see Validate).
func New(cfg Config) State {
	s := State{
		Config: cfg,
		Sched:  sched.New(sched.Config{CancelStreakLimit: cfg.CancelStreakLimit, Faults: cfg.Faults}),
		Cancel: cancel.New(cancel.Config{MaxChainDepth: cfg.MaxChainDepth, MaxChainMemory: cfg.MaxChainMemory, Faults: cfg.Faults}),
	}
	if cfg.Wheel {
		wc := cfg.WheelConfig
		wc.Faults = cfg.Faults
		s.Wheel = wheel.New(wc, 0)
	}
	if cfg.Workers > 0 {
		s.Pool = sched.NewPool(cfg.Workers, 0)
		s.Pool.Faults = cfg.Faults
		// Fault RngSeededZero seeds every worker's generator alike.
		if cfg.Faults.Has(fault.RngSeededZero) {
			for w := range s.Pool.Rng {
				s.Pool.Rng[w] = dethash.NewRng(0)
			}
		}
	}
	if cfg.Channel.Capacity > 0 {
		cc := cfg.Channel
		cc.Faults = cfg.Faults
		ch, err := channel.New(cc)
		if err != nil {
			panic(fmt.Sprintf("kernel.New: %v (check the configuration with Validate)", err))
		}
		s.Chan = ch
	}
	return s
}

// Validate reports a configuration New cannot build.
func Validate(cfg Config) error {
	if cfg.Workers > sched.MaxWorkers {
		return fmt.Errorf("workers=%d, want at most %d", cfg.Workers, sched.MaxWorkers)
	}
	if cfg.Channel.Capacity > 0 {
		if _, err := channel.New(cfg.Channel); err != nil {
			return err
		}
		if int(cfg.Channel.Senders)+1 > MaxTasks {
			return fmt.Errorf("channel: %d senders and a receiver need more than %d tasks", cfg.Channel.Senders, MaxTasks)
		}
	}
	return nil
}

// Step applies one input to a copy of s: the value-semantics entry point.
func Step(s State, in Input) (State, []trace.Event, error) {
	var log trace.Log
	err := s.Apply(in, &log)
	return s, log.Events, err
}

// Apply applies one input in place, appending its events to log. It is the
// allocation-free form of Step for the explorer's hot loop. On error the
// state may be partly updated: callers that need the old state keep a copy.
func (s *State) Apply(in Input, log *trace.Log) error {
	switch in.Op {
	case Spawn:
		return s.spawn(in.Region, in.Priority, in.N, log)
	case OpenRegion:
		_, err := s.Cancel.OpenRegion(in.Region, log)
		return err
	case Wake:
		return s.Wake(in.Task, in.N, log)
	case CancelTask:
		return s.cancelTask(in.Task, cancel.Kind(in.Arg), log)
	case CancelRegion:
		return s.cancelRegion(in.Region, cancel.Kind(in.Arg), log)
	case Dispatch:
		_, err := s.Dispatch(false, log)
		return err
	case Advance:
		s.Now += in.N
		log.Emit(trace.Event{Kind: trace.TimeAdvanced, Deadline: uint64(s.Now)})
		return nil
	case CloseRegion:
		return s.Cancel.CloseRegion(in.Region, log)
	case Governor:
		s.Sched.SetGovernor(sched.Governor(in.Arg), log)
		return nil
	case RegisterFinalizer:
		return s.Cancel.RegisterFinalizer(in.Region, log)
	case FinalizerDone:
		return s.Cancel.FinalizerDone(in.Region, log)
	case PoolPush, PoolSteal, PoolPop:
		return s.poolOp(in, log)
	case TimerCancelStale:
		if !s.Config.Wheel {
			return fmt.Errorf("%s: the runtime keeps no timer wheel", in.Op)
		}
		s.cancelStaleHandle(in.Task, log)
		return nil
	}
	if in.Op.IsTaskOp() {
		return s.taskOp(in, log)
	}
	return fmt.Errorf("unknown operation %d", in.Op)
}

// taskOp runs an operation that task code performs from inside its poll.
func (s *State) taskOp(in Input, log *trace.Log) error {
	t := in.Task
	if s.Current == 0 {
		return fmt.Errorf("%s: no task is being polled (dispatch first)", in.Op)
	}
	if t != s.Current {
		return fmt.Errorf("%s: t%d is not the task being polled (t%d is)", in.Op, t, s.Current)
	}
	switch in.Op {
	case Checkpoint:
		_, err := s.Cancel.Checkpoint(t, log)
		return err
	case Mask:
		return s.Cancel.Mask(t, log)
	case Unmask:
		return s.Cancel.Unmask(t, log)
	case CleanupDone:
		return s.Cancel.CleanupDone(t, log)
	case Reserve:
		_, err := s.Cancel.Reserve(t, cancel.ObligationKind(in.Arg), log)
		return err
	case Commit, Abort:
		o := s.Cancel.Obligation(in.Obligation)
		if o == nil {
			return fmt.Errorf("%s: unknown obligation o%d", in.Op, in.Obligation)
		}
		if o.Task != t {
			return fmt.Errorf("%s: o%d is held by t%d, not t%d", in.Op, in.Obligation, o.Task, t)
		}
		// Fault ResolutionsSwapped applies each as the other.
		if (in.Op == Commit) != s.Config.Faults.Has(fault.ResolutionsSwapped) {
			return s.Cancel.Commit(in.Obligation, log)
		}
		return s.Cancel.Abort(in.Obligation, log)
	case Yield:
		// Fault YieldSleeps sleeps for 0 ms instead.
		if s.Config.Faults.Has(fault.YieldSleeps) {
			in.Op, in.N = Sleep, 0
			return s.taskOp(in, log)
		}
		// S5: the first poll returns Pending and issues a wake.
		yielded := len(log.Events)
		log.Emit(trace.Event{Kind: trace.Yielded, Task: t})
		s.Tasks[t-1].Notified = true
		// Fault YieldKeepsPoll: the poll does not return.
		if !s.Config.Faults.Has(fault.YieldKeepsPoll) {
			s.endPoll(log)
		}
		// Fault YieldedAfterStepEnd reports the yield after the poll's end.
		if s.Config.Faults.Has(fault.YieldedAfterStepEnd) {
			trace.EffectsFirst(log.Events[yielded:], 1)
		}
		return nil
	case Pending:
		// Fault PendingRequeues: the wake a yield issues (S5) is issued
		// for a plain Pending too.
		if s.Config.Faults.Has(fault.PendingRequeues) {
			s.Tasks[t-1].Notified = true
		}
		s.endPoll(log)
		return nil
	case Sleep:
		// Fault SleepYields yields instead.
		if s.Config.Faults.Has(fault.SleepYields) {
			in.Op = Yield
			return s.taskOp(in, log)
		}
		if s.Config.Wheel {
			armed, err := s.registerWheel(t, in.N, log)
			if err != nil || !armed {
				return err
			}
		} else {
			deadline := s.Now + in.N
			// Fault SleepDeadlineEarly counts the current tick as slept.
			if s.Config.Faults.Has(fault.SleepDeadlineEarly) && in.N > 0 {
				deadline--
			}
			if err := s.register(t, deadline, log); err != nil {
				return err
			}
		}
		// Fault SleepDropsWake forgets a wake noted during the poll.
		if s.Config.Faults.Has(fault.SleepDropsWake) {
			s.Tasks[t-1].Notified = false
		}
		// Fault SleepKeepsPoll leaves the poll open.
		if s.Config.Faults.Has(fault.SleepKeepsPoll) {
			return nil
		}
		s.endPoll(log)
		return nil
	case Complete:
		if err := s.Cancel.Complete(t, cancel.Outcome(in.Arg), log); err != nil {
			return err
		}
		s.retire(t, log)
		return nil
	case FinalizeDone:
		if err := s.Cancel.FinalizeDone(t, log); err != nil {
			return err
		}
		s.retire(t, log)
		return nil
	}
	if in.Op >= ChanReserve && in.Op <= ChanClose {
		return s.chanOp(in, log)
	}
	return fmt.Errorf("unknown task operation %d", in.Op)
}

func (s *State) spawn(region, priority uint8, deadline uint32, log *trace.Log) error {
	from := len(log.Events)
	t, err := s.Cancel.Spawn(region, log)
	if err != nil || t == 0 {
		return err
	}
	// Fault SpawnDropsPriority records the default priority.
	if s.Config.Faults.Has(fault.SpawnDropsPriority) {
		priority = 0
	}
	s.Tasks[t-1] = TaskRun{Priority: priority, Deadline: deadline}
	spawned := len(log.Events)
	s.route(t, log)
	// Fault EnqueuedBeforeSpawned reports the task's enqueue before its
	// spawn.
	if s.Config.Faults.Has(fault.EnqueuedBeforeSpawned) {
		trace.EffectsFirst(log.Events[from:], spawned-from)
	}
	return nil
}

// route injects a runnable task into its lane (001 B5). Fault
// WakeDropsDeadline honours the deadline only for a task never polled.
func (s *State) route(t uint8, log *trace.Log) {
	tk := s.Cancel.Task(t)
	run := &s.Tasks[t-1]
	switch {
	case tk.CancelPending:
		s.Sched.Inject(sched.Cancel, t, tk.Budget.Priority, 0, log)
	case run.Deadline != 0 && (tk.Phase == cancel.Created || !s.Config.Faults.Has(fault.WakeDropsDeadline)):
		s.Sched.Inject(sched.Timed, t, run.Priority, run.Deadline, log)
	default:
		s.Sched.Inject(sched.Ready, t, run.Priority, 0, log)
	}
}

// Wake is wake_state.notify(): stale for a terminal task or a generation
// mismatch (F2), remembered for the task being polled, else routed to its
// lane where the dedup set makes a second wake a no-op (S3).
func (s *State) Wake(t uint8, gen uint32, log *trace.Log) error {
	tk := s.Cancel.Task(t)
	if tk == nil || !tk.Used {
		return fmt.Errorf("wake: unknown task t%d", t)
	}
	// Fault PolledStaleWakeNoted notes a wake of the polled task before
	// looking at its generation.
	if s.Config.Faults.Has(fault.PolledStaleWakeNoted) && tk.Phase != cancel.Completed && (t == s.Current || t == s.Outer) {
		s.Tasks[t-1].Notified = true
		return nil
	}
	stale := tk.Phase == cancel.Completed || (gen != 0 && gen != 1)
	if stale && !s.Config.Faults.Has(fault.StaleWakeEnqueues) {
		// Fault SilentStaleWake drops the diagnostic.
		if !s.Config.Faults.Has(fault.SilentStaleWake) {
			log.Emit(trace.Event{Kind: trace.StaleWake, Task: t, Region: tk.Region, Gen: uint64(gen), ErrorClass: trace.ErrStaleWake})
		}
		return nil
	}
	if t == s.Current || t == s.Outer {
		// Fault PollWakeUnrecorded drops the wake of a running task.
		if !s.Config.Faults.Has(fault.PollWakeUnrecorded) {
			s.Tasks[t-1].Notified = true
		}
		return nil
	}
	// Faults WakeSkipsSleeper and WakeSkipsChanParked drop the wake of an
	// unscheduled task that sleeps on a host timer or waits on the channel.
	if !s.Sched.IsScheduled(t) {
		if s.Config.Faults.Has(fault.WakeSkipsSleeper) {
			for i := range s.Timers {
				if tm := &s.Timers[i]; tm.Used && tm.Live && tm.Task == t {
					return nil
				}
			}
		}
		if s.Config.Faults.Has(fault.WakeSkipsChanParked) && s.Tasks[t-1].Waits != 0 {
			return nil
		}
	}
	s.route(t, log)
	// Fault DedupReportedTwice reports a deduplicated wake twice.
	if n := len(log.Events); s.Config.Faults.Has(fault.DedupReportedTwice) && n > 0 && log.Events[n-1].Kind == trace.WakeDeduped {
		log.Emit(log.Events[n-1])
	}
	return nil
}

func (s *State) cancelTask(t uint8, k cancel.Kind, log *trace.Log) error {
	tk := s.Cancel.Task(t)
	if tk == nil || !tk.Used {
		return fmt.Errorf("cancel: unknown task t%d", t)
	}
	// A root reason: RequestTask roots it at the task's region.
	r := cancel.Reason{Kind: k, At: s.Now}
	before := *tk
	from := len(log.Events)
	if err := s.Cancel.RequestTask(t, r, cancel.BudgetFor(k, s.Now), log); err != nil {
		return err
	}
	requested := len(log.Events)
	// The request's cancel-scheduling set is t only if it changed t (001
	// Cascade Law step 5): a repeat that leaves the reason and budget as
	// they were must not requeue a parked task. Fault
	// RequeueUnchangedCancel schedules it anyway; fault
	// StrengthenUnscheduled counts only a move of a parked task's phase as
	// a change.
	changed := tk.CancelChanged(&before)
	if s.Config.Faults.Has(fault.StrengthenUnscheduled) && t != s.Current && t != s.Outer {
		changed = tk.Phase != before.Phase
	}
	if changed || s.Config.Faults.Has(fault.RequeueUnchangedCancel) {
		s.afterCancel(t, log)
		// Fault RequestReportedAgain reports the request a second time.
		if s.Config.Faults.Has(fault.RequestReportedAgain) && len(log.Events) > requested {
			log.Emit(log.Events[from])
		}
	}
	// Fault ScheduledBeforeRequest reports the schedule before the request.
	if s.Config.Faults.Has(fault.ScheduledBeforeRequest) {
		trace.EffectsFirst(log.Events[from:], requested-from)
	}
	return nil
}

func (s *State) cancelRegion(r uint8, k cancel.Kind, log *trace.Log) error {
	mask, err := s.Cancel.CancelRegion(r, k, s.Now, log)
	if err != nil {
		return err
	}
	// Inject parents first (cascade order), then by task id.
	for depth := uint8(0); depth < cancel.MaxRegions && mask != 0; depth++ {
		for t := uint8(1); t <= MaxTasks; t++ {
			if mask&(1<<(t-1)) == 0 {
				continue
			}
			at := depth
			// Fault CascadeChildrenFirst injects the deepest regions' tasks first.
			if s.Config.Faults.Has(fault.CascadeChildrenFirst) {
				at = cancel.MaxRegions - 1 - depth
			}
			if reg := s.Cancel.Region(s.Cancel.Task(t).Region); reg.Depth == at {
				mask &^= 1 << (t - 1)
				s.afterCancel(t, log)
			}
		}
	}
	return nil
}

// afterCancel schedules a task whose cancel is pending: its sleep timer is
// cancelled and it is woken into the cancel lane. A task being polled is
// woken like any other (its waker is notified), so if its poll returns
// Pending it is re-queued into the cancel lane rather than left parked.
// Fault CancelKeepsTimer leaves the sleep timer live.
func (s *State) afterCancel(t uint8, log *trace.Log) {
	// CancelPending outlives completion (as cancel_requested does
	// upstream), so liveness is checked too: a completed task is never
	// rescheduled.
	if !s.Cancel.Task(t).CancelPending || !s.Cancel.Live(t) {
		return
	}
	if !s.Config.Faults.Has(fault.CancelKeepsTimer) {
		s.cancelTimers(t, log)
	}
	if t == s.Current || t == s.Outer {
		s.Tasks[t-1].Notified = true
		return
	}
	s.route(t, log)
}

// Dispatch is one scheduler step. Phase 0 fires expired timers (after the
// decision under fault TimersAfterDispatch), then the lane law picks a task,
// which becomes the current task. A step while a task is being polled is a
// re-entrant poll: an error unless nested is set (a faulty pump). It returns
// the decision; NoLane means the scheduler parked.
func (s *State) Dispatch(nested bool, log *trace.Log) (sched.Decision, error) {
	if s.Current != 0 && (!nested || s.Outer != 0) {
		return sched.Decision{}, fmt.Errorf("dispatch: t%d is still being polled", s.Current)
	}
	// Fault DispatchNeedsReady skips the step when the ready lane is
	// empty.
	if s.Config.Faults.Has(fault.DispatchNeedsReady) && s.Sched.Ready.N == 0 {
		return sched.Decision{}, nil
	}
	late := s.Config.Faults.Has(fault.TimersAfterDispatch)
	if !late {
		s.phase0(log)
	}
	streak := s.Sched.Streak
	// Fault StepBeginStreakZero reports streak 0.
	if s.Config.Faults.Has(fault.StepBeginStreakZero) {
		streak = 0
	}
	begin := len(log.Events)
	log.Emit(trace.Event{Kind: trace.StepBegin, Streak: streak, StreakLimit: s.Sched.EffectiveLimit()})
	d := s.Sched.Next()
	if late {
		s.phase0(log)
	}
	if d.Lane == sched.NoLane {
		log.Emit(trace.Event{Kind: trace.Park, Streak: s.Sched.Streak, StreakLimit: d.Limit})
		// Fault ParkLeavesStepOpen drops the end of the parked step.
		if !s.Config.Faults.Has(fault.ParkLeavesStepOpen) {
			log.Emit(trace.Event{Kind: trace.StepEnd, Streak: s.Sched.Streak, StreakLimit: d.Limit})
		}
		// Fault ParkStepsTwice runs the parked step again.
		if s.Config.Faults.Has(fault.ParkStepsTwice) {
			log.Events = append(log.Events, log.Events[begin:]...)
		}
		return d, nil
	}
	t := d.Task
	ev := trace.Event{Kind: trace.StepDecision, Task: t, Region: s.Cancel.Task(t).Region, Lane: d.Lane.String(),
		Streak: s.Sched.Streak, StreakLimit: d.Limit, DecisionSeq: s.Sched.Seq, DecisionHash: s.Sched.Hash}
	if d.Fallback {
		ev.AttrKey, ev.AttrVal = "fallback", "true"
	}
	if s.Config.Faults.Has(fault.DecisionUntagged) {
		ev.Region = trace.None
	}
	// Fault RunningBeforeDecision starts the task before the decision.
	var err error
	if s.Config.Faults.Has(fault.RunningBeforeDecision) {
		err = s.Cancel.Start(t, log)
	}
	log.Emit(ev)
	if s.Current != 0 {
		s.Outer = s.Current
	}
	s.Current = t
	s.Tasks[t-1].Notified = false
	if err != nil || s.Config.Faults.Has(fault.RunningBeforeDecision) {
		return d, err
	}
	if err := s.Cancel.Start(t, log); err != nil || d.Lane != sched.Cancel || !s.Config.Faults.Has(fault.AckOnCancelDispatch) {
		return d, err
	}
	// Fault AckOnCancelDispatch checkpoints a task the cancel lane runs.
	_, err = s.Cancel.Checkpoint(t, log)
	return d, err
}

// endPoll ends the current task's poll with Pending: a wake that arrived
// during the poll re-queues it.
func (s *State) endPoll(log *trace.Log) {
	t := s.Current
	s.Current, s.Outer = s.Outer, 0
	log.Emit(trace.Event{Kind: trace.StepEnd, Task: t, Streak: s.Sched.Streak, StreakLimit: s.Sched.EffectiveLimit()})
	if s.Tasks[t-1].Notified && s.Config.Faults.Has(fault.LostWake) {
		s.Tasks[t-1].Notified = false
	}
	if s.Tasks[t-1].Notified {
		s.Tasks[t-1].Notified = false
		s.route(t, log)
	}
}

// retire ends the poll of a task that completed: its timers and channel
// handles go, and so does a wake that arrived during the poll. The task
// has no lane entry to drop: dispatch popped it, and a wake during its
// own poll is only noted (Notified) until endPoll queues it, which a
// completed task never reaches. Fault CompleteKeepsTimer keeps its
// timers.
func (s *State) retire(t uint8, log *trace.Log) {
	if !s.Config.Faults.Has(fault.CompleteKeepsTimer) {
		s.cancelTimers(t, log)
	}
	s.dropHandles(t, log)
	s.Tasks[t-1].Notified = false
	s.Current, s.Outer = s.Outer, 0
	log.Emit(trace.Event{Kind: trace.StepEnd, Task: t, Streak: s.Sched.Streak, StreakLimit: s.Sched.EffectiveLimit()})
}

// Polling reports whether a task is being polled.
func (s *State) Polling() bool { return s.Current != 0 }

// Runnable reports whether a dispatch now would find work: a lane entry or
// an expired live timer.
func (s *State) Runnable() bool {
	if !s.Sched.Empty() {
		return true
	}
	if s.Config.Wheel {
		d, ok := s.Wheel.NextDeadline()
		return ok && d <= uint64(s.Now)
	}
	for i := range s.Timers {
		// Fault RunnableCountsFuture drops the deadline test.
		if tm := &s.Timers[i]; tm.Used && tm.Live && (tm.Deadline <= s.Now || s.Config.Faults.Has(fault.RunnableCountsFuture)) {
			return true
		}
	}
	return false
}
