package model

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/wheel"
)

// Scenario bounds what the environment may do: how many tasks, regions,
// obligations and timers it may create, which cancel kinds and governor
// suggestions it uses, and the runtime's limits.
type Scenario struct {
	Name string
	Doc  string
	// Native runs the kernel without the pump (no host events).
	Native bool
	// Tasks, Regions (the root included; new regions nest under the
	// deepest one), Obligations and Finalizers bound what may be created.
	Tasks       uint8
	Regions     uint8
	Obligations uint8
	Finalizers  uint8
	// Sleep is the duration a task may sleep (0: tasks never sleep);
	// TimedTasks lets spawns carry a deadline (the timed lane).
	Sleep      uint32
	TimedTasks bool
	// CancelKinds are the kinds of task cancels; RegionCancelKind the kind
	// of region cancels (regions are not cancelled if NoRegionCancel).
	CancelKinds      []cancel.Kind
	RegionCancelKind cancel.Kind
	NoRegionCancel   bool
	// Governors are the suggestions the governor may switch between.
	Governors []sched.Governor
	// Masks allows mask/unmask (depth at most 1).
	Masks bool
	// DeniedCallbacks lets host callbacks arrive through capabilities the
	// adapter does not hold (to check fail-closed).
	DeniedCallbacks bool
	// Sleeps are further durations a task may sleep for, beside Sleep: a
	// level-1 or overflow placement of the wheel, or one try_register
	// refuses.
	Sleeps []uint32
	// StaleHandles lets the environment cancel a live wheel timer with a
	// handle of an older generation.
	StaleHandles bool
	// ChanTryOps offers the non-waiting channel operations (try_reserve,
	// try_send, try_recv, send_evict_oldest) beside reserve, send, abort,
	// recv and close.
	ChanTryOps bool
	// PoolTasks is how many tasks the environment pushes onto the worker
	// pool's local queues (Kernel.Workers workers).
	PoolTasks uint8
	Kernel    kernel.Config
	Pump      pump.Config
}

// scenarios are the named scenarios, the default first.
var scenarios = []Scenario{
	{
		Name: "default",
		Doc:  "browser backend: 3 tasks, 2 nested regions, a timer, an obligation, cancel_streak_limit 2, burst limit 2",
		// Chosen so that every invariant is reachable within depth 12.
		Tasks: 3, Regions: 2, Obligations: 1, Sleep: 1, TimedTasks: true,
		// Tasks are cancelled with User and regions with Shutdown, so two
		// severities and two budgets meet on one task.
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Governors: []sched.Governor{sched.NoPreference, sched.DrainRegions},
		Masks:     true, DeniedCallbacks: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.CapTimer},
	},
	{
		Name:   "native",
		Doc:    "native backend (the kernel without the pump): the default's bounds less the timed task, no host events",
		Native: true,
		Tasks:  3, Regions: 2, Obligations: 1, Sleep: 1,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Governors: []sched.Governor{sched.NoPreference, sched.DrainRegions},
		Masks:     true,
		Kernel:    kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:      pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:  "governors",
		Doc:   "lane law under every governor suggestion: 3 tasks (one timed), one region, no timers or obligations, cancel_streak_limit 1",
		Tasks: 3, Regions: 1, TimedTasks: true,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Governors: []sched.Governor{sched.NoPreference, sched.MeetDeadlines, sched.DrainObligations, sched.DrainRegions},
		Kernel:    kernel.Config{CancelStreakLimit: 1, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:      pump.Config{BurstLimit: 4, Caps: pump.AllCaps},
	},
	{
		Name: "channel",
		Doc:  "native backend with one MPSC channel of capacity 2: t1 and t2 send through session-tracked permits, t3 receives; task and region cancels",
		// Two senders make a waiter queue; capacity 2 lets two messages
		// queue, so receive order is observable.
		Native: true, Tasks: 3, Regions: 1,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Governors:  []sched.Governor{sched.NoPreference},
		Masks:      true,
		ChanTryOps: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 2, Senders: 2}, TrackPermits: true},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "timers",
		Doc:    "native backend on the timer wheel: 3 tasks sleeping 1 ms, 300 ms (a level-1 cascade), 25 h (the overflow heap) or 7 days + 1 ms (refused); stale-generation cancels; id and generation counters two short of the u64 wrap",
		Native: true, Tasks: 3, Regions: 1, Sleep: 1,
		Sleeps:      []uint32{300, 25 * 3_600_000, wheel.DefaultMaxTimerDuration + 1},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Governors:    []sched.Governor{sched.NoPreference},
		StaleHandles: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{FirstID: math.MaxUint64 - 1, FirstGen: math.MaxUint64 - 1}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "stealing",
		Doc:    "the worker pool alone: 3 workers, 3 tasks pushed onto local queues and stolen in the order each thief's seeded RNG gives (004 3.6)",
		Native: true, Regions: 1, PoolTasks: 3, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096, Workers: 3},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "channel-timers",
		Doc:    "native backend with the channel and the wheel together: senders sleep between sends, tasks and the region are cancelled mid-operation (004 4.1-4.5)",
		Native: true, Tasks: 3, Regions: 1, Sleep: 1,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Governors: []sched.Governor{sched.NoPreference},
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, Channel: channel.Config{Capacity: 1, Senders: 2}, TrackPermits: true},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
}

// Scenarios lists the named scenarios, the default first.
func Scenarios() []Scenario { return append([]Scenario(nil), scenarios...) }

// Lookup finds a scenario by name; the error lists the known names.
func Lookup(name string) (Scenario, error) {
	var names []string
	for _, s := range scenarios {
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	sort.Strings(names)
	return Scenario{}, fmt.Errorf("unknown scenario %q (known: %s)", name, strings.Join(names, ", "))
}
