package asupersync

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"modelcheck/internal/suggest"
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
	// Spawned of the Tasks are spawned into the root region before the
	// first step: the initial state is the one those spawns reach, so a
	// scenario about what tasks do together spends none of its depth on
	// the order of their spawns.
	Spawned uint8
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
	// Masks allows mask/unmask (depth at most 1, or 2 with NestedMasks).
	Masks bool
	// NestedMasks lets a masked task mask again (depth 2), so an unmask
	// that leaves a mask in place must keep deferring the cancel (001 B3:
	// the ack waits for depth 0, not for any unmask). Without it the
	// depth never passes 1.
	NestedMasks bool
	// LateTurns lets a host timer turn arrive 1 ms after the next
	// deadline as well as at it: a late host (000 F3, a host delay), so
	// one turn reaches timers of different deadlines and the callbacks of
	// cancelled timers whose deadline has already passed. Without it every
	// turn stops at the next deadline, so a turn's time is always the
	// deadline of the timers it reaches.
	LateTurns bool
	// DeniedCallbacks lets host callbacks arrive through capabilities the
	// adapter does not hold (to check fail-closed).
	DeniedCallbacks bool
	// Sleeps are further durations a task may sleep for, beside Sleep: a
	// level-1 or overflow placement of the wheel, or one try_register
	// refuses.
	Sleeps []uint32
	// StaleHandles lets the environment hold outdated handles: cancel a
	// live wheel timer with a handle of an older generation, and wake a
	// task with a generation it never had (000 F2), directly or, with
	// Callbacks, through a granted host callback.
	StaleHandles bool
	// ChanTryOps offers the non-waiting channel operations (try_reserve,
	// try_send, try_recv, send_evict_oldest) beside reserve, send, abort,
	// recv and close.
	ChanTryOps bool
	// Deadlines are deadlines that spawns into the root region may carry,
	// any number of timed tasks each (TimedTasks allows one, deadline 2):
	// two timed tasks meet in the timed lane, so EDF between different
	// deadlines and FIFO between equal ones are both reached.
	Deadlines []uint32
	// Priorities are priorities that spawns into the root region may
	// carry besides the default 0: the ready lane then holds entries of
	// different priorities, so its priority-then-generation order (004
	// 3.3) is reached as the cancel lane's is. Without it every ready
	// entry has priority 0. With Deadlines too, a spawn may carry both,
	// so timed entries of different priorities meet (edf-priorities).
	Priorities []uint8
	// Callbacks lets a host callback through a capability the adapter
	// holds (message or timer) wake a parked task: the grant path beside
	// DeniedCallbacks's fail-closed one.
	Callbacks bool
	// SelfWakes lets the environment wake the task being polled: the
	// kernel notes the wake and must re-queue the task when its poll
	// returns Pending, not lose it.
	SelfWakes bool
	// LeakyTasks lets a task complete Ok while it still holds a Reserved
	// obligation: a task that breaks its obligation, which the runtime
	// must report as Leaked when its region finalizes (semantics notes),
	// not hide. With ErrOutcomes it may return Err holding it too, and
	// with LateReturns return while Cancelling or Finalizing holding it,
	// where the return completes it Cancelled and must abort what it
	// holds. Without it the model's tasks resolve what they hold before
	// they return, and no obligation may ever be Leaked.
	LeakyTasks bool
	// DropFutures lets a task parked on the channel, when it is polled
	// again, return instead of re-polling the reserve or recv it waits
	// on: the pending future is dropped, as a select! or a timeout drops
	// it, and its Drop must take the waiter out of the queue and pass the
	// wake on (004 1.8, Reserve Drop). Without it a parked task always
	// re-polls, so only the poll that answers Cancelled leaves the queue.
	DropFutures bool
	// SpuriousChanWakes lets the environment wake a task parked on the
	// channel at any time, not only through the channel's own wakes (the
	// head's cascade, a send, a close): a future must tolerate a
	// spurious poll, so a parked reserve is polled again while it is not
	// the head, and 004 1.3 step 3 (FIFO) must answer it Pending.
	// Without it a parked sender is polled again only when it heads the
	// queue or is cancelled, so the FIFO test is never asked of anyone
	// else.
	SpuriousChanWakes bool
	// ErrOutcomes lets a task return Err as well as Ok: an Err return
	// before any cancel stands, and one under an active cancel must
	// complete Cancelled(reason) as an Ok return does (semantics notes,
	// 001 R2). Without it every task returns Ok. A task returns Err only
	// holding nothing Reserved: a leaky task's broken obligation
	// (LeakyTasks) is an Ok return's.
	ErrOutcomes bool
	// SiblingRegions lets a region open under any Open region, not only
	// under the deepest: regions then have siblings, so a cascade must
	// take the target and its descendants and leave the others alone
	// (001 Cascade Law step 1). Without it the regions form one chain.
	SiblingRegions bool
	// LateReturns lets a task return while it is Cancelling or Finalizing,
	// not only before it acknowledges: its cleanup or finalizer ends early,
	// and the return must complete the task Cancelled(reason) whatever it
	// returns (001 R2, semantics notes), from every active phase. Without
	// it a cancelled task leaves Cancelling only by cleanup_done and
	// Finalizing only by finalize_done.
	LateReturns bool
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
		Doc:    "native backend on the timer wheel: 3 tasks sleeping 1 ms, 300 ms (a level-1 cascade), 25 h (the overflow heap) or 7 days + 1 ms (refused); stale-generation cancels and wakes (000 F2); id and generation counters two short of the u64 wrap",
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
		Name:   "wheel-bounds",
		Doc:    "timer wheel with explicit bounds (004 2.7): max_wheel_duration 1000 ms, max_timer_duration 2000 ms; 2 tasks sleep 1 ms, 1500 ms (the overflow heap under the explicit bound) or 2001 ms (refused)",
		Native: true, Tasks: 2, Regions: 1, Sleep: 1,
		Sleeps:      []uint32{1500, 2001},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Governors: []sched.Governor{sched.NoPreference},
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{MaxWheelDuration: 1000, MaxTimerDuration: 2000}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "coalesce-wide",
		Doc:    "timer wheel with a 131072 ms coalescing window (min group default 1) under catchup_batch 2: 2 tasks sleep 1 ms or 70000 ms (level 2), so the collect at 1 ms must promote a level-2 entry inside the window",
		Native: true, Tasks: 2, Regions: 1, Sleep: 1,
		Sleeps:      []uint32{70000},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Governors: []sched.Governor{sched.NoPreference},
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true, CoalesceWindow: 131072}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "coalesce-overflow",
		Doc:    "timer wheel with max_wheel_duration 1000 ms and a 2048 ms coalescing window: 2 tasks sleep 1 ms or 1500 ms (the overflow heap), so the collect at 1 ms must promote an overflow entry, which holds no slot, inside the window",
		Native: true, Tasks: 2, Regions: 1, Sleep: 1,
		Sleeps:      []uint32{1500},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Governors: []sched.Governor{sched.NoPreference},
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{MaxWheelDuration: 1000, MaxTimerDuration: 2000, Coalesce: true, CoalesceWindow: 2048}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "stealing",
		Doc:    "the worker pool alone: 3 workers, 3 tasks pushed onto local queues, popped by each worker at its RNG hint (004 3.5) and stolen in the order each thief's seeded RNG gives (004 3.6)",
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
	// The scenarios below are small and targeted: each reaches a rule of
	// the runtime that the broad ones above cannot reach within depth 12
	// (issue 10 item 3; `make mutate` measures what they add).
	{
		Name:   "edf",
		Doc:    "timed lane alone: 3 tasks spawned with deadline 2 or 3, so two timed tasks meet (EDF between different deadlines, FIFO between equal ones); governors NoPreference and MeetDeadlines",
		Native: true, Tasks: 3, Regions: 1, Deadlines: []uint32{2, 3},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Governors: []sched.Governor{sched.NoPreference, sched.MeetDeadlines},
		Kernel:    kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:      pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "finalizers",
		Doc:    "region finalizers: 2 tasks, a root and a child region, 2 finalizers registered, run and finished while regions close or are cancelled",
		Native: true, Tasks: 2, Regions: 2, Finalizers: 2,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "deep-regions",
		Doc:    "region tree root > child > grandchild with max_chain_depth 2: a cancel cascades to a grandchild and its cause chain is truncated",
		Native: true, Tasks: 2, Regions: 3,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 2, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "leaky-tasks",
		Doc:    "obligation leaks: 2 tasks, a root and a child region, 1 obligation, and tasks that may complete Ok still holding it, so a region finalizing over it must mark it Leaked and say so (obligation_leaked); only such a broken obligation may leak",
		Native: true, Tasks: 2, Regions: 2, Obligations: 1, LeakyTasks: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "two-obligations",
		Doc:    "two obligations at once: 2 tasks, a root and a child region, leaky tasks, and room for 2 reservations, so a task may hold two Leases or each task one, a region finalizing over both must mark each Leaked, and the obligation table's second slot is used (every other scenario holds at most one obligation)",
		Native: true, Tasks: 2, Regions: 2, Obligations: 2, LeakyTasks: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "task-errors",
		Doc:    "task outcomes: 2 tasks, a root and a child region, and tasks that may return Err as well as Ok, before a cancel (the outcome stands) or under one (it must complete Cancelled, 001 R2)",
		Native: true, Tasks: 2, Regions: 2, ErrOutcomes: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "late-returns",
		Doc:    "returns mid-cancel and nested masks: 2 tasks, a root and a child region, an obligation, tasks that may return Ok or Err while Cancelling or Finalizing (the return must complete Cancelled(reason), 001 R2) and mask twice, so an unmask that leaves a mask must still defer the cancel (001 B3)",
		Native: true, Tasks: 2, Regions: 2, Obligations: 1, ErrOutcomes: true, LateReturns: true,
		Masks: true, NestedMasks: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "leaky-returns",
		Doc:    "returns holding an obligation: 2 tasks, a root and a child region, 1 obligation, leaky tasks that may return Ok or Err still holding their Lease before a cancel (an Err return breaks it as an Ok one does: it stays Reserved and is Leaked when its region finalizes) or while Cancelling or Finalizing (the return completes Cancelled and must abort it); every other scenario's Err and late returns hold nothing Reserved",
		Native: true, Tasks: 2, Regions: 2, Obligations: 1, LeakyTasks: true, ErrOutcomes: true, LateReturns: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "sibling-regions",
		Doc:    "a region tree with siblings: 2 tasks and 3 regions, each opened under any open region, so a root may have two children; a cancel of one child must cascade to it and its descendants and leave its sibling open (001 Cascade Law step 1)",
		Native: true, Tasks: 2, Regions: 3, SiblingRegions: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "sibling-regions-4",
		Doc:    "sibling-regions with 4 regions: a child opened under the root after a grandchild, so a cascade's depth order (parents first) and its id order differ (001 Cascade Law step 2, R4); with 3 regions every tree's ids already ascend with depth",
		Native: true, Tasks: 2, Regions: 4, SiblingRegions: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "finalizer-obligations",
		Doc:    "finalizers with obligations: the finalizers scenario plus 1 obligation and leaky tasks, so a region finalizes over a Reserved obligation while its finalizers are still registered and must mark it Leaked as it enters Finalizing, not leave it for the close (001 invariant 5); every other scenario with obligations has no finalizers",
		Native: true, Tasks: 2, Regions: 2, Finalizers: 2, Obligations: 1, LeakyTasks: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "cancel-kinds",
		Doc:    "task cancels of two kinds other than User, Timeout and FailFast (severities 1 and 3), with masks, so a task's pending cancel strengthens or keeps its reason and meets its budget across kinds, and a root reason's kind is one the zero value cannot stand for",
		Native: true, Tasks: 2, Regions: 2, Masks: true,
		CancelKinds: []cancel.Kind{cancel.Timeout, cancel.FailFast}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "region-kinds",
		Doc:    "region cancels of a kind other than Shutdown: Deadline (severity 1), beside task cancels of User and FailFast (severities 0 and 3), with masks, so a region cancel meets a task's pending cancel weaker and stronger than its own, its descendants' ParentCancelled outranks it, and its tasks' budgets are Deadline's",
		Native: true, Tasks: 2, Regions: 2, Masks: true,
		CancelKinds: []cancel.Kind{cancel.User, cancel.FailFast}, RegionCancelKind: cancel.Deadline,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "rare-kinds",
		Doc:    "task cancels of PollQuota and ResourceUnavailable (severities 2 and 4) beside region cancels of Shutdown, with masks: two of the kinds no other scenario requests, so their rows of the severity and cleanup-budget tables are used",
		Native: true, Tasks: 2, Regions: 2, Masks: true,
		CancelKinds: []cancel.Kind{cancel.PollQuota, cancel.ResourceUnavailable}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "rare-kinds-2",
		Doc:    "task cancels of CostBudget and LinkedExit (severities 2 and 3) beside region cancels of RaceLost (3), with masks: the other kinds no other scenario requests",
		Native: true, Tasks: 2, Regions: 2, Masks: true,
		CancelKinds: []cancel.Kind{cancel.CostBudget, cancel.LinkedExit}, RegionCancelKind: cancel.RaceLost,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "priorities",
		Doc:    "ready lane by priority: 3 tasks spawned with priority 0, 1 or 2, so ready entries of different priorities meet (priority first, then generation, 004 3.3) beside equal ones (FIFO); task cancels of User",
		Native: true, Tasks: 3, Regions: 1, Priorities: []uint8{1, 2},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:  "timer-burst",
		Doc:   "browser backend, host timers: 3 tasks sleep 1 ms, so three timers fall due in one timer turn and catchup_batch 2 splits them",
		Tasks: 3, Regions: 1, Sleep: 1,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.CapTimer},
	},
	{
		Name:   "coalescing",
		Doc:    "timer wheel with a 4 ms coalescing window and min group 2: sleeps of 1 and 3 ms fire together at 1 ms",
		Native: true, Tasks: 3, Regions: 1, Sleep: 1, Sleeps: []uint32{3},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true, CoalesceWindow: 4, MinGroupSize: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "channel-wide",
		Doc:    "MPSC channel of capacity 3 with untracked permits: two senders fill it past 2, the receiver drains, try-ops and eviction of the oldest",
		Native: true, Tasks: 3, Regions: 1,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		ChanTryOps: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 3, Senders: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:  "callbacks",
		Doc:   "browser backend holding the timer and message capabilities: host callbacks through them wake parked tasks (the grant path), beside plain wakes",
		Tasks: 2, Regions: 1, Sleep: 1, Callbacks: true,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.CapTimer | pump.CapMessage},
	},
	{
		Name:  "burst-one",
		Doc:   "browser backend with microtask_burst_limit 1 (000 P1): every drain cycle ends after one scheduler step, so two ready tasks hand the pump off between their polls; no scenario set a limit below 2",
		Tasks: 2, Regions: 1, Sleep: 1,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 1, Caps: pump.CapTimer | pump.CapMessage},
	},
	{
		Name:  "streak-three",
		Doc:   "the governors scenario with cancel_streak_limit 3 (6 under a drain governor) and microtask_burst_limit 5: no other scenario set a limit above 2 or a burst above 4, so a runtime that capped either went unseen",
		Tasks: 3, Regions: 1, TimedTasks: true,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Governors: []sched.Governor{sched.NoPreference, sched.MeetDeadlines, sched.DrainObligations, sched.DrainRegions},
		Kernel:    kernel.Config{CancelStreakLimit: 3, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:      pump.Config{BurstLimit: 5, Caps: pump.AllCaps},
	},
	{
		Name:  "no-caps",
		Doc:   "browser backend holding no host capability: a pump at its burst limit cannot hand off, fails closed and leaves its work for the next kernel operation to settle; callbacks through either capability are denied (000 P1, P3, F4)",
		Tasks: 3, Regions: 1, DeniedCallbacks: true,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2},
	},
	{
		Name:   "self-wake",
		Doc:    "wakes of the task being polled: the kernel notes them and re-queues the task when its poll returns Pending; a waker of a generation the task never had is offered too, and must be reported stale, not noted (000 F2); 2 tasks, cancels",
		Native: true, Tasks: 2, Regions: 1, SelfWakes: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:  "self-wake-browser",
		Doc:   "self-wake on the browser backend with every capability: a wake of the task the pump is polling is noted in the kernel and deferred by the pump (pending flag, scheduler_reentrancy_deferred), so the drain cycle owes another turn (000 S4, F1); self-wake, the only scenario that woke the polled task, is native",
		Tasks: 2, Regions: 1, SelfWakes: true,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "chain-memory",
		Doc:    "region tree four levels deep with max_chain_memory 256, exactly a 3-link chain: a cascade fits depth 3's chain to the byte and cuts depth 4's by memory (001 Cause-Chain Limits); regions close and advance from depth 3",
		Native: true, Tasks: 1, Regions: 4,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 256},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "chain-one-link",
		Doc:    "max_chain_memory 167, one byte short of a 2-link chain: every cascaded chain is cut to its own link, truncated at depth 1 (001 Cause-Chain Limits)",
		Native: true, Tasks: 1, Regions: 2,
		CancelKinds: []cancel.Kind{cancel.User}, RegionCancelKind: cancel.Shutdown,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 167},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "chan-retry",
		Doc:    "MPSC channel of capacity 1 with one sender t1 and the receiver t2: t1 fills the queue, waits, is woken by a receive and retries its reserve as the queued head (004 1.3 step 4); task cancels drop waiting operations",
		Native: true, Tasks: 2, Regions: 1, NoRegionCancel: true,
		CancelKinds: []cancel.Kind{cancel.User},
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 1, Senders: 1}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "chan-senders",
		Doc:    "MPSC channel of capacity 1 with two senders and no receiver task: one holds the only slot while the other waits, evicts (a reserved slot is never evicted) or tries; an abort or a cancel frees the slot for the queued head, which keeps it against the other sender (004 1.3, 1.5, 1.11)",
		Native: true, Tasks: 2, Regions: 1, NoRegionCancel: true,
		CancelKinds: []cancel.Kind{cancel.User}, ChanTryOps: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 1, Senders: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "chan-cascade",
		Doc:    "MPSC channel of capacity 2, senders t1 and t2 and the receiver t3 spawned before the first step: evictions fill the queue, both senders queue, and a release must cascade to the next head when the woken head takes a slot with one to spare or is cancelled before it retries (004 1.4, 1.8, 1.11)",
		Native: true, Tasks: 3, Spawned: 3, Regions: 1, NoRegionCancel: true,
		CancelKinds: []cancel.Kind{cancel.User}, ChanTryOps: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 2, Senders: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "chan-drop",
		Doc:    "MPSC channel of capacity 2, senders t1 and t2 and the receiver t3 spawned before the first step, and parked tasks that may drop their pending reserve or recv by returning: the dropped reserve's waiter leaves the queue and the wake passes to the next head (004 1.8, Reserve Drop)",
		Native: true, Tasks: 3, Spawned: 3, Regions: 1, NoRegionCancel: true, DropFutures: true,
		CancelKinds: []cancel.Kind{cancel.User}, ChanTryOps: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 2, Senders: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name: "chan-closed-full",
		Doc:  "MPSC channel of capacity 1, senders t1 and t2 and the receiver t3 spawned before the first step, with try-ops: the receiver closes while one sender holds the only slot, so the other sender's try_reserve and send_evict_oldest meet a closed channel whose every slot is reserved and must answer Disconnected, not Full (004 1.3: the receiver is checked before FIFO and capacity; 1.5, 1.7)",
		// After a close the queue is empty, so only a permit keeps the
		// channel full: that takes a capacity below the senders.
		Native: true, Tasks: 3, Spawned: 3, Regions: 1, NoRegionCancel: true,
		CancelKinds: []cancel.Kind{cancel.User}, ChanTryOps: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 1, Senders: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "chan-spurious",
		Doc:    "chan-cascade's channel and tasks with spurious wakes (spurious_chan_wakes): a task parked on the channel may be woken and polled at any time, so a queued sender behind the head re-polls its reserve while a slot is free and must stay Pending (004 1.3 step 3, 1.11)",
		Native: true, Tasks: 3, Spawned: 3, Regions: 1, NoRegionCancel: true, SpuriousChanWakes: true,
		CancelKinds: []cancel.Kind{cancel.User}, ChanTryOps: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 2, Senders: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "chan-waiters-3",
		Doc:    "MPSC channel of capacity 1 with three senders t1..t3 spawned before the first step and no receiver task, with spurious wakes: an eviction fills the queue and all three senders queue, so the sender between the head and the tail re-polls its reserve and must keep its place, and a cancel or a dropped permit moves the head along three (004 1.4, 1.8, 1.11); every other scenario queues at most two senders, where the one behind the head is the tail",
		Native: true, Tasks: 3, Spawned: 3, Regions: 1, NoRegionCancel: true, SpuriousChanWakes: true,
		CancelKinds: []cancel.Kind{cancel.User}, ChanTryOps: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Channel: channel.Config{Capacity: 1, Senders: 3}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "wheel-ready-order",
		Doc:    "timer wheel read in registration order: 3 tasks sleep 2 or 1 ms, so a timer registered first waits while two later ones fall due together at 1 ms and drain one per step (the ready list's deadline-then-registration sort, 004 2.8, INV-TM-03)",
		Native: true, Tasks: 3, Regions: 1, Sleep: 1, Sleeps: []uint32{2},
		NoRegionCancel: true,
		Kernel:         kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096, Wheel: true},
		Pump:           pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "wheel-ready-sort",
		Doc:    "timer wheel whose ready list must be sorted by moving entries: coalescing (window 2 ms) promotes 3 tasks' sleeps of 2 or 3 ms together, a later deadline registered before an earlier one, and one collect fires all three (catch-up batch 3), in deadline-then-registration order (004 2.7, 2.8, INV-TM-03)",
		Native: true, Tasks: 3, Regions: 1, Sleep: 2, Sleeps: []uint32{3},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 3, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true, CoalesceWindow: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "coalesce-defaults",
		Doc:    "timer wheel with coalescing on at its default window and group (left 0: 1 ms and 1, 004 2.7), so a timer due 1 ms ahead fires early; 2 tasks sleep 1, 62, 63 or 64 ms, so the early fire takes an entry out of level-0 slot 63 or 64 (the last bit of the occupancy bitmap's first word, the first of its second)",
		Native: true, Tasks: 2, Regions: 1, Sleep: 1, Sleeps: []uint32{62, 63, 64},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name: "wheel-defaults",
		Doc:  "timer wheel at its unset (default) bounds, 004 2.7: 2 tasks sleep 24 h - 1 ms (level 3), 24 h (the overflow threshold), 7 days (the longest accepted) or 7 days + 1 ms (refused), also after time moved while the sleeper was polled (the duration is measured from the kernel's now)",
		// The contract's numbers, not package wheel's constants, so a
		// wrong default there does not move the sleeps with it.
		Native: true, Tasks: 2, Regions: 1, Sleep: 24*3_600_000 - 1,
		Sleeps:         []uint32{24 * 3_600_000, 7 * 24 * 3_600_000, 7*24*3_600_000 + 1},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "timer-slot-reuse",
		Doc:    "host timer table, native: 2 tasks sleep 1 or 2 ms, so slot 1 fires at 1 ms and is reused (generation 2) with the deadline of the older timer waiting in slot 2; both fire in one step (catchup_batch 2), slot 1 first (000 P2's key: deadline, timer_id, then generation)",
		Native: true, Tasks: 2, Regions: 1, Sleep: 1, Sleeps: []uint32{2},
		NoRegionCancel: true,
		Kernel:         kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:           pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "streak-zero",
		Doc:    "cancel_streak_limit configured 0, which semantics-notes reads as 1: 3 tasks, two cancelled while the third is ready, so one cancel dispatch already reaches the limit and the ready task goes next (S2)",
		Native: true, Tasks: 3, Regions: 1,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 0, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name: "wheel-rotation",
		Doc:  "timer wheel at its default bounds, 2 tasks sleep 1 ms or 65535 ms: a sleep of 65535 ms taken at a time that is not a multiple of 256 lands in level 1's slot under the level-1 cursor, next visited a full turn on (004 2.4 step 4, INV-TM-08)",
		// t + 65535 is on level 1 (the delta is under 256^2), in slot
		// (t>>8 + 255 + 1) mod 256 = the cursor's, t>>8 mod 256, whenever
		// t mod 256 is not 0.
		Native: true, Tasks: 2, Regions: 1, Sleep: 1,
		Sleeps:         []uint32{65535},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name: "wheel-late-sleep",
		Doc:  "timer wheel at its default bounds, 2 tasks: time reaches t1's 1 ms deadline while t2 is polled, and t2 then sleeps 7 days (the longest accepted) or 7 days + 1 ms (refused), judged from the kernel's now although no collect has moved the wheel's clock yet (004 2.3, 2.7, INV-TM-04)",
		// The contract's numbers, as in wheel-defaults.
		Native: true, Tasks: 2, Regions: 1, Sleep: 1,
		Sleeps:         []uint32{7 * 24 * 3_600_000, 7*24*3_600_000 + 1},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "coalesce-batch",
		Doc:    "timer wheel with a 4 ms coalescing window and min group 2 under catchup_batch 1: 2 tasks sleep 256 or 257 ms (level 1), cascade together at 256 ms and form a group of 2, so the batch fires one and leaves the other, due at 257, promoted in the ready list (004 2.4 step 5, INV-TM-08)",
		Native: true, Tasks: 2, Regions: 1, Sleep: 256, Sleeps: []uint32{257},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true, CoalesceWindow: 4, MinGroupSize: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "coalesce-shared-slot",
		Doc:    "timer wheel with a 4 ms coalescing window, 3 tasks spawned before the first step: sleeps of 252 ms (level 0), 256 and 300 ms (both in level 1's slot 1), so the collect at 252 ms promotes the 256 ms timer out of a slot the 300 ms one still holds, whose occupancy bit must stay (004 2.4, 2.7)",
		Native: true, Tasks: 3, Spawned: 3, Regions: 1, Sleep: 252, Sleeps: []uint32{256, 300},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 3, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true, CoalesceWindow: 4}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "coalesce-dead-behind",
		Doc:    "timer wheel with a 4 ms coalescing window and min group 2 under catchup_batch 1, 2 tasks spawned before the first step: t2 sleeps 3 ms, is cancelled and sleeps 1 ms, so coalescing promotes its cancelled entry into the ready list behind a live one the batch leaves for the next step, and the drain must still drop it (004 2.4 step 3, 000 F3)",
		Native: true, Tasks: 2, Spawned: 2, Regions: 1, Sleep: 1, Sleeps: []uint32{3},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true, CoalesceWindow: 4, MinGroupSize: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:  "wheel-browser",
		Doc:   "timer wheel on the browser backend: 2 tasks sleep 1 ms under catchup_batch 1, so a timer turn finds two wheel timers due and a dispatch fires one, leaving the other in the ready list; whether the pump is queued or goes idle follows the kernel's Runnable, which reads the wheel's earliest live deadline (000 P2, 004 2.4)",
		Tasks: 2, Regions: 1, Sleep: 1,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.CapTimer},
	},
	{
		Name: "wheel-browser-overflow",
		Doc:  "timer wheel on the browser backend at its default bounds: 1 task sleeps 25 h, past max_wheel_duration (24 h), so its timer waits in the overflow heap; the timer turn that reaches its deadline comes before any collect refills it onto the wheel, and queues the pump only if the kernel's Runnable, through the wheel's earliest live deadline, counts the overflow heap (000 P2, 004 2.2, 2.4)",
		// The contract's 24 h, not package wheel's constant, as in
		// wheel-defaults. wheel-browser's sleeps of 1 ms never reach the
		// heap.
		Tasks: 1, Regions: 1, Sleep: 25 * 3_600_000,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.CapTimer},
	},
	{
		Name:   "coalesce-group-3",
		Doc:    "timer wheel with a 4 ms coalescing window and min group 3 under catchup_batch 3, 3 tasks spawned before the first step: sleeps of 1, 2 and 3 ms, so a pair inside the window must wait for its deadlines and only a group of three fires early (004 2.4 step 5); every other scenario's min group is 1 or 2",
		Native: true, Tasks: 3, Spawned: 3, Regions: 1, Sleep: 1, Sleeps: []uint32{2, 3},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 3, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true, CoalesceWindow: 4, MinGroupSize: 3}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name: "wheel-bounds-long",
		Doc:  "timer wheel with bounds above the defaults (004 2.7): max_timer_duration 8 days, max_wheel_duration 100,000,000 ms (about 27.8 h); 2 tasks sleep 1 ms, 25 h (a level-3 placement under the explicit bound, the overflow heap under 24 h), 7 days + 1 ms (accepted) or 8 days + 1 ms (refused); every other scenario's bounds are at or below the defaults",
		// The contract's numbers, not package wheel's constants.
		Native: true, Tasks: 2, Regions: 1, Sleep: 1,
		Sleeps:         []uint32{25 * 3_600_000, 7*24*3_600_000 + 1, 8*24*3_600_000 + 1},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{MaxWheelDuration: 100_000_000, MaxTimerDuration: 8 * 24 * 3_600_000}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "wheel-id-gen",
		Doc:    "timer wheel whose id and generation counters start apart (id two short of the u64 wrap, generation 5): 2 tasks sleep 1 or 300 ms, are cancelled and offered stale-generation cancels, so a handle's id and generation differ and a wheel that confused them (the generation taken from the id, the active map searched by generation) is seen (004 2.2, 2.6, INV-TM-01, INV-TM-06); every other scenario starts both counters at one value",
		Native: true, Tasks: 2, Regions: 1, Sleep: 1, Sleeps: []uint32{300},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		StaleHandles: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{FirstID: math.MaxUint64 - 1, FirstGen: 5}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "coalesce-window-3",
		Doc:    "timer wheel with a 3 ms coalescing window (not a power of two) and min group 2 under catchup_batch 2, 2 tasks spawned before the first step: sleeps of 1 or 3 ms, so the collect at 1 ms coalesces up to 3 ms and a timer due at 4 ms must wait (004 2.4 step 5: boundary (now/window + 1) * window); every other scenario's window is a power of two",
		Native: true, Tasks: 2, Spawned: 2, Regions: 1, Sleep: 1, Sleeps: []uint32{3},
		NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096,
			Wheel: true, WheelConfig: wheel.Config{Coalesce: true, CoalesceWindow: 3, MinGroupSize: 2}},
		Pump: pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "stealing-4",
		Doc:    "the worker pool alone with 4 workers and 2 tasks: each thief has 3 victims, so a scan that walks them backwards from the RNG's index robs another worker than the forward scan (INV-SC-05, 004 3.6); with 3 workers each thief's 2 victims read the same either way",
		Native: true, Regions: 1, PoolTasks: 2, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096, Workers: 4},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "edf-priorities",
		Doc:    "timed lane with priorities: 3 tasks spawned with deadline 2 and priority 0 or 1, or no deadline, so two timed tasks of one deadline and different priorities meet and must leave in generation order (004 3.3: TimedEntry compares deadline, then generation; priority is no key there); in edf every timed task had priority 0",
		Native: true, Tasks: 3, Regions: 1, Deadlines: []uint32{2}, Priorities: []uint8{1},
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:   "stealing-priorities",
		Doc:    "the worker pool with priorities: 2 workers, 3 tasks pushed with priority 0 or 1, so a worker's queue holds entries of different priorities and its local pop draws its RNG hint among the best-priority entries only (004 3.5: collect the entries of equal, highest priority; idx = rng_hint % count); in stealing every entry had priority 0, so the tied entries were the whole queue",
		Native: true, Regions: 1, PoolTasks: 3, Priorities: []uint8{1}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096, Workers: 2},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
	{
		Name:  "callbacks-stale",
		Doc:   "callbacks with stale tokens: the callbacks scenario plus wakers of a generation the task never had (stale_handles), so a host callback through a granted capability may carry a stale token and must be reported stale, not wake the task (000 F2 on the callback path); every other callback carried the current generation",
		Tasks: 2, Regions: 1, Sleep: 1, Callbacks: true, StaleHandles: true,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.CapTimer | pump.CapMessage},
	},
	{
		Name:  "late-turns",
		Doc:   "browser backend, host timers, late host turns (late_turns): 2 tasks sleep 1 or 2 ms and may be cancelled, and a timer turn may come 1 ms past the next deadline (000 F3), so one turn reaches timers of two deadlines (P2's key orders them) and the callback of a timer cancelled before a deadline already past (a stale-timer diagnostic naming that deadline); every other scenario's turns stopped at the next deadline",
		Tasks: 2, Regions: 1, Sleep: 1, Sleeps: []uint32{2}, LateTurns: true,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 1, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.CapTimer},
	},
	{
		Name: "timer-dead-batch",
		Doc:  "host timer table, native, catchup_batch 2: 3 tasks spawned before the first step sleep 1 ms and may be cancelled, so phase 0 meets a cancelled timer due beside two live ones and must still fire both live ones in one step (000 F3: the batch bounds the timers fired, not the cancelled ones dropped); every other scenario with dead host timers due in phase 0 had batch 1",
		// Browser scenarios reap dead timers at the timer turn, so only a
		// native one shows phase 0 a dead timer.
		Native: true, Tasks: 3, Spawned: 3, Regions: 1, Sleep: 1,
		CancelKinds: []cancel.Kind{cancel.User}, NoRegionCancel: true,
		Kernel: kernel.Config{CancelStreakLimit: 2, CatchupBatch: 2, MaxChainDepth: 16, MaxChainMemory: 4096},
		Pump:   pump.Config{BurstLimit: 2, Caps: pump.AllCaps},
	},
}

// TimedTaskDeadline is the deadline of the one timed task TimedTasks
// lets the environment spawn.
const TimedTaskDeadline = 2

// Validate refuses a scenario the model cannot run as meant: more tasks
// spawned before the first step than it may create, deadlines that repeat
// TimedTasks's own or sleeps that repeat Sleep (one input offered twice,
// which a counterexample file cannot tell apart), or a browser scenario
// whose tasks sleep but whose adapter lacks the timer capability. There no
// timer turn can ever deliver the sleeps' expiries, so every
// sleeping task ends parked forever and the explorer would report `stuck`
// with no fault on: a finding about the scenario, not the runtime. (Timed
// tasks alone need no timer: a deadline orders the timed lane, nothing
// waits for it to pass.) First of all the kernel must accept the
// configuration (kernel.Validate).
func (sc *Scenario) Validate() error {
	if err := kernel.Validate(sc.Kernel); err != nil {
		return err
	}
	if sc.TimedTasks && slices.Contains(sc.Deadlines, TimedTaskDeadline) {
		return fmt.Errorf("deadlines lists %d, the deadline timed_tasks=true already offers, so the same spawn would be offered twice: "+
			"drop %d from deadlines, or set timed_tasks=false (deadlines=%d offers it to every spawn)", TimedTaskDeadline, TimedTaskDeadline, TimedTaskDeadline)
	}
	if sc.Sleep != 0 && slices.Contains(sc.Sleeps, sc.Sleep) {
		return fmt.Errorf("sleeps lists %d, the duration sleep=%d already offers, so the same sleep would be offered twice: drop %d from sleeps", sc.Sleep, sc.Sleep, sc.Sleep)
	}
	if sc.Spawned > sc.Tasks {
		return fmt.Errorf("spawned=%d exceeds tasks=%d: only tasks the scenario may create can be spawned before the first step", sc.Spawned, sc.Tasks)
	}
	if !sc.Native && (sc.Sleep != 0 || len(sc.Sleeps) > 0) && sc.Pump.Caps&pump.CapTimer == 0 {
		return fmt.Errorf("a browser scenario whose tasks sleep needs the timer capability (caps=timer,...): without it no sleep can end")
	}
	return nil
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
	return Scenario{}, suggest.Unknown("scenario", name, names)
}
