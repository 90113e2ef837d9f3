package sched

import (
	"modelcheck/runtime/dethash"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// MaxWorkers bounds the workers of a Pool.
const MaxWorkers = 4

// Pool is the workers' local ready queues with the two RNG-driven
// mechanisms of 004: the local ready tie-break (3.5) and work stealing
// (3.6). Each worker's generator is DetRng seeded with its worker id, so the
// same seed gives the same picks and scan orders (INV-SC-05).
type Pool struct {
	Workers uint8
	Local   [MaxWorkers]queue
	Rng     [MaxWorkers]dethash.Rng
	Faults  fault.Set
}

// NewPool makes n workers (1..MaxWorkers), worker i seeded with i+seed.
func NewPool(n uint8, seed uint64) Pool {
	p := Pool{Workers: n}
	for i := range p.Rng {
		p.Rng[i] = dethash.NewRng(uint64(i) + seed)
	}
	return p
}

// Push queues a task on a worker's local ready queue.
func (p *Pool) Push(worker, task, priority uint8) {
	p.Local[worker].push(Entry{Task: task, Priority: priority})
}

// Len is the length of a worker's local queue.
func (p *Pool) Len(worker uint8) int { return int(p.Local[worker].N) }

// PopLocal is the local ready lane with RNG hint (3.5): collect the entries
// of the highest priority in generation order, take idx = rng_hint % count.
// It reports the count of tied entries and the chosen index with the task.
func (p *Pool) PopLocal(worker uint8) (task uint8, tied, idx int, ok bool) {
	q := &p.Local[worker]
	if q.N == 0 {
		// Fault EmptyPopDraws draws a hint with nothing to choose among.
		if p.Faults.Has(fault.EmptyPopDraws) {
			p.Rng[worker].Next()
		}
		return 0, 0, 0, false
	}
	best := q.E[q.bestByPriority(false)].Priority
	// The tied entries in generation order: insertion order already is
	// generation order, so a filtered walk needs no sort.
	var pos [MaxTasks]int
	for i := 0; i < int(q.N); i++ {
		if q.E[i].Priority == best {
			pos[tied] = i
			tied++
		}
	}
	count := tied
	// Fault LocalPopHintOverQueue counts the whole queue.
	if p.Faults.Has(fault.LocalPopHintOverQueue) {
		count = int(q.N)
	}
	idx = int(p.Rng[worker].Next() % uint64(count))
	// Fault LocalPopIgnoresHint draws the hint but takes the oldest.
	if p.Faults.Has(fault.LocalPopIgnoresHint) {
		idx = 0
	}
	return q.remove(pos[idx]).Task, tied, idx, true
}

// Steal is steal_task (3.6): start at rng.next_usize(stealers.len()) and
// scan the other workers circularly, taking the oldest entry (a thief takes
// FIFO) of the first non-empty one. It returns the victim and the scan
// order it used, so the order itself is observable.
func (p *Pool) Steal(thief uint8, log *trace.Log) (task, victim uint8, order [MaxWorkers]uint8, scanned int, ok bool) {
	var stealers [MaxWorkers]uint8
	n := 0
	for w := uint8(0); w < p.Workers; w++ {
		if w != thief {
			stealers[n] = w
			n++
		}
	}
	if n == 0 {
		return 0, 0, order, 0, false
	}
	// Fault FailedStealSkipsDraw looks for an entry before drawing.
	if p.Faults.Has(fault.FailedStealSkipsDraw) && !p.anyQueued(stealers[:n]) {
		return 0, 0, order, 0, false
	}
	// Fault UnseededStealScan: the scan starts at the worker after the
	// thief (stealers[thief] is that worker) and the RNG is not consulted.
	start := int(thief) % n
	if !p.Faults.Has(fault.UnseededStealScan) {
		start = int(p.Rng[thief].Next() % uint64(n))
	}
	for i := 0; i < n; i++ {
		w := stealers[(start+i)%n]
		// Fault StealScanBackwards walks the victims backwards.
		if p.Faults.Has(fault.StealScanBackwards) {
			w = stealers[(start+n-i)%n]
		}
		order[i] = w
		scanned = i + 1
		if p.Local[w].N > 0 {
			// Fault StealLeavesEntry peeks at the victim's oldest entry
			// instead of popping it.
			t := p.Local[w].E[0].Task
			if !p.Faults.Has(fault.StealLeavesEntry) {
				p.Local[w].remove(0)
			}
			log.Emit(trace.Event{Kind: trace.Stolen, Task: t, AttrKey: "from_worker", AttrVal: workerNames[w]})
			return t, w, order, scanned, true
		}
	}
	return 0, 0, order, scanned, false
}

// anyQueued reports whether any of the workers' queues holds an entry.
func (p *Pool) anyQueued(workers []uint8) bool {
	for _, w := range workers {
		if p.Local[w].N > 0 {
			return true
		}
	}
	return false
}

var workerNames = [MaxWorkers]string{"w0", "w1", "w2", "w3"}

// WorkerName is worker w's name in events ("w0".."w3").
func WorkerName(w uint8) string { return workerNames[w] }
