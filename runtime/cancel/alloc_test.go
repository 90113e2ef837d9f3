package cancel

import (
	"testing"
	"unsafe"

	"modelcheck/runtime/trace"
)

// lifecycle runs a whole story through the API: a region tree, tasks, an
// obligation, a masked cancel, a cascade, a finalizer, errors and refusals.
func lifecycle(log *trace.Log) State {
	s := New(Config{})
	r2, _ := s.OpenRegion(1, log)
	t1, _ := s.Spawn(1, log)
	t2, _ := s.Spawn(r2, log)
	_ = s.Start(t1, log)
	_ = s.Start(t2, log)
	o1, _ := s.Reserve(t2, Lease, log)
	_ = s.RegisterFinalizer(r2, log)
	_ = s.Mask(t2, log)
	_ = s.RequestTask(t2, Reason{Kind: Timeout, At: 1}, BudgetFor(Timeout, 1), log)
	_, _ = s.Checkpoint(t2, log)
	_ = s.Unmask(t2, log)
	_ = s.Unmask(t2, log) // error: no mask
	_, _ = s.CancelRegion(1, Shutdown, 2, log)
	_, _ = s.Spawn(r2, log) // refused
	_, _ = s.Checkpoint(t2, log)
	_ = s.CleanupDone(t2, log)
	_ = s.FinalizeDone(t2, log)
	_ = s.Commit(o1, log) // error: holder completed
	_ = s.FinalizerDone(r2, log)
	_ = s.Complete(t1, Ok, log)
	return s
}

// TestOperationsDoNotAllocate: with a warmed-up log, no operation allocates,
// errors and refusals included (the explorer's hot loop calls them).
func TestOperationsDoNotAllocate(t *testing.T) {
	var log trace.Log
	if s := lifecycle(&log); !terminal(s) || s.Region(1).State != RegionClosed {
		t.Fatalf("lifecycle did not close the tree: %+v", s.Regions)
	}
	if n := testing.AllocsPerRun(100, func() {
		log.Reset()
		lifecycle(&log)
	}); n != 0 {
		t.Errorf("%.1f allocations per lifecycle, want 0", n)
	}
}

// BenchmarkLifecycle measures a whole story of about 20 operations and
// reports the size of the state an explorer copies per successor.
func BenchmarkLifecycle(b *testing.B) {
	var log trace.Log
	lifecycle(&log)
	b.ReportAllocs()
	for b.Loop() {
		log.Reset()
		lifecycle(&log)
	}
	b.ReportMetric(float64(unsafe.Sizeof(State{})), "bytes/state")
}
