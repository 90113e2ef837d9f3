package vm

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"modelcheck/explore"
	mvm "modelcheck/model/vm"
)

// TestStepAllocatesNothing: a checked transition (the model's rounds or
// steps, the recorders, every invariant, the N = 0 probe) allocates
// nothing once the scratch buffers have grown, in both kinds of scenario.
func TestStepAllocatesNothing(t *testing.T) {
	for _, name := range []string{"claim", "capacity-1"} {
		sc, _ := mvm.Lookup(name)
		e, err := NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Walk to a state with three sessions loaded, then time its
		// transitions.
		s := e.Init()
		buf := e.Enabled(&s, nil)
		for range 3 {
			next := s
			e.Step(&s, buf[1], &next) // pipeline
			s = next
			buf = e.Enabled(&s, buf[:0])
		}
		steps := 0
		for _, in := range buf {
			if in.Kind != mvm.Load {
				steps++
			}
		}
		if steps == 0 {
			t.Fatalf("%s: nothing to run after three loads", name)
		}
		var next State
		if n := testing.AllocsPerRun(100, func() {
			for _, in := range buf {
				if in.Kind != mvm.Load {
					next = s
					e.Step(&s, in, &next)
				}
			}
			buf = e.Enabled(&s, buf[:0])
		}); n != 0 {
			t.Errorf("%s: %.1f allocations per batch of transitions, want 0", name, n)
		}
	}
}

// TestSameResultWhateverTheWorkers: the counts and the first
// counterexample do not depend on the number of workers.
func TestSameResultWhateverTheWorkers(t *testing.T) {
	for _, name := range []string{"default", "claim-interleavings"} {
		sc, _ := mvm.Lookup(name)
		var first explore.Result[mvm.Input]
		for _, w := range []int{1, 3} {
			e, err := NewExplorable(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			r, err := explore.Run[State, mvm.Input](context.Background(), e, explore.Options{Depth: 10, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if w == 1 {
				first = r
				continue
			}
			if r.Distinct != first.Distinct || r.Generated != first.Generated || !reflect.DeepEqual(r.Violations, first.Violations) {
				t.Errorf("%s: %d workers: %d/%d states, %v; 1 worker: %d/%d, %v", name, w,
					r.Distinct, r.Generated, r.Violations, first.Distinct, first.Generated, first.Violations)
			}
		}
	}
}

// TestCheckerRefusesWhatItCannotCheck: an unknown invariant, or the claim
// in a scenario that does not check it, is an error naming the choices.
func TestCheckerRefusesWhatItCannotCheck(t *testing.T) {
	sc, _ := mvm.Lookup("default")
	if _, err := NewChecker(&sc, []string{"nope"}); err == nil || !strings.Contains(err.Error(), "pick-order") {
		t.Errorf("unknown invariant: %v", err)
	}
	if _, err := NewChecker(&sc, []string{"session-trace-invariance"}); err == nil || !strings.Contains(err.Error(), "claim-interleavings") {
		t.Errorf("the claim in default: %v", err)
	}
	claim, _ := mvm.Lookup("claim")
	if _, err := NewChecker(&claim, []string{"session-trace-invariance"}); err != nil {
		t.Errorf("the claim in claim: %v", err)
	}
}
