package cancel

import (
	"testing"

	"modelcheck/runtime/fault"
)

// TestCascadeSchedulesOnlyChanged is "Cascade Law" step 5: the returned
// cancel-scheduling set holds the tasks whose phase, reason or budget the
// request changed. Repeating a request changes nothing and returns none; a
// more severe request on a subtree returns the tasks it strengthened; under
// fault RequeueUnchangedCancel every live task reached is returned again.
func TestCascadeSchedulesOnlyChanged(t *testing.T) {
	s, log := tree(t, Config{})
	first, err := s.CancelRegion(1, Deadline, 7, log)
	must(t, err)
	if first != 0b111 {
		t.Fatalf("first request: set %b, want 111", first)
	}
	again, err := s.CancelRegion(1, Deadline, 9, log)
	must(t, err)
	if again != 0 {
		t.Errorf("repeated request: set %b, want none (nothing changed)", again)
	}
	// Shutdown on r1 strengthens t1 (Deadline -> Shutdown). The tasks
	// below already hold a ParentCancelled reason, which an equally
	// severe, later one does not replace: they are in the set exactly
	// when their budget tightened.
	before := s.Tasks
	sub, err := s.CancelRegion(1, Shutdown, 9, log)
	must(t, err)
	for i := range s.Tasks {
		changed := s.Tasks[i].CancelChanged(&before[i])
		if in := sub&(1<<i) != 0; in != changed {
			t.Errorf("t%d: in the set %v, changed %v", i+1, in, changed)
		}
	}
	if sub&1 == 0 {
		t.Errorf("Shutdown on r1 must strengthen t1's Deadline: set %b", sub)
	}

	s, log = tree(t, Config{Faults: fault.Set{}.With(fault.RequeueUnchangedCancel)})
	_, err = s.CancelRegion(1, Deadline, 7, log)
	must(t, err)
	if again, _ := s.CancelRegion(1, Deadline, 9, log); again != 0b111 {
		t.Errorf("fault: repeated request set %b, want 111 (every live task)", again)
	}
}
