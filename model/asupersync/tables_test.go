package asupersync

import (
	"testing"

	"modelcheck/runtime/kernel"
)

// TestOutsideTablesAtTheEdge: each count OutsideTables watches is fine
// at its array's length (a full lane, queue or table) and reported one
// past it, where the model's readers would slice past the array.
func TestOutsideTablesAtTheEdge(t *testing.T) {
	sc := lookup(t, "channel")
	base := New(sc, nil).Init()
	for _, c := range []struct {
		name string
		set  func(s *State, n int)
		max  int
	}{
		{"cancel lane", func(s *State, n int) { s.P.Kernel.Sched.Cancel.N = uint8(n) }, len(base.P.Kernel.Sched.Cancel.E)},
		{"timed lane", func(s *State, n int) { s.P.Kernel.Sched.Timed.N = uint8(n) }, len(base.P.Kernel.Sched.Timed.E)},
		{"ready lane", func(s *State, n int) { s.P.Kernel.Sched.Ready.N = uint8(n) }, len(base.P.Kernel.Sched.Ready.E)},
		{"channel queue", func(s *State, n int) { s.P.Kernel.Chan.Len = uint8(n) }, len(base.P.Kernel.Chan.Queue)},
		{"channel waiters", func(s *State, n int) { s.P.Kernel.Chan.NWaiters = uint8(n) }, len(base.P.Kernel.Chan.Waiters)},
		{"polled task", func(s *State, n int) { s.P.Kernel.Current = uint8(n) }, kernel.MaxTasks},
		{"outer task", func(s *State, n int) { s.P.Kernel.Outer = uint8(n) }, kernel.MaxTasks},
	} {
		for _, n := range []int{c.max, c.max + 1} {
			s := base
			c.set(&s, n)
			if err := OutsideTables(&s); (err != nil) != (n > c.max) {
				t.Errorf("%s at %d of %d: %v", c.name, n, c.max, err)
			}
		}
	}
}
