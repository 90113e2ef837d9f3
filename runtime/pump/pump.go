// Package pump is the browser backend (contract 000): the kernel driven by
// a non-reentrant scheduler pump on a single-threaded JS event loop.
//
// The pump is Idle, Scheduled (one pump queued in the host, as a microtask
// or as a host task after a hand-off) or Running. Host events are inputs:
// a queued microtask or host task runs, a host timer turn advances time, a
// host callback arrives through a capability. Kernel operations (dispatch,
// wake, the task's own operations) run through the pump: a dispatch only
// inside a Running pump, a wake while Running is deferred to another turn
// (S4, F1), a drain cycle runs at most BurstLimit dispatches before handing
// off to the host task queue (P1).
//
// Choices where the contract is silent:
//   - A drain cycle ends when a poll returns and no work is runnable: the
//     pump goes Idle, or is scheduled again as a microtask if a wake was
//     deferred while it ran.
//   - The hand-off uses MessageChannel when the message capability is held,
//     else setTimeout(0) (the timer capability); with neither it fails
//     closed (authorization_denied) and the pump goes Idle.
//   - Host timer callbacks only schedule the pump: the kernel's phase 0
//     fires live timers in (deadline, timer_id, generation) order at the
//     next step (P2: callbacks enqueue wakes, never poll). A callback for a
//     timer cancelled since is a stale-timer diagnostic.
package pump

import (
	"fmt"

	"modelcheck/internal/suggest"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// Mode is the pump state machine of rule S4.
type Mode uint8

// The pump states.
const (
	Idle Mode = iota
	Scheduled
	Running
)

var modeNames = [...]string{"Idle", "Scheduled", "Running"}

func (m Mode) String() string { return modeNames[m] }

// Source is how a scheduled pump was queued in the host.
type Source uint8

// The sources.
const (
	Microtask Source = iota
	HostTask
)

// Capability is one explicit host authority (P3): the adapter reaches a
// host API only through a capability it was given.
type Capability uint8

// The capabilities.
const (
	CapTimer   Capability = 1 << iota // setTimeout / timer callbacks
	CapMessage                        // MessageChannel posts and message callbacks
	CapTime                           // clock reads
	CapEntropy                        // randomness
)

// AllCaps is every capability.
const AllCaps = CapTimer | CapMessage | CapTime | CapEntropy

var capNames = [...]struct {
	c    Capability
	name string
}{{CapTimer, "timer"}, {CapMessage, "message"}, {CapTime, "time"}, {CapEntropy, "entropy"}}

// ParseCapability reads a capability name.
func ParseCapability(s string) (Capability, error) {
	for _, c := range capNames {
		if c.name == s {
			return c.c, nil
		}
	}
	return 0, fmt.Errorf("unknown capability %s (want timer, message, time or entropy)", suggest.Quote(s))
}

func (c Capability) String() string {
	for _, n := range capNames {
		if n.c == c {
			return n.name
		}
	}
	return "caps"
}

// Authorize is the authority seam (P3, F4): a host callback reaching the
// runtime through capability c proceeds only if c was granted; otherwise it
// fails closed with an authorization error naming the capability and the
// task it targeted (its provenance), and nothing else happens. Fault
// AmbientAuthority lets it through.
func Authorize(granted, c Capability, task uint8, faults fault.Set, log *trace.Log) bool {
	if granted&c != 0 || faults.Has(fault.AmbientAuthority) {
		return true
	}
	log.Emit(trace.Event{Kind: trace.AuthorizationDenied, Task: task, AttrKey: "capability", AttrVal: c.String(), ErrorClass: trace.ErrUnauthorized})
	return false
}

// DefaultBurstLimit is microtask_burst_limit when not configured.
const DefaultBurstLimit = 8

// Config is fixed for a run.
type Config struct {
	BurstLimit uint8
	Caps       Capability
	Faults     fault.Set
}

// State is the browser backend: pump and kernel.
type State struct {
	Config  Config
	Kernel  kernel.State
	Mode    Mode
	Source  Source
	Pending bool
	// Burst counts dispatches in the current drain cycle.
	Burst    uint8
	HostTurn uint32
	Batch    uint32
}

// New returns an idle pump over a fresh kernel, at host turn 1: the turn
// that runs the page's script is the first, and no microtask batch has run
// yet (batch 0). Fault HostTurnFromTwo starts at turn 2.
func New(cfg Config, k kernel.Config) State {
	s := State{Config: cfg, Kernel: kernel.New(k), HostTurn: 1}
	if cfg.Faults.Has(fault.HostTurnFromTwo) {
		s.HostTurn = 2
	}
	return s
}

// HostOp is a host event.
type HostOp uint8

// The host events.
const (
	// NoHost: the input is a kernel operation.
	NoHost HostOp = iota
	// RunMicrotask: the host drains its microtask queue into the pump.
	RunMicrotask
	// RunHostTask: a new host turn runs the handed-off pump.
	RunHostTask
	// TimerTurn: a host turn in which time advances by N and the host
	// delivers the timer callbacks that are due.
	TimerTurn
	// Callback: a host callback through capability Cap wakes Task.
	Callback
)

// Input is a host event or a kernel operation.
type Input struct {
	Host HostOp
	Cap  Capability
	K    kernel.Input
}

// Step applies one input to a copy of s.
func Step(s State, in Input) (State, []trace.Event, error) {
	var log trace.Log
	err := s.Apply(in, &log)
	return s, log.Events, err
}

// Apply applies one input in place, appending events tagged with the host
// metadata (host_turn_id, microtask_batch_id): a host task or timer turn
// is a new host turn, a pump run (microtask or host task) a new microtask
// batch. Fault MicrotaskNewTurn counts a microtask drain as a new host turn.
func (s *State) Apply(in Input, log *trace.Log) error {
	from := len(log.Events)
	err := s.apply(in, log)
	s.tag(log, from)
	return err
}

// tag stamps the host metadata on the events from index from on.
func (s *State) tag(log *trace.Log, from int) {
	for i := from; i < len(log.Events); i++ {
		log.Events[i].HostTurn, log.Events[i].Batch = s.HostTurn, s.Batch
	}
}

func (s *State) apply(in Input, log *trace.Log) error {
	switch in.Host {
	case RunMicrotask, RunHostTask:
		want := Microtask
		if in.Host == RunHostTask {
			want = HostTask
		}
		if s.Mode != Scheduled || s.Source != want {
			return fmt.Errorf("%s: no pump is queued there (pump is %s)", hostNames[in.Host], s.describe())
		}
		if want == HostTask || s.Config.Faults.Has(fault.MicrotaskNewTurn) {
			s.HostTurn++
		}
		s.Batch++
		// A pump turn always takes at least one scheduler step; the
		// step that parks ends the drain cycle.
		s.Mode, s.Burst = Running, 0
		// Fault SilentPumpRun leaves the turn's start unannounced.
		if !s.Config.Faults.Has(fault.SilentPumpRun) {
			log.Emit(trace.Event{Kind: trace.PumpRunning})
		}
		return nil
	case TimerTurn:
		if s.Mode == Running {
			return fmt.Errorf("advance: a host timer turn cannot start while the pump runs")
		}
		if !s.Config.Faults.Has(fault.HostTurnStalls) {
			s.HostTurn++
		}
		switch {
		case s.Mode == Scheduled && s.Config.Faults.Has(fault.FrozenClock):
			// Fault FrozenClock: a turn that finds the pump already queued
			// leaves the clock where it was.
		case s.Config.Faults.Has(fault.AdvanceSetsClock):
			s.Kernel.Now = in.K.N // fault: = for +=
		default:
			s.Kernel.Now += in.K.N
		}
		if !s.Config.Faults.Has(fault.SilentAdvance) {
			log.Emit(trace.Event{Kind: trace.TimeAdvanced, Deadline: uint64(s.Kernel.Now)})
		}
		s.deliverTimers(log)
		return nil
	case Callback:
		if !Authorize(s.Config.Caps, in.Cap, in.K.Task, s.Config.Faults, log) {
			return nil
		}
		// The callback's token is its waker's generation (000 F2); fault
		// CallbackDropsGeneration drops it.
		gen := in.K.N
		if s.Config.Faults.Has(fault.CallbackDropsGeneration) {
			gen = 0
		}
		// Fault CallbackNotDeferred wakes the task past the pump.
		if s.Mode == Running && s.Config.Faults.Has(fault.CallbackNotDeferred) {
			return s.Kernel.Wake(in.K.Task, gen, log)
		}
		return s.wake(in.K.Task, gen, log)
	}
	switch in.K.Op {
	case kernel.Dispatch:
		if s.Mode != Running {
			return fmt.Errorf("dispatch: the pump is %s; a scheduler step runs only in a Running pump", s.describe())
		}
		if !s.Config.Faults.Has(fault.BurstNotCounted) {
			s.Burst++
		}
		if _, err := s.Kernel.Dispatch(false, log); err != nil {
			return err
		}
		s.settle(log)
		return nil
	case kernel.Wake:
		return s.wake(in.K.Task, in.K.N, log)
	case kernel.Advance:
		return s.apply(Input{Host: TimerTurn, K: in.K}, log)
	}
	if err := s.Kernel.Apply(in.K, log); err != nil {
		return err
	}
	settled := len(log.Events)
	s.settle(log)
	// Fault PumpMovesEarly reports the pump's decision before the
	// operation's last event.
	if s.Config.Faults.Has(fault.PumpMovesEarly) && settled > 0 {
		trace.EffectsFirst(log.Events[settled-1:], 1)
	}
	return nil
}

var hostNames = [...]string{"", "microtask", "host-task", "advance", "callback"}

func (s *State) describe() string {
	if s.Mode == Scheduled {
		return "Scheduled as a " + hostNames[1+s.Source]
	}
	return s.Mode.String()
}

// wake delivers a wake signal. While the pump runs it is deferred: the
// wake is recorded in the kernel, the pending flag is set and another turn
// will be scheduled, with no recursive poll (S4, F1). Fault ReentrantPump
// polls the woken work at once instead.
func (s *State) wake(t uint8, gen uint32, log *trace.Log) error {
	if err := s.Kernel.Wake(t, gen, log); err != nil {
		return err
	}
	switch s.Mode {
	case Running:
		if s.Config.Faults.Has(fault.ReentrantPump) && s.Kernel.Polling() && s.Kernel.Runnable() {
			s.Burst++
			_, err := s.Kernel.Dispatch(true, log)
			return err
		}
		// Fault PolledWakeNotPending sets no pending flag for a wake of the
		// polled task.
		if !s.Config.Faults.Has(fault.PolledWakeNotPending) || t != s.Kernel.Current {
			s.Pending = true
		}
		// Fault DeferredNamesPolled names the polled task.
		if s.Config.Faults.Has(fault.DeferredNamesPolled) {
			t = s.Kernel.Current
		}
		log.Emit(trace.Event{Kind: trace.ReentrancyDeferred, Task: t})
	case Idle:
		s.QueueMicrotask(log)
	}
	return nil
}

// QueueMicrotask queues the pump as a microtask (P1's default trigger):
// how the pump schedules itself when work becomes runnable while it is
// idle. It is exported for the fixtures' driver (runtime/conformance),
// which gives an idle pump a turn this way before a scripted dispatch.
func (s *State) QueueMicrotask(log *trace.Log) {
	s.Mode, s.Source = Scheduled, Microtask
	via := hostNames[1+Microtask]
	// Fault ScheduledViaHostTask names the wrong source.
	if s.Config.Faults.Has(fault.ScheduledViaHostTask) {
		via = hostNames[1+HostTask]
	}
	log.Emit(trace.Event{Kind: trace.PumpScheduled, AttrKey: "via", AttrVal: via})
}

// settle is the pump's decision after a kernel operation: nothing while a
// task is being polled; otherwise, in a Running pump, hand off when the
// burst is spent and work remains (P1), end the drain cycle when no work
// remains, and keep running otherwise. Work made runnable while Idle
// schedules a microtask. Fault DropDeferredTurn ends the cycle Idle even
// with a deferred wake pending; fault EmptyCycleRequeues queues another
// microtask at the end of a cycle that owes no turn.
func (s *State) settle(log *trace.Log) {
	if s.Kernel.Polling() {
		return
	}
	runnable := s.Kernel.Runnable()
	switch s.Mode {
	case Idle:
		// Fault IdleSettleStrands leaves the work of a pump whose last
		// turn spent its burst waiting.
		if runnable && !(s.Config.Faults.Has(fault.IdleSettleStrands) && s.Burst >= s.burstLimit()) {
			s.QueueMicrotask(log)
		}
	case Running:
		// Fault HandoffBeforeLimit counts one step too many.
		burst := s.Burst
		if s.Config.Faults.Has(fault.HandoffBeforeLimit) {
			burst++
		}
		// Fault EmptyCycleRequeues reads || for the first && of the
		// re-queue test.
		requeue := !runnable && s.Pending
		if s.Config.Faults.Has(fault.EmptyCycleRequeues) {
			requeue = !runnable || s.Pending
		}
		switch {
		case runnable && burst >= s.burstLimit() && !s.Config.Faults.Has(fault.UnboundedBurst):
			limit := len(log.Events)
			log.Emit(trace.Event{Kind: trace.BurstLimitReached})
			s.handoff(log)
			// Fault LimitAfterHandoff reports the limit after the
			// hand-off it begins.
			if s.Config.Faults.Has(fault.LimitAfterHandoff) {
				trace.EffectsFirst(log.Events[limit:], 1)
			}
		case requeue && !s.Config.Faults.Has(fault.DropDeferredTurn):
			// Fault DeferredTurnKeepsPending leaves the paid turn owed.
			if !s.Config.Faults.Has(fault.DeferredTurnKeepsPending) {
				s.Pending = false
			}
			s.QueueMicrotask(log)
		case !runnable:
			s.Mode = Idle
			// Fault SilentIdle skips the event.
			if !s.Config.Faults.Has(fault.SilentIdle) {
				log.Emit(trace.Event{Kind: trace.PumpIdle})
			}
		}
	}
}

func (s *State) burstLimit() uint8 {
	if s.Config.BurstLimit == 0 {
		return DefaultBurstLimit
	}
	return s.Config.BurstLimit
}

// handoff queues the pump as a host task: MessageChannel preferred,
// setTimeout(0) as fallback, failing closed with neither capability. Fault
// HandoffViaMessage takes the MessageChannel route without its capability;
// fault HandoffDeniedWithTimer fails closed with the timer capability.
func (s *State) handoff(log *trace.Log) {
	s.Pending = false
	via := ""
	switch {
	case s.Config.Caps&CapMessage != 0 || s.Config.Faults.Has(fault.HandoffViaMessage):
		via = "message_channel"
	// Fault HandoffDeniedWithTimer passes over the timer route.
	case s.Config.Caps&CapTimer != 0 && !s.Config.Faults.Has(fault.HandoffDeniedWithTimer):
		via = "set_timeout"
	default:
		s.Mode = Idle
		log.Emit(trace.Event{Kind: trace.AuthorizationDenied, AttrKey: "capability", AttrVal: "message", ErrorClass: trace.ErrUnauthorized})
		return
	}
	log.Emit(trace.Event{Kind: trace.HostHandoff, AttrKey: "via", AttrVal: via})
	s.Mode, s.Source = Scheduled, HostTask
}

// deliverTimers is the host's timer callbacks for one timer turn: a due
// live timer's callback schedules the pump (the kernel fires it in phase 0);
// a cancelled one's is a stale-timer diagnostic (P2). Fault StaleTimerFires
// wakes the task of a stale timer. Timer callbacks need the timer
// capability.
func (s *State) deliverTimers(log *trace.Log) {
	if s.Config.Caps&CapTimer == 0 && !s.Config.Faults.Has(fault.AmbientAuthority) {
		if s.Kernel.Runnable() || s.hasDueDead() {
			log.Emit(trace.Event{Kind: trace.AuthorizationDenied, AttrKey: "capability", AttrVal: "timer", ErrorClass: trace.ErrUnauthorized})
		}
		return
	}
	stale := s.Config.Faults.Has(fault.StaleTimerFires)
	s.Kernel.ReapStale(func(id uint8, tm kernel.Timer) {
		if stale {
			log.Emit(trace.Event{Kind: trace.TimerFired, Task: tm.Task, Timer: id, Gen: uint64(tm.Gen), Deadline: uint64(tm.Deadline)})
			// A timer's task always exists, so this wake cannot fail.
			_ = s.Kernel.Wake(tm.Task, 0, log)
			return
		}
		gen := uint64(tm.Gen)
		// Fault StaleTimerNextGen names the slot's next generation.
		if s.Config.Faults.Has(fault.StaleTimerNextGen) {
			gen++
		}
		deadline := uint64(tm.Deadline)
		// Fault StaleTimerNamesNow names the turn's time.
		if s.Config.Faults.Has(fault.StaleTimerNamesNow) {
			deadline = uint64(s.Kernel.Now)
		}
		log.Emit(trace.Event{Kind: trace.StaleTimer, Task: tm.Task, Timer: id, Gen: gen, Deadline: deadline, ErrorClass: trace.ErrStaleTimer})
	})
	// Fault TimerTurnRequeues queues a pump already queued; fault
	// TimerTurnMissesTimers counts only the lanes' work, not the timers
	// this turn made due.
	work := s.Kernel.Runnable()
	if s.Config.Faults.Has(fault.TimerTurnMissesTimers) {
		work = !s.Kernel.Sched.Empty()
	}
	if (s.Mode == Idle || s.Config.Faults.Has(fault.TimerTurnRequeues)) && work {
		s.QueueMicrotask(log)
	}
}

func (s *State) hasDueDead() bool {
	for _, tm := range s.Kernel.Timers {
		if tm.Used && !tm.Live && tm.Deadline <= s.Kernel.Now {
			return true
		}
	}
	return false
}
