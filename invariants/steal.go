package invariants

import (
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// stealInvariants check the worker pool's stealing (004 3.6, 5.1).
var stealInvariants = []Invariant{
	{"steal-order", []string{"INV-SC-05", "sc-steal-001"},
		"a steal scans the other workers circularly from the index the thief's seeded RNG draws (one draw per steal) and takes the oldest entry of the first non-empty one, so the same seed gives the same scan order", stealOrder},
}

// stealOrder recomputes the steal from the pool as it stood before: the
// thief's generator (seeded with its worker id) draws the start, the scan
// goes round the other workers from there.
func stealOrder(c *Context) bool {
	if c.In.K.Op != kernel.PoolSteal {
		return false
	}
	b, a := &kern(c.Before).Pool, &kern(c.After).Pool
	thief := c.In.K.Arg
	var stealers [sched.MaxWorkers]uint8
	n := 0
	for w := uint8(0); w < b.Workers; w++ {
		if w != thief {
			stealers[n] = w
			n++
		}
	}
	rng := b.Rng[thief]
	start := int(rng.Next() % uint64(n))
	want := uint8(0)
	for i := 0; i < n && want == 0; i++ {
		if v := stealers[(start+i)%n]; b.Len(v) > 0 {
			want = b.Local[v].E[0].Task
		}
	}
	got := uint8(0)
	for _, e := range c.Events {
		if e.Kind == trace.Stolen {
			got = e.Task
		}
	}
	return got != want || a.Rng[thief] != rng
}
