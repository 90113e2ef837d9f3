package sthira

import (
	"fmt"

	rt "modelcheck/runtime/sthira"
)

// OutsideTables returns an error naming the first count or id of s that
// lies outside the array it counts or indexes, or nil: a queue's length
// past its slots, a queued task id that names no slot, a task's scope
// past the scopes. Only a bug in the scheduler can store one, and the
// model's encoding and the checks would index past an array on it, a crash
// of the tool with no counterexample; Step reports such a successor the
// way it reports a refused input instead. The fields are read here, not
// through the scheduler's accessors.
func OutsideTables(s *State) error {
	for q := range s.Queues {
		f := &s.Queues[q]
		if int(f.Len) > len(f.Items) {
			return fmt.Errorf("the step left queue %d's length at %d, past its %d slots", q, f.Len, len(f.Items))
		}
		for _, id := range f.Items[:f.Len] {
			if id == 0 || int(id) > len(s.Tasks) {
				return fmt.Errorf("the step left task id %d in queue %d, outside the %d task slots", id, q, len(s.Tasks))
			}
		}
	}
	for i := range s.Tasks {
		if sc := s.Tasks[i].Scope; sc >= rt.MaxScopes {
			return fmt.Errorf("the step left task %d in scope %d, past the %d scopes", i+1, sc, rt.MaxScopes)
		}
	}
	return nil
}
