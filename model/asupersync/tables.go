package asupersync

import (
	"fmt"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/sched"
)

// OutsideTables returns an error naming the first count or id of s that
// lies outside the array it counts or indexes, or nil. The runtime's own
// code keeps each inside; a bug that lets one wrap (a pop of an empty
// lane leaving its length at 255, a polled task past the table) would make
// the model's encoding and enabled inputs, and the checks, index past an
// array: a crash of the tool, with no counterexample. Step reports such a
// successor the way it reports a refused input instead. The counts are
// read here field by field, not through the runtime's accessors, which
// slice by them.
func OutsideTables(s *State) error {
	k := &s.P.Kernel
	// One branch per count, the message built only on the rare failure:
	// Step asks this of every successor.
	switch {
	case int(k.Sched.Cancel.N) > len(k.Sched.Cancel.E):
		return tooLong("cancel lane", k.Sched.Cancel.N, len(k.Sched.Cancel.E))
	case int(k.Sched.Timed.N) > len(k.Sched.Timed.E):
		return tooLong("timed lane", k.Sched.Timed.N, len(k.Sched.Timed.E))
	case int(k.Sched.Ready.N) > len(k.Sched.Ready.E):
		return tooLong("ready lane", k.Sched.Ready.N, len(k.Sched.Ready.E))
	case int(k.Chan.Len) > len(k.Chan.Queue):
		return tooLong("channel queue", k.Chan.Len, len(k.Chan.Queue))
	case int(k.Chan.NWaiters) > len(k.Chan.Waiters):
		return tooLong("channel waiter queue", k.Chan.NWaiters, len(k.Chan.Waiters))
	}
	if k.Current > kernel.MaxTasks || k.Outer > kernel.MaxTasks {
		return fmt.Errorf("the step left the polled task t%d (outer t%d), past the %d tasks", k.Current, k.Outer, kernel.MaxTasks)
	}
	if k.Config.Workers > sched.MaxWorkers || k.Pool.Workers != k.Config.Workers {
		return fmt.Errorf("the step left the pool with %d workers, configured %d (at most %d)", k.Pool.Workers, k.Config.Workers, sched.MaxWorkers)
	}
	for w := range k.Pool.Local {
		if q := &k.Pool.Local[w]; int(q.N) > len(q.E) {
			return fmt.Errorf("the step left worker %d's local queue length at %d, past its %d slots", w, q.N, len(q.E))
		}
	}
	return nil
}

// tooLong says that a table's count n is past its max slots.
func tooLong(table string, n uint8, max int) error {
	return fmt.Errorf("the step left the %s's length at %d, past its %d slots", table, n, max)
}
