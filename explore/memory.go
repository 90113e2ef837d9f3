package explore

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// memoryCheckEvery is the least interval between two looks at the heap:
// reading runtime/metrics costs microseconds, so the strategies look from
// the coordinating goroutine between units of work, a few times a second,
// never per successor.
const memoryCheckEvery = 100 * time.Millisecond

// The metrics read: the memory the process holds for Go is total minus
// what was returned to the OS minus the free heap pages it keeps, which
// are reused before new memory is mapped. This is what the process needs
// (its heap with the garbage not yet collected, fragmentation, stacks and
// the runtime's own data), and RSS is close to it.
const (
	memTotal    = "/memory/classes/total:bytes"
	memReleased = "/memory/classes/heap/released:bytes"
	memFree     = "/memory/classes/heap/free:bytes"
)

// GCPercent is the garbage collector's target heap growth over the live
// heap, in percent, that the command line explores with and the
// benchmarks measure with (debug.SetGCPercent). The explorer's heap is
// almost all pointer-free (visited set, encoded frontier blocks), which
// the collector does not scan: a collection of the default run's 200 MB
// heap marks in about a millisecond, so collecting ten times as often as
// Go's default of 100 costs little, where the default lets the heap grow
// to twice what the run holds before collecting.
const GCPercent = 10

// memoryGuard stops a run whose memory outgrows Options.MaxMemory.
//
// The sample counts garbage too, so a sample over the bound is confirmed
// by a forced collection before the run is stopped: the run stops only for
// data it holds, never for garbage the collector had not got to. The
// collection costs a pause as long as a marking of the heap, but it happens
// only near the bound, and the run either stops or has room again after
// it.
type memoryGuard struct {
	limit  uint64 // 0: no limit
	last   time.Time
	sample []metrics.Sample
}

func newMemoryGuard(limit int64) memoryGuard {
	return memoryGuard{limit: uint64(limit), sample: []metrics.Sample{{Name: memTotal}, {Name: memReleased}, {Name: memFree}}}
}

// exceeded reports whether the process holds more than the limit. It looks
// at most every memoryCheckEvery; the first call always looks.
func (g *memoryGuard) exceeded() bool {
	if g.limit == 0 {
		return false
	}
	if now := time.Now(); now.Sub(g.last) >= memoryCheckEvery {
		g.last = now
		if g.read() > g.limit {
			runtime.GC()
			return g.read() > g.limit
		}
	}
	return false
}

// read is the memory the process holds for Go, garbage included.
func (g *memoryGuard) read() uint64 {
	metrics.Read(g.sample)
	return g.sample[0].Value.Uint64() - g.sample[1].Value.Uint64() - g.sample[2].Value.Uint64()
}
