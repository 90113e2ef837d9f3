package asupersync

import (
	"slices"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// stealInvariants check the worker pool's stealing (004 3.6, 5.1).
var stealInvariants = []Invariant{
	{"steal-order", []string{"INV-SC-05", "sc-steal-001"},
		"a steal scans the other workers circularly from the index the thief's seeded RNG draws (one draw per steal) and takes the oldest entry of the first non-empty one, naming that worker in from_worker, so the same seed gives the same scan order", stealOrder},
	{"pool-derived", []string{"INV-SC-05", "sc-steal-001"},
		"the workers' local queues after a transition are those before plus the task pushed, less the oldest entry of the victim of each steal, so steal-order's view of the queues is the one the inputs made", poolDerived},
	{"local-pop-order", []string{"INV-SC-05", "004/3.5", "sc-rng-tiebreak-001"},
		"a local pop takes, among the entries of the worker's highest priority in generation order, the one at rng_hint % count, drawing one hint from the worker's seeded RNG, and names the worker; that entry leaves the worker's queue and every other queue stays as it was", localPopOrder},
}

// poolDerived replays the local queues through the input (a push appends
// to its worker, with the priority the input gives) and the Stolen events (each takes the front entry of a
// queue), and compares with the pool after.
func poolDerived(c *Context) bool {
	b, a := &kern(c.Before).Pool, &kern(c.After).Pool
	// A local pop's queues are local-pop-order's to check.
	if b.Workers == 0 || (c.In.Host == pump.NoHost && c.In.K.Op == kernel.PoolPop) {
		return false
	}
	var q [sched.MaxWorkers]lane
	for w := uint8(0); w < b.Workers; w++ {
		for _, e := range model.PoolEntries(b, w) {
			q[w].push(e)
		}
	}
	if c.In.Host == pump.NoHost && c.In.K.Op == kernel.PoolPush && c.In.K.Arg < b.Workers {
		q[c.In.K.Arg].push(sched.Entry{Task: c.In.K.Task, Priority: c.In.K.Priority})
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.Stolen {
			continue
		}
		from := -1
		for w := uint8(0); w < b.Workers && from < 0; w++ {
			if q[w].n > 0 && q[w].e[0].Task == e.Task {
				from = int(w)
			}
		}
		if from < 0 {
			return true
		}
		q[from].n--
		copy(q[from].e[:q[from].n], q[from].e[1:q[from].n+1])
	}
	for w := uint8(0); w < b.Workers; w++ {
		if !slices.Equal(model.PoolEntries(a, w), q[w].entries()) {
			return true
		}
	}
	return false
}

// localPopOrder recomputes the pop from the worker's queue as it stood
// before: the tied entries of the best priority in queue (generation)
// order, and the hint its generator draws.
func localPopOrder(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.PoolPop {
		return false
	}
	b, a := &kern(c.Before).Pool, &kern(c.After).Pool
	w := c.In.K.Arg
	entries := model.PoolEntries(b, w)
	// An empty queue's pop takes nothing and draws no hint: 3.5 draws one
	// only to choose among the tied entries, and there are none.
	want, rng, popped := uint8(0), b.Rng[w].State, 0
	if len(entries) > 0 {
		best := entries[0].Priority
		for _, e := range entries {
			best = max(best, e.Priority)
		}
		var tied [sched.MaxTasks]uint8
		n := 0
		for _, e := range entries {
			if e.Priority == best {
				tied[n] = e.Task
				n++
			}
		}
		want = tied[detRngNext(&rng)%uint64(n)]
	}
	got := uint8(0)
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.PoppedLocal {
			if e.AttrKey != "worker" || e.AttrVal != workerName(w) {
				return true
			}
			got = e.Task
			popped++
		}
	}
	if got != want || popped != min(len(entries), 1) || a.Rng[w].State != rng {
		return true
	}
	for v := uint8(0); v < b.Workers; v++ {
		var q lane
		for _, e := range model.PoolEntries(b, v) {
			q.push(e)
		}
		if v == w {
			q.remove(want)
		}
		if !slices.Equal(model.PoolEntries(a, v), q.entries()) {
			return true
		}
	}
	return false
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
	rng := b.Rng[thief].State
	start := int(detRngNext(&rng) % uint64(n))
	want, from := uint8(0), uint8(0)
	for i := 0; i < n && want == 0; i++ {
		if v := stealers[(start+i)%n]; len(model.PoolEntries(b, v)) > 0 {
			want, from = b.Local[v].E[0].Task, v
		}
	}
	got := uint8(0)
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.Stolen {
			if e.AttrKey != "from_worker" || e.AttrVal != workerName(from) {
				return true
			}
			got = e.Task
		}
	}
	return got != want || a.Rng[thief].State != rng
}

// workerName spells worker w as the trace does (w0, w1, ...), by the
// checker's own table rather than sched.WorkerName.
func workerName(w uint8) string {
	if int(w) >= len(workerNames) {
		return ""
	}
	return workerNames[w]
}

var workerNames = [...]string{"w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7"}
