package sthira

import (
	"fmt"

	"modelcheck/model"
	rt "modelcheck/runtime/sthira"
)

// The liveness property "a queued task is eventually activated or
// dropped" is what §7 says Sthira does not promise: "a task is starved if
// it remains queued while higher-priority tasks continue executing", and
// there is no aging or fairness correction to end it. A lasso that breaks
// the property is therefore the contract's documented behaviour, shown
// rather than merely allowed (scenario starvation, no max wait).
//
// The model declares it through model.Live; the subjects are the task
// slots, bit id-1 for task t(id).

// Starvation is the property's name on the command line (--liveness).
const Starvation = "starvation"

var liveness = []model.Liveness{{
	Name:        Starvation,
	ContractIDs: []string{"sthira/§7"},
	Rule: "a queued task is eventually activated or dropped; §7 does not promise it " +
		"(starvation is observable and intentional), so a lasso is the contract's documented behaviour",
}}

// LivenessProperties lists the model's one liveness property.
func (m *Model) LivenessProperties() []model.Liveness { return liveness }

// Pending is Waiting: the tasks queued in s.
func (m *Model) Pending(s *State, _ int) uint64 { return Waiting(s) }

// Fair is ActivatesAnother: the transition activates some task.
func (m *Model) Fair(s *State, in Input, next *State, _ int) bool {
	return ActivatesAnother(s, in, next)
}

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
// being passed over, and is not starvation. A task activated is one that
// runs after and held no slot before (neither RUNNING nor SUSPENDED: a
// resumption is not an activation), read from the phases here rather
// than through the runtime's Phase.HoldsSlot, which is code under check.
func ActivatesAnother(s *State, _ Input, next *State) bool {
	for i := range s.Tasks {
		was := s.Tasks[i].Phase
		if was != rt.Running && was != rt.Suspended && next.Tasks[i].Phase == rt.Running {
			return true
		}
	}
	return false
}

// Subject names task slot k as it waits in s, with its queue.
func (m *Model) Subject(s *State, _, k int) string {
	id := uint8(k + 1)
	if q, _, ok := QueuedAt(s, id); ok {
		return fmt.Sprintf("task t%d (%s, queued in %s)", id, TaskRecord(s, id).Prio, q.Queue())
	}
	return fmt.Sprintf("task t%d", id)
}
