package vm

import "strings"

// Fault is one deliberate bug the VM can switch on, so that the checker
// proves each of its invariants can fail. Each sits at the real spot of
// the rule it breaks; all are off by default.
type Fault uint8

// The VM's fault switches.
const (
	// HandlerReadsTick: the effect handler's response depends on the
	// global tick, which the handler contract forbids.
	HandlerReadsTick Fault = iota
	// HandlerCrossSession: the handler counts invokes across all sessions
	// instead of per session (cross-session mutable state).
	HandlerCrossSession
	// UnblockReversed: tryUnblockReceivers walks the blocked set backwards.
	UnblockReversed
	// ProgressAwareLosesToken: ProgressAware's pick drops a token of the
	// coroutine it prefers.
	ProgressAwareLosesToken
	// ZeroNAccepted: a round with N = 0 is run (as no step) instead of
	// refused.
	ZeroNAccepted
	// RecvWithoutToken: a receive with no progress token goes on instead
	// of faulting.
	RecvWithoutToken
	// BufferOverflow: the backpressure test is off by one, so a send to a
	// full buffer goes through.
	BufferOverflow
	// ProgressAwareIgnoresTokens: ProgressAware picks the first in queue
	// order, as RoundRobin does, whoever holds a token.
	ProgressAwareIgnoresTokens
	// OfferBranchInverted: an offer takes the branch on label 0 and falls
	// through on label 1.
	OfferBranchInverted
	// BlockedNeverStepped: the nondeterministic scheduler never steps a
	// blocked coroutine, even once its wait is over.
	BlockedNeverStepped
	// NormalizeSharedSeq: NormalizeTrace numbers every session's events
	// with one counter, not each session's from 0.
	NormalizeSharedSeq
	// CapacityZeroAccepted: Load accepts a session whose edges have
	// capacity 0, buffers that can never take a message.
	CapacityZeroAccepted
	// StepTakesHead: a step of the nondeterministic scheduler takes the
	// ready queue's head out of the queue, not the coroutine it steps.
	StepTakesHead
	// LastCoroutineDeferred: the nondeterministic scheduler hides the
	// highest-numbered coroutine while any other can proceed.
	LastCoroutineDeferred
	// UnblockToFront: tryUnblockReceivers puts a released coroutine at the
	// front of the ready queue instead of pushing it at the back.
	UnblockToFront
	// StaleBlockedSlot: a step that releases a blocked coroutine leaves
	// its id in the blocked set's slot past the new end.
	StaleBlockedSlot
	// SessionBoundShort: Load's session bound is off by one, so it
	// refuses the last session the VM can hold.
	SessionBoundShort
	// CloseIgnoresBuffers: a close goes through once the session's other
	// coroutines have finished, with messages still in its buffers.
	CloseIgnoresBuffers
	// ChooseIgnoresBackpressure: a choose puts its label onto a full
	// buffer instead of blocking, as only a send is tested.
	ChooseIgnoresBackpressure
	// SenderReleasedWhenEmpty: tryUnblockReceivers releases a sender in
	// SendWait only once its buffer is empty, not once it has room.
	SenderReleasedWhenEmpty
	// OfferWithoutToken: an offer with no progress token goes on; only a
	// recv faults.
	OfferWithoutToken
	// ZeroNCooperative: a round with N = 0 is refused under every policy
	// but Cooperative.
	ZeroNCooperative
	// ZeroNRefusedLate: a round with N = 0 is refused only after the
	// clock has advanced and the released coroutines have moved.
	ZeroNRefusedLate
	// LargeNTruncated: pickReady takes N as a byte, so an N of 256 or
	// more picks as N mod 256 does.
	LargeNTruncated
	// CloseReadsFirstEdge: a close tests only the session's first edge
	// for messages, so one left on a later edge is lost.
	CloseReadsFirstEdge
	// CloseOfferedUndrained: the nondeterministic scheduler offers a
	// close once the session's other coroutines have finished, with
	// messages still in its buffers.
	CloseOfferedUndrained
	// SendReadsFirstEdge: the backpressure test of a send or choose reads
	// the session's first edge, whatever edge it sends on.
	SendReadsFirstEdge
	// ChooseOfferedWhenFull: the nondeterministic scheduler offers a
	// choose whose buffer is full, as it tests only a send for room.
	ChooseOfferedWhenFull
	// CoroBoundIgnored: Load does not test its coroutine bound.
	CoroBoundIgnored
	// OfferReadsFirstEdge: an offer takes its label from the session's
	// first edge, whatever edge it offers on.
	OfferReadsFirstEdge
	// FaultNamesFirstEdge: a receive that faults for want of a token
	// reports the session's first edge, not its own.
	FaultNamesFirstEdge
	// InvokeCountSaturates: the handler's invoke count stops at 1, so a
	// session's third invoke gets its second's answer.
	InvokeCountSaturates
	// NegativeNAccepted: only N = 0 is refused; a round with a negative N
	// runs as N = 0 would (a tick, the releases, no step).
	NegativeNAccepted
	// ResponseRefusedAsCapacity: Load refuses a handler response other
	// than 0 or 1 with the capacity's error.
	ResponseRefusedAsCapacity
	// HandlerCountsPerRole: the handler counts the invokes of the
	// invoking role, not of its session.
	HandlerCountsPerRole
	// LaterSessionTakesFirstCapacity: Load gives a later session's edges
	// the first session's capacity, not the one it was asked for.
	LaterSessionTakesFirstCapacity
	// RefusedLoadWritesProtocol: Load, refusing a load for the coroutine
	// bound, has already written the protocol into the free session slot.
	RefusedLoadWritesProtocol
	// CoroBoundOneShort: Load tests its coroutine bound with >=, so it
	// refuses a load that would fill the table's last slot.
	CoroBoundOneShort
	// SessionWideBackpressure: a send's backpressure test counts the
	// messages on all of its session's edges against the edge's capacity.
	SessionWideBackpressure
	numFaults
)

var faultInfo = [numFaults]struct{ name, doc string }{
	{"handler-reads-tick", "the effect handler's response depends on the global tick"},
	{"handler-cross-session", "the effect handler keeps its invoke count across sessions, not per session"},
	{"unblock-reversed", "tryUnblockReceivers walks the blocked set in reverse order"},
	{"progress-aware-loses-token", "ProgressAware drops a progress token of the coroutine it picks"},
	{"zero-n-accepted", "a round with N = 0 runs (and steps nothing) instead of being an error"},
	{"recv-without-token", "a receive with no progress token proceeds instead of faulting"},
	{"buffer-overflow", "SendWait's full-buffer test is off by one: a send to a full buffer goes through"},
	{"progress-aware-ignores-tokens", "ProgressAware picks the first ready coroutine, as RoundRobin does, not the first holding a progress token"},
	{"offer-branch-inverted", "an offer jumps to its branch on label 0 and falls through on label 1"},
	{"blocked-never-stepped", "the nondeterministic scheduler never steps a blocked coroutine again, even once its wait is over"},
	{"normalize-shared-seq", "NormalizeTrace numbers the events of all sessions with one counter instead of renumbering each session from 0"},
	{"capacity-zero-accepted", "Load accepts capacity 0 (edges that can never take a message) instead of refusing it"},
	{"step-takes-head", "a step of the nondeterministic scheduler removes the ready queue's head instead of the coroutine it steps, which stays queued while the head is lost"},
	{"last-coroutine-deferred", "the nondeterministic scheduler hides the highest-numbered coroutine while any other can proceed: it runs only when it is the last that can, so no stuck state shows it and the interleavings where it goes earlier are never explored"},
	{"unblock-to-front", "tryUnblockReceivers puts each released coroutine at the front of the ready queue instead of pushing it at the back; under interleavings only the N = 1 round-robin reference run uses it"},
	{"stale-blocked-slot", "a step that releases a blocked coroutine leaves its id in the blocked set's slot past the new end: equal VMs no longer have equal bytes, so the explorer, which fingerprints the VM's bytes, keeps apart states that are the same"},
	{"session-bound-short", "Load tests its session bound one short (NSessions >= MaxSessions-1), so it refuses, as past the bound, the last session the VM can hold"},
	{"close-ignores-buffers", "a close goes through once the session's other coroutines have finished, with messages still in its buffers: an undelivered message is lost instead of keeping the closer in CloseWait"},
	{"choose-ignores-backpressure", "a choose puts its label onto a full buffer instead of blocking in SendWait (only a send is tested)"},
	{"sender-released-when-empty", "tryUnblockReceivers releases a sender in SendWait only once its buffer is empty, not as soon as it has room"},
	{"offer-without-token", "an offer with no progress token takes a message instead of faulting (only a recv is tested)"},
	{"zero-n-cooperative", "a round with N = 0 is refused under RoundRobin and ProgressAware but runs under Cooperative"},
	{"zero-n-refused-late", "a round with N = 0 is refused only after it has advanced the clock and released the coroutines whose wait is over"},
	{"large-n-truncated", "pickReady takes N as a byte: a round with N = 256 picks nothing, where every ready coroutine should run"},
	{"close-reads-first-edge", "a close tests only the session's first edge for messages: a message left on a later edge (orphan-reply's second reply, on e1) is lost instead of keeping the closer in CloseWait"},
	{"close-offered-undrained", "the nondeterministic scheduler offers a close once the session's other coroutines have finished, with messages still in its buffers: the step then blocks the close, where a step may block only an invoke"},
	{"send-reads-first-edge", "the backpressure test of a send or choose reads the session's first edge, whatever edge it sends on: a send to a full later edge (orphan-reply's second reply, on e1) goes through and overfills its buffer"},
	{"choose-offered-when-full", "the nondeterministic scheduler offers a choose whose buffer is full (it tests only a send for room): the step then blocks the choose, where a step may block only an invoke"},
	{"coro-bound-ignored", "Load does not test its coroutine bound: a load into a full coroutine table writes past it instead of being refused"},
	{"offer-reads-first-edge", "an offer takes its label from the session's first edge, whatever edge it offers on: choice-reply's A, offering on e1, takes its own message back from e0"},
	{"fault-names-first-edge", "a receive that faults for want of a progress token reports the session's first edge, not its own (overdraw-reply's B faults on e1)"},
	{"invoke-count-saturates", "the effect handler's invoke count stops at 1: a session's third invoke (three-invokes) gets the second's answer instead of the count so far, mod 2"},
	{"negative-n-accepted", "only N = 0 is refused: a round with a negative N runs, advancing the clock and releasing coroutines, where N below 1 is an error"},
	{"response-refused-as-capacity", "Load refuses a handler response other than 0 or 1 with the capacity's error (ErrCapacity), naming the wrong bound"},
	{"handler-counts-per-role", "the effect handler counts the invokes of the invoking role, not of its session: turn-invokes' B, invoking after A, gets count 0 where the session's is 1"},
	{"later-session-takes-first-capacity", "Load gives every session after the first the first session's capacity, not the capacity it was asked for (no scenario loads two capacities)"},
	{"refused-load-writes-protocol", "Load, refusing a load that breaks the coroutine bound, has already written the protocol into the free session slot: the refusal changes the state"},
	{"coro-bound-one-short", "Load tests its coroutine bound with >= (NCoros + roles >= MaxCoros), so it refuses a load that would fill the table's last slot"},
	{"session-wide-backpressure", "a send's backpressure test counts the messages on every edge of its session against the edge's capacity: cross-edges' A, sending on an empty e1 while e0 holds a message, waits in SendWait at capacity 1 for good"},
}

// Name is the fault's name on the command line.
func (f Fault) Name() string { return faultInfo[f].name }

// Doc says what the fault breaks.
func (f Fault) Doc() string { return faultInfo[f].doc }

// AllFaults lists every fault switch.
func AllFaults() []Fault {
	out := make([]Fault, numFaults)
	for i := range out {
		out[i] = Fault(i)
	}
	return out
}

// FaultByName finds a fault switch by its name.
func FaultByName(name string) (Fault, bool) {
	for i := range numFaults {
		if faultInfo[i].name == name {
			return i, true
		}
	}
	return 0, false
}

// Faults is a set of fault switches. It lives in the configuration, not
// in the state, so its width costs no state bytes.
type Faults uint64

// The fault switches must fit the set.
var _ = [64 - int(numFaults)]struct{}{}

// Has reports whether f is on.
func (fs Faults) Has(f Fault) bool { return fs&(1<<f) != 0 }

// With returns the set with f on.
func (fs Faults) With(f Fault) Faults { return fs | 1<<f }

func (fs Faults) String() string {
	var names []string
	for i := range numFaults {
		if fs.Has(i) {
			names = append(names, i.Name())
		}
	}
	if names == nil {
		return "none"
	}
	return strings.Join(names, ",")
}
