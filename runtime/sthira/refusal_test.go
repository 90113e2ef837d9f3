package sthira

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestRefusalChangesNothing: Apply's promise that an input the scheduler
// cannot take is an error and leaves the state as it was, with no event.
// The explorer never offers such an input (the model checks first), so
// this test is what holds the runtime to it: random inputs, valid or not
// (a slot past the table, a task in the wrong phase, a bad priority,
// scope or outcome), on the states random runs reach, under random
// configurations.
func TestRefusalChangesNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := Config{
			Limit:      uint8(rapid.IntRange(1, 3).Draw(t, "limit")),
			QueueLimit: uint8(rapid.IntRange(0, 2).Draw(t, "queue_limit")),
			MaxWait:    uint8(rapid.IntRange(0, 3).Draw(t, "max_wait")),
			Reject:     rapid.Bool().Draw(t, "reject"),
			Recycle:    rapid.Bool().Draw(t, "recycle"),
			Tasks:      uint8(rapid.IntRange(1, MaxTasks).Draw(t, "tasks")),
		}
		for i := range cfg.ScopeLimit {
			cfg.ScopeLimit[i] = uint8(rapid.IntRange(0, 2).Draw(t, "scope_limit"))
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("drew an invalid configuration: %v", err)
		}
		s := New()
		var log Log
		var history []string
		for range rapid.IntRange(1, 80).Draw(t, "steps") {
			in := Input{
				Op:      Op(rapid.IntRange(1, NumOps-1).Draw(t, "op")),
				Task:    uint8(rapid.IntRange(1, int(cfg.Tasks)).Draw(t, "task")),
				Prio:    rapid.SampledFrom(Priorities[:]).Draw(t, "prio"),
				Scope:   uint8(rapid.IntRange(0, MaxScopes-1).Draw(t, "scope")),
				Outcome: rapid.SampledFrom([]Outcome{Success, Error}).Draw(t, "outcome"),
			}
			// One input in eight is out of range somewhere, so that the
			// runs still reach queues, drops and retries.
			if rapid.IntRange(0, 7).Draw(t, "wild") == 0 {
				in.Op = Op(rapid.IntRange(0, NumOps).Draw(t, "wild op"))
				in.Task = uint8(rapid.IntRange(0, MaxTasks+1).Draw(t, "wild task"))
				in.Prio = Priority(rapid.IntRange(0, int(Low)+1).Draw(t, "wild prio"))
				in.Scope = uint8(rapid.IntRange(0, MaxScopes).Draw(t, "wild scope"))
				in.Outcome = Outcome(rapid.IntRange(0, int(Error)+1).Draw(t, "wild outcome"))
			}
			history = append(history, in.String())
			before, logged := s, len(log.Events)
			if err := s.Apply(&cfg, in, &log); err != nil {
				if s != before || len(log.Events) != logged {
					t.Fatalf("after %s: the refusal (%v) changed the state or emitted %v", strings.Join(history, "; "), err, log.Events[logged:])
				}
			}
		}
	})
}
