package cancel

import "strconv"

// Phase is a task's place in the cancellation protocol ("Task-Level
// Protocol", "State Set"). The numeric values are the phase ranks of the
// semantics notes, so "no phase regression" (Non-Negotiable Invariant 1) is
// an ordering on these values.
type Phase uint8

// The phases, in rank order.
const (
	Created Phase = iota
	Running
	CancelRequested
	Cancelling
	Finalizing
	Completed

	phaseCount
)

var phaseNames = [phaseCount]string{"Created", "Running", "CancelRequested", "Cancelling", "Finalizing", "Completed"}

// String is the contract's name for the phase.
func (p Phase) String() string {
	if p < phaseCount {
		return phaseNames[p]
	}
	return "Phase(" + strconv.Itoa(int(p)) + ")"
}

// ValidTransition is exactly the contract's "Legal Transitions" table
// (TaskPhase::is_valid_transition upstream). The self-loops on
// CancelRequested, Cancelling and Finalizing are strengthening requests (R1,
// R3); Completed has no way out (Non-Negotiable Invariant 4, T5). Every phase
// change an operation makes must pass this check; the property tests assert it.
func ValidTransition(from, to Phase) bool {
	switch from {
	case Created:
		return to == Running || to == CancelRequested || to == Completed
	case Running:
		return to == CancelRequested || to == Completed
	case CancelRequested:
		return to == CancelRequested || to == Cancelling || to == Completed
	case Cancelling:
		return to == Cancelling || to == Finalizing || to == Completed
	case Finalizing:
		return to == Finalizing || to == Completed
	}
	return false
}

// cancelActive reports whether the phase carries a cancel reason and cleanup
// budget (CancelRequested, Cancelling, Finalizing in the "State Set").
func (p Phase) cancelActive() bool {
	return p == CancelRequested || p == Cancelling || p == Finalizing
}
