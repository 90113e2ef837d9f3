package asupersync

import "modelcheck/runtime/fault"

// FaultCase says which invariants a fault must trip, and the scenario in
// which the explorer catches it within depth 12 (tests prove both).
type FaultCase struct {
	Fault    fault.Fault
	Scenario string
	Trips    []string
}

// Faults lists every fault switch with the invariants it must trip.
var faults = []FaultCase{
	{fault.NoWakeDedup, "default", []string{"wake-dedup"}},
	{fault.UnboundedCancelStreak, "default", []string{"fairness-bound"}},
	{fault.TimedBeforeCancel, "default", []string{"lane-order"}},
	{fault.LifoReady, "default", []string{"lane-order"}},
	{fault.TimersAfterDispatch, "default", []string{"phase0-first"}},
	{fault.DrainNotDoubled, "default", []string{"lane-order", "event-tags"}},
	{fault.LostWake, "default", []string{"stuck"}},
	{fault.AckWhileMasked, "default", []string{"ack-unmasked"}},
	{fault.WeakenSeverity, "default", []string{"severity-monotone"}},
	{fault.WidenBudget, "default", []string{"budget-monotone", "budget-derived"}},
	{fault.PhaseRegress, "default", []string{"phase-monotone"}},
	{fault.CloseWithLiveTask, "default", []string{"quiescence"}},
	{fault.LeakObligationOnCancel, "default", []string{"no-leak"}},
	{fault.SpawnAfterCancel, "default", []string{"no-spawn-after-cancel", "no-obligation-after-cancel"}},
	{fault.ChildBeforeParent, "default", []string{"cascade-order"}},
	{fault.DoubleResolve, "default", []string{"resolve-once"}},
	{fault.ResumeCompleted, "default", []string{"completed-absorbing"}},
	{fault.ReentrantPump, "default", []string{"pump-non-reentrant"}},
	{fault.UnboundedBurst, "default", []string{"burst-limit"}},
	{fault.StaleTimerFires, "default", []string{"stale-timer"}},
	{fault.UnorderedTimers, "default", []string{"timer-order"}},
	{fault.AmbientAuthority, "default", []string{"capability-fail-closed"}},
	{fault.UnboundedCatchup, "default", []string{"catchup-bounded"}},
	{fault.StaleWakeEnqueues, "default", []string{"stale-wake"}},

	{fault.OvercommitCapacity, "channel", []string{"chan-capacity"}},
	{fault.LifoRecv, "channel", []string{"chan-fifo"}},
	{fault.LifoWaiters, "channel", []string{"chan-waiter-fifo"}},
	{fault.TryReserveJumpsQueue, "channel", []string{"chan-try-reserve-fair"}},
	{fault.CancelledReserveTakesSlot, "channel", []string{"chan-cancelled-reserve"}},
	{fault.CancelledRecvConsumes, "channel", []string{"chan-cancelled-recv"}},
	{fault.CloseToggles, "channel", []string{"chan-receiver-dropped-monotone"}},
	{fault.SenderDoubleDrop, "channel", []string{"chan-sender-count-monotone", "chan-senders-derived"}},
	{fault.PermitDropLeaksSlot, "channel", []string{"chan-permit-drop"}},
	{fault.SilentPermitLeak, "channel", []string{"chan-permit-linear"}},

	{fault.CancelIgnoresGeneration, "timers", []string{"wheel-handle-exact"}},
	{fault.FireCancelled, "timers", []string{"wheel-lazy-cancel"}},
	{fault.UnstableSlotOrder, "timers", []string{"wheel-insertion-order"}},
	{fault.UncheckedDuration, "timers", []string{"wheel-duration-bound"}},
	{fault.NoPurge, "timers", []string{"wheel-purge"}},
	{fault.SaturatingIDs, "timers", []string{"wheel-wrap-safe"}},
	{fault.CascadeKeepsDead, "timers", []string{"wheel-cascade-drops-dead"}},
	{fault.ExclusiveDeadline, "timers", []string{"wheel-fire-inclusive"}},

	{fault.UnseededStealScan, "stealing", []string{"steal-order"}},

	// Rules checked since issue 10.
	{fault.RequeueUnchangedCancel, "default", []string{"cancel-schedules-changed"}},
	{fault.EarlyHostTimer, "default", []string{"host-timer-due"}},
	{fault.CancelKeepsTimer, "default", []string{"cancel-clears-timer"}},
	{fault.NoAdvanceOnFinalize, "default", []string{"region-closes"}},
	{fault.ClosingSkipsCascade, "default", []string{"region-cancel-effective"}},
	{fault.OwnReasonInCascade, "default", []string{"cascade-reason"}},
	{fault.FrozenClock, "default", []string{"clock-derived"}},
	{fault.EvictFullWhenEmpty, "channel", []string{"chan-evict"}},
	{fault.DisconnectAsCancelled, "channel", []string{"chan-cancelled-needs-cancel"}},
	{fault.RefuseOverflow, "timers", []string{"wheel-accepts-valid"}},
	{fault.PendingRequeues, "default", []string{"pending-parks"}},
	{fault.MicrotaskNewTurn, "default", []string{"host-turn"}},
	{fault.DropDeferredTurn, "default", []string{"deferred-wake-gets-turn"}},
	{fault.CallbackNotDeferred, "callbacks", []string{"deferred-wake-gets-turn"}},
	{fault.WheelTurnLate, "wheel-rotation", []string{"wheel-fire-inclusive"}},
	{fault.CatchupOne, "timer-slot-reuse", []string{"phase0-first"}},
	{fault.ExtraSender, "channel", []string{"chan-senders-derived"}},
	{fault.RequestReportedAgain, "default", []string{"events-once"}},
	{fault.CompleteKeepsTimer, "default", []string{"cancel-clears-timer"}},

	// Checker independence (issue 10): each corrupts a counter or flag an
	// older check read as given, and went unnoticed by those checks.
	{fault.ReadyKeepsStreak, "default", []string{"streak-derived"}},
	{fault.FallbackAnyStreak, "default", []string{"decision-fallback", "streak-derived"}},
	{fault.GovernorIgnored, "governors", []string{"governor-derived"}},
	{fault.BurstNotCounted, "default", []string{"burst-derived"}},
	{fault.DispatchKeepsMembership, "default", []string{"lanes-derived"}},
	{fault.SenderDropUncounted, "channel", []string{"chan-senders-derived"}},
	{fault.FiredStaysActive, "timers", []string{"wheel-active-derived"}},
	{fault.DecisionSeqStalls, "default", []string{"decision-seq"}},
	{fault.DecisionHashSkipsLane, "default", []string{"decision-hash"}},
	{fault.HostTurnStalls, "default", []string{"host-turn"}},
	{fault.DecisionUntagged, "default", []string{"event-tags"}},
	{fault.MaskNotCounted, "default", []string{"mask-derived"}},
	{fault.CancelKeepsTimerLive, "default", []string{"timers-derived"}},
	{fault.SendLosesMessage, "channel", []string{"chan-queue-derived"}},
	{fault.StealLeavesEntry, "stealing", []string{"pool-derived"}},
	{fault.AdvanceSetsClock, "default", []string{"clock-derived"}},

	// Survivors of make mutate (issue 10): each breaks a rule that a
	// surviving mutant broke with no check noticing.
	{fault.SleepDeadlineEarly, "default", []string{"sleep-deadline"}},
	{fault.WakeDropsDeadline, "default", []string{"route-own-record"}},
	// Since session 44 the receiver-dropped check, which reads the
	// configured receiver, sees the closing of the runtime's wrong one
	// first.
	{fault.ReceiverOffByOne, "channel", []string{"chan-receiver-dropped-monotone", "chan-roles"}},
	{fault.UntrackedPermitUnrecorded, "channel-wide", []string{"permit-derived"}},
	{fault.CoalesceUnaligned, "coalescing", []string{"wheel-coalesce-window", "wheel-ready-due"}},
	{fault.PromoteKeepsOccupancy, "coalescing", []string{"wheel-occupancy"}},
	{fault.YieldKeepsPoll, "default", []string{"poll-current-derived"}},
	{fault.PollWakeUnrecorded, "self-wake", []string{"notified-derived"}},
	{fault.DeferUnmasked, "default", []string{"checkpoint-acks-unmasked"}},
	{fault.RegionDepthFlat, "default", []string{"region-tree-derived"}},
	{fault.SilentRegionClose, "default", []string{"changes-announced"}},
	{fault.RecvSendersFirst, "channel", []string{"chan-recv-outcome"}},
	// stuck recomputes runnable work itself since issue 10.
	{fault.EmptyIgnoresCancelLane, "default", []string{"stuck"}},
	{fault.SilentIdle, "default", []string{"pump-idle-announced"}},
	{fault.SilentAdvance, "default", []string{"clock-derived"}},

	// Survivors of the strict measure (make mutate MUTATE_FLAGS=-tests).
	{fault.ReserveIgnored, "default", []string{"ops-answered"}},
	{fault.ChanIgnoresAck, "channel", []string{"chan-cancel-observed"}},
	{fault.SilentAbort, "channel", []string{"chan-abort-announced"}},
	{fault.TimerGenSkips, "default", []string{"timer-gen-derived"}},
	{fault.SilentCancelReject, "timers", []string{"wheel-cancel-answered"}},
	{fault.ScheduledViaHostTask, "default", []string{"pump-scheduled-microtask"}},
	{fault.RunnableCountsFuture, "default", []string{"pump-runs-with-work"}},
	{fault.WideLevels, "timers", []string{"wheel-placement"}},
	{fault.RootAtRoot, "default", []string{"task-cancel-reason"}},
	{fault.BaseExceedanceUncounted, "governors", []string{"certificate-derived"}},
	{fault.LocalPopIgnoresHint, "stealing", []string{"local-pop-order"}},
	// Only a steal that finds nothing shows these, and a pop of an empty
	// queue: the environment offers both since session 16.
	{fault.FailedStealSkipsDraw, "stealing", []string{"steal-order"}},
	{fault.EmptyPopDraws, "stealing", []string{"local-pop-order"}},
	// In no-caps a hand-off fails closed and leaves the pump idle with
	// work, which stuck excuses (failedClosed) only until the next kernel
	// operation, which must queue a microtask: with the excuse unbounded
	// this fault goes unseen there.
	{fault.IdleSettleStrands, "no-caps", []string{"stuck"}},
	{fault.HandoffDeniedWithTimer, "default", []string{"handoff-route", "stuck"}},
	{fault.SilentRecvPending, "channel", []string{"chan-recv-answered"}},
	{fault.CancelledRecvKeepsWaker, "channel", []string{"chan-recv-waker-derived"}},
	{fault.SilentRegionCancel, "default", []string{"region-cancel-announced"}},
	{fault.SilentPurge, "timers", []string{"wheel-purge-announced"}},
	{fault.ReserveUncounted, "channel-wide", []string{"chan-reserved-derived"}},
	{fault.StaleKeepsSlot, "default", []string{"timer-slots-derived"}},
	{fault.SilentObligationAbort, "default", []string{"obligation-resolution-announced"}},
	{fault.RepeatKeepsBudget, "default", []string{"budget-derived"}},
	{fault.SilentDefer, "default", []string{"checkpoint-acks-unmasked"}},
	{fault.MaskDepthOtherTask, "default", []string{"mask-derived"}},
	{fault.SilentDedup, "default", []string{"wake-dedup-announced"}},
	{fault.LaterTieWins, "default", []string{"task-cancel-strengthened", "region-cancel-effective"}},
	{fault.WaiterIDReused, "channel", []string{"chan-waiter-ids-derived"}},
	{fault.TryReserveAlwaysFull, "channel-wide", []string{"chan-try-reserve-answered"}},
	{fault.DeferredTurnKeepsPending, "default", []string{"pump-pending-derived"}},
	{fault.ParkLeavesStepOpen, "default", []string{"step-bracketed"}},
	{fault.SilentStrengthen, "default", []string{"task-cancel-strengthened"}},
	{fault.ChainMemoryUnbounded, "chain-memory", []string{"chain-bounded"}},
	{fault.ReserveIgnoresDropped, "channel", []string{"chan-reserve-answered"}},
	{fault.TryRecvEmptyNoSenders, "channel", []string{"chan-try-recv-answered"}},
	{fault.FirstBudgetShutdown, "default", []string{"budget-granted"}},
	{fault.RefusalAlwaysClosed, "default", []string{"refusal-class"}},
	{fault.ResolutionUncounted, "default", []string{"obligation-resolutions-derived"}},
	{fault.ReservedStaysQueued, "chan-retry", []string{"chan-reserve-answered"}},
	{fault.SilentStaleWake, "default", []string{"stale-wake-announced"}},
	{fault.EpochStalls, "default", []string{"epoch-derived"}},
	{fault.UncompactedPurge, "timers", []string{"wheel-storage-derived"}},
	{fault.HostTurnFromTwo, "default", []string{"host-turn-origin"}},
	{fault.SilentPumpRun, "default", []string{"pump-mode-derived"}},
	{fault.CancelInjectDeduped, "default", []string{"cancel-lane-routing"}},
	{fault.CollectRecascades, "timers", []string{"wheel-cascade-from-above"}},
	{fault.WheelDefaultInSeconds, "wheel-defaults", []string{"wheel-default-bounds", "wheel-placement"}},
	{fault.HandoffBeforeLimit, "default", []string{"burst-handoff-at-limit"}},
	{fault.WakeRequeues, "default", []string{"dedup-keeps-place"}},
	{fault.LateRefill, "timers", []string{"wheel-cascade-on-time"}},
	{fault.SilentClose, "default", []string{"ops-answered"}},
	{fault.SilentWheelReject, "timers", []string{"ops-answered"}},
	{fault.CancelKindOfNextTask, "default", []string{"cancel-kind-attr"}},
	{fault.CascadeChildrenFirst, "default", []string{"cascade-inject-order"}},
	{fault.CleanupKeepsCancelling, "default", []string{"cleanup-done-finalizes"}},
	{fault.WheelClockLags, "wheel-late-sleep", []string{"wheel-accepts-valid", "wheel-clock-derived"}},
	{fault.DeadTimerKeepsSlot, "native", []string{"dead-timers-dropped"}},
	{fault.EmptyCycleRequeues, "default", []string{"pump-requeue-owed"}},
	{fault.CloseLeavesOpen, "default", []string{"region-close-effective"}},
	{fault.HandoffViaMessage, "default", []string{"handoff-route"}},
	{fault.WheelDeadStaysReady, "coalescing", []string{"wheel-ready-drops-dead"}},
	{fault.TrySendInverted, "channel", []string{"chan-send-answered"}},

	// Survivors of mutate -seed 4 (session 7): a check that ranked kinds
	// by the runtime's own Kind.Severity, and wheel-purge, which read
	// 004 2.5's "active map empty" as "after a cancel" only.
	{fault.FlatSeverity, "default", []string{"region-cancel-effective"}},
	{fault.PurgelessCollect, "timers", []string{"wheel-purge"}},
	{fault.CloseIgnored, "channel", []string{"chan-close-answered"}},
	{fault.SleepKeepsPoll, "default", []string{"sleep-parks"}},
	{fault.RecvKeepsWaiting, "chan-retry", []string{"waits-derived"}},
	{fault.StaleReapedLate, "default", []string{"stale-timer-reported"}},
	{fault.CursorsLag, "timers", []string{"wheel-cursor-derived"}},
	{fault.ChildRegionRefuses, "deep-regions", []string{"open-region-admits"}},
	{fault.OpenedRegionUnrecorded, "deep-regions", []string{"region-tree-derived"}},
	{fault.DroppedSeqReused, "channel", []string{"chan-seq-derived"}},
	{fault.CancelledRegionClosesOk, "default", []string{"region-outcome"}},
	{fault.SilentCascadeClosing, "default", []string{"leaving-open-announced"}},
	{fault.CancelGenStalls, "default", []string{"enqueue-gen-derived"}},
	{fault.ResolutionsSwapped, "default", []string{"resolution-follows-act"}},
	{fault.SleepYields, "default", []string{"ops-answered"}},
	{fault.YieldSleeps, "default", []string{"ops-answered"}},
	{fault.PermitResolutionsSwapped, "channel", []string{"resolution-follows-act"}},
	{fault.PromoteBeyondWindow, "coalesce-batch", []string{"wheel-ready-due"}},
	// A lost cascade wake strands the next sender: chan-cascade-wake sees
	// it at the step that strands it (stuck, whose parkedOnChannel does
	// not excuse a head with a free slot, saw it only once nothing else
	// could move). Only chan-cascade queues two senders behind a release
	// within depth 12.
	{fault.ReservedHeadNoWake, "chan-cascade", []string{"chan-cascade-wake"}},
	{fault.LeavingHeadNoWake, "chan-cascade", []string{"chan-cascade-wake"}},
	{fault.SeqStalls, "timers", []string{"wheel-seq-derived"}},
	// Survivor of mutate -seed 29: the slot-empty test of promote.
	// Only a slot that keeps a later timer beside the promoted one shows
	// it, which needs time to stop inside the window before a level-1
	// slot cascades: coalesce-shared-slot.
	{fault.PromoteClearsSharedSlot, "coalesce-shared-slot", []string{"wheel-occupancy"}},
	{fault.ReservePendingKeepsPoll, "chan-retry", []string{"chan-pending-parks"}},
	{fault.RecvPendingKeepsPoll, "chan-retry", []string{"chan-pending-parks"}},
	{fault.IdleClockStalls, "timers", []string{"wheel-clock-derived"}},
	{fault.DrainingUnrecorded, "default", []string{"region-moves-made"}},
	{fault.SilentGovernor, "governors", []string{"governor-derived"}},
	{fault.AckAbortsObligations, "default", []string{"resolution-has-cause"}},
	{fault.CompletionHidesLeak, "leaky-tasks", []string{"resolution-has-cause"}},
	{fault.SilentLeak, "leaky-tasks", []string{"obligation-resolution-announced"}},
	{fault.LeakUnmarked, "leaky-tasks", []string{"quiescence"}},
	{fault.CloseMarksCancelled, "default", []string{"region-reason-from-cancel"}},
	{fault.ObligationInRoot, "default", []string{"obligation-record"}},
	{fault.ObligationKindSlips, "default", []string{"obligation-record"}},
	{fault.DropLeavesWaiter, "chan-drop", []string{"chan-waiters-parked"}},
	{fault.OutcomeIgnoresCancel, "default", []string{"completion-outcome"}},
	{fault.ErrEscapesCancel, "task-errors", []string{"completion-outcome"}},
	{fault.ReserveUnrecorded, "default", []string{"reservation-recorded"}},
	{fault.SilentResolveRefusal, "default", []string{"obligation-errors-reported"}},
	{fault.LeakUnclassed, "leaky-tasks", []string{"obligation-errors-reported"}},
	{fault.CancelKindOmitted, "default", []string{"cancel-kind-attr"}},
	{fault.CascadeTakesSiblings, "sibling-regions", []string{"region-reason-from-cancel"}},
	{fault.RootKindUnset, "cancel-kinds", []string{"task-cancel-reason"}},
	{fault.SpawnDropsPriority, "priorities", []string{"route-own-record"}},
	{fault.TimerTurnRequeues, "default", []string{"pump-queued-once"}},
	{fault.HasChannelInclusive, "default", []string{"chan-configured"}},
	{fault.RegionCancelShutdown, "region-kinds", []string{"region-cancel-kind-attr", "cascade-reason"}},
	{fault.SenderRangeShort, "channel", []string{"chan-roles", "offered-input-accepted", "chan-senders-derived"}},
	{fault.DrainKeepsDead, "timers", []string{"wheel-drain-drops-dead"}},
	{fault.RegionSlotReused, "deep-regions", []string{"region-tree-derived"}},
	{fault.ObligationSlotReused, "two-obligations", []string{"reservation-recorded"}},
	{fault.StrengthenUnscheduled, "cancel-kinds", []string{"changed-cancel-scheduled"}},

	// Survivor of mutate -seed 9 (session 8): NextDeadline, read by the
	// model's timer turns and phase0-first until they read the wheel
	// themselves; the kernel's Runnable, its one caller left, matters
	// only to the browser pump.
	{fault.NextDeadlineSkipsReady, "wheel-browser", []string{"stuck"}},

	// Found past depth 12 (session 19): coalescing at 5.4 M states, depth
	// 17, before the drain went on past the batch.
	{fault.BatchStrandsDead, "coalesce-dead-behind", []string{"wheel-drain-drops-dead"}},
	// cancel_phase unchecked but for cleanup_done (session 19).
	{fault.AckAnnouncedEarly, "default", []string{"cancel-phase-attr"}},
	// obligation_kind and region_opened's parent unchecked (session 19).
	{fault.ObligationKindZero, "default", []string{"obligation-kind-attr"}},
	{fault.ParentNamedRoot, "deep-regions", []string{"region-parent-attr"}},
	{fault.TryReserveNamedReserve, "channel", []string{"chan-op-attr"}},
	{fault.RegionEventRootKind, "default", []string{"region-cancel-kind-attr"}},
	{fault.AckEpochDropped, "default", []string{"cancel-epoch-attr"}},
	{fault.ClosingRests, "default", []string{"closing-drains"}},
	{fault.CancelEventRootRegion, "default", []string{"task-region-attr"}},
	{fault.LeakNamesNoHolder, "leaky-tasks", []string{"obligation-holder-attr"}},
	{fault.StaleTimerNextGen, "default", []string{"host-timer-attr"}},
	{fault.WheelCancelNowUnset, "timers", []string{"wheel-event-attr"}},
	{fault.EvictNamesOldestSender, "channel-wide", []string{"chan-party-attr"}},
	{fault.StepBeginStreakZero, "default", []string{"streak-derived"}},
	{fault.DeferredNamesPolled, "default", []string{"pump-event-attr"}},
	{fault.OutcomeKeyResult, "default", []string{"attr-keys"}},
	{fault.SilentCascade, "timers", []string{"wheel-cascade-announced"}},
	{fault.RunningAnnouncedTwice, "default", []string{"events-once"}},
	{fault.WokenHeadRenumbered, "chan-senders", []string{"chan-waiter-ids-derived"}},
	{fault.DispatchNeedsReady, "native", []string{"dispatch-answered"}},
	{fault.MaskEntersTwice, "default", []string{"mask-once"}},
	{fault.RegionReasonUnrooted, "default", []string{"region-reason-recorded"}},
	{fault.SpawnRecordsParent, "default", []string{"task-region-derived"}},
	{fault.RunningBeforeDecision, "default", []string{"run-after-decision"}},
	{fault.ScheduledBeforeRequest, "default", []string{"schedule-after-request"}},
	{fault.EnqueuedBeforeSpawned, "default", []string{"named-after-creation"}},
	{fault.TasksBeforeRegion, "default", []string{"region-before-tasks"}},
	{fault.WokenBeforeFire, "default", []string{"fire-wakes-after"}},
	{fault.YieldedAfterStepEnd, "default", []string{"effects-before-step-end"}},
	{fault.LimitAfterHandoff, "default", []string{"handoff-after-limit"}},
	{fault.PumpMovesEarly, "default", []string{"pump-moves-last"}},
	{fault.LeakedAfterClose, "leaky-tasks", []string{"closed-is-final"}},
	{fault.WokenBeforeChanWake, "channel", []string{"chan-wakes-after"}},
	{fault.TruncationAfterRequests, "deep-regions", []string{"cascade-phases"}},
	{fault.CheckpointAfterReserve, "channel", []string{"checkpoint-first"}},
	{fault.DedupReportedTwice, "default", []string{"wake-answered-once"}},
	{fault.SilentSenderWake, "channel", []string{"chan-wake-announced"}},
	{fault.SilentWaiterRemoval, "channel", []string{"waiters-announced"}},
	{fault.ParkStepsTwice, "native", []string{"dispatch-once"}},
	{fault.CoalescedAfterFire, "coalescing", []string{"wheel-coalesce-window"}},
	{fault.ObligationBeforePermit, "channel-timers", []string{"permit-before-obligation"}},
	{fault.TimerTurnMissesTimers, "default", []string{"stuck"}},

	// A hand-planted NextDeadline that passed over the overflow heap
	// (session 34) was caught by package wheel's tests and by no scenario:
	// wheel-browser, the one scenario whose pump reads NextDeadline
	// (through the kernel's Runnable), sleeps 1 ms and never fills the
	// heap.
	{fault.NextDeadlineSkipsOverflow, "wheel-browser-overflow", []string{"stuck"}},

	// Session 44's audit of contract 000 against runtime/sched, pump and
	// kernel: each got through every scenario until the check or the
	// scenario named here was added.
	{fault.SleepDropsWake, "default", []string{"noted-wake-requeues"}},
	{fault.ReserveParkDropsWake, "channel", []string{"noted-wake-requeues"}},
	{fault.WakeSkipsSleeper, "default", []string{"wake-enqueues"}},
	{fault.WakeSkipsChanParked, "channel", []string{"wake-enqueues"}},
	{fault.StaleTimersUnordered, "default", []string{"stale-timer-reported"}},
	{fault.PolledStaleWakeNoted, "self-wake", []string{"notified-derived", "stale-wake-announced"}},
	{fault.PolledWakeNotPending, "self-wake-browser", []string{"pump-pending-derived", "deferred-wake-gets-turn"}},
	{fault.StealScanBackwards, "stealing-4", []string{"steal-order"}},

	// Session 44's channel audit: bugs that broke 004 1 and got through
	// every scenario.
	//
	// No check derived receiver_dropped's false -> true move.
	{fault.ReceiverDroppedWithoutClose, "channel", []string{"chan-receiver-dropped-monotone"}},
	// After a close the queue is empty, so only permits keep a closed
	// channel full, and every try-op scenario had a slot per sender:
	// chan-closed-full has fewer.
	{fault.TryReserveFullBeforeDisconnected, "chan-closed-full", []string{"chan-try-reserve-answered"}},
	{fault.EvictFullBeforeDisconnected, "chan-closed-full", []string{"chan-evict"}},
	// chan-waiter-fifo took any wake down the queue.
	{fault.WakeAllWaiters, "chan-cascade", []string{"chan-waiter-fifo"}},
	// A parked sender was polled again only as the head, so the FIFO test
	// never met another: chan-spurious wakes parked tasks spuriously.
	{fault.WaiterJumpsHead, "chan-spurious", []string{"chan-waiter-fifo", "chan-reserve-answered"}},
	// The queue checks let a queued message be dropped in any step.
	{fault.LastSenderDrains, "channel", []string{"chan-queue-derived", "chan-seq-derived"}},

	// Session 44's cancel-protocol audit: bugs that got through every
	// scenario and the checks or scenarios that stop them now.
	{fault.CascadeIgnoresDepth, "sibling-regions-4", []string{"cascade-order"}},                      // with 3 regions id order is depth order
	{fault.LeakWaitsForFinalizers, "finalizer-obligations", []string{"quiescence"}},                  // no scenario had finalizers and obligations
	{fault.RunningEveryPoll, "native", []string{"event-from-phase"}},                                 // a move announced from the wrong phase
	{fault.AckAgain, "native", []string{"event-from-phase"}},                                         // likewise
	{fault.DrainingAgain, "native", []string{"event-from-phase"}},                                    // likewise
	{fault.CancelClosedRegion, "native", []string{"event-from-phase"}},                               // likewise
	{fault.AckOnCancelDispatch, "native", []string{"ack-unmasked"}},                                  // ack-unmasked read only the mask
	{fault.StrengthenCompleted, "cancel-kinds", []string{"completed-absorbing", "event-from-phase"}}, // it compared phase and outcome only

	// Session 45 widened the environment (scenario late-returns): no
	// task returned after acknowledging or masked twice.
	{fault.LateReturnKeepsOutcome, "late-returns", []string{"completion-outcome"}},
	{fault.UnmaskClearsDepth, "late-returns", []string{"mask-derived"}},

	// Session 45's audit of what the checks take from the runtime: each
	// derived check holds a value to its value before, so a wrong start
	// passed every step (initial-state checks the runtime as constructed).
	{fault.DecisionSeqFromOne, "default", []string{"initial-state"}},
	{fault.DecisionHashFromOne, "default", []string{"initial-state"}},
	{fault.StreakFromOne, "default", []string{"initial-state"}},
	{fault.CertificateFromOne, "default", []string{"initial-state"}},
	{fault.GovernorStartsMeet, "default", []string{"initial-state"}},
	{fault.RngSeededZero, "stealing", []string{"initial-state"}},
	{fault.WheelIgnoresFirstIDs, "timers", []string{"initial-state"}},

	// Session 45's wheel audit of 004 2: bugs that got through every
	// scenario (the last six reached only package wheel's tests), and the
	// scenario and check that catch each now.
	//
	// Equal overflow deadlines leave the heap at one tick; only the
	// order of their wheel_cascaded events shows the heap's tie-break.
	{fault.OverflowTiesNewestFirst, "timers", []string{"wheel-cascade-on-time"}},
	// No scenario set min group above 2.
	{fault.MinGroupCapped, "coalesce-group-3", []string{"wheel-coalesce-window"}},
	// No scenario set a bound above the defaults.
	{fault.TimerBoundCappedAtDefault, "wheel-bounds-long", []string{"wheel-accepts-valid"}},
	{fault.WheelBoundCappedAtDefault, "wheel-bounds-long", []string{"wheel-placement"}},
	// Every scenario started ids and generations at one value.
	{fault.GenFollowsID, "wheel-id-gen", []string{"wheel-wrap-safe"}},
	{fault.LookupByGen, "wheel-id-gen", []string{"cancel-clears-timer", "wheel-cancel-answered", "wheel-drops-when-reached"}},
	// Every scenario's coalescing window was a power of two.
	{fault.CoalesceWindowMasked, "coalesce-window-3", []string{"wheel-ready-due", "wheel-coalesce-window"}},
	// No check kept a timer's registered deadline.
	{fault.CascadeRoundsDeadline, "timers", []string{"wheel-deadline-kept"}},
	// No check asked that the cursor take every slot it passes.
	{fault.CursorSkipsDead, "timers", []string{"wheel-slot-taken"}},
	// No wheel check looked at drops in a cancel's step.
	{fault.CancelDropsEntry, "timers", []string{"wheel-drops-when-reached"}},

	// Session 46's cancel audit of contract 001: bugs that got through
	// every scenario, and the scenario and check that catch each now.
	//
	// No task returned Err, or returned while Cancelling or Finalizing,
	// holding an obligation (scenario leaky-returns; depth 4 and 6).
	{fault.ErrReturnAbortsHeld, "leaky-returns", []string{"resolution-has-cause"}},
	{fault.LateReturnKeepsHeld, "leaky-returns", []string{"no-leak"}},
	// No check derived cancel_requested (depth 4).
	{fault.CompletionClearsCancelRequested, "native", []string{"cancel-requested-derived"}},

	// Session 46's pump audit of 000 and 004 3: bugs that got through
	// every scenario, and the scenario that catches each now.
	//
	// In edf every timed task had priority 0.
	{fault.TimedTiesByPriority, "edf-priorities", []string{"lane-order"}},
	// Only native scenarios show phase 0 a cancelled timer, and those
	// with cancels had catchup_batch 1.
	{fault.DeadTimerCountsInBatch, "timer-dead-batch", []string{"phase0-first"}},
	// Every timer turn stopped at the next deadline, so a turn's
	// cancelled timers all had the turn's time as their deadline.
	{fault.StaleTimersBySlot, "late-turns", []string{"stale-timer-reported"}},
	{fault.StaleReapedAtDeadlineOnly, "late-turns", []string{"stale-timer-reported"}},
	{fault.StaleTimerNamesNow, "late-turns", []string{"host-timer-attr"}},
	// Every callback carried the current generation.
	{fault.CallbackDropsGeneration, "callbacks-stale", []string{"stale-wake"}},
	// Every pool push had priority 0, so the tied entries were the whole
	// queue (and the model's encoding kept no entry's priority).
	{fault.LocalPopHintOverQueue, "stealing-priorities", []string{"local-pop-order"}},

	// Session 46's channel audit of 004 1: bugs that got through every
	// scenario (runtime/channel's tests caught each). No check asked that
	// a channel wake come after its cause.
	{fault.ReceiverWokenBeforeSent, "chan-retry", []string{"chan-wake-after-cause"}},
	{fault.AbortWakesFirst, "chan-cascade", []string{"chan-wake-after-cause"}},
	{fault.PermitDropWakesFirst, "chan-cascade", []string{"chan-wake-after-cause"}},
	{fault.SenderDropWakesFirst, "chan-retry", []string{"chan-wake-after-cause"}},
	// Nothing asked that chan_receiver_closed announce the one drop.
	{fault.CloseAnnouncedAgain, "chan-cascade", []string{"chan-closed-once"}},
	// Every scenario queued at most two senders, where the one behind
	// the head is the tail.
	{fault.RepollMovesToTail, "chan-waiters-3", []string{"waiters-announced"}},
}

// Faults returns the fault catalogue in fault order.
func Faults() []FaultCase { return append([]FaultCase(nil), faults...) }
