package model

import (
	"fmt"
	"sort"
	"strings"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
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
	Kernel          kernel.Config
	Pump            pump.Config
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
