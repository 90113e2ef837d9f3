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

// cancelActive reports whether the phase carries a cancel reason and cleanup
// budget (CancelRequested, Cancelling, Finalizing in the "State Set").
func (p Phase) cancelActive() bool {
	return p == CancelRequested || p == Cancelling || p == Finalizing
}
