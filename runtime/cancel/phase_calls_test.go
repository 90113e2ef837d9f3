package cancel

import (
	"slices"
	"testing"

	"modelcheck/runtime/trace"
)

// TestCallsOnlyInTheirPhase tries every task operation on a task in each
// phase (001 Legal Transitions, T1-T5). Each is accepted only in the
// phases where the contract or the package's doc takes it, refused
// elsewhere with an error that changes nothing and announces nothing, and
// where it is accepted but has no move to make (a poll of a task already
// Running, a checkpoint with no cancel pending, a request on a Completed
// task) it changes nothing and announces nothing either.
//
// The model never offers cleanup_done or finalize_done outside Cancelling
// and Finalizing (model/asupersync/enabled.go), so the explorer cannot
// judge a runtime that accepts one there: session 44's cancel-protocol
// audit took cleanup_done from CancelRequested and finalize_done from
// Cancelling through every scenario. This test catches both.
func TestCallsOnlyInTheirPhase(t *testing.T) {
	var log trace.Log
	s := New(Config{})
	live := []Phase{Created, Running, CancelRequested, Cancelling, Finalizing}
	active := []Phase{Running, CancelRequested, Cancelling, Finalizing}
	// One task in each phase, two Completed (Ok, and Cancelled through
	// the whole protocol).
	var ids []uint8
	for _, target := range []Phase{Created, Running, CancelRequested, Cancelling, Finalizing, Completed, Completed} {
		id := mustID(t)(s.Spawn(1, &log))
		ids = append(ids, id)
		cancelled := len(ids) == 7
		steps := []func() error{
			func() error { return s.Start(id, &log) },
			func() error { return s.RequestTask(id, Reason{Kind: User}, BudgetFor(User, 0), &log) },
			func() error { _, err := s.Checkpoint(id, &log); return err },
			func() error { return s.CleanupDone(id, &log) },
			func() error { return s.FinalizeDone(id, &log) },
		}
		switch {
		case target == Completed && !cancelled:
			must(t, s.Start(id, &log))
			must(t, s.Complete(id, Ok, &log))
		case target == Completed:
			for _, f := range steps {
				must(t, f())
			}
		default:
			for _, f := range steps[:target] {
				must(t, f())
			}
		}
		if got := s.Tasks[id-1].Phase; got != target {
			t.Fatalf("setup: t%d is %s, want %s", id, got, target)
		}
	}
	log.Reset()

	ops := []struct {
		name string
		call func(s *State, id uint8, log *trace.Log) error
		// accepts are the phases the operation returns no error in;
		// moves those where it may change the state or announce.
		accepts, moves []Phase
	}{
		{"start", func(s *State, id uint8, log *trace.Log) error { return s.Start(id, log) },
			append(live, Completed), []Phase{Created}},
		{"request", func(s *State, id uint8, log *trace.Log) error {
			return s.RequestTask(id, Reason{Kind: Shutdown, At: 1}, BudgetFor(Shutdown, 0), log)
		}, append(live, Completed), live},
		{"checkpoint", func(s *State, id uint8, log *trace.Log) error { _, err := s.Checkpoint(id, log); return err },
			active, []Phase{CancelRequested}},
		{"mask", func(s *State, id uint8, log *trace.Log) error { return s.Mask(id, log) }, active, active},
		{"cleanup-done", func(s *State, id uint8, log *trace.Log) error { return s.CleanupDone(id, log) },
			[]Phase{Cancelling}, []Phase{Cancelling}},
		{"finalize-done", func(s *State, id uint8, log *trace.Log) error { return s.FinalizeDone(id, log) },
			[]Phase{Finalizing}, []Phase{Finalizing}},
		{"complete", func(s *State, id uint8, log *trace.Log) error { return s.Complete(id, Ok, log) }, live, live},
	}
	for _, op := range ops {
		for _, id := range ids {
			phase := s.Tasks[id-1].Phase
			probe := s
			var plog trace.Log
			err := op.call(&probe, id, &plog)
			if accepted := slices.Contains(op.accepts, phase); (err == nil) != accepted {
				t.Errorf("%s of t%d in %s: error %v; it is taken only in %v", op.name, id, phase, err, op.accepts)
			}
			if slices.Contains(op.moves, phase) && err == nil {
				continue
			}
			if probe != s || len(plog.Events) != 0 {
				t.Errorf("%s of t%d in %s (error %v) changed the state or announced %d events; it moves a task only in %v",
					op.name, id, phase, err, len(plog.Events), op.moves)
			}
		}
	}
}
