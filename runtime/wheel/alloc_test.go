package wheel

import (
	"testing"
	"unsafe"

	"modelcheck/runtime/trace"
)

// story runs every operation on a copy of a warmed state: registrations on
// every level, in overflow and ready, a refusal, a full pool, cancels
// (stale and good), collects that cascade, refill, drop, fire in bounded
// batches, coalesce and purge.
func story(w State, log *trace.Log) State {
	hs := [MaxEntries]Handle{}
	for i, d := range [...]uint64{w.Now, w.Now + 5, w.Now + 300, w.Now + 70_000, w.Now + 20_000_000, w.Now + 2*day, w.Now + 5} {
		hs[i], _ = w.TryRegister(d, uint8(i+1), log)
	}
	_, _ = w.TryRegister(w.Now+8*day, 1, log) // refused: too long
	_, _ = w.TryRegister(w.Now+9, 1, log)
	_, _ = w.TryRegister(w.Now+9, 1, log) // refused: full
	w.Cancel(Handle{hs[1].ID, hs[1].Gen + 1}, log)
	w.Cancel(hs[2], log)
	w.Collect(w.Now+5, 1, log)
	w.Collect(w.Now, 0, log)
	w.Collect(w.Now+3*day, 2, log)
	w.Collect(w.Now, 0, log)
	c := New(Config{Coalesce: true, CoalesceWindow: 10}, w.Now)
	a, _ := c.TryRegister(c.Now+12, 1, log)
	c.TryRegister(c.Now+15, 1, log)
	c.Collect(c.Now+11, 0, log)
	c.Cancel(a, log)
	return w
}

// TestOperationsDoNotAllocate: with a warmed log, no operation allocates,
// refusals included.
func TestOperationsDoNotAllocate(t *testing.T) {
	var log trace.Log
	w := New(Config{}, 1000)
	end := story(w, &log)
	if end.Len() != 0 {
		t.Fatalf("story left %d timers", end.Len())
	}
	if n := testing.AllocsPerRun(100, func() {
		log.Reset()
		story(w, &log)
	}); n != 0 {
		t.Errorf("%.1f allocations per story, want 0", n)
	}
}

func BenchmarkStory(b *testing.B) {
	var log trace.Log
	w := New(Config{}, 1000)
	story(w, &log)
	b.ReportAllocs()
	for b.Loop() {
		log.Reset()
		story(w, &log)
	}
	b.ReportMetric(float64(unsafe.Sizeof(State{})), "bytes/state")
}
