package sthira

import rt "modelcheck/runtime/sthira"

// The liveness property "a queued task is eventually activated or
// dropped" is what §7 says Sthira does not promise: "a task is starved if
// it remains queued while higher-priority tasks continue executing", and
// there is no aging or fairness correction to end it. A lasso that breaks
// the property is therefore the contract's documented behaviour, shown
// rather than merely allowed (scenario starvation, no max wait).
//
// The two functions below are the property's whole definition, in the
// shape of the explorer's liveness interface (model.Live: Pending and
// Fair); the subjects are the task slots, bit id-1 for task t(id).

// Waiting is the property's pending set in s: the tasks queued now, for
// which "eventually activated or dropped" is still outstanding.
func Waiting(s *State) uint64 {
	var set uint64
	for _, f := range s.Queues {
		for _, id := range f.Items[:f.Len] {
			set |= 1 << (id - 1)
		}
	}
	return set
}

// ActivatesAnother reports whether the transition s -(in)-> next activates
// some task: the rest of the system making progress. A loop without one
// (ticks while everything waits) is the environment idling, not a task
// being passed over, and is not starvation.
func ActivatesAnother(s *State, _ Input, next *State) bool {
	for i := range s.Tasks {
		if !s.Tasks[i].Phase.HoldsSlot() && next.Tasks[i].Phase == rt.Running {
			return true
		}
	}
	return false
}
