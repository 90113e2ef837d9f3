package sthira

import (
	"testing"

	sm "modelcheck/model/sthira"
)

// TestStepAllocatesNothing: once the event log has grown, enabling and
// checking a successor allocates nothing (the explorer's hot loop calls
// these per successor).
func TestStepAllocatesNothing(t *testing.T) {
	sc, err := sm.Lookup("default")
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewExplorable(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The states live outside the walk, as they do in the explorer's
	// buffers: a state passed through the checker interface would
	// otherwise be moved to the heap by the test itself.
	buf := make([]sm.Input, 0, 64)
	s, next := new(sm.State), new(sm.State)
	walk := func() {
		*s = e.Init()
		for range 12 {
			buf = e.Enabled(s, buf[:0])
			for _, in := range buf {
				*next = *s
				e.Step(s, in, next)
			}
			*next = *s
			e.Step(s, buf[len(buf)/2], next)
			*s = *next
		}
	}
	walk()
	if n := testing.AllocsPerRun(20, walk); n != 0 {
		t.Fatalf("%v allocations per walk, want 0", n)
	}
}
