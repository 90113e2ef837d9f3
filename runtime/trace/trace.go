// Package trace is the runtime's observable vocabulary: every event a
// runtime package emits, named as the contracts name it, in one flat value
// type so a step's events can be appended to a reused buffer without
// allocating, compared across backends, and printed in test files.
//
// An Event carries every field any event might need; which fields print is
// decided per Kind (see fields), so a printed event shows exactly the
// contract's fields for that event and nothing else.
package trace

import (
	"slices"
	"strconv"
	"strings"
)

// None marks an absent task, region, timer or obligation id.
const None = 0

// Kind names an event. The string forms are the contracts' names.
type Kind uint8

// Scheduler decision events (contract 000 "Trace and Observability
// Contract"; contract 004 section 3).
const (
	Invalid Kind = iota
	// StepBegin opens one scheduler step (next_task decision).
	StepBegin
	// StepDecision reports the lane and task chosen by a step.
	StepDecision
	// StepEnd closes a step.
	StepEnd
	// Park: a step found nothing to run; the cancel streak returns to 0.
	Park
	// Enqueued: a task entered a lane.
	Enqueued
	// WakeDeduped: a wake of an already runnable task added nothing (S3).
	WakeDeduped
	// StaleWake: a wake named a terminal or generation-mismatched task (F2, B4).
	StaleWake
	// Yielded: yield_now returned Pending and woke its own task (S5).
	Yielded
	// TimerFired: phase 0 found an expired timer and woke its task.
	TimerFired
	// TimerRegistered: a task asked to sleep until a deadline.
	TimerRegistered
	// TimerCancelled: a timer was cancelled (its task was cancelled or completed).
	TimerCancelled
	// StaleTimer: a host timer callback arrived for a cancelled timer (P2).
	StaleTimer
	// Stolen: work stealing moved a task between workers (004 3.6).
	Stolen
	// PoppedLocal: a worker took a task from its own local ready queue by
	// its RNG hint (004 3.5).
	PoppedLocal

	// Browser pump events (contract 000, S4, P1, F1, F3, F4).
	ReentrancyDeferred
	BurstLimitReached
	HostHandoff
	PumpScheduled
	PumpRunning
	PumpIdle
	AuthorizationDenied

	// Cancellation protocol events (contract 001).
	TaskSpawned
	SpawnRejected
	TaskRunning
	CancelRequested
	CancelStrengthened
	CancelAcknowledged
	CancelDeferredMasked
	CleanupDone
	TaskCompleted
	MaskEntered
	MaskExited
	ChainTruncated
	RegionOpened
	// RegionCancelled: a cascade gave a region a cancel reason (001
	// "Cascade Law" step 3); cancel_kind is the reason it delivered.
	RegionCancelled
	RegionClosing
	RegionDraining
	RegionFinalizing
	RegionClosed
	ObligationReserved
	ObligationRejected
	ObligationCommitted
	ObligationAborted
	ObligationLeaked
	FinalizerRegistered
	FinalizerDone
	GovernorChanged
	TimeAdvanced

	// MPSC channel events (contract 004 section 1). Task is the task
	// performing the operation (or woken); Msg the message's sequence
	// number; ID a sender waiter's id; ErrorClass the SendError/RecvError.
	ChanReserved       // a reserve or try_reserve produced a permit
	ChanReservePending // reserve registered (or stayed) in the waiter queue
	ChanSent           // a permit was committed: the message is queued
	ChanAborted        // a permit was aborted explicitly
	ChanPermitDropped  // a permit was dropped unsent (RAII abort)
	ChanEvicted        // send_evict_oldest evicted the oldest message
	ChanReceived       // recv or try_recv took the oldest message
	ChanRecvPending    // recv registered the receiver's waker
	ChanSenderWoken    // a waiting sender was woken (cascade or close)
	ChanReceiverWoken  // the waiting receiver was woken
	ChanWaiterRemoved  // a reserve left the waiter queue without a permit
	ChanReceiverClosed // the receiver was dropped (receiver_dropped = true)
	ChanMessageDropped // a queued message was dropped by the receiver's close
	ChanSenderDropped  // a sender was dropped (sender_count decremented)
	ChanOpFailed       // an operation returned an error (ErrorClass, op)

	// Timer wheel events (contract 004 section 2). ID and Gen are the
	// handle, Deadline and Now in ticks (ms).
	WheelRegistered     // try_register placed a timer (placement=ready|l0..l3|overflow)
	WheelRejected       // try_register refused a too-long duration
	WheelCancelled      // cancel(handle) matched a live timer
	WheelCancelRejected // cancel(handle) matched nothing (stale or unknown)
	WheelFired          // a live timer expired and its waker was called
	WheelDeadDropped    // a cancelled entry was dropped from storage (lazy cancel)
	WheelCascaded       // a live entry moved down a level (or in from overflow)
	WheelPurged         // every timer cancelled: all storage cleared
	WheelCoalesced      // coalescing fired a group early, at the window boundary

	kindCount
)

// NumKinds is the number of event kinds, Invalid included: every Kind is
// below it.
const NumKinds = int(kindCount)

var kindNames = [kindCount]string{
	Invalid:              "invalid",
	StepBegin:            "scheduler_step_begin",
	StepDecision:         "scheduler_step_decision",
	StepEnd:              "scheduler_step_end",
	Park:                 "scheduler_park",
	Enqueued:             "enqueued",
	WakeDeduped:          "wake_deduped",
	StaleWake:            "stale_wake",
	Yielded:              "yielded",
	TimerFired:           "timer_fired",
	TimerRegistered:      "timer_registered",
	TimerCancelled:       "timer_cancelled",
	StaleTimer:           "stale_timer",
	Stolen:               "stolen",
	PoppedLocal:          "popped_local",
	ReentrancyDeferred:   "scheduler_reentrancy_deferred",
	BurstLimitReached:    "scheduler_burst_limit_reached",
	HostHandoff:          "scheduler_host_handoff",
	PumpScheduled:        "pump_scheduled",
	PumpRunning:          "pump_running",
	PumpIdle:             "pump_idle",
	AuthorizationDenied:  "authorization_denied",
	TaskSpawned:          "task_spawned",
	SpawnRejected:        "spawn_rejected",
	TaskRunning:          "task_running",
	CancelRequested:      "cancel_requested",
	CancelStrengthened:   "cancel_strengthened",
	CancelAcknowledged:   "cancel_acknowledged",
	CancelDeferredMasked: "cancel_deferred_masked",
	CleanupDone:          "cleanup_done",
	TaskCompleted:        "task_completed",
	MaskEntered:          "mask_entered",
	MaskExited:           "mask_exited",
	ChainTruncated:       "cause_chain_truncated",
	RegionOpened:         "region_opened",
	RegionCancelled:      "region_cancelled",
	RegionClosing:        "region_closing",
	RegionDraining:       "region_draining",
	RegionFinalizing:     "region_finalizing",
	RegionClosed:         "region_closed",
	ObligationReserved:   "obligation_reserved",
	ObligationRejected:   "obligation_rejected",
	ObligationCommitted:  "obligation_committed",
	ObligationAborted:    "obligation_aborted",
	ObligationLeaked:     "obligation_leaked",
	FinalizerRegistered:  "finalizer_registered",
	FinalizerDone:        "finalizer_done",
	GovernorChanged:      "governor_changed",
	TimeAdvanced:         "time_advanced",
	ChanReserved:         "chan_reserved",
	ChanReservePending:   "chan_reserve_pending",
	ChanSent:             "chan_sent",
	ChanAborted:          "chan_aborted",
	ChanPermitDropped:    "chan_permit_dropped",
	ChanEvicted:          "chan_evicted",
	ChanReceived:         "chan_received",
	ChanRecvPending:      "chan_recv_pending",
	ChanSenderWoken:      "chan_sender_woken",
	ChanReceiverWoken:    "chan_receiver_woken",
	ChanWaiterRemoved:    "chan_waiter_removed",
	ChanReceiverClosed:   "chan_receiver_closed",
	ChanMessageDropped:   "chan_message_dropped",
	ChanSenderDropped:    "chan_sender_dropped",
	ChanOpFailed:         "chan_op_failed",
	WheelRegistered:      "wheel_registered",
	WheelRejected:        "wheel_rejected",
	WheelCancelled:       "wheel_cancelled",
	WheelCancelRejected:  "wheel_cancel_rejected",
	WheelFired:           "wheel_fired",
	WheelDeadDropped:     "wheel_dead_dropped",
	WheelCascaded:        "wheel_cascaded",
	WheelPurged:          "wheel_purged",
	WheelCoalesced:       "wheel_coalesced",
}

func (k Kind) String() string {
	if k < kindCount {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// IsHostOnly reports whether an event exists only because of the browser
// host (the pump's own bookkeeping). Parity comparison drops these.
func (k Kind) IsHostOnly() bool {
	switch k {
	case ReentrancyDeferred, BurstLimitReached, HostHandoff, PumpScheduled,
		PumpRunning, PumpIdle, StaleTimer:
		return true
	}
	return false
}

// Event is one observable runtime event. Ids are 1-based; 0 is None.
// Text fields are small enums owned by the emitting package and rendered
// through the Names tables below, so an Event stays a plain value.
type Event struct {
	Kind   Kind
	Task   uint8
	Region uint8
	// Lane and Phase are the contract names of the scheduler lane and the
	// cancellation phase ("" when the event has none). AttrKey/AttrVal is one
	// more named attribute (cancel_kind, outcome, obligation_kind, ...).
	// All are constant strings from the emitting package's tables, so
	// building an Event allocates nothing.
	Lane    string
	Phase   string
	AttrKey string
	AttrVal string
	Epoch   uint8
	// Streak and StreakLimit are the cancel streak after the decision and
	// the effective limit it was judged against.
	Streak      uint8
	StreakLimit uint8
	Obligation  uint8
	Timer       uint8
	// Priority is the lane priority of an enqueued entry.
	Priority uint8
	// ErrorClass is non-zero on failures (an ErrorClass value).
	ErrorClass ErrorClass
	Gen        uint64
	Deadline   uint64
	// ID is a wheel timer's id or a channel sender waiter's id; Now the
	// wheel's time; Msg a channel message's sequence number (1-based);
	// Count a small count (queued messages, reserved slots, group size).
	ID    uint64
	Now   uint64
	Msg   uint32
	Count uint8
	// Level is a wheel level (0..3; 4 is the overflow heap) and Slot a
	// slot in it, on wheel placement and cascade events.
	Level uint8
	Slot  uint8
	// Decision metadata (000 S6): the adapter's sequence number and hash,
	// and the browser host's turn and microtask batch (0 on native).
	DecisionSeq  uint64
	DecisionHash uint64
	HostTurn     uint32
	Batch        uint32
}

// ErrorClass classifies a failure event (error_class in contract 000).
type ErrorClass uint8

const (
	NoError ErrorClass = iota
	ErrStaleWake
	ErrStaleTimer
	ErrUnauthorized
	ErrRegionCancelled
	ErrRegionClosed
	ErrLeaked
	ErrAlreadyResolved
	// Channel errors (004 1.7) and the wheel's (004 2.3).
	ErrFull
	ErrDisconnected
	ErrCancelled
	ErrEmpty
	ErrDurationExceeded
)

var errorClassNames = [...]string{"", "stale_wake", "stale_timer", "unauthorized", "region_cancelled", "region_closed", "obligation_leaked", "already_resolved",
	"full", "disconnected", "cancelled", "empty", "timer_duration_exceeded"}

func (c ErrorClass) String() string {
	if int(c) < len(errorClassNames) {
		return errorClassNames[c]
	}
	return "error(" + strconv.Itoa(int(c)) + ")"
}

// Log is a reusable event buffer: Reset keeps its capacity, so a step that
// emits into a warmed-up Log allocates nothing.
type Log struct{ Events []Event }

// Emit appends one event.
func (l *Log) Emit(e Event) { l.Events = append(l.Events, e) }

// Reset empties the log, keeping its storage.
func (l *Log) Reset() { l.Events = l.Events[:0] }

// EffectsFirst moves evs[n:], the events an operation's effects emitted,
// before evs[:n], those of its cause, keeping each run's order. Only the
// fault switches that report an effect before its cause call it.
func EffectsFirst(evs []Event, n int) {
	slices.Reverse(evs[:n])
	slices.Reverse(evs[n:])
	slices.Reverse(evs)
}

// String renders an event as "name field=value ...", printing the fields
// its kind carries (zero ids and metadata are omitted).
func (e Event) String() string {
	var b strings.Builder
	b.WriteString(e.Kind.String())
	e.appendFields(&b, true)
	return b.String()
}

// StringNoHost renders like String but without the host-only metadata
// (host_turn_id, microtask_batch_id); parity diffs use it.
func (e Event) StringNoHost() string {
	var b strings.Builder
	b.WriteString(e.Kind.String())
	e.appendFields(&b, false)
	return b.String()
}

func (e Event) appendFields(b *strings.Builder, host bool) {
	id := func(prefix string, key string, v uint8) {
		if v != None {
			b.WriteString(" " + key + "=" + prefix + strconv.Itoa(int(v)))
		}
	}
	num := func(key string, v uint64) {
		b.WriteString(" " + key + "=" + strconv.FormatUint(v, 10))
	}
	id("t", "task", e.Task)
	id("r", "region", e.Region)
	id("o", "obligation", e.Obligation)
	id("tm", "timer", e.Timer)
	if e.Lane != "" {
		b.WriteString(" lane=" + e.Lane)
	}
	if e.Phase != "" {
		b.WriteString(" phase=" + e.Phase)
	}
	if e.AttrKey != "" {
		b.WriteString(" " + e.AttrKey + "=" + e.AttrVal)
	}
	if e.Epoch != 0 {
		num("cancel_epoch", uint64(e.Epoch))
	}
	if e.Priority != 0 {
		num("prio", uint64(e.Priority))
	}
	wheel := e.Kind >= WheelRegistered && e.Kind <= WheelCoalesced
	if e.Kind >= ChanReserved && e.Kind <= ChanOpFailed {
		if e.Msg != 0 {
			b.WriteString(" msg=m" + strconv.FormatUint(uint64(e.Msg), 10))
		}
		if e.ID != 0 {
			num("waiter", e.ID)
		}
		if e.Kind == ChanReceiverClosed || e.Kind == ChanSenderDropped {
			num("count", uint64(e.Count))
		}
	}
	handle := wheel && e.Kind != WheelPurged && e.Kind != WheelCoalesced && e.Kind != WheelRejected
	if handle {
		num("id", e.ID)
	}
	if e.Gen != 0 || handle {
		num("gen", e.Gen)
	}
	if e.Deadline != 0 || e.Kind == TimerRegistered || e.Kind == TimerFired || e.Kind == WheelRegistered || e.Kind == WheelFired {
		num("deadline", e.Deadline)
	}
	if wheel {
		num("now", e.Now)
		if e.Kind == WheelRegistered || e.Kind == WheelCascaded {
			num("level", uint64(e.Level))
			num("slot", uint64(e.Slot))
		}
		if e.Kind == WheelCoalesced {
			num("count", uint64(e.Count))
		}
	}
	if e.Kind == StepDecision || e.Kind == StepBegin || e.Kind == StepEnd || e.Kind == Park {
		num("cancel_streak", uint64(e.Streak))
		num("cancel_streak_limit", uint64(e.StreakLimit))
	}
	if e.DecisionSeq != 0 {
		num("decision_seq", e.DecisionSeq)
		b.WriteString(" decision_hash=" + strconv.FormatUint(e.DecisionHash, 16))
	}
	if host && (e.HostTurn != 0 || e.Batch != 0) {
		num("host_turn_id", uint64(e.HostTurn))
		num("microtask_batch_id", uint64(e.Batch))
	}
	if e.ErrorClass != NoError {
		b.WriteString(" error_class=" + e.ErrorClass.String())
	}
}
