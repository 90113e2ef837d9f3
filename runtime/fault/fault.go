// Package fault names the runtime's deliberate bugs. Each fault is a small,
// realistic mistake at the real spot in a runtime package, off by default;
// the checker turns one on to prove that the invariant meant to catch that
// mistake can fail. A check that no fault can trip is not yet a check.
//
// Which invariant each fault must trip is recorded next to the invariants
// (package invariants), because runtime imports nothing of ours.
package fault

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// Fault is one deliberate bug.
type Fault uint8

// The faults, by the runtime area they live in.
const (
	// Scheduler (runtime/sched).
	NoWakeDedup           Fault = iota // a second wake of a runnable task enqueues it again
	UnboundedCancelStreak              // the cancel lane ignores the streak limit
	TimedBeforeCancel                  // the timed lane is polled before cancel under NoPreference
	LifoReady                          // equal-priority ready entries pop newest first
	TimersAfterDispatch                // phase 0 (expired timers) runs after the dispatch
	DrainNotDoubled                    // drain modes keep the base streak limit
	LostWake                           // a wake that arrives during a poll is forgotten

	// Cancellation (runtime/cancel).
	AckWhileMasked         // checkpoint acknowledges a cancel under a mask
	WeakenSeverity         // strengthen keeps the newer reason even when weaker
	WidenBudget            // combine takes the looser budget
	PhaseRegress           // a repeated request from Cancelling moves back to CancelRequested
	CloseWithLiveTask      // a region finalizes while it still has live tasks
	LeakObligationOnCancel // a cancelled task's reserved obligations are not aborted
	SpawnAfterCancel       // spawn is accepted in a closing/cancelled region
	ChildBeforeParent      // the cascade processes deeper regions first
	DoubleResolve          // resolving a resolved obligation is accepted again
	ResumeCompleted        // a cancel request on a Completed task re-enters CancelRequested

	// Browser pump (runtime/pump).
	ReentrantPump     // a wake during Running polls the scheduler recursively
	UnboundedBurst    // the microtask pump ignores its burst limit
	StaleTimerFires   // a host timer callback for a cancelled timer still wakes the task
	UnorderedTimers   // same-turn timer expirations fire newest registration first
	AmbientAuthority  // a callback without capability falls back to ambient authority
	UnboundedCatchup  // catch-up after a host gap fires every timer in one batch
	StaleWakeEnqueues // a wake of a terminal task is enqueued instead of diagnosed

	count
)

type info struct{ name, doc string }

var table = [count]info{
	NoWakeDedup:            {"no-wake-dedup", "a second wake of an already runnable task adds a second runnable entry (breaks S3)"},
	UnboundedCancelStreak:  {"unbounded-cancel-streak", "the cancel lane is taken even past the cancel-streak limit while timed or ready work waits (breaks S2)"},
	TimedBeforeCancel:      {"timed-before-cancel", "the timed lane is polled before the cancel lane without MeetDeadlines (breaks S1)"},
	LifoReady:              {"lifo-ready", "equal-priority ready entries are dispatched newest first (breaks generation FIFO)"},
	TimersAfterDispatch:    {"timers-after-dispatch", "expired timers are processed after the dispatch instead of in phase 0"},
	DrainNotDoubled:        {"drain-not-doubled", "DrainObligations/DrainRegions keep the base limit instead of 2x"},
	LostWake:               {"lost-wake", "a wake that arrives while its task is being polled (a yield, a cancel) is forgotten when the poll returns Pending"},
	AckWhileMasked:         {"ack-while-masked", "checkpoint acknowledges a pending cancel while mask_depth > 0 (breaks B3)"},
	WeakenSeverity:         {"weaken-severity", "strengthen lets a later, less severe reason replace a more severe one"},
	WidenBudget:            {"widen-budget", "budget combine takes the looser poll quota instead of the meet"},
	PhaseRegress:           {"phase-regress", "a repeated cancel request on a Cancelling task moves it back to CancelRequested"},
	CloseWithLiveTask:      {"close-with-live-task", "a closing region finalizes while a task in it is still live"},
	LeakObligationOnCancel: {"leak-obligation-on-cancel", "a task completing as Cancelled leaves its reserved obligations reserved"},
	SpawnAfterCancel:       {"spawn-after-cancel", "spawn and reserve are accepted in a region that is closing or cancelled"},
	ChildBeforeParent:      {"child-before-parent", "the region cascade processes descendants deepest first"},
	DoubleResolve:          {"double-resolve", "resolving an already resolved obligation is accepted and recorded again"},
	ResumeCompleted:        {"resume-completed", "a cancel request on a Completed task re-opens it as CancelRequested (breaks T5)"},
	ReentrantPump:          {"reentrant-pump", "a wake during Running polls the scheduler recursively instead of deferring (breaks S4/F1)"},
	UnboundedBurst:         {"unbounded-burst", "the microtask pump runs past microtask_burst_limit without a host hand-off (breaks P1)"},
	StaleTimerFires:        {"stale-timer-fires", "a host timer callback for a cancelled timer wakes its task instead of a stale-timer diagnostic (breaks P2)"},
	UnorderedTimers:        {"unordered-timers", "expired timers fire newest registration first (host arrival order), not by (deadline, timer_id, generation) (breaks P2)"},
	AmbientAuthority:       {"ambient-authority", "a host callback without a capability proceeds on ambient authority instead of failing closed (breaks P3/F4)"},
	UnboundedCatchup:       {"unbounded-catchup", "catch-up after a host gap fires every expired timer in one batch (breaks F3)"},
	StaleWakeEnqueues:      {"stale-wake-enqueues", "a wake of a terminal task is enqueued instead of reported stale (breaks F2)"},
}

// Name is the fault's command-line name.
func (f Fault) Name() string { return table[f].name }

// Doc says what the bug is.
func (f Fault) Doc() string { return table[f].doc }

func (f Fault) String() string { return f.Name() }

// All lists every fault in declaration order.
func All() []Fault {
	out := make([]Fault, count)
	for i := range out {
		out[i] = Fault(i)
	}
	return out
}

// Parse finds a fault by name; the error lists the known names.
func Parse(name string) (Fault, error) {
	for f := Fault(0); f < count; f++ {
		if table[f].name == name {
			return f, nil
		}
	}
	names := make([]string, 0, count)
	for f := Fault(0); f < count; f++ {
		names = append(names, table[f].name)
	}
	sort.Strings(names)
	return 0, fmt.Errorf("unknown fault %q (known: %s)", name, strings.Join(names, ", "))
}

// Set is a set of enabled faults; the zero value has none.
type Set uint32

// With returns s plus f.
func (s Set) With(f Fault) Set { return s | 1<<f }

// Has reports whether f is on.
func (s Set) Has(f Fault) bool { return s&(1<<f) != 0 }

// List returns the enabled faults in declaration order.
func (s Set) List() []Fault {
	var out []Fault
	for v := uint32(s); v != 0; v &= v - 1 {
		out = append(out, Fault(bits.TrailingZeros32(v)))
	}
	return out
}

// String is the comma-separated names ("" for none).
func (s Set) String() string {
	var names []string
	for _, f := range s.List() {
		names = append(names, f.Name())
	}
	return strings.Join(names, ",")
}
