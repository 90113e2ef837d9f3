package sthira

import (
	"strings"

	"modelcheck/internal/suggest"
)

// Fault is one deliberate bug the scheduler can switch on, so that the
// checker proves each of its invariants can fail. Each sits at the real
// spot of the rule it breaks, and all are off by default. These are the
// package's own: runtime/fault is asupersync's catalogue.
type Fault uint8

// Faults is a set of faults, bit f for Fault f.
type Faults uint32

// The fault switches, each named by the rule it breaks.
const (
	// LimitOffByOne authorizes one activation past the global limit (§6).
	LimitOffByOne Fault = iota
	// ScopeLimitIgnored authorizes activations past a scope's limit (§6).
	ScopeLimitIgnored
	// PreemptRunning: an arrival that cannot start sends a running task
	// of lower priority back to its queue and takes its slot (§3).
	PreemptRunning
	// LIFOQueue activates the newest task of a queue first (§4, §5).
	LIFOQueue
	// NormalBeforeHigh scans Q_NORMAL before Q_HIGH (§5).
	NormalBeforeHigh
	// LazyActivation: a completion frees its slot without running the
	// activation loop; only the next submission does (§5, §6).
	LazyActivation
	// HeadOfLine stops the loop at a queue head whose scope is full (§6).
	HeadOfLine
	// Aging moves a task that waited two ticks up one queue (§7).
	Aging
	// SilentOverflow drops the overflow victim without a word (§8).
	SilentOverflow
	// RefKept leaves a dropped task's ref valid (§8).
	RefKept
	// OverflowDropsOldest drops the oldest queued task of the arrival's
	// own priority instead of the arrival when nothing lower is queued
	// (§8: the documented victim choice).
	OverflowDropsOldest
	// TimeoutEarly drops a task when its wait reaches max wait, one tick
	// before it exceeds it (§8).
	TimeoutEarly
	// DropViaDisposing takes a dropped task through DISPOSING instead of
	// directly to DISPOSED (§8, lifecycle).
	DropViaDisposing
	// RetryDefaultPriority gives a retry priority NORMAL instead of the
	// original's (§9).
	RetryDefaultPriority
	// RetryReusesRef declares the retry in the original task's slot,
	// reviving its ref (§9).
	RetryReusesRef
	// RetryDropped retries a task dropped for max wait, on the scheduler's
	// own initiative (§8: drops are never retried).
	RetryDropped
	// BlockersMissed leaves out of "blocked by" the higher-priority tasks
	// already running when a task was queued (§10).
	BlockersMissed
	// OutcomeLost records a failed completion as SUCCESS in the task while
	// its events say ERROR (observable state).
	OutcomeLost
	// LowQueueUncounted: the queue lengths report Q_LOW as empty (§10).
	LowQueueUncounted
	// RetryIgnored accepts a retry and declares no new task (§9).
	RetryIgnored
	// QueuedCountSkipsLow counts only Q_HIGH and Q_NORMAL as queued, so
	// the queue limit lets LOW tasks past it (§8).
	QueuedCountSkipsLow
	// CancelSkipsLow looks a cancelled task up in Q_HIGH and Q_NORMAL
	// only, so the cancel of a queued LOW task is refused (§8).
	CancelSkipsLow
	// SuspendIgnored accepts a suspension and does nothing: the task goes
	// on running and no event says otherwise (lifecycle).
	SuspendIgnored
	// ActivatedBeforeDisposed reports a completion's TASK_DISPOSED after
	// the activations its freed slot allows (§6).
	ActivatedBeforeDisposed
	// LimitReportedTwice reports an arrival's CONCURRENCY_LIMIT_REACHED
	// twice (§10).
	LimitReportedTwice
	// FailedReportedTwice reports an ERROR completion's TASK_FAILED twice
	// (§10).
	FailedReportedTwice
	// ScopeLimitOne authorizes a task only while its scope holds no slot,
	// whatever the scope's limit (§6).
	ScopeLimitOne
	numFaults
)

var faultInfo = [numFaults]struct{ name, doc string }{
	LimitOffByOne:           {"limit-off-by-one", "the global maxConcurrentTasks check lets one more task start (§6)"},
	ScopeLimitIgnored:       {"scope-limit-ignored", "the per-scope maxConcurrentTasks is not checked (§6)"},
	PreemptRunning:          {"preempt-running", "an arrival that cannot start sends a running lower-priority task back to its queue and takes its slot (§3)"},
	LIFOQueue:               {"lifo-queue", "a queue activates its newest task first (§4, §5)"},
	NormalBeforeHigh:        {"normal-before-high", "the activation loop scans Q_NORMAL before Q_HIGH (§5)"},
	LazyActivation:          {"lazy-activation", "a completion frees its slot without running the activation loop (§5, §6)"},
	HeadOfLine:              {"head-of-line", "the activation loop stops at a queued task whose scope is full (§6)"},
	Aging:                   {"aging", "a task queued for two ticks is moved up one queue (§7)"},
	SilentOverflow:          {"silent-overflow", "the task an overflow drops is disposed without any event (§8)"},
	RefKept:                 {"ref-kept", "a dropped task's ref stays valid (§8)"},
	OverflowDropsOldest:     {"overflow-drops-oldest", "an overflow with nothing of lower priority queued drops the oldest task of the arrival's queue instead of the arrival (§8)"},
	TimeoutEarly:            {"timeout-early", "a task is dropped when its wait reaches max wait, before it exceeds it (§8)"},
	DropViaDisposing:        {"drop-via-disposing", "a dropped task passes through DISPOSING instead of going directly to DISPOSED (§8)"},
	RetryDefaultPriority:    {"retry-default-priority", "a retry gets priority NORMAL instead of the original's (§9)"},
	RetryReusesRef:          {"retry-reuses-ref", "a retry is declared in the original task's slot, reviving its ref (§9)"},
	RetryDropped:            {"retry-dropped", "a task dropped for max wait is retried by the scheduler itself (§8, §9)"},
	BlockersMissed:          {"blockers-missed", "\"blocked by\" leaves out the higher-priority tasks already running when the task was queued (§10)"},
	OutcomeLost:             {"outcome-lost", "a completion with ERROR is recorded as SUCCESS in the task (§10)"},
	LowQueueUncounted:       {"low-queue-uncounted", "the queue lengths signal reports Q_LOW as empty whatever it holds (§10)"},
	RetryIgnored:            {"retry-ignored", "a retry is accepted but declares no new task (§9)"},
	QueuedCountSkipsLow:     {"queued-count-skips-low", "the count of queued tasks leaves out Q_LOW, so a queue limit lets LOW tasks past it (§8)"},
	SuspendIgnored:          {"suspend-ignored", "a suspension of a RUNNING task is accepted and does nothing: no TASK_SUSPENDED, and the task stays RUNNING (lifecycle: RUNNING <-> SUSPENDED is the task's own doing, and the scheduler reports it)"},
	ActivatedBeforeDisposed: {"activated-before-disposed", "a completion emits its TASK_DISPOSED after the TASK_ACTIVATED of the task its freed slot lets start, so the trace shows a task starting while the slot it takes was still held (§6: the scheduler never exceeds maxConcurrentTasks; a task holds its slot until it is disposed)"},
	LimitReportedTwice:      {"limit-reported-twice", "an arrival that may not start gets CONCURRENCY_LIMIT_REACHED twice, so the diagnostics show two limits reached where one arrival met one (§10: the signals are true; the diagnostics events are totally ordered per task, one per thing that happened)"},
	FailedReportedTwice:     {"failed-reported-twice", "a completion with ERROR emits its TASK_FAILED twice, so the diagnostics show two failures where one task failed once (§10: the diagnostics events are totally ordered per task, one per thing that happened)"},
	ScopeLimitOne:           {"scope-limit-one", "a scoped task may start only while its scope holds no slot, as if every scope's maxConcurrentTasks were 1, so a task waits while its scope has room (§6: excess tasks remain queued, and only they)"},
	CancelSkipsLow:          {"cancel-skips-low", "an explicit cancel looks the task up in Q_HIGH and Q_NORMAL only, so the cancel of a queued LOW task is refused with an error (§8: explicit cancellation is issued for a queued task)"},
}

// AllFaults lists every fault in declaration order.
func AllFaults() []Fault {
	out := make([]Fault, numFaults)
	for i := range out {
		out[i] = Fault(i)
	}
	return out
}

// Name is the fault's name on the command line.
func (f Fault) Name() string { return faultInfo[f].name }

// Doc says what the fault breaks.
func (f Fault) Doc() string { return faultInfo[f].doc }

func (f Fault) String() string { return f.Name() }

// ParseFault finds a fault by name.
func ParseFault(name string) (Fault, error) {
	for i, fi := range faultInfo {
		if fi.name == name {
			return Fault(i), nil
		}
	}
	names := make([]string, numFaults)
	for i, fi := range faultInfo {
		names[i] = fi.name
	}
	return 0, suggest.Unknown("sthira fault", name, names)
}

// Has reports whether f is switched on.
func (s Faults) Has(f Fault) bool { return s&(1<<f) != 0 }

// With returns s with f switched on.
func (s Faults) With(f Fault) Faults { return s | 1<<f }

// String spells the set as comma-separated names, "none" if empty.
func (s Faults) String() string {
	var names []string
	for _, f := range AllFaults() {
		if s.Has(f) {
			names = append(names, f.Name())
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ",")
}

// ParseFaults reads what String writes.
func ParseFaults(v string) (Faults, error) {
	var s Faults
	if v == "none" {
		return s, nil
	}
	for _, name := range strings.Split(v, ",") {
		f, err := ParseFault(name)
		if err != nil {
			return 0, err
		}
		s = s.With(f)
	}
	return s, nil
}
