// Package fault names the runtime's deliberate bugs. Each fault is a small,
// realistic mistake at the real spot in a runtime package, off by default;
// the checker turns one on to prove that the invariant meant to catch that
// mistake can fail. A check that no fault can trip is not yet a check.
//
// Which invariant each fault must trip is recorded next to the invariants
// (package invariants/asupersync), because runtime imports nothing of ours.
package fault

import (
	"math/bits"
	"sort"
	"strings"

	"modelcheck/internal/suggest"
)

// Fault is one deliberate bug. A uint16, as the catalogue outgrew a byte's
// 256 values in session 44.
type Fault uint16

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

	// MPSC channel (runtime/channel), one per INV-CH-*.
	OvercommitCapacity        // has_capacity tests used <= capacity (INV-CH-01)
	LifoRecv                  // recv takes the newest message (INV-CH-02)
	LifoWaiters               // the newest sender waiter is served first (INV-CH-03)
	TryReserveJumpsQueue      // try_reserve takes free capacity past queued waiters (INV-CH-04)
	CancelledReserveTakesSlot // a cancelled reserve keeps the slot it took (INV-CH-05)
	CancelledRecvConsumes     // a cancelled recv pops the message it then drops (INV-CH-06)
	CloseToggles              // a second receiver close clears receiver_dropped (INV-CH-07)
	SenderDoubleDrop          // a cancelled task drops its sender twice (INV-CH-08)
	PermitDropLeaksSlot       // dropping an unsent permit keeps its slot (INV-CH-09)
	SilentPermitLeak          // a tracked permit dropped unsent leaves its obligation Reserved (INV-CH-10)

	// Timer wheel (runtime/wheel), one per INV-TM-*.
	CancelIgnoresGeneration // cancel matches a handle by id alone (INV-TM-01)
	FireCancelled           // the fire path skips the is_live check (INV-TM-02)
	UnstableSlotOrder       // a slot drains newest first, like swap_remove (INV-TM-03)
	UncheckedDuration       // try_register accepts any duration (INV-TM-04)
	NoPurge                 // cancelling the last timer keeps the dead storage (INV-TM-05)
	SaturatingIDs           // id and generation counters saturate instead of wrapping (INV-TM-06)
	CascadeKeepsDead        // a cascade re-inserts cancelled entries (INV-TM-07)
	ExclusiveDeadline       // a timer fires only once now > deadline (INV-TM-08)

	// Work stealing (runtime/sched).
	UnseededStealScan // the steal scan starts next to the thief, not at the RNG's index (INV-SC-05)

	// Rules checked since issue 10.
	RequeueUnchangedCancel // a cancel request that changes nothing still reschedules every live task it reaches (001 Cascade Law 5)
	EarlyHostTimer         // the host timer table fires a timer one tick before its deadline
	CancelKeepsTimer       // a cancel request leaves the task's sleep timer live
	NoAdvanceOnFinalize    // a task's finalize-done does not advance its region, which never closes
	ClosingSkipsCascade    // a region cancel skips a target already on its close path (a graceful close)
	OwnReasonInCascade     // a cascade gives a descendant's tasks a root reason of their own region
	FrozenClock            // a host timer turn that finds the pump scheduled does not advance the clock
	EvictFullWhenEmpty     // send_evict_oldest returns Full whenever nothing is queued, even with free capacity
	DisconnectAsCancelled  // recv with no sender left returns Cancelled instead of Disconnected
	RefuseOverflow         // try_register refuses a deadline beyond the wheel's levels instead of using the overflow heap
	PendingRequeues        // a poll that returns Pending requeues its task as if it had yielded
	MicrotaskNewTurn       // a microtask drain relabels the host turn as a new one
	DropDeferredTurn       // a drain cycle ending with a deferred wake goes Idle instead of queueing another turn
	CompleteKeepsTimer     // a task that completes keeps its sleep timer live

	// Checker independence (issue 10).
	ReadyKeepsStreak        // a ready dispatch leaves the cancel streak as it was (runtime/sched)
	FallbackAnyStreak       // the fallback test reads streak >= limit || only-cancel (runtime/sched)
	GovernorIgnored         // a governor suggestion is announced but not stored (runtime/sched)
	BurstNotCounted         // a pump dispatch does not count toward the burst (runtime/pump)
	DispatchKeepsMembership // a dispatch leaves its task in the wake-dedup set (runtime/sched)
	SenderDropUncounted     // dropping a sender leaves sender_count as it was (runtime/channel)
	FiredStaysActive        // a fired wheel timer stays in the active map (runtime/wheel)
	DecisionSeqStalls       // a dispatch does not advance decision_seq (runtime/sched)
	DecisionHashSkipsLane   // decision_hash leaves the lane out of the chain (runtime/sched)
	HostTurnStalls          // a host timer turn keeps the old host_turn_id (runtime/pump)
	DecisionUntagged        // scheduler_step_decision carries no region_id (runtime/kernel)
	MaskNotCounted          // entering a mask does not raise mask_depth (runtime/cancel)
	CancelKeepsTimerLive    // a cancelled host-table timer is reported cancelled but stays live (runtime/kernel)
	SendLosesMessage        // a send counts its message in queue.len but does not store it (runtime/channel)
	StealLeavesEntry        // a steal peeks at the victim's oldest entry instead of popping it (runtime/sched)
	AdvanceSetsClock        // a host timer turn sets the clock to its step instead of adding it (runtime/pump)

	// Survivors of make mutate (issue 10).
	SleepDeadlineEarly        // a host-table sleep of d is registered for now + d - 1 (runtime/kernel)
	WakeDropsDeadline         // a woken timed task is routed to the ready lane (runtime/kernel)
	ReceiverOffByOne          // the receiver is taken to be t(N), the last sender, not t(N+1) (runtime/kernel)
	UntrackedPermitUnrecorded // with untracked permits, a reserved permit is not recorded on the task (runtime/kernel)
	CoalesceUnaligned         // the coalescing boundary is now + window, not the end of now's window (runtime/wheel)
	PromoteKeepsOccupancy     // promoting entries to the ready list leaves their slot's occupancy bit set (runtime/wheel)
	PollWakeUnrecorded        // a wake of the task being polled is dropped (runtime/kernel)
	YieldKeepsPoll            // a yield issues its wake but does not end the poll (runtime/kernel)
	DeferUnmasked             // a checkpoint's mask test reads mask_depth >= 0 (runtime/cancel)
	RegionDepthFlat           // an opened region gets its parent's depth (runtime/cancel)
	SilentRegionClose         // a region closes without a region_closed event (runtime/cancel)
	RecvSendersFirst          // recv tests sender_count before the queue (runtime/channel)
	EmptyIgnoresCancelLane    // the scheduler's emptiness test counts only the timed and ready lanes (runtime/sched)
	SilentIdle                // a drain cycle goes idle without pump_idle (runtime/pump)
	SilentAdvance             // a host timer turn moves the clock without time_advanced (runtime/pump)

	// Survivors of the strict make mutate (-tests) measure (issue 10).
	ReserveIgnored           // a reserve by the polled task reserves nothing and says nothing (runtime/cancel)
	ChanIgnoresAck           // a channel operation of a task already Cancelling goes ahead (runtime/kernel)
	SilentAbort              // a permit's abort releases its slot without chan_aborted (runtime/channel)
	TimerGenSkips            // a reused host timer slot's generation grows by two (runtime/kernel)
	SilentCancelReject       // a wheel cancel by a stale handle is refused without wheel_cancel_rejected (runtime/wheel)
	ScheduledViaHostTask     // pump_scheduled names the host task, not the microtask it queued (runtime/pump)
	RunnableCountsFuture     // the kernel counts a live host timer not yet due as runnable work (runtime/kernel)
	WideLevels               // a wheel level takes deltas up to twice its range (runtime/wheel)
	RootAtRoot               // a task cancel's reason is rooted at r1, not at the task's region (runtime/cancel)
	BaseExceedanceUncounted  // a cancel dispatch past the base limit is not counted in the certificate (runtime/sched)
	LocalPopIgnoresHint      // a local pop draws the RNG hint but takes the oldest tied entry (runtime/sched)
	SilentRecvPending        // a recv that registers its waker emits no chan_recv_pending (runtime/channel)
	CancelledRecvKeepsWaker  // a cancelled recv leaves its waker registered (runtime/channel)
	SilentRegionCancel       // a cascade gives a region its reason without region_cancelled (runtime/cancel)
	SilentPurge              // the wheel purges its storage without wheel_purged (runtime/wheel)
	ReserveUncounted         // a reserve grants a permit without counting its slot as reserved (runtime/channel)
	StaleKeepsSlot           // a reaped stale host timer keeps its slot (runtime/kernel)
	SilentObligationAbort    // an obligation is aborted without obligation_aborted (runtime/cancel)
	RepeatKeepsBudget        // a repeated cancel request keeps the old cleanup budget (runtime/cancel)
	SilentDefer              // a checkpoint defers a masked cancel without cancel_deferred_masked (runtime/cancel)
	MaskDepthOtherTask       // mask_entered and mask_exited report another task's mask depth (runtime/cancel)
	SilentDedup              // a deduplicated wake emits no wake_deduped (runtime/sched)
	LaterTieWins             // on equal severity the later cancel request's reason wins (runtime/cancel)
	WaiterIDReused           // a registered sender waiter does not advance the next waiter id (runtime/channel)
	TryReserveAlwaysFull     // try_reserve answers Full with a free slot and no waiter (runtime/channel)
	DeferredTurnKeepsPending // the microtask that pays a deferred wake leaves the pump's pending flag set (runtime/pump)
	ParkLeavesStepOpen       // a dispatch that finds nothing to run parks without scheduler_step_end (runtime/kernel)
	SilentStrengthen         // a cancel request on a task whose cancel is pending emits no cancel_strengthened (runtime/cancel)
	ChainMemoryUnbounded     // a cascade's cause chain is cut by max_chain_depth only, never by max_chain_memory (runtime/cancel)
	ReserveIgnoresDropped    // reserve skips the receiver-dropped check and takes or waits for a slot (runtime/channel)
	TryRecvEmptyNoSenders    // try_recv on an empty queue answers Empty when no sender remains (runtime/channel)
	FirstBudgetShutdown      // a task's first cancel request grants Shutdown's cleanup budget whatever the kind (runtime/cancel)
	RefusalAlwaysClosed      // a spawn or reservation refused by a cancelled region says region_closed (runtime/cancel)
	ResolutionUncounted      // resolving an obligation leaves its resolution count as it was (runtime/cancel)
	ReservedStaysQueued      // a queued head that takes a slot stays in the waiter queue (runtime/channel)
	SilentStaleWake          // a stale wake (completed task, wrong generation) emits no stale_wake (runtime/kernel)
	EpochStalls              // a first cancel request leaves cancel_epoch where it was (runtime/cancel)
	HostTurnFromTwo          // the pump starts counting host turns at 2 (runtime/pump)
	SilentPumpRun            // a pump turn starts without pump_running (runtime/pump)
	CancelInjectDeduped      // a cancel injection of a queued task is deduplicated, not moved to the cancel lane (runtime/sched)
	CollectRecascades        // the level-0 collect re-places due entries through the cascade path (runtime/wheel)
	WheelDefaultInSeconds    // an unset max_wheel_duration defaults to 86,400: 24 h counted in seconds, read as ms (runtime/wheel)
	HandoffBeforeLimit       // the pump hands off one scheduler step before microtask_burst_limit (runtime/pump)
	WakeRequeues             // a wake of a task in the timed or ready lane re-queues it at the back (runtime/sched)
	LateRefill               // the skip-ahead brings an overflow entry in one tick late (runtime/wheel)
	UncompactedPurge         // the purge after the last timer fires runs on uncompacted storage and reads it as empty (runtime/wheel)
	SilentClose              // a close of an open region is accepted and does nothing (runtime/cancel)
	SilentWheelReject        // the wheel refuses a too-long registration without wheel_rejected (runtime/wheel)
	CancelKindOfNextTask     // a task's cancel events name the next task slot's reason kind, not its own (runtime/cancel)
	CascadeChildrenFirst     // a region cancel schedules the deepest regions' tasks first (runtime/kernel)
	CleanupKeepsCancelling   // cleanup_done leaves the task in Cancelling (runtime/cancel)
	WheelClockLags           // a sleep registers on the wheel without first advancing it to the kernel's now (runtime/kernel)
	DeadTimerKeepsSlot       // phase 0 skips a cancelled due host timer without freeing its slot (runtime/kernel)
	EmptyCycleRequeues       // a drain cycle queues another microtask with no deferred wake owed (runtime/pump)
	CloseLeavesOpen          // close-region announces region_closing but leaves the region Open (runtime/cancel)
	TrySendInverted          // a permit's try_send reads the receiver flag negated (runtime/channel)
	HandoffViaMessage        // a hand-off names message_channel whatever the adapter's capabilities (runtime/pump)
	WheelDeadStaysReady      // the wheel's drain skips a dead ready entry without dropping it (runtime/wheel)
	FlatSeverity             // strengthen ranks every cancel kind alike, so the earlier request wins whatever its kind (runtime/cancel)
	PurgelessCollect         // a collect that leaves no active timer keeps the dead storage (runtime/wheel)
	CloseIgnored             // the receiver's chan-close leaves the channel as it was (runtime/kernel)
	NextDeadlineSkipsReady   // the wheel's earliest-deadline query passes over the ready list (runtime/wheel)
	SleepKeepsPoll           // a sleep that armed its timer leaves the task's poll open (runtime/kernel)
	RecvKeepsWaiting         // a recv that returns leaves the task parked on the channel (runtime/kernel)
	StaleReapedLate          // a timer turn reports a cancelled timer stale only once its deadline is past, not at it (runtime/kernel)
	CursorsLag               // a wheel with no active timer moves its time but not its level cursors (runtime/wheel)
	ChildRegionRefuses       // an Open child region with no cancel reason refuses spawns and reservations as closed (runtime/cancel)
	OpenedRegionUnrecorded   // open-region announces the child region but leaves its record unused (runtime/cancel)
	DroppedSeqReused         // a message dropped for a closed receiver does not use up its sequence number (runtime/channel)
	CancelledRegionClosesOk  // a region closed after a cancel records and reports outcome Ok (runtime/cancel)
	SilentCascadeClosing     // a cascade marks an Open region Closing without region_closing (runtime/cancel)
	CancelGenStalls          // an insertion into the cancel lane does not advance the generation counter (runtime/sched)
	ResolutionsSwapped       // a holder's commit aborts its obligation and its abort commits it (runtime/kernel)
	SleepYields              // a sleep is applied as a yield: no timer, the task requeued at once (runtime/kernel)
	YieldSleeps              // a yield is applied as a sleep of 0 ms: a timer instead of the requeue (runtime/kernel)
	PermitResolutionsSwapped // a send aborts its tracked permit's obligation and an abort commits it (runtime/kernel)
	PromoteBeyondWindow      // a coalescing collect moves every entry to the ready list, due in the window or not (runtime/wheel)
	ReservedHeadNoWake       // a queued head that takes a slot leaves the next head unwoken with capacity to spare (runtime/channel)
	LeavingHeadNoWake        // a head that leaves the waiter queue without a permit leaves the next head unwoken (runtime/channel)
	SeqStalls                // a registration stores the wheel's next sequence number without advancing it (runtime/wheel)
	PromoteClearsSharedSlot  // promoting an entry clears its slot's occupancy bit though the slot keeps other entries (runtime/wheel)
	ReservePendingKeepsPoll  // a reserve that answers Pending leaves its task polled (runtime/kernel)
	RecvPendingKeepsPoll     // a recv that answers Pending leaves the receiver polled (runtime/kernel)
	IdleClockStalls          // advancing a wheel with no active timer leaves its time where it was (runtime/wheel)
	DrainingUnrecorded       // a closing region announces region_draining but stays Closing (runtime/cancel)
	SilentGovernor           // a governor suggestion is recorded without its governor_changed event (runtime/sched)
	AckAbortsObligations     // acknowledging a cancel aborts the task's Reserved obligations before its cleanup runs (runtime/cancel)
	CompletionHidesLeak      // a task completing Ok has the obligations it still holds aborted instead of leaked (runtime/cancel)
	SilentLeak               // an obligation marked Leaked gets no obligation_leaked event (runtime/cancel)
	LeakUnmarked             // a finalizing region leaves its still-Reserved obligations Reserved (runtime/cancel)
	CloseMarksCancelled      // closing a region records a cancel reason it never got (runtime/cancel)
	ObligationInRoot         // a reservation records the root region instead of its holder's (runtime/cancel)
	ObligationKindSlips      // a reservation records the kind after the one asked for (runtime/cancel)
	DropLeavesWaiter         // a dropped pending reserve leaves its waiter in the queue (runtime/channel)
	OutcomeIgnoresCancel     // a task returning under an active cancel keeps its own outcome (runtime/cancel)
	ErrEscapesCancel         // a task returning Err under an active cancel keeps Err (runtime/cancel)
	ReserveUnrecorded        // a reservation is announced but leaves no obligation record (runtime/cancel)
	SilentResolveRefusal     // resolving an obligation twice is refused without obligation_rejected (runtime/cancel)
	LeakUnclassed            // an obligation_leaked event carries no error_class (runtime/cancel)
	CancelKindOmitted        // cancel-protocol task events carry no cancel_kind (runtime/cancel)
	CascadeTakesSiblings     // a region cancel cascades to regions that do not descend from it (runtime/cancel)
	RootKindUnset            // a task cancel's root reason leaves its root kind unset (User) (runtime/cancel)
	SpawnDropsPriority       // a spawn records the default priority 0 whatever it asked for (runtime/kernel)
	TimerTurnRequeues        // a timer turn queues a microtask for a pump already queued (runtime/pump)
	HasChannelInclusive      // HasChannel tests capacity >= 0, so a runtime without a channel has one (runtime/kernel)
	RegionCancelShutdown     // a region cancel's reason is Shutdown whatever kind was asked (runtime/cancel)
	SenderRangeShort         // IsSender tests t < senders, so the last sender's task holds none (runtime/kernel)
	DrainKeepsDead           // draining a level-0 slot carries a cancelled entry to the ready list (runtime/wheel)
	RegionSlotReused         // open-region hands out the last used region slot, not a free one (runtime/cancel)
	ObligationSlotReused     // reserve hands out the last used obligation slot, not a free one (runtime/cancel)
	StrengthenUnscheduled    // a task cancel that only strengthens a parked task's pending reason schedules nothing (runtime/kernel)
	FailedStealSkipsDraw     // a steal that finds every other queue empty returns before drawing its start (runtime/sched)
	EmptyPopDraws            // a local pop of an empty queue still draws an RNG hint (runtime/sched)
	IdleSettleStrands        // an operation that leaves runnable work with an idle pump whose last turn spent its burst queues no microtask (runtime/pump)
	HandoffDeniedWithTimer   // a burst-limit hand-off fails closed although the adapter holds the timer capability (runtime/pump)
	BatchStrandsDead         // the wheel's drain stops at the batch's last fire, stranding dead ready entries behind it (runtime/wheel)
	AckAnnouncedEarly        // cancel_acknowledged is emitted before the phase moves, naming CancelRequested (runtime/cancel)
	ObligationKindZero       // obligation events name the zero kind, SendPermit, whatever the obligation's (runtime/cancel)
	ParentNamedRoot          // region_opened names r1 as the parent of every region (runtime/cancel)
	TryReserveNamedReserve   // a failed try_reserve is reported as op reserve (runtime/channel)
	RegionEventRootKind      // region_cancelled names the cascade's root kind, not ParentCancelled, for a descendant (runtime/cancel)
	AckEpochDropped          // cancel_acknowledged carries cancel_epoch 0 (runtime/cancel)
	ClosingRests             // a region closed while not quiescent stays Closing instead of draining (runtime/cancel)
	CancelEventRootRegion    // a task's cancel events name the region the cancel was requested on, not the task's (runtime/cancel)
	LeakNamesNoHolder        // obligation_leaked names no task (runtime/cancel)
	StaleTimerNextGen        // stale_timer names the timer's generation plus one (runtime/pump)
	WheelCancelNowUnset      // wheel_cancelled carries now 0 (runtime/wheel)
	EvictNamesOldestSender   // chan_evicted names the evicted message's sender, not the evicting task (runtime/channel)
	StepBeginStreakZero      // scheduler_step_begin carries streak 0 (runtime/kernel)
	DeferredNamesPolled      // scheduler_reentrancy_deferred names the task being polled, not the woken one (runtime/pump)
	OutcomeKeyResult         // task_completed names its outcome under the key result (runtime/cancel)
	SilentCascade            // a cascade or overflow refill re-places an entry without wheel_cascaded (runtime/wheel)
	RunningAnnouncedTwice    // a task's first poll announces task_running twice (runtime/cancel)
	WokenHeadRenumbered      // a woken waiter-queue head takes the next waiter id without moving the counter (runtime/channel)
	DispatchNeedsReady       // a dispatch with an empty ready lane does nothing (runtime/kernel)
	MaskEntersTwice          // a mask enters two levels, each announced (runtime/cancel)
	RegionReasonUnrooted     // a region records its cascade reason rooted at itself (runtime/cancel)
	SpawnRecordsParent       // a spawned task's record names its region's parent (runtime/cancel)
	RunningBeforeDecision    // a dispatched task's first poll announces task_running before the decision (runtime/kernel)
	ScheduledBeforeRequest   // a task cancel reports the cancel-lane enqueue before the request (runtime/kernel)
	EnqueuedBeforeSpawned    // a spawn reports the new task's enqueue before task_spawned (runtime/kernel)
	TasksBeforeRegion        // a region cancel reports its tasks' requests before the regions' marks (runtime/cancel)
	WokenBeforeFire          // a host timer's wake is reported before its timer_fired (runtime/kernel)
	YieldedAfterStepEnd      // a yield's yielded is reported after the scheduler_step_end of its poll (runtime/kernel)
	LimitAfterHandoff        // the pump reports scheduler_burst_limit_reached after the hand-off it begins (runtime/pump)
	PumpMovesEarly           // the pump's decision after an operation is reported before the operation's last event (runtime/pump)
	LeakedAfterClose         // a finalizing region's leaks are reported after its region_closed (runtime/cancel)
	WokenBeforeChanWake      // a channel's woken task is routed in the trace before the channel's wake (runtime/kernel)
	TruncationAfterRequests  // a region cancel reports its chains' truncations after its tasks' requests (runtime/cancel)
	CheckpointAfterReserve   // a reserve reports its cancellation checkpoint after the channel's answer (runtime/kernel)
	DedupReportedTwice       // a deduplicated wake reports wake_deduped twice (runtime/kernel)
	SilentSenderWake         // the channel wakes a waiting sender without chan_sender_woken (runtime/kernel)
	SilentWaiterRemoval      // a reserve that leaves the waiter queue without a permit says nothing (runtime/channel)
	ParkStepsTwice           // a dispatch that finds nothing to run reports its parked step twice (runtime/kernel)
	CoalescedAfterFire       // a coalesced group's wheel_coalesced is reported after the group's fires (runtime/wheel)
	ObligationBeforePermit   // a tracked reserve reports its permit's obligation before the channel grants the permit (runtime/kernel)
	TimerTurnMissesTimers    // a timer turn queues the pump only for work in a lane, not for a timer it made due (runtime/pump)

	// Planted by hand and caught by no scenario until one was added (session 34).
	NextDeadlineSkipsOverflow // the wheel's earliest-deadline query passes over the overflow heap (runtime/wheel)

	// Planted by session 43's audit and caught by no check until the ghost read the input.
	CallbackNotDeferred  // a granted host callback during a poll wakes its task at once, undeferred (runtime/pump)
	WheelTurnLate        // an entry in the slot under its level's cursor is visited a turn and a slot late (runtime/wheel)
	CatchupOne           // phase 0 fires one due host timer a step, whatever catchup_batch allows (runtime/kernel)
	ExtraSender          // a new channel counts one sender more than its configuration gives (runtime/channel)
	RequestReportedAgain // a task cancel that schedules its task reports the request again after the enqueue (runtime/kernel)

	// Planted by session 44's scheduler, pump and kernel audit.
	SleepDropsWake       // a sleep forgets a wake noted during its poll (runtime/kernel)
	ReserveParkDropsWake // a reserve that parks forgets a wake noted during its poll (runtime/kernel)
	WakeSkipsSleeper     // a wake of an unscheduled task with a live host timer does nothing (runtime/kernel)
	WakeSkipsChanParked  // a wake of an unscheduled task parked on the channel does nothing (runtime/kernel)
	StaleTimersUnordered // a turn's stale timers are reaped from the highest slot down (runtime/kernel)
	PolledStaleWakeNoted // a stale-generation wake of the polled task is noted, not reported stale (runtime/kernel)
	PolledWakeNotPending // a wake of the polled task sets no pending flag in the pump (runtime/pump)
	StealScanBackwards   // the steal scan walks the victims backwards from the drawn start (runtime/sched)

	// Planted by session 44's channel audit.
	ReceiverDroppedWithoutClose      // the last sender's drop, or a recv answering Disconnected, sets receiver_dropped (runtime/channel)
	TryReserveFullBeforeDisconnected // try_reserve tests waiters and capacity before the receiver, so a closed full channel answers Full (runtime/channel)
	EvictFullBeforeDisconnected      // send_evict_oldest answers Full for all-reserved before it looks at the receiver (runtime/channel)
	WakeAllWaiters                   // a freed slot wakes every queued sender, not only the head (runtime/channel)
	WaiterJumpsHead                  // any queued sender may take a free slot, not only the head (runtime/channel)
	LastSenderDrains                 // the last sender's drop discards the queued messages (runtime/channel)

	// Planted by session 44's cancel-protocol audit.
	CascadeIgnoresDepth    // the cascade takes its regions in id order whatever their depth (runtime/cancel)
	LeakWaitsForFinalizers // a region finalizing with finalizers left leaves its Reserved obligations unmarked (runtime/cancel)
	RunningEveryPoll       // every poll of a Running task announces task_running again (runtime/cancel)
	AckAgain               // a checkpoint of a Cancelling task acknowledges its cancel again (runtime/cancel)
	DrainingAgain          // a Draining region that is not quiescent announces region_draining again (runtime/cancel)
	CancelClosedRegion     // a cascade announces region_cancelled for a region already Closed (runtime/cancel)
	AckOnCancelDispatch    // a cancel-lane dispatch checkpoints its task, acknowledging outside task code (runtime/kernel)
	StrengthenCompleted    // a cancel request strengthens a Completed task's reason and budget (runtime/cancel)

	// Planted by session 45, with the environment's late returns and nested masks.
	LateReturnKeepsOutcome // a return while Cancelling or Finalizing keeps its Ok or Err (runtime/cancel)
	UnmaskClearsDepth      // an unmask leaves every nested masked section at once (runtime/cancel)

	// Planted by session 45's audit of what the checks take from the runtime: starts no step check sees.
	DecisionSeqFromOne   // decision_seq starts at 1 (runtime/sched)
	DecisionHashFromOne  // the decision_hash chain starts at 1 (runtime/sched)
	StreakFromOne        // the cancel streak starts at 1 (runtime/sched)
	CertificateFromOne   // the certificate starts with one cancel dispatch counted (runtime/sched)
	GovernorStartsMeet   // the governor starts at MeetDeadlines (runtime/sched)
	RngSeededZero        // every worker's generator is seeded 0, not its worker id (runtime/kernel)
	WheelIgnoresFirstIDs // the wheel numbers timers from 1 whatever first_id and first_gen say (runtime/wheel)

	// Planted by session 45's wheel audit.
	OverflowTiesNewestFirst   // overflow entries with equal deadlines refill newest first (runtime/wheel)
	MinGroupCapped            // the coalescing threshold is capped at 2 whatever min_group_size says (runtime/wheel)
	TimerBoundCappedAtDefault // an explicit max_timer_duration above 7 days is cut to 7 days (runtime/wheel)
	WheelBoundCappedAtDefault // an explicit max_wheel_duration above 24 h is cut to 24 h (runtime/wheel)
	GenFollowsID              // a registration's generation is its id (runtime/wheel)
	LookupByGen               // the active map is searched by generation, not id (runtime/wheel)
	CoalesceWindowMasked      // the coalescing boundary rounds now down with a power-of-two mask (runtime/wheel)
	CascadeRoundsDeadline     // a cascade rounds an entry's deadline down to its slot's start (runtime/wheel)
	CursorSkipsDead           // the skip-ahead passes over slots that hold only cancelled entries (runtime/wheel)
	CancelDropsEntry          // a cancel removes the entry from storage at once (runtime/wheel)
	// Planted by session 46's pump audit.
	TimedTiesByPriority       // the timed lane breaks a deadline tie by priority (runtime/sched)
	DeadTimerCountsInBatch    // phase 0 counts the cancelled timers it drops against the batch (runtime/kernel)
	StaleTimersBySlot         // a timer turn reports stale timers in slot order, not P2's (runtime/kernel)
	StaleReapedAtDeadlineOnly // a timer turn reaps a cancelled timer only at exactly its deadline (runtime/kernel)
	StaleTimerNamesNow        // a stale-timer diagnostic carries the turn's time as its deadline (runtime/pump)
	CallbackDropsGeneration   // a host callback wakes with the current generation, whatever its token (runtime/pump)
	LocalPopHintOverQueue     // a local pop takes its RNG hint modulo the whole queue, not the tied count (runtime/sched)

	// Planted by session 46's cancel audit.
	ErrReturnAbortsHeld             // a task returning Err before any cancel has the obligations it holds aborted, not leaked (runtime/cancel)
	LateReturnKeepsHeld             // a return while Cancelling or Finalizing leaves the obligations the task holds Reserved (runtime/cancel)
	CompletionClearsCancelRequested // a task's completion clears its cancel_requested flag (runtime/cancel)

	// Planted by session 46's channel audit.
	ReceiverWokenBeforeSent // a send wakes the pending recv before it queues the message (runtime/channel)
	AbortWakesFirst         // an abort wakes the head waiter before chan_aborted (runtime/channel)
	PermitDropWakesFirst    // a dropped permit wakes the head waiter before chan_permit_dropped (runtime/channel)
	CloseAnnouncedAgain     // closing a closed receiver announces chan_receiver_closed again (runtime/channel)
	RepollMovesToTail       // a queued sender behind the head that re-polls its reserve moves to the tail (runtime/channel)
	SenderDropWakesFirst    // the last sender's drop wakes the pending recv before chan_sender_dropped (runtime/channel)

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

	OvercommitCapacity:        {"overcommit-capacity", "has_capacity tests queue.len + reserved <= capacity, so one reserve too many succeeds (breaks INV-CH-01)"},
	LifoRecv:                  {"lifo-recv", "recv pops the newest queued message instead of the oldest (breaks INV-CH-02)"},
	LifoWaiters:               {"lifo-waiters", "the newest sender waiter is treated as the head of the waiter queue (breaks INV-CH-03)"},
	TryReserveJumpsQueue:      {"try-reserve-jumps-queue", "try_reserve takes free capacity even while senders wait in the queue (breaks INV-CH-04)"},
	CancelledReserveTakesSlot: {"cancelled-reserve-takes-slot", "reserve takes a free slot before its cancellation checkpoint and keeps it when it returns Cancelled (breaks INV-CH-05)"},
	CancelledRecvConsumes:     {"cancelled-recv-consumes", "recv pops the oldest message before its cancellation checkpoint and drops it when it returns Cancelled (breaks INV-CH-06)"},
	CloseToggles:              {"close-toggles", "closing an already closed receiver flips receiver_dropped back to false (breaks INV-CH-07)"},
	SenderDoubleDrop:          {"sender-double-drop", "a sender task that completes as Cancelled drops its sender in cleanup and again at completion, so sender_count wraps (breaks INV-CH-08)"},
	PermitDropLeaksSlot:       {"permit-drop-leaks-slot", "dropping an unsent permit marks it consumed but neither releases its slot nor wakes the next waiter (breaks INV-CH-09)"},
	SilentPermitLeak:          {"silent-permit-leak", "a session-tracked permit dropped unsent frees its slot silently and leaves its SendPermit obligation Reserved (breaks INV-CH-10)"},

	CancelIgnoresGeneration: {"cancel-ignores-generation", "cancel(handle) removes the active timer with the handle's id whatever its generation (breaks INV-TM-01)"},
	FireCancelled:           {"fire-cancelled", "the fire path wakes expired entries without the is_live check, so cancelled timers fire (breaks INV-TM-02)"},
	UnstableSlotOrder:       {"unstable-slot-order", "a slot is drained newest entry first, as swap_remove does, so equal deadlines fire out of insertion order (breaks INV-TM-03)"},
	UncheckedDuration:       {"unchecked-duration", "try_register accepts durations over max_timer_duration (breaks INV-TM-04)"},
	NoPurge:                 {"no-purge", "cancelling the last active timer leaves the dead entries and occupancy bits in storage (breaks INV-TM-05)"},
	SaturatingIDs:           {"saturating-ids", "timer id and generation counters saturate at 2^64-1 instead of wrapping, so handles repeat (breaks INV-TM-06)"},
	CascadeKeepsDead:        {"cascade-keeps-dead", "a cascade re-inserts cancelled entries into the lower level instead of dropping them (breaks INV-TM-07)"},
	ExclusiveDeadline:       {"exclusive-deadline", "a timer fires only when now > deadline, not at deadline == now (breaks INV-TM-08)"},

	UnseededStealScan: {"unseeded-steal-scan", "the steal scan starts at the worker after the thief instead of the seeded RNG's start index (breaks INV-SC-05)"},

	RequeueUnchangedCancel: {"requeue-unchanged-cancel", "a cancel request that changes no task's reason or budget still wakes every live task it reaches into the cancel lane (breaks 001 Cascade Law step 5)"},
	EarlyHostTimer:         {"early-host-timer", "phase 0 fires a host-table timer whose deadline is one tick ahead of now (breaks 000 P2, INV-TM-08)"},
	CancelKeepsTimer:       {"cancel-keeps-timer", "a cancel request wakes the task into the cancel lane but leaves its sleep timer live (breaks 004 4.2)"},
	NoAdvanceOnFinalize:    {"no-advance-on-finalize", "a task's finalize-done (T4) completes the task without advancing its region, so a quiescent closing region never closes (breaks 001 Quiescence Completion)"},
	ClosingSkipsCascade:    {"closing-skips-cascade", "a region cancel treats a target already on its close path (Closing or Draining after a graceful close) as cancelled and requests nothing of it or its descendants (breaks 001 Cascade Law 1-4)"},
	OwnReasonInCascade:     {"own-reason-in-cascade", "a cascade gives each task a root reason created for the task's own region instead of the chained ParentCancelled reason its region got (breaks 001 Cascade Law 3-4)"},
	FrozenClock:            {"frozen-clock", "a host timer turn that finds the pump already scheduled does not advance the clock, so time never reaches a sleeper's deadline while work keeps the pump busy (breaks 000 P2)"},
	EvictFullWhenEmpty:     {"evict-full-when-empty", "send_evict_oldest returns Full whenever no message is queued to evict, even with free capacity (breaks 004 1.5)"},
	DisconnectAsCancelled:  {"disconnect-as-cancelled", "recv on an empty channel with no sender left returns Cancelled instead of Disconnected, to a task with no cancel pending (breaks 004 1.7, 4.1)"},
	RefuseOverflow:         {"refuse-overflow", "try_register refuses a valid duration too long for the wheel's levels instead of placing it in the overflow heap (breaks INV-TM-04, 004 2.3)"},
	PendingRequeues:        {"pending-requeues", "a poll that returns Pending with no wake recorded requeues its task, as a yield would, instead of parking it (breaks 000 S5's contrast, 001 B5)"},
	MicrotaskNewTurn:       {"microtask-new-turn", "a microtask drain increments host_turn_id as if it were a new host turn (breaks 000 S6)"},
	DropDeferredTurn:       {"drop-deferred-turn", "a drain cycle that ends with nothing runnable goes Idle even though a wake was deferred while it ran, instead of queueing another pump turn (breaks 000 S4, F1)"},
	CompleteKeepsTimer:     {"complete-keeps-timer", "a task that completes while its sleep timer is armed leaves the timer live, so it later fires for a finished task (breaks 004 4.2, INV-TM-02)"},

	ReadyKeepsStreak:        {"ready-keeps-streak", "a ready-lane dispatch does not reset the cancel streak, so the cancel lane is skipped too early (breaks S2's streak bookkeeping)"},
	FallbackAnyStreak:       {"fallback-any-streak", "the fallback test reads streak >= limit || only cancel work (for &&), so every cancel dispatch with only cancel work is a fallback that resets the streak, and a third cancel dispatch runs at limit 2 while ready work waits (breaks S2)"},
	GovernorIgnored:         {"governor-ignored", "a governor suggestion is announced (governor_changed) but the assignment is lost, so every governor input is a no-op (breaks 004 3.1)"},
	BurstNotCounted:         {"burst-not-counted", "a pump dispatch does not increment the drain cycle's burst counter, so the pump never hands off (breaks P1)"},
	DispatchKeepsMembership: {"dispatch-keeps-membership", "a dispatch pops the entry but leaves the task in the wake-dedup membership set, so its next wake is deduped and lost (breaks S3)"},
	SenderDropUncounted:     {"sender-drop-uncounted", "dropping a sender emits chan_sender_dropped but leaves sender_count unchanged, so the receiver never sees Disconnected (breaks INV-CH-08)"},
	FiredStaysActive:        {"fired-stays-active", "a fired wheel timer is not removed from the active map, so its handle stays live after it fired (breaks INV-TM-01/02)"},
	DecisionSeqStalls:       {"decision-seq-stalls", "a dispatch does not advance decision_seq, so decisions carry no sequence number (breaks S6)"},
	DecisionHashSkipsLane:   {"decision-hash-skips-lane", "decision_hash chains (previous hash, seq, task, streak) without the lane (breaks S6)"},
	HostTurnStalls:          {"host-turn-stalls", "a host timer turn does not advance host_turn_id, so two host turns share one id (breaks S6)"},
	DecisionUntagged:        {"decision-untagged", "scheduler_step_decision is emitted without its region_id (breaks the mandatory-field list of 000's trace contract)"},
	CancelKeepsTimerLive:    {"cancel-keeps-timer-live", "cancelling a task's sleep timer emits timer_cancelled but leaves the timer live, so it later fires and wakes the task instead of a stale-timer diagnostic (breaks P2)"},
	SendLosesMessage:        {"send-loses-message", "a send counts its message in queue.len but does not store it, so the receiver takes an empty message in its place (breaks INV-CH-02)"},
	StealLeavesEntry:        {"steal-leaves-entry", "a steal takes the victim's oldest task but leaves its entry in the victim's queue, so the same task can be stolen again (breaks 004 3.6)"},
	AdvanceSetsClock:        {"advance-sets-clock", "a host timer turn assigns its step to the clock (now = n for now += n), so time stops moving after the first turn and a later sleep never expires (breaks F3/P2)"},
	MaskNotCounted:          {"mask-not-counted", "entering a masked section emits mask_entered but leaves mask_depth at 0, so a checkpoint acknowledges the cancel inside the mask (breaks B3)"},

	SleepDeadlineEarly:        {"sleep-deadline-early", "a host-table sleep of d registers its timer for now + d - 1, counting the tick it began in as elapsed, so it wakes one tick early (breaks 004 2.1)"},
	WakeDropsDeadline:         {"wake-drops-deadline", "only a freshly spawned task is routed by its deadline: once polled, a timed task that is woken goes to the ready lane (breaks 001 B5, 000 S1)"},
	ReceiverOffByOne:          {"receiver-off-by-one", "the receiver's holder is computed as t(senders), the last sender, instead of t(senders+1), so the receiver task never receives and the last sender's completion closes the channel (breaks 004 1.1)"},
	UntrackedPermitUnrecorded: {"untracked-permit-unrecorded", "with permits not session-tracked, a reserve grants the slot but the task's permit is not recorded, so it can never send and its slot is never released (breaks INV-CH-09, 004 1.3)"},
	CoalesceUnaligned:         {"coalesce-unaligned", "the coalescing boundary is now + window instead of (now/window + 1)*window, so timers past the end of now's window fire early with the group (breaks tm-coalesce-001)"},
	PollWakeUnrecorded:        {"poll-wake-unrecorded", "a wake that finds its task being polled is dropped as redundant (the task is running anyway) instead of being recorded, so a poll that then returns Pending parks the task with its wake lost (breaks 000 S5, S3)"},
	YieldKeepsPoll:            {"yield-keeps-poll", "a yield issues its wake but does not return Pending to the scheduler: the poll goes on, so the yielding task keeps the thread (breaks 000 S5)"},
	DeferUnmasked:             {"defer-unmasked", "the checkpoint's mask test reads mask_depth >= 0 (for > 0), so every checkpoint defers a requested cancel as masked and an unmasked task never acknowledges (breaks T2, B3)"},
	RegionDepthFlat:           {"region-depth-flat", "an opened region is given its parent's depth instead of one more, so a nested region sits level with its parent in the tree the cascade order reads (breaks 001's region tree)"},
	SilentRegionClose:         {"silent-region-close", "a region that finishes finalizing becomes Closed with its outcome but emits no region_closed, so the trace never shows the close or the outcome (breaks 001's trace of quiescence completion)"},
	RecvSendersFirst:          {"recv-senders-first", "recv tests sender_count before the queue, so once the last sender is gone it returns Disconnected although messages are still queued, and they are never delivered (breaks 004 1.4, ch-close-drain-001)"},
	EmptyIgnoresCancelLane:    {"empty-ignores-cancel-lane", "the scheduler's emptiness test counts only the timed and ready lanes, so a drain cycle with only cancel work left ends and the pump goes idle with that work queued (breaks 000 S4, 001 B5)"},
	SilentIdle:                {"silent-idle", "a drain cycle that ends with nothing runnable sets the pump Idle without emitting pump_idle, so the trace shows a pump that never stopped (breaks 000's trace of P1/S4)"},
	SilentAdvance:             {"silent-advance", "a host timer turn moves the clock but emits no time_advanced, so the trace hides why timers fired (breaks 000's trace contract for P2)"},
	ReserveIgnored:            {"reserve-ignored", "a reserve by the task being polled returns no obligation and emits neither obligation_reserved nor obligation_rejected, so the task runs on believing it holds an obligation nobody tracks (breaks 001's obligations)"},
	ChanIgnoresAck:            {"chan-ignores-ack", "a channel operation's checkpoint reports Cancelled only for a cancel it acknowledges itself, so a task already Cancelling reserves, sends and receives as if it had never been cancelled (breaks 004 1.2, 1.6: cx.checkpoint() fails once a cancel is acknowledged)"},
	SilentAbort:               {"silent-abort", "SendPermit::abort releases the slot and wakes the head waiter but emits no chan_aborted, so the trace shows a permit that vanished (breaks 004 1.3's trace)"},
	TimerGenSkips:             {"timer-gen-skips", "a host timer slot reused by a sleep gets generation + 2 instead of + 1, so the (timer_id, generation) handle skips a value (breaks 000 P2's handle)"},
	SilentCancelReject:        {"silent-cancel-reject", "a wheel cancel by a handle of an older generation is refused but emits no wheel_cancel_rejected, so the caller cannot tell a refused cancel from a lost one (breaks INV-TM-01's trace, tm-cancel-stale-001)"},
	ScheduledViaHostTask:      {"scheduled-via-host-task", "pump_scheduled names the host task as the source of the turn it queued, though the pump is only ever scheduled through queueMicrotask (breaks 000 P1's trace)"},
	RunnableCountsFuture:      {"runnable-counts-future", "the kernel's runnable test counts a live host timer whose deadline has not come, so a drain cycle with nothing to run stays Running instead of going idle (breaks 000 P1, S4)"},
	WideLevels:                {"wide-levels", "insert_entry tests delta < 2*256^(k+1) for a level's range, so a 300 ms timer lands on level 0 in slot 300 mod 256 and its slot comes round at 44 ms (breaks 004 2.2's placement)"},
	RootAtRoot:                {"root-at-root", "a cancel request for a task builds its root reason with origin r1 instead of the task's own region, so a task cancelled in a nested region reports a cancel that came from the root (breaks 001's CancelReason origin)"},
	BaseExceedanceUncounted:   {"base-exceedance-uncounted", "a cancel dispatch whose streak passes the base limit (allowed in a drain mode, whose effective limit is doubled) is not counted in base_limit_exceedances, so the certificate hides how often drain mode was needed (breaks 004 3.8, sc-certificate-001)"},
	LocalPopIgnoresHint:       {"local-pop-ignores-hint", "a worker's local pop draws rng_hint but takes the oldest of the tied entries instead of the one at rng_hint % count, so a seed no longer picks the entry (breaks 004 3.5, INV-SC-05)"},
	SilentRecvPending:         {"silent-recv-pending", "a recv on an empty channel registers the receiver's waker and returns Pending but emits no chan_recv_pending, so the trace shows a recv that never answered (breaks 004 1.6's trace)"},
	CancelledRecvKeepsWaker:   {"cancelled-recv-keeps-waker", "a recv whose checkpoint fails returns Cancelled but leaves the receiver's waker registered, so a later send wakes a task that no longer waits (breaks 004 1.6, INV-CH-06)"},
	SilentRegionCancel:        {"silent-region-cancel", "a cascade gives a region its cancel reason but emits no region_cancelled, so the trace hides which regions a cancel reached (breaks 001's Cascade Law trace)"},
	SilentPurge:               {"silent-purge", "cancelling the last active timer purges the wheel's storage but emits no wheel_purged (breaks INV-TM-05's trace)"},
	ReserveUncounted:          {"reserve-uncounted", "a reserve that finds capacity grants the permit (chan_reserved) but does not count the slot as reserved, so the channel later admits one message more than its capacity (breaks INV-CH-01)"},
	StaleKeepsSlot:            {"stale-keeps-slot", "a cancelled host timer whose late callback is reported (stale_timer) keeps its slot in use, so the table fills with dead timers and the same stale callback is reported again every timer turn (breaks P2)"},
	SilentObligationAbort:     {"silent-obligation-abort", "an obligation aborted (by its holder, an error or a cancel) becomes Aborted but emits no obligation_aborted, so the trace shows a reservation that never ended (breaks 001's obligation trace)"},
	RepeatKeepsBudget:         {"repeat-keeps-budget", "a cancel request on a task whose cancel is already pending strengthens the reason but keeps the old cleanup budget, so a Shutdown after a User cancel still cleans up with 1000 polls at priority 200 (breaks R1: budgets combine, a tighter one applies at once)"},
	SilentDefer:               {"silent-defer", "a checkpoint under a mask leaves the pending cancel deferred but emits no cancel_deferred_masked, so the trace never says why the cancel was not acknowledged (breaks B3's trace)"},
	MaskDepthOtherTask:        {"mask-depth-other-task", "mask_entered and mask_exited carry the mask depth of the next task instead of the task they name (breaks B3's trace)"},
	SilentDedup:               {"silent-dedup", "a wake of a task that already holds a lane entry adds nothing but emits no wake_deduped (breaks S3's trace)"},
	LaterTieWins:              {"later-tie-wins", "strengthen breaks a severity tie for the later timestamp, so a second User cancel replaces the first reason with its own creation time (breaks the semantics notes' strengthen: on equal severity the earlier timestamp wins)"},
	DeferredTurnKeepsPending:  {"deferred-turn-keeps-pending", "the microtask a drain cycle schedules for a deferred wake leaves the pending flag set, so every later drain cycle ends by scheduling one more microtask for a wake already served (breaks P1, S4)"},
	WaiterIDReused:            {"waiter-id-reused", "registering a sender waiter does not advance the next waiter id, so every waiter gets the same id and a wake by id cannot tell them apart (breaks 004 1.3's waiter queue)"},
	TryReserveAlwaysFull:      {"try-reserve-always-full", "try_reserve's waiter test reads NWaiters >= 0, so it answers Full even with a free slot and no waiter queued (breaks 004 1.11: try_reserve takes a free slot when no one waits)"},
	ParkLeavesStepOpen:        {"park-leaves-step-open", "a dispatch that finds no runnable task emits scheduler_step_begin and scheduler_park but no scheduler_step_end, so the trace leaves that scheduler step open (breaks 000's bracketed scheduler step)"},
	SilentStrengthen:          {"silent-strengthen", "a cancel request reaching a task whose cancel is already pending strengthens its reason and budget but emits no cancel_strengthened, so the trace never shows the later request (breaks 001's cancel trace, R1)"},
	HostTurnFromTwo:           {"host-turn-from-two", "a new pump starts at host turn 2, as if the page's first turn were already over, so every host_turn_id is one off the replay's (breaks 000 S6's replay-stable host_turn_id, which the fixtures start at 1)"},
	SilentPumpRun:             {"silent-pump-run", "a microtask or host task that runs the queued pump emits no pump_running, so the trace never shows the turn start and a reader takes the pump for still queued (breaks 000's announced pump life, P1, S4)"},
	CancelInjectDeduped:       {"cancel-inject-deduped", "a cancel injection of a task that already has a timed or ready entry is answered with wake_deduped and leaves the entry where it is, instead of moving it to the cancel lane (breaks 001 B5's cancel-lane routing)"},
	CollectRecascades:         {"collect-recascades", "the level-0 collect hands a due entry to the ready list through the cascade path, announcing a wheel_cascaded out of level 0 that 004 2.4 never makes (a level-0 slot's due entries go to the ready list as they are)"},
	WheelDefaultInSeconds:     {"wheel-default-in-seconds", "an unset max_wheel_duration defaults to 86,400, 24 h counted in seconds where the wheel counts ms, so a timer 86.4 s or more ahead goes to the overflow heap instead of a level (breaks 004 2.7's default, 24 h)"},
	HandoffBeforeLimit:        {"handoff-before-limit", "the pump announces scheduler_burst_limit_reached and hands off to a host task one scheduler step before microtask_burst_limit, so a drain cycle never runs its full burst (breaks P1: steps up to the limit per drain cycle)"},
	WakeRequeues:              {"wake-requeues", "a wake of a task that already has a timed or ready entry takes the entry out and queues it again at the back of its lane, with a fresh generation and an enqueued event, instead of deduplicating it in place (breaks S3: a runnable task's wake changes nothing but wake_deduped)"},
	LateRefill:                {"late-refill", "the skip-ahead's tick for an overflow entry is one past the first tick its delta is below max_wheel_duration, so the refill (wheel_cascaded out of the heap) comes a tick late; the fire is still on time (breaks 004 2.4's refill at every tick)"},
	UncompactedPurge:          {"uncompacted-purge", "when the last active timer fires, the drain purges without compacting the pool first, so purge finds the fired first entry free, takes the storage for empty and clears the dead entries behind it without wheel_purged (breaks INV-TM-05: a purge that clears storage is announced)"},
	SilentClose:               {"silent-close", "close-region on an open region returns without error but leaves it Open and emits no region_closing, so the caller believes the region drains while it still admits spawns (breaks 001's region lifecycle: close moves Open to Closing)"},
	SilentWheelReject:         {"silent-wheel-reject", "try_register refuses a duration over max_timer_duration with TimerDurationExceeded but emits no wheel_rejected, so the refused sleep leaves no trace (breaks 004 2.3's validation answer, INV-TM-04's observable refusal)"},
	CancelKindOfNextTask:      {"cancel-kind-of-next-task", "a task's cancel events (cancel_requested, cancel_strengthened, cancel_acknowledged, ...) carry the reason kind of the next task slot as cancel_kind, not the task's own (an index off by one), so the trace names a kind the task never had (breaks 001 B6: the events name the task's cancel_kind)"},
	CascadeChildrenFirst:      {"cascade-children-first", "a region cancel injects the tasks it reaches into the cancel lane deepest region first, so a child region's task runs its cleanup before its parent's (breaks 001 Cascade Law step 2: parents before children, depth-ascending)"},
	CleanupKeepsCancelling:    {"cleanup-keeps-cancelling", "cleanup_done is announced but the task stays in Cancelling instead of moving to Finalizing, so it can be cleaned up again and finalize_done finds no finalizing task (breaks 001 T3: Cancelling -> Finalizing via cleanup_done)"},
	PromoteKeepsOccupancy:     {"promote-keeps-occupancy", "promoting a coalescing window's entries to the ready list leaves the emptied slot's occupancy bit set (breaks the wheel's bitmap index, 004 2.2)"},
	ChainMemoryUnbounded:      {"chain-memory-unbounded", "the Cause-Chain Limits cut a cascade's chain to max_chain_depth only: a chain longer than max_chain_memory allows is kept whole and not marked truncated (breaks 001's Cause-Chain Limits, cancel.region.cause_chain_bounded)"},
	ReserveIgnoresDropped:     {"reserve-ignores-dropped", "reserve after the receiver is dropped skips the Disconnected answer and takes a free slot or queues as a waiter, a permit for a channel nobody reads (breaks 004 1.3 step 2, 1.10)"},
	TryRecvEmptyNoSenders:     {"try-recv-empty-no-senders", "try_recv on an empty queue with no sender left answers Empty instead of Disconnected, so the receiver polls forever a channel no one can send on (breaks 004 1.4's try_recv)"},
	FirstBudgetShutdown:       {"first-budget-shutdown", "a cancel request that moves a task from Created or Running into CancelRequested grants Shutdown's cleanup budget (50 polls, priority 255) whatever its kind (breaks 001 T1 and the notes' budget per kind)"},
	RefusalAlwaysClosed:       {"refusal-always-closed", "a spawn or reservation refused by a region that a cancel reached is rejected with error_class region_closed instead of region_cancelled (breaks the refusal classes cancel.Spawn documents, cancel.region.no_new_spawn_after_cancel)"},
	ResolutionUncounted:       {"resolution-uncounted", "resolving an obligation (commit, abort, leak) leaves its resolution count at 0, so resolve-once's second witness of a double resolution can never fire (breaks the obligation lifecycle's resolve-exactly-once bookkeeping)"},
	ReservedStaysQueued:       {"reserved-stays-queued", "a queued head whose retried reserve takes a slot keeps its place at the head of the waiter queue and its chan_reserved names no waiter id, so the permit holder still blocks every later reserve (breaks 004 1.3 step 4: a queued task leaves the queue)"},
	SilentStaleWake:           {"silent-stale-wake", "a wake naming a completed task or another generation is dropped without its stale_wake diagnostic, so a late wake leaves no trace (breaks 000 F2 and 001's cancel.scheduler.late_wake_nonpanic: the late wake is a diagnostic, never silent)"},
	EpochStalls:               {"epoch-stalls", "a cancel request that moves a task from Created or Running into CancelRequested leaves cancel_epoch at its old value (0 on the first request), so the cancel events name no epoch (breaks 001 T1: the first request starts cancel_epoch at 1)"},
	WheelClockLags:            {"wheel-clock-lags", "a sleep registers now + d on a wheel whose clock only phase 0 moves, so after time passed with no dispatch try_register measures the duration from the last collect and refuses a valid sleep (a 7-day one, 1 ms after time moved) as too long (breaks 004 2.3, 2.7: max_timer_duration bounds the duration asked for)"},
	DeadTimerKeepsSlot:        {"dead-timer-keeps-slot", "phase 0 skips a cancelled host timer whose deadline has passed but leaves it in its slot instead of dropping it, so on the native backend the dead entry holds the slot for good (the table fills and later sleeps take other slots) and on the browser a later timer turn reports it as a stale callback once more (breaks 004 2.4 step 3: dead entries are silently dropped during drain)"},
	EmptyCycleRequeues:        {"empty-cycle-requeues", "the drain cycle's re-queue test reads || for its first && (!runnable || pending), so a cycle that ends with nothing runnable queues another microtask though no wake was deferred, and the pump never goes Idle: each microtask parks and queues the next (breaks 000 S4: another pump turn is scheduled for a wake that arrived while Running, and P1: no perpetual microtask monopolization)"},
	CloseLeavesOpen:           {"close-leaves-open", "close-region emits region_closing and runs the region advance but never sets the region Closing, so it stays Open: it never drains, finalizes or closes (the advance moves only Closing and Draining regions) and still admits spawns (breaks 001's region protocol: close/drain/finalize/close-complete, close moves Open to Closing)"},
	TrySendInverted:           {"try-send-inverted", "SendPermit::try_send reads the receiver flag negated: with the receiver open it answers Disconnected and frees the slot, the message lost, and with the receiver dropped it sends, the message dropped (breaks 004 1.3 Phase 2a: try_send fails only if the receiver dropped post-reserve, and 6.1: a send on a closed channel returns Disconnected)"},
	HandoffViaMessage:         {"handoff-via-message", "a burst-limit hand-off always takes the MessageChannel route, also when the adapter holds only the timer capability, and its host_handoff says via=message_channel: a browser API used without its handle (breaks 000 P3: browser APIs route through capability-scoped handles, and P1: MessageChannel preferred, setTimeout(0) the fallback)"},
	WheelDeadStaysReady:       {"wheel-dead-stays-ready", "the wheel's drain passes over a cancelled entry in the ready list without dropping it, so the dead entry stays stored, announced by no wheel_dead_dropped, until a purge clears the wheel (breaks 004 2.4 step 3: dead entries are silently dropped during cascade and drain)"},
	FlatSeverity:              {"flat-severity", "strengthen compares two cancel reasons as if every kind had severity 0 (Kind.Severity's bounds test negated), so the earlier request wins and a Shutdown or ParentCancelled reaching a region or task whose User cancel is pending leaves the User reason (breaks 001 Non-Negotiable Invariant 2: cancellation severity can only strengthen, never weaken)"},
	PurgelessCollect:          {"purgeless-collect", "a collect whose fires leave the active map empty does not purge the wheel's storage, so cancelled entries in the slots or the overflow heap stay stored with no timer active (breaks 004 2.5 step 4 and INV-TM-05: with the active map empty purge_inactive_storage clears all slot vectors and bitmaps)"},
	CloseIgnored:              {"close-ignored", "the receiver's chan-close is accepted and leaves the channel as it was: the receiver stays open, the queued messages and the waiting senders stay (breaks 004 1.10 Receiver Drop: close sets receiver_dropped, drains the queue and wakes every waiting sender)"},
	NextDeadlineSkipsReady:    {"next-deadline-skips-ready", "the wheel's NextDeadline passes over the entries in the ready list, as if they had fired already, so a due timer a catch-up batch left there is not reported: the kernel's Runnable says no work and the browser pump goes idle with the timer unfired and no timer turn to come (breaks 000 S4 and P2: an idle pump has no runnable work, a due timer fires in the next scheduler step's phase 0)"},
	SleepKeepsPoll:            {"sleep-keeps-poll", "a sleep that registers its timer returns without ending the task's poll: no scheduler_step_end, and the task, its timer armed, stays the one being polled and goes on issuing operations while it sleeps (breaks 004 2.3 and 4.3: a registered sleep returns Pending and the task waits for the timer's wake)"},
	RecvKeepsWaiting:          {"recv-keeps-waiting", "a recv that takes a message or fails leaves the task's record of what it waits on as it was, so a receiver that had waited goes on counting as parked on recv: it is offered nothing but recv again, and the stuck check excuses it (breaks 004 1.4: a recv that returns Ready is no longer pending)"},
	StaleReapedLate:           {"stale-reaped-late", "a host timer turn reaps a cancelled host-table timer only once its deadline is strictly past: the turn that reaches the deadline delivers no stale_timer for it and it keeps its slot until time moves on, or for good if it never does (breaks 000 P2: late timer events after cancellation become typed stale-timer diagnostics, at the turn that delivers them)"},
	ChildRegionRefuses:        {"child-region-refuses", "admission reads only the root region as Open: a spawn or a reservation in an Open child region with no cancel reason is refused with region_closed, so work in nested regions never starts (breaks 001's region rules: only a cancel or a close stops a region taking new work, no new spawn or obligation after cancel, and before it they are admitted)"},
	OpenedRegionUnrecorded:    {"opened-region-unrecorded", "open-region announces region_opened and returns the child's id but leaves its record unused, so every spawn into it is refused as unknown and its slot is handed out again (breaks 001's region tree: an opened region is Open under its parent until it closes)"},
	DroppedSeqReused:          {"dropped-seq-reused", "a send that drops its message because the receiver closed names the message with the next sequence number but does not use it up, so the next message carries the same number (breaks the channel's message numbering: every message sent or dropped gets the next number, each once, as chan_sent and chan_message_dropped report them)"},
	CancelledRegionClosesOk:   {"cancelled-region-closes-ok", "a region that closes with a cancel reason records outcome Ok and region_closed says outcome=Ok, as if it had closed gracefully (breaks 001's region close as the semantics notes settle it: a region closes Cancelled(reason) if it had a cancel reason, else Ok)"},
	SilentCascadeClosing:      {"silent-cascade-closing", "a region cancel moves each Open region of the cascade to Closing without region_closing, so a region's trace goes from region_cancelled straight to region_draining, region_finalizing or region_closed (breaks 001's Cascade Law step 3, mark regions closing, and its trace: every region state change is an event)"},
	CancelGenStalls:           {"cancel-gen-stalls", "an insertion into the cancel lane records the last generation again instead of the next, so two entries share a generation and enqueued reports it twice (breaks 004 3.4: every entry insertion increments the monotone generation counter and records it, the FIFO tie-break's key)"},
	ResolutionsSwapped:        {"resolutions-swapped", "the kernel applies a holder's commit as an abort and its abort as a commit, so commit o1 ends in obligation_aborted (explicit) and abort o1 in obligation_committed (breaks 001's obligation rules: Commit and Abort are the holder's acts, a commit resolves its obligation Committed and an abort AbortedExplicit)"},
	SleepYields:               {"sleep-yields", "the kernel applies a task's sleep as a yield: it announces yielded and requeues the task at once, registering no timer, so the sleep ends before its time (breaks 004 2.1 and 2.3: a sleep registers its deadline, now + duration, and the task waits for it)"},
	YieldSleeps:               {"yield-sleeps", "the kernel applies a task's yield as a sleep of 0 ms: it registers a timer due now and parks the task instead of announcing yielded and requeueing it (breaks the scheduler's S5: a yield returns Pending and issues its own wake, yielded in the trace)"},
	PermitResolutionsSwapped:  {"permit-resolutions-swapped", "with tracked permits, a send that consumes its permit aborts the permit's SendPermit obligation and an abort of the permit commits it (breaks 004's permit as an obligation: a send commits it, an abort aborts it)"},
	PromoteBeyondWindow:       {"promote-beyond-window", "a coalescing collect moves every stored entry to the ready list, not only those with deadline <= the window's boundary, so timers far from due wait in the ready list and leave their slots (breaks 004 2.4 step 5 and 2.7: promote_coalescing_window_entries moves the entries with deadline <= boundary, and the ready list holds only entries due by the boundary)"},
	ReservedHeadNoWake:        {"reserved-head-no-wake", "a queued head whose retried reserve takes a slot leaves the queue but does not wake the new head, though capacity is left over, so the next sender waits for a release that may never come (breaks 004 1.11's cascade wake, INV-CH-03: the head of the waiter queue is woken first)"},
	LeavingHeadNoWake:         {"leaving-head-no-wake", "a head whose reserve ends without a permit (cancelled, or the receiver dropped) leaves the waiter queue but does not wake the new head, so free capacity strands the next sender (breaks 004 1.8's Reserve drop: it removes the waiter and cascades the wake if capacity is free)"},
	SeqStalls:                 {"seq-stalls", "try_register records the wheel's next registration sequence number in the entry but never advances it, so every entry carries the same number and equal deadlines lose the record of which was inserted first (breaks 004 2.2 and INV-TM-03: same-deadline timers keep their insertion order)"},
	PromoteClearsSharedSlot:   {"promote-clears-shared-slot", "a coalescing collect that promotes an entry to the ready list clears its slot's occupancy bit without asking whether the slot holds other entries, so a later timer sharing a level-1 slot with the promoted one is skipped by the cascade and never fires (breaks 004 2.4 and 2.7: a slot's bit is clear only when the slot is empty)"},
	ReservePendingKeepsPoll:   {"reserve-pending-keeps-poll", "a reserve that answers Pending registers the waiter but does not end the task's poll: no scheduler_step_end, the task stays the polled one and spins on its reserve instead of returning Poll::Pending and waiting for the cascade's wake (breaks 004 1.3 step 5 and 1.4: a full channel's reserve returns Pending)"},
	RecvPendingKeepsPoll:      {"recv-pending-keeps-poll", "a recv that answers Pending registers the receiver's waker but does not end its poll: no scheduler_step_end, the receiver stays the polled one and spins on recv instead of returning Poll::Pending and waiting for a send's wake (breaks 004 1.6 step 4: an empty channel's recv registers the waker and returns Pending)"},
	IdleClockStalls:           {"idle-clock-stalls", "advancing a wheel with no active timer moves nothing, its time included, so the wheel's current_tick lags the kernel's clock until a timer is active again: the next registration measures its duration and places its entry from the stale tick (breaks 004 2.4: advance_to sets current_tick to the target, with or without timers)"},
	DrainingUnrecorded:        {"draining-unrecorded", "a Closing region with live work announces region_draining but its record stays Closing, so the trace tells of a move the region never made (breaks 001's region lifecycle Open -> Closing -> Draining -> Finalizing -> Closed and the trace as its record)"},
	SilentGovernor:            {"silent-governor", "the scheduler records a new governor suggestion but emits no governor_changed, so the trace never shows why the lane order changed (breaks the trace as the record of 004 3.1's lane-order override: a suggestion changes the lane order, so the trace must say when it came)"},
	AckAbortsObligations:      {"ack-aborts-obligations", "acknowledging a cancel aborts the obligations the task still holds (AbortedCancel) at once, so the cleanup that follows, which may still commit or abort them, finds them resolved and its commit is refused as already resolved (breaks 000's cancellation protocol request -> drain -> finalize and 001's T2, whose effects are the move to Cancelling and the cleanup budget: what a task still holds is aborted when it completes Cancelled)"},
	CompletionHidesLeak:       {"completion-hides-leak", "a task completing Ok while it still holds a Reserved obligation has it aborted (AbortedCancel) as a cancelled task's would be, so the leak its region's finalize must report is hidden as an abort (breaks the semantics notes: obligations still Reserved when a region finalizes are Leaked, a violation; only a Cancelled completion aborts what its task holds)"},
	SilentLeak:                {"silent-leak", "an obligation its region's finalize marks Leaked gets no obligation_leaked event, so the trace hides the leak (breaks 000's purpose 4, no obligation leaks, with the trace as its record: a leak is reported, error_class obligation_leaked)"},
	LeakUnmarked:              {"leak-unmarked", "a region finalizing over an obligation still Reserved leaves it Reserved instead of marking it Leaked, so the region closes with an unresolved obligation (breaks 001's region close completion: no unresolved obligations, and the semantics notes: such obligations are Leaked)"},
	CloseMarksCancelled:       {"close-marks-cancelled", "closing a region also marks it as having a cancel reason, though no cancel reached it, so a region that was only closed closes Cancelled and refuses work as a cancelled one (breaks the semantics notes: a region closes Cancelled(reason) if it had a cancel reason, else Ok; and 001's Cascade Law step 3: a region's reason comes from a cancel request of it or of an ancestor)"},
	ObligationInRoot:          {"obligation-in-root", "a reservation records its obligation in the root region instead of its holder's, so the holder's region may finalize with the obligation unresolved and the root leak it instead (breaks 000's purpose 1, structured ownership, and the semantics notes: obligations still Reserved when their region finalizes are Leaked)"},
	ObligationKindSlips:       {"obligation-kind-slips", "a reservation records the obligation kind after the one asked for (a Lease becomes an IoOp), so the obligation the runtime tracks is not the one the task holds (breaks the semantics notes' obligation kinds: a reservation is of the kind asked for)"},
	DropLeavesWaiter:          {"drop-leaves-waiter", "dropping a pending reserve future (its task returned instead of polling it again) leaves its waiter in the send queue, so a head that will never poll again holds the wake and the senders behind it wait for ever (breaks 004 1.8: a Reserve future's Drop removes it from send_wakers by id and cascades the wake if capacity is free)"},
	OutcomeIgnoresCancel:      {"outcome-ignores-cancel", "a task that returns while the cancel protocol is already active (CancelRequested, Cancelling or Finalizing) completes with the outcome it returned, Ok or Err, instead of Cancelled(reason), so a cancelled task reads as finished and what it still holds is not aborted (breaks 001 R2: once the cancellation protocol is active, completion resolves to Cancelled; the semantics notes: a task that completes Ok/Err while a cancel is pending completes as Cancelled(reason))"},
	ErrEscapesCancel:          {"err-escapes-cancel", "a task that returns Err while the cancel protocol is already active completes Err instead of Cancelled(reason): only an Ok return is turned into Cancelled, so a failing cancelled task hides its cancellation (breaks the semantics notes: a task that completes Ok/Err while a cancel is pending completes as Cancelled(reason); 001 R2)"},
	ReserveUnrecorded:         {"reserve-unrecorded", "a reservation answers obligation_reserved but leaves no obligation record (the slot stays unused), so the obligation the task holds is tracked nowhere: the task may return holding it and its region close over it, and nothing ever commits, aborts or leaks it (breaks the semantics notes: an obligation is Reserved until exactly one resolution; 000's purpose 4, no obligation leaks, with the trace as its record)"},
	SilentResolveRefusal:      {"silent-resolve-refusal", "a commit or abort of an obligation already resolved is refused, but without the obligation_rejected event (error_class already_resolved) that reports it, so the trace hides the error (breaks the semantics notes: resolving twice is an error; 000's trace contract: error_class on failures)"},
	LeakUnclassed:             {"leak-unclassed", "an obligation marked Leaked is announced by obligation_leaked without its error_class obligation_leaked, so the leak reads as an ordinary resolution rather than the failure it is (breaks the semantics notes: a leak is a violation; 000's trace contract: error_class on failures)"},
	CancelKindOmitted:         {"cancel-kind-omitted", "cancel-protocol task events (cancel_requested, cancel_strengthened, cancel_deferred_masked, cancel_acknowledged, cleanup_done) carry no cancel_kind, so the trace does not say which cancel the task is serving (breaks 001 B6: every cancel-protocol event includes cancel_kind)"},
	CascadeTakesSiblings:      {"cascade-takes-siblings", "a region cancel collects every region at or below the target's depth, not only the target's descendants, so a sibling region and its tasks are cancelled with it (breaks 001's Cascade Law step 1: collect the target region plus its descendants)"},
	RootKindUnset:             {"root-kind-unset", "a task cancel's reason, a root cause, records its kind but leaves its root kind at the zero value, User, so a Timeout or FailFast cancel's cause chain names a User cancel as its root (breaks 001's cancel reason: a chain keeps naming its true root cause, its kind and region)"},
	SpawnDropsPriority:        {"spawn-drops-priority", "a spawn records its task with the default priority 0 whatever priority it asked for, so the task enters the ready lane behind higher-priority work it should go before (breaks 004 3.3: SchedulerEntry order is priority first, then generation, with the task's own priority)"},
	TimerTurnRequeues:         {"timer-turn-requeues", "a host timer turn that leaves work runnable queues the pump as a microtask even when it is already queued, so the pump's trigger is doubled and a pump handed off to the host task queue is turned back into a microtask (breaks 000 P1: on the burst limit the adapter hands off via the task queue, to prevent perpetual microtask monopolization; the pump is queued only from Idle)"},
	HasChannelInclusive:       {"has-channel-inclusive", "the kernel's HasChannel tests capacity >= 0, so a runtime configured without a channel runs the channel's handle drops anyway: the first task to complete, taken for the receiver of a channel with no senders, closes a receiver that was never there (breaks 004 1.1: the channel exists only where it is configured, and its handles are the tasks the configuration names)"},
	RegionCancelShutdown:      {"region-cancel-shutdown", "a region cancel builds its root reason as Shutdown whatever kind it was asked for, as if every region cancel were a shutdown, so the region and its tasks record the wrong kind, severity and cleanup budget (breaks 001 Cascade Law step 2: the target region's reason is the requested one)"},
	SenderRangeShort:          {"sender-range-short", "the kernel's IsSender tests t < senders instead of t <= senders, so the task the configuration gives the last sender is not taken for one: its reserve is refused with an error and its completion drops no sender (breaks 004 1.1: tasks t1..tN hold the N senders)"},
	RegionSlotReused:          {"region-slot-reused", "open-region's slot search is off by one past the second region: it hands out the last slot in use instead of the first free one, so the new region overwrites a live one, which may become its own parent and send the runtime's own parent walks into an endless loop (breaks 001's region tree: a region keeps its place from its open until it closes)"},
	ObligationSlotReused:      {"obligation-slot-reused", "reserve's slot search is off by one: it hands out the slot before the first free one, in use, so a second reservation overwrites the first obligation's record, which vanishes unresolved (breaks 001's obligations: every reservation is recorded until it is resolved)"},
	FailedStealSkipsDraw:      {"failed-steal-skips-draw", "a steal first looks whether any other worker's queue holds an entry and, finding none, returns without drawing the scan's start, so the thief's generator no longer advances once per steal and the scan orders of its later steals move (breaks 004 3.6: steal_task draws start before it scans; INV-SC-05)"},
	EmptyPopDraws:             {"empty-pop-draws", "a worker's local pop of an empty queue draws an RNG hint before finding nothing to take, so the worker's later tie-breaks move (breaks 004 3.5: the hint is drawn to choose among the tied entries, and an empty queue has none; INV-SC-05)"},
	IdleSettleStrands:         {"idle-settle-strands", "an operation that leaves runnable work with an idle pump whose last turn spent its whole burst (a spawn after a hand-off failed closed, say) queues no microtask, as if the pump were still waiting for the host: the work waits for a wake that may never come (breaks 000 P1: queueMicrotask is the pump's trigger; S4)"},
	HandoffDeniedWithTimer:    {"handoff-denied-with-timer", "a burst-limit hand-off without the message capability fails closed with authorization_denied though the adapter holds the timer capability, instead of falling back to setTimeout(0) (breaks 000 P1: setTimeout(0) the fallback; F4 denies only missing authority)"},
	StrengthenUnscheduled:     {"strengthen-unscheduled", "a task cancel of a task not being polled counts as a change only when it moves the task's phase, so a stronger cancel that replaces the pending reason of a parked task in CancelRequested leaves it unscheduled (breaks 001 Cascade Law step 5: the cancel-scheduling set is every task the request changed, its reason and budget included)"},
	DrainKeepsDead:            {"drain-keeps-dead", "draining a level-0 slot moves its due entries to the ready list without asking whether each is live, so a cancelled timer's entry is carried there and held until the fire loop drops it (breaks 004 2.4 step 3: dead entries are silently dropped during cascade and drain; INV-TM-07)"},
	BatchStrandsDead:          {"batch-strands-dead", "the wheel's drain stops walking the ready list at the first due live entry past the catch-up batch, so the dead entries behind it (a cancelled timer coalescing promoted, say) stay in the ready list instead of being dropped in this drain (breaks 004 2.4 step 3: dead entries are silently dropped during cascade and drain; 000 F3 bounds fires, not drops)"},
	AckAnnouncedEarly:         {"ack-announced-early", "a checkpoint emits cancel_acknowledged before it moves the task to Cancelling, so the event's cancel_phase says CancelRequested (breaks 001 B6: cancel-protocol events carry the cancel_phase the event leaves; T2)"},
	ObligationKindZero:        {"obligation-kind-zero", "obligation_reserved, obligation_committed, obligation_leaked and an already-resolved obligation_rejected name obligation_kind SendPermit, the zero kind, whatever the obligation reserves (breaks 001's obligation trace: events name the obligation's kind)"},
	ParentNamedRoot:           {"parent-named-root", "region_opened names r1 as the new region's parent wherever it opened, so a grandchild's event names its grandparent (breaks 001's region tree as the trace tells it: region_opened names the parent the region was opened under)"},
	TryReserveNamedReserve:    {"try-reserve-named-reserve", "a failed try_reserve is reported by chan_op_failed as op reserve, the blocking operation, which would have queued the sender instead of failing (breaks 004 1.7: the failed operation and its error are reported as they are)"},
	RegionEventRootKind:       {"region-event-root-kind", "region_cancelled names the kind the cascade started with for every region it reaches, so a descendant's event says Shutdown where its reason is ParentCancelled (breaks 001 Cascade Law step 3 and B6: the event names the cancel that reached the region)"},
	ClosingRests:              {"closing-rests", "a region that is closed, by close-region or a cancel, while it still has live tasks or open children stays Closing instead of moving on to Draining, and finalizes from Closing once it is quiescent (breaks the semantics notes' region path Open -> Closing -> Draining -> Finalizing -> Closed: a closing region with children drains)"},
	CancelEventRootRegion:     {"cancel-event-root-region", "a task's cancel events (cancel_requested to cleanup_done) name the region the cancel was requested on, so a task that a region cancel reaches in a child region is reported in the ancestor (breaks 001 B6: every cancel-protocol event carries the task's region)"},
	LeakNamesNoHolder:         {"leak-names-no-holder", "obligation_leaked names no task, though the record still names the task that held the obligation (breaks 001's obligation trace: a leak names the obligation's holder and region)"},
	StaleTimerNextGen:         {"stale-timer-next-gen", "stale_timer names the timer's generation plus one, the one its slot gives next, so the diagnostic matches no registration (breaks 000 P2: a stale callback is reported for the timer it belongs to)"},
	WheelCancelNowUnset:       {"wheel-cancel-now-unset", "wheel_cancelled carries now 0 whatever the wheel's time (breaks 004 2.5 and the wheel's trace: every wheel event carries current_tick)"},
	EvictNamesOldestSender:    {"evict-names-oldest-sender", "chan_evicted names the sender of the evicted message instead of the task whose send_evict_oldest evicted it (breaks 004 1.5: the eviction is reported as the evicting send's)"},
	StepBeginStreakZero:       {"step-begin-streak-zero", "scheduler_step_begin carries cancel streak 0 whatever the streak (breaks 000 S2 and the trace contract: every step event carries the cancel streak as it stands)"},
	DeferredNamesPolled:       {"deferred-names-polled", "scheduler_reentrancy_deferred names the task being polled instead of the task whose wake was deferred (breaks 000 S4 and F1: the deferral names the woken task)"},
	OutcomeKeyResult:          {"outcome-key-result", "task_completed names its outcome under the key result instead of outcome (breaks 000's trace contract: the attribute is named outcome)"},
	SilentCascade:             {"silent-cascade", "a cascade out of a higher level's slot, or a refill out of the overflow heap, places the entry again without wheel_cascaded, so the trace never shows the timer moving (breaks 004 2.4 and INV-TM-07: a cascade re-places its entries, each move reported)"},
	RunningAnnouncedTwice:     {"running-announced-twice", "a task's first poll emits task_running twice, so the trace reports two starts of one task (breaks 001's trace: each phase move is announced once, by its event)"},
	WokenHeadRenumbered:       {"woken-head-renumbered", "a wake of the waiter queue's head gives its entry the channel's next waiter id without moving the counter, so the head's later events name another id and the next sender to park gets the same one (breaks INV-CH-03 and 004 1.3: a queued sender keeps the id it registered with, and ids are unique)"},
	DispatchNeedsReady:        {"dispatch-needs-ready", "a dispatch (next_task) with an empty ready lane returns at once, with no scheduler step, no timer phase and no event, so cancel-lane and timed-lane work waits for a ready task to come (breaks 000 S1: every scheduler step picks from the cancel, timed and ready lanes in that order, or parks)"},
	MaskEntersTwice:           {"mask-enters-twice", "a mask enters two mask levels, each with its mask_entered, so one unmask leaves the task masked and its cancel stays deferred (breaks 001 B3: a mask and an unmask each move the depth by one)"},
	RegionReasonUnrooted:      {"region-reason-unrooted", "a region below a cancelled one records the ParentCancelled reason the cascade gives it rooted at itself, its own kind and id as the root, while its tasks get the reason rooted at the cascade's target, so the region's record no longer names the cancel that reached it (breaks 001 Cascade Law step 3: each region records the chained reason of the cascade)"},
	SpawnRecordsParent:        {"spawn-records-parent", "a task spawned into a nested region records the region's parent as its own, though task_spawned names the region it was spawned into, so the nested region may close with the task still live and its cancel passes the task by (breaks 001 quiescence: a region closes only when every task spawned into it has completed)"},
	RunningBeforeDecision:     {"running-before-decision", "a step that picks a task for its first poll emits task_running before the scheduler_step_decision that picks it, so the trace shows the task running before any step chose it (breaks 000 S1: a step picks a task, then polls it)"},
	ScheduledBeforeRequest:    {"scheduled-before-request", "a task cancel emits the task's cancel-lane enqueued before its cancel_requested or cancel_strengthened, so the trace shows the task scheduled for a cancel no one had requested yet (breaks 001 Cascade Law step 5: a request changes the task, then schedules the tasks it changed)"},
	EnqueuedBeforeSpawned:     {"enqueued-before-spawned", "a spawn emits the new task's enqueued before its task_spawned, so the trace shows a task scheduled before it exists (breaks 001's trace and 000 S1: a task is spawned, then routed to its lane)"},
	TasksBeforeRegion:         {"tasks-before-region", "a region cancel emits its tasks' cancel_requested before the region_cancelled of their regions, so the trace shows tasks cancelled by a region cancel that had not reached their region yet (breaks 001 Cascade Law: step 3 marks each region, step 4 then requests its tasks)"},
	WokenBeforeFire:           {"woken-before-fire", "a host timer's fire emits its task's enqueued (or wake_deduped) before its timer_fired, so the trace shows the task woken before its timer fired (breaks 000 P2: the timer callback enqueues the wake)"},
	PumpMovesEarly:            {"pump-moves-early", "after a kernel operation, the pump's decision (pump_idle, pump_scheduled, a burst limit and its hand-off) is reported before the operation's last event, so the trace shows the pump deciding on work the step had not finished (breaks 000 P1: the pump hands off or idles on the runnable work a step leaves)"},
	LeakedAfterClose:          {"leaked-after-close", "a region that finalizes over a Reserved obligation emits its obligation_leaked after its region_closed, so the trace shows a closed region still changing (breaks 001 Quiescence Completion: a region finalizes, its leaks are marked, then it closes; Closed is final)"},
	WokenBeforeChanWake:       {"woken-before-chan-wake", "a task the channel wakes (chan_sender_woken, chan_receiver_woken) has its enqueued or wake_deduped reported before the channel's wake, so the trace shows the task scheduled before anything woke it (breaks 004 1.3 and 1.4: the channel wakes the waiting receiver or the next sender, and the wake then schedules it)"},
	TruncationAfterRequests:   {"truncation-after-requests", "a region cancel emits the cause_chain_truncated of a cut chain after its tasks' cancel_requested, so the trace shows tasks requested before the chains their reasons carry were built (breaks 001 Cascade Law: step 3 builds the chains, cut under the Cause-Chain Limits, before step 4 requests the tasks)"},
	CheckpointAfterReserve:    {"checkpoint-after-reserve", "a reserve or try_reserve emits its cancellation checkpoint's cancel_acknowledged or cancel_deferred_masked after the channel's answer (chan_reserved, chan_reserve_pending, chan_op_failed), so the trace shows the channel answering before the checkpoint that decides the answer (breaks 004 1.3: reserve checks its preconditions in order, the cancellation checkpoint first)"},
	DedupReportedTwice:        {"dedup-reported-twice", "a wake of a task that already holds a lane entry emits wake_deduped twice, so the trace shows two wakes deduplicated where one wake arrived (breaks 000 S3: a duplicate wake request adds nothing, and one wake is one request)"},
	SilentSenderWake:          {"silent-sender-wake", "a sender the channel wakes (cascade or close) is scheduled, but its chan_sender_woken is dropped, so the trace shows a waiting sender becoming runnable for no reason (breaks 004 1.3 and 1.4: the channel wakes the next sender in the waiter queue, and the trace says which)"},
	SilentWaiterRemoval:       {"silent-waiter-removal", "a reserve that leaves the waiter queue without a permit (cancelled, disconnected, or its task completing) drops its chan_waiter_removed, so the trace never says the waiter left (breaks 004 1.8: a cancelled reserve's waiter is removed from the queue, and the trace reports the queue's changes)"},
	ParkStepsTwice:            {"park-steps-twice", "a dispatch that finds no work runs its parked scheduler step twice (scheduler_step_begin, scheduler_park, scheduler_step_end, again), so the trace shows two next_task decisions where one dispatch asked for one (breaks 000 S1 and the trace's step bracket: one dispatch is one scheduler step)"},
	LimitAfterHandoff:         {"limit-after-handoff", "a drain cycle that hits microtask_burst_limit emits scheduler_host_handoff before scheduler_burst_limit_reached, so the trace shows the pump handing off before it reached the limit that makes it hand off (breaks 000 P1: on limit hit with runnable work remaining, the adapter hands off)"},
	CoalescedAfterFire:        {"coalesced-after-fire", "a collect that coalesces a group with a timer not yet due emits its wheel_coalesced after the group's wheel_fired, so the trace shows timers firing early before anything said their group was promoted (breaks 004 2.4 step 5: coalescing promotes the timers within the window to the batch, which then fires)"},
	ObligationBeforePermit:    {"obligation-before-permit", "a tracked reserve that the channel grants emits the permit's SendPermit obligation_reserved (or the region's obligation_rejected) before the channel's chan_reserved, so the trace shows an obligation tracking a permit no one had granted yet (breaks 004 4.5: the session layer wraps the base channel, and its TrackedPermit holds an ObligationToken for the permit reserve granted)"},
	TimerTurnMissesTimers:     {"timer-turn-misses-timers", "a host timer turn queues the pump only when a lane holds work, so a timer it made due, with every lane empty, is never fired and the pump stays idle (breaks 000 P2: a timer callback enqueues the wake, and the run loop fires expired timers in phase 0)"},
	YieldedAfterStepEnd:       {"yielded-after-step-end", "a yield emits its yielded after the scheduler_step_end (and the requeue) that close its poll, so the trace shows the task yielding in no step at all (breaks 000 S5 and the trace's step bracket: the poll returns Pending inside the step that ran it)"},
	AckEpochDropped:           {"ack-epoch-dropped", "cancel_acknowledged carries cancel_epoch 0 instead of the task's epoch, so the acknowledgement cannot be matched to the request it answers (breaks 001 B6: every cancel-protocol event carries the task's cancel_epoch)"},
	CursorsLag:                {"cursors-lag", "advancing a wheel with no active timer moves its time but leaves its level cursors where they were, so the next registration and collect work from slots that are not now's (breaks 004 2.4: the cursors advance through the levels' slots as time does, level N+1's when level N's wraps)"},
	NextDeadlineSkipsOverflow: {"next-deadline-skips-overflow", "the wheel's NextDeadline passes over the entries in the overflow heap, as if a deadline past max_wheel_duration could not be due yet, so a far timer that falls due before any collect has refilled it onto the wheel is not reported: the host timer turn finds the kernel's Runnable saying no work and leaves the browser pump idle with the timer unfired and no timer turn to come (breaks 000 P2 and S4: a timer callback schedules the pump, and an idle pump has no runnable work)"},
	CallbackNotDeferred:       {"callback-not-deferred", "a granted host callback that arrives while the pump runs wakes its task at once, with no pending flag and no scheduler_reentrancy_deferred, so the cycle owes no further turn for it (breaks 000 S4, F1)"},
	WheelTurnLate:             {"wheel-turn-late", "the wheel's skip-ahead visits an entry that sits in the slot under its level's cursor one slot past a full turn, so a timer registered in that slot (a deadline in the top 256 ms of level 1's range) cascades and fires a level-1 turn late (breaks 004 2.4 step 4, INV-TM-08)"},
	CatchupOne:                {"catchup-one", "phase 0 fires at most one due host timer a step, whatever catchup_batch allows, so due timers wait for later steps (breaks 000 F3 and the run loop's phase 0: every expired timer fires before the decision, bounded by the batch)"},
	ExtraSender:               {"extra-sender", "a new channel starts with sender_count one above the senders configured, so once every sender has dropped its handle the count stays at 1 and a receive waits for good instead of answering Disconnected (breaks 004 1.6 step 3, 1.10, INV-CH-08)"},
	RequestReportedAgain:      {"request-reported-again", "a task cancel that schedules its task reports its request (cancel_requested or cancel_strengthened) a second time after the cancel lane's enqueue, so the trace shows two requests where one was made (breaks 001 B6: the cancel protocol's events report each transition once)"},

	SleepDropsWake:       {"sleep-drops-wake", "a sleep clears the task's notified flag before it ends the poll, so a wake that arrived during the poll (a cancel, a wake input) is forgotten and the task parks on its timer with the wake unanswered (breaks 000 S3/S5: a wake noted during a poll requeues the task when the poll returns Pending)"},
	ReserveParkDropsWake: {"reserve-park-drops-wake", "a reserve that parks on a full channel clears the task's notified flag before it ends the poll, so a wake that arrived during the poll is forgotten and the task waits in the queue with the wake unanswered (breaks 000 S3/S5: a wake noted during a poll requeues the task when the poll returns Pending)"},
	WakeSkipsSleeper:     {"wake-skips-sleeper", "a wake of a task that is neither polled nor scheduled and holds a live host timer does nothing: no enqueued, no diagnostic, so the task sleeps on past a valid wake (breaks 000 S3: a live, current wake schedules its task once)"},
	WakeSkipsChanParked:  {"wake-skips-chan-parked", "a wake of a task that is neither polled nor scheduled and waits on the channel does nothing: no enqueued, no diagnostic, so the task stays parked past a valid wake (breaks 000 S3: a live, current wake schedules its task once)"},
	StaleTimersUnordered: {"stale-timers-unordered", "a turn reaps its cancelled, expired host timers from the highest slot down, so its stale_timer diagnostics come out of (deadline, timer_id, generation) order (breaks 000 P2: a turn's expirations are ordered by (deadline, timer_id, generation), a late one reported as a stale-timer diagnostic in that order)"},
	PolledStaleWakeNoted: {"polled-stale-wake-noted", "a wake of the task being polled is noted before its generation is checked, so a stale-generation wake is remembered (the task is requeued when it parks) instead of reported stale (breaks 000 F2: a wake with a mismatched generation is a stale_wake diagnostic and schedules nothing)"},
	PolledWakeNotPending: {"polled-wake-not-pending", "a wake of the task the pump is polling sets no pending flag (it still reports scheduler_reentrancy_deferred), so the cycle owes no further turn for it (breaks 000 S4, F1: a wake during a poll is deferred to another turn)"},
	StealScanBackwards:   {"steal-scan-backwards", "the steal scan walks the other workers backwards from the index the RNG drew, so with three victims or more a thief robs a different worker than the contract's scan would (breaks 000 INV-SC-05: the scan starts at the RNG's index and goes forward, wrapping)"},

	ReceiverDroppedWithoutClose:      {"receiver-dropped-without-close", "receiver_dropped is set by the last sender's drop and by a recv that answers Disconnected, though the receiver never closed, so later sends and reserves are refused as if it had (breaks 004 1.10 and INV-CH-07: only the receiver's drop or close sets receiver_dropped)"},
	TryReserveFullBeforeDisconnected: {"try-reserve-full-before-disconnected", "try_reserve tests the waiter queue and the capacity before receiver_dropped, so a closed channel whose slots are all reserved answers Full where the sender should learn the receiver is gone (breaks 004 1.3: receiver alive is checked before FIFO and capacity; 1.5, 1.7: a dropped receiver is Disconnected)"},
	EvictFullBeforeDisconnected:      {"evict-full-before-disconnected", "send_evict_oldest answers Full when every slot is reserved and nothing is queued before it looks at receiver_dropped, so a closed channel held full by permits answers Full instead of Disconnected (breaks 004 1.5: send_evict_oldest fails Disconnected once the receiver is dropped)"},
	WakeAllWaiters:                   {"wake-all-waiters", "a freed slot wakes every queued sender instead of the head alone, so senders behind the head are woken for a slot that is not theirs (breaks 004 1.3 cascade_wake_next and 1.11: the head of the waiter queue is woken first, one waiter per freed slot)"},
	WaiterJumpsHead:                  {"waiter-jumps-head", "the FIFO test lets any queued sender take free capacity, not only the head, so a queued sender polled before the head takes the slot past it (breaks 004 1.3 step 3, 1.11, INV-CH-03: a queued reserve takes capacity only as the head)"},
	LastSenderDrains:                 {"last-sender-drains", "the last sender's drop discards the queued messages (chan_message_dropped each), so the receiver never gets what was sent before the senders left (breaks 004 1.10, Drain-After-Sender-Drop: the receiver drains the queue and only then sees Disconnected)"},
	CascadeIgnoresDepth:              {"cascade-ignores-depth", "the cascade lists its regions in id order, not depth ascending, so a deeper region opened before a shallower one is cancelled first (breaks 001 Cascade Law step 2, R4)"},
	LeakWaitsForFinalizers:           {"leak-waits-for-finalizers", "a region entering Finalizing with finalizers still registered leaves its Reserved obligations Reserved, and closes over them once the finalizers are done (breaks 001 invariant 5, quiescence: no unresolved obligations)"},
	RunningEveryPoll:                 {"running-every-poll", "Start announces task_running on every poll of a Running task, not only on the Created -> Running move, so the trace announces a move that did not happen (breaks 001 Legal Transitions, B6)"},
	AckAgain:                         {"ack-again", "a checkpoint of a task already Cancelling acknowledges again (cancel_acknowledged), or under a mask defers an acknowledged cancel (cancel_deferred_masked) (breaks 001 T2: CancelRequested -> Cancelling, once)"},
	DrainingAgain:                    {"draining-again", "a Draining region that is not yet quiescent announces region_draining again at every advance (breaks 001 quiescence path: Closing -> Draining, once)"},
	CancelClosedRegion:               {"cancel-closed-region", "a region cancel announces region_cancelled for a region of its cascade already Closed, whose record it leaves as it was, so the trace names a cancel that was not made (breaks 001 Cascade Law step 3 and the trace: a Closed region has finished its path)"},
	AckOnCancelDispatch:              {"ack-on-cancel-dispatch", "a cancel-lane dispatch runs a checkpoint of its task, so the cancel is acknowledged on the dispatch, not at a checkpoint of the task's code (breaks 001 B2: the adapter may not auto-ack)"},
	StrengthenCompleted:              {"strengthen-completed", "a cancel request on a Completed task strengthens its reason, combines its budget and announces cancel_strengthened (breaks 001 T5, invariant 4: Completed is absorbing)"},
	LateReturnKeepsOutcome:           {"late-return-keeps-outcome", "a task that returns while Cancelling or Finalizing completes with the Ok or Err it returned: only a return before the acknowledgement is turned into Cancelled(reason), so a task whose cleanup ends in an early return hides its cancellation (breaks the semantics notes: a completion while the cancel protocol is active resolves to Cancelled(reason), from every active phase; 001 R2)"},
	UnmaskClearsDepth:                {"unmask-clears-depth", "an unmask sets the mask depth to 0 instead of lowering it by one, so a task still inside an outer masked section acknowledges its cancel at the next checkpoint (breaks 001 B3: the cancel stays deferred while mask depth > 0)"},
	DecisionSeqFromOne:               {"decision-seq-from-one", "the scheduler starts decision_seq at 1, so the first decision is numbered 2 and every replay's sequence is off by one (breaks 000 S6: decision_seq counts the adapter's decisions from none)"},
	DecisionHashFromOne:              {"decision-hash-from-one", "the scheduler starts the decision_hash chain at 1 instead of 0, so every decision_hash differs from a conforming runtime's (breaks 000 S6: the decision hash is a function of the decisions alone)"},
	StreakFromOne:                    {"streak-from-one", "the scheduler starts with a cancel streak of 1, so the cancel lane is skipped one dispatch early (breaks 000 S2: the streak counts consecutive cancel dispatches, none before the first)"},
	CertificateFromOne:               {"certificate-from-one", "the fairness certificate starts with one cancel dispatch counted (breaks 004 3.8: the certificate counts the dispatches made)"},
	GovernorStartsMeet:               {"governor-starts-meet", "the scheduler starts under MeetDeadlines, so the timed lane goes before the cancel lane until a governor input says otherwise (breaks 000 S1: NoPreference until the governor suggests another mode)"},
	RngSeededZero:                    {"rng-seeded-zero", "every worker's generator is seeded with 0 instead of its worker id, so all workers draw the same hints and steal scans (breaks 004 3.5: DetRng::new(worker_id as u64))"},
	WheelIgnoresFirstIDs:             {"wheel-ignores-first-ids", "the wheel numbers its timers from id 1 and generation 1 whatever first_id and first_gen configure, so a scenario set two short of the u64 wrap never wraps (breaks INV-TM-06: the counters wrap safely from where they are configured to start)"},

	OverflowTiesNewestFirst:   {"overflow-ties-newest-first", "the overflow heap's top is the last of the entries with the earliest deadline, not the first, so two timers with one deadline leave the heap newest first (breaks 004 2.8: the overflow heap orders by deadline, then generation)"},
	MinGroupCapped:            {"min-group-capped", "coalescing fires a group early once it has 2 members even when min_group_size is larger, so with min_group_size 3 a pair fires before its deadline (breaks 004 2.4 step 5: timers within the window are promoted only when the group threshold is met)"},
	TimerBoundCappedAtDefault: {"timer-bound-capped-at-default", "a configured max_timer_duration above the 7-day default is cut to 7 days, so try_register refuses a duration the configuration allows (breaks 004 2.3, 2.7, INV-TM-04: the bound is the configured max_timer_duration)"},
	WheelBoundCappedAtDefault: {"wheel-bound-capped-at-default", "a configured max_wheel_duration above the 24 h default is cut to 24 h, so a timer the configured bound keeps on the wheel goes to the overflow heap (breaks 004 2.3, 2.7: deltas below max_wheel_duration are placed on a level)"},
	GenFollowsID:              {"gen-follows-id", "a registration takes the id counter's value as its generation too, so the generation counter is ignored and, with counters that start apart, a handle's generation is not the generation counter's successor (breaks 004 2.3, 2.6, INV-TM-06: id and generation advance independently)"},
	LookupByGen:               {"lookup-by-gen", "the active map is searched for a handle's id among the stored generations, so with ids and generations apart no live timer is found: its cancel is refused and its entry dropped as dead (breaks 004 2.2, 2.5: active is a map from id to generation)"},
	CoalesceWindowMasked:      {"coalesce-window-masked", "the coalescing boundary is (now &^ (window - 1)) + window, right only for a power-of-two window, so with a 3 ms window the collect at 1 ms coalesces up to 4 ms instead of 3 (breaks 004 2.4 step 5: the window is aligned to multiples of coalesce_window)"},
	CascadeRoundsDeadline:     {"cascade-rounds-deadline", "a cascade out of level k rounds the entry's deadline down to the start of its slot (a multiple of 256^k), so a 300 ms timer cascading at 256 ms fires at 256 ms and reports deadline 256 (breaks 004 2.2, 2.4: an entry keeps its deadline; INV-TM-08)"},
	CursorSkipsDead:           {"cursor-skips-dead", "the skip-ahead looks for the next tick only among live entries, so a slot holding only cancelled entries is jumped over and keeps them past the tick that should have taken it (breaks 004 2.4 steps 1, 3: the cursor takes every slot it passes, and dead entries are dropped there)"},
	CancelDropsEntry:          {"cancel-drops-entry", "a cancel that leaves other timers active removes the cancelled entry from its slot at once (wheel_dead_dropped in the cancel's step) instead of leaving it for the cursor (breaks 004 2.5 step 3: lazy deletion, no physical removal at cancel)"},

	ErrReturnAbortsHeld:             {"err-return-aborts-held", "a task that returns Err before any cancel has the obligations it still holds aborted (AbortedCancel), as if it had been cancelled, so the broken obligation is never reported Leaked (breaks the semantics notes: obligations still Reserved when their region finalizes are Leaked; Aborted(Cancel) is a cancelled holder's)"},
	LateReturnKeepsHeld:             {"late-return-keeps-held", "a task that returns while Cancelling or Finalizing completes Cancelled but leaves the obligations it still holds Reserved, as if its unfinished cleanup had resolved them, so its region later marks them Leaked (breaks 001 no obligation leaks: a Cancelled completion aborts what the task holds)"},
	CompletionClearsCancelRequested: {"completion-clears-cancel-requested", "a task's completion clears CxInner.cancel_requested, so a cancelled task's record no longer says it was cancelled (breaks 001 T1: the first request sets cancel_requested, and nothing in the contract clears it)"},
	TimedTiesByPriority:             {"timed-ties-by-priority", "the timed lane takes, among entries of the earliest deadline, the one of highest priority before the earliest generation, so a timed task spawned later with a higher priority overtakes an earlier one of the same deadline (breaks 004 3.3: TimedEntry compares deadline, then generation)"},
	DeadTimerCountsInBatch:          {"dead-timer-counts-in-batch", "phase 0 counts each cancelled timer it drops as one of the catchup_batch timers it may fire, so with batch 2 a dropped timer leaves one of two due live timers for the next step (breaks 000 F3, P2: the batch bounds the expirations processed, every due live timer up to catchup_batch fires)"},
	StaleTimersBySlot:               {"stale-timers-by-slot", "a timer turn reports the cancelled timers it reaches in slot order, so a late turn that reaches a cancelled timer of deadline 2 in slot 1 and one of deadline 1 in slot 2 reports deadline 2 first (breaks 000 P2: expirations observed in one host turn are normalized into (deadline, timer_id, generation) order)"},
	StaleReapedAtDeadlineOnly:       {"stale-reaped-at-deadline-only", "a timer turn reaps a cancelled timer only when the turn's time equals its deadline, so a late turn (000 F3) that passes the deadline leaves it holding its slot with no diagnostic (breaks 000 P2: late timer events after cancellation become typed stale-timer diagnostics)"},
	StaleTimerNamesNow:              {"stale-timer-names-now", "a stale-timer diagnostic carries the turn's time instead of the cancelled timer's deadline, so a late turn reports a deadline the timer never had (breaks 000 P2: the diagnostic is keyed by (deadline, timer_id, generation); S6: replay metadata must be stable)"},
	CallbackDropsGeneration:         {"callback-drops-generation", "a host callback through a granted capability wakes its task with the current generation whatever token it carries, so a callback holding a stale token wakes the task (breaks 000 F2: a wake referencing a generation-mismatched task emits a typed stale event and no enqueue)"},
	LocalPopHintOverQueue:           {"local-pop-hint-over-queue", "a local pop computes idx = rng_hint % the length of the worker's whole queue instead of the count of its highest-priority entries, so with entries of different priorities the index can fall past the tied ones and the pop takes a lower-priority entry (breaks 004 3.5: collect the entries with equal, highest priority, idx = rng_hint % count)"},
	ReceiverWokenBeforeSent:         {"receiver-woken-before-sent", "SendPermit::send wakes the pending recv before it pushes the message, so chan_receiver_woken comes before the chan_sent that caused it (breaks 004 1.3 Phase 2a: push the value, then wake the receiver)"},
	AbortWakesFirst:                 {"abort-wakes-first", "SendPermit::abort releases the slot and wakes the head waiter before it announces chan_aborted, so the wake comes before its cause (breaks 004 1.3 Phase 2b: decrement reserved, then wake the next sender)"},
	PermitDropWakesFirst:            {"permit-drop-wakes-first", "a permit dropped unsent releases its slot and wakes the head waiter before it announces chan_permit_dropped, so the wake comes before its cause (breaks 004 1.3 RAII Drop, INV-CH-09)"},
	CloseAnnouncedAgain:             {"close-announced-again", "closing a receiver already dropped (the receiver's task completing after its explicit close) announces chan_receiver_closed again, though receiver_dropped stays true (breaks 004 1.1: receiver_dropped goes false -> true exactly once; 1.10)"},
	RepollMovesToTail:               {"repoll-moves-to-tail", "a queued sender behind the head whose reserve is polled again while it must wait leaves its place and re-enters the waiter queue at the tail, keeping its id, so a sender that queued after it is served first (breaks 004 1.4, 1.11: the waiter queue is strict FIFO)"},
	SenderDropWakesFirst:            {"sender-drop-wakes-first", "the last sender's drop wakes the pending recv before it announces chan_sender_dropped, so the wake comes before its cause (breaks 004 1.10 Last Sender Drop: decrement sender_count to 0, then wake the receiver)"},
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
	return 0, suggest.Unknown("fault", name, names)
}

// Set is a set of enabled faults; the zero value has none. Five words
// hold up to 320 faults while staying a comparable, pointer-free value
// that configurations (and so model states) embed; each word more is
// eight bytes in every state, so the set grows a word at a time.
type Set struct{ words [5]uint64 }

// The fault table must fit the set.
var _ = [len(Set{}.words)*64 - int(count)]struct{}{}

// With returns s plus f.
func (s Set) With(f Fault) Set {
	s.words[f/64] |= 1 << (f % 64)
	return s
}

// Has reports whether f is on.
func (s Set) Has(f Fault) bool { return s.words[f/64]&(1<<(f%64)) != 0 }

// Empty reports whether no fault is on.
func (s Set) Empty() bool { return s == Set{} }

// List returns the enabled faults in declaration order.
func (s Set) List() []Fault {
	var out []Fault
	for w, v := range s.words {
		for ; v != 0; v &= v - 1 {
			out = append(out, Fault(w*64+bits.TrailingZeros64(v)))
		}
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
