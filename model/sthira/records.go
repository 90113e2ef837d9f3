package sthira

import rt "modelcheck/runtime/sthira"

// TaskRecord is task id's record (ids are 1-based), or nil for an id
// outside the table. The model and the checks read the task table and the
// queues through TaskRecord and QueuedAt, not through the runtime's own
// State.Task and State.Queued: those are runtime code under check, and a
// bug in one would otherwise move what the model offers and what the
// checks see, or crash the tool, instead of being reported. Session 16's
// exhaustive run of runtime/sthira had four mutants of State.Queued
// "killed by crash" in the checks and the summary.
func TaskRecord(s *State, id uint8) *rt.Task {
	if id == 0 || int(id) > len(s.Tasks) {
		return nil
	}
	return &s.Tasks[id-1]
}

// QueuedAt finds task id in s's queues: the queue, its position there,
// and whether it is queued at all. Each queue is read to its length,
// which Step has checked against the queue's array (OutsideTables).
func QueuedAt(s *State, id uint8) (q rt.Priority, pos int, ok bool) {
	for _, p := range rt.Priorities {
		f := &s.Queues[p-1]
		for i, item := range f.Items[:min(int(f.Len), len(f.Items))] {
			if item == id {
				return p, i, true
			}
		}
	}
	return rt.NoPriority, 0, false
}
