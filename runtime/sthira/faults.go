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

// Faults is a set of faults, bit f for Fault f: 64 bits, since session
// 45's audit took the switches past 32.
type Faults uint64

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
	// ScopeLimitUnspelled shows a scope-limit wait as "not_waiting", the
	// spelling's scope_limit case lost (§10).
	ScopeLimitUnspelled
	// MaxWaitSaturated skips the max-wait drop once the wait counter has
	// saturated at WaitCap (§8).
	MaxWaitSaturated
	// ScanTwoPerQueue: the activation loop looks at only the first two
	// tasks of each queue (§5, §6).
	ScanTwoPerQueue
	// RemoveSwapsLast fills the gap a task leaves in its queue with the
	// queue's last task instead of moving the rest up (§4).
	RemoveSwapsLast
	// TickLowFirst visits the queues LOW to HIGH on a tick, so same-tick
	// max-wait drops come out against the activation order (§8, §10).
	TickLowFirst
	// TickFromTail visits each queue from its tail on a tick, so same-tick
	// max-wait drops of one queue come out newest first (§4, §8).
	TickFromTail
	// RetryTakesLastSlot puts a retry in the last never-used slot instead
	// of the first (§9).
	RetryTakesLastSlot
	// RetryOfRetryRefused refuses the retry of a task that is itself a
	// retry (§9).
	RetryOfRetryRefused
	// RetryTakesDisposedSlot lets a retry take a disposed slot, reusing a
	// ref (§9).
	RetryTakesDisposedSlot
	// RecycleKeepsRecord declares a task in a recycled slot without
	// forgetting the old task's drop reason and retry marks (§9).
	RecycleKeepsRecord
	// WaitCapFive saturates the wait and starvation counters at 5, not
	// WaitCap (§10).
	WaitCapFive
	// GlobalLimitMisnumbered reports the global limit in
	// CONCURRENCY_LIMIT_REACHED with scope s1's number (§10).
	GlobalLimitMisnumbered
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
	ScopeLimitUnspelled:     {"scope-limit-unspelled", "a task waiting for its scope's limit is shown as \"not_waiting\": the spelling lost its scope_limit case while the reason itself is right (§10: DevTools MUST display why a task is waiting)"},
	MaxWaitSaturated:        {"max-wait-saturated", "the max-wait drop is skipped once the wait counter has saturated at WaitCap, so with max wait 6 a task waits forever (§8: a task that exceeds max wait time is dropped)"},
	ScanTwoPerQueue:         {"scan-two-per-queue", "the activation loop looks at only the first two tasks of each queue, so a third, authorized, waits while its slot is free (§5, §6: excess tasks remain queued, and only they)"},
	RemoveSwapsLast:         {"remove-swaps-last", "a task leaving the middle of a queue is replaced by the queue's last task, so the queue is no longer in arrival order (§4: queues are FIFO)"},
	TickLowFirst:            {"tick-low-first", "a tick visits Q_LOW before Q_NORMAL and Q_HIGH, so the max-wait drops of one tick come out LOW first (§8 drop events, in the activation order §5 gives the queues)"},
	TickFromTail:            {"tick-from-tail", "a tick visits each queue from its tail, so the max-wait drops of one tick come out newest first (§4: queues are FIFO; §8 drop events in queue order)"},
	RetryTakesLastSlot:      {"retry-takes-last-slot", "a retry's new task takes the last never-used slot instead of the first (§9: retry creates a new task, in the first never-used slot)"},
	RetryOfRetryRefused:     {"retry-of-retry-refused", "the retry of a task that is itself a retry, and failed with ERROR, is refused (§9: any task that failed with ERROR may be retried, once)"},
	RetryTakesDisposedSlot:  {"retry-takes-disposed-slot", "a retry may take a disposed retry slot, declaring the new task under an old, invalidated ref (§8 ref invalidated, §9 new task)"},
	RecycleKeepsRecord:      {"recycle-keeps-record", "a task declared in a recycled slot keeps the old task's drop reason, retry mark and retry-of (§9: previous task state is not reused)"},
	WaitCapFive:             {"wait-cap-five", "the wait and starvation counters saturate at 5 instead of WaitCap (7), so a task's wait time stops growing early (§10 task wait time, starvation duration)"},
	GlobalLimitMisnumbered:  {"global-limit-misnumbered", "CONCURRENCY_LIMIT_REACHED names the global limit with scope s1's number (§10: the diagnostics say which limit was reached)"},
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
	return 0, suggest.UnknownOf("sthira", "fault", name, names)
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
