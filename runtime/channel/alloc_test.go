package channel

import (
	"testing"
	"unsafe"

	"modelcheck/runtime/trace"
)

// story runs every operation, each outcome of each at least once, on a
// fresh channel.
func story(log *trace.Log) State {
	s, _ := New(Config{Capacity: 2, Senders: 2})
	s.Recv(4, false, log)      // pending
	s.Recv(4, true, log)       // cancelled
	s.TryRecv(4, log)          // empty
	s.TryReserve(1, true, log) // cancelled
	s.Reserve(1, true, log)    // cancelled
	s.Reserve(1, false, log)   // permit
	s.TryReserve(2, false, log)
	s.Reserve(3, false, log) // pending
	s.TryReserve(5, false, log)
	s.Abort(2, log) // wakes t3
	s.SendEvictOldest(5, log)
	s.Reserve(3, false, log) // permit
	s.Send(1, log)
	s.Recv(4, false, log)
	s.SendEvictOldest(5, log)
	s.SendEvictOldest(5, log) // evicts
	s.Reserve(6, false, log)
	s.Reserve(7, false, log)
	s.CancelReserve(7, log)
	s.Reserve(6, true, log)
	s.TryRecv(4, log)
	s.DropPermit(3, log)
	s.Reserve(1, false, log)
	s.Reserve(2, false, log)
	s.CloseReceiver(log)
	s.Send(1, log)
	s.TrySend(2, log)
	s.Reserve(3, false, log)
	s.SendEvictOldest(5, log)
	s.Recv(4, false, log)
	s.CancelRecv(4, log)
	s.DropSender(log)
	s.DropSender(log)
	s.TryRecv(4, log)
	s.CloseReceiver(log)
	return s
}

// TestOperationsDoNotAllocate: with a warmed-up log, no operation
// allocates, error paths included (the explorer's hot loop calls them).
func TestOperationsDoNotAllocate(t *testing.T) {
	var log trace.Log
	if s := story(&log); !s.ReceiverDropped || s.Senders != 0 || len(log.Events) < 30 {
		t.Fatalf("story did not run: %+v, %d events", s, len(log.Events))
	}
	if n := testing.AllocsPerRun(100, func() {
		log.Reset()
		story(&log)
	}); n != 0 {
		t.Errorf("%.1f allocations per story, want 0", n)
	}
}

// BenchmarkStory measures the whole story (about 35 operations) and
// reports the size of the state an explorer copies per successor.
func BenchmarkStory(b *testing.B) {
	var log trace.Log
	story(&log)
	b.ReportAllocs()
	for b.Loop() {
		log.Reset()
		story(&log)
	}
	b.ReportMetric(float64(unsafe.Sizeof(State{})), "bytes/state")
}
