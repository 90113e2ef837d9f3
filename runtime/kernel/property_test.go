package kernel

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// genInput draws an operation over a small id space, valid or not: the
// kernel must reject the invalid ones without breaking a property.
func genInput(t *rapid.T) Input {
	op := Op(rapid.IntRange(int(Spawn), int(Abort)).Draw(t, "op"))
	return Input{
		Op:         op,
		Task:       uint8(rapid.IntRange(1, 5).Draw(t, "task")),
		Region:     uint8(rapid.IntRange(1, 3).Draw(t, "region")),
		Obligation: uint8(rapid.IntRange(1, 3).Draw(t, "obligation")),
		Arg:        uint8(rapid.IntRange(0, 10).Draw(t, "arg")),
		Priority:   uint8(rapid.IntRange(0, 2).Draw(t, "prio")),
		N:          uint32(rapid.IntRange(0, 3).Draw(t, "n")),
	}
}

// sanitize keeps operands inside each operation's domain (cancel kinds,
// obligation kinds, governors, outcomes) so most draws are meaningful.
func sanitize(in Input, s *State) Input {
	switch in.Op {
	case Governor:
		in.Arg %= 4
	case Reserve:
		in.Arg %= 6
	case Complete:
		in.Arg = uint8(cancel.Ok) + in.Arg%2
	}
	if in.Op >= Checkpoint && s.Current != 0 && in.Task%2 == 1 {
		in.Task = s.Current // mostly address the task being polled
	}
	return in
}

// checkStep is the set of properties the issue names: no phase regression,
// Completed absorbing, no severity weakening, no budget widening while a
// cancel is pending, and no duplicate runnable entry.
func checkStep(before, after *State) error {
	for id := uint8(1); id <= MaxTasks; id++ {
		b, a := before.Cancel.Task(id), after.Cancel.Task(id)
		if !b.Used {
			continue
		}
		if b.Phase != a.Phase && !legalPhaseChange(b.Phase, a.Phase) {
			return fmt.Errorf("t%d: illegal transition %s -> %s", id, b.Phase, a.Phase)
		}
		if b.Phase == cancel.Completed && (a.Phase != cancel.Completed || a.Outcome != b.Outcome) {
			return fmt.Errorf("t%d: left Completed(%s) for %s(%s)", id, b.Outcome, a.Phase, a.Outcome)
		}
		if b.CancelPending && a.CancelPending {
			if a.Reason.Kind.Severity() < b.Reason.Kind.Severity() {
				return fmt.Errorf("t%d: severity weakened %s -> %s", id, b.Reason.Kind, a.Reason.Kind)
			}
			if !noWiderThan(a.Budget, b.Budget) {
				return fmt.Errorf("t%d: budget widened %+v -> %+v", id, b.Budget, a.Budget)
			}
		}
	}
	var seen [MaxTasks + 1]int
	for l := sched.Cancel; l <= sched.Ready; l++ {
		for _, e := range after.Sched.Entries(l) {
			seen[e.Task]++
			if seen[e.Task] > 1 {
				return fmt.Errorf("t%d has %d runnable entries", e.Task, seen[e.Task])
			}
		}
	}
	return nil
}

func TestPropertiesHoldOnRandomInputs(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		s := New(DefaultConfig())
		s.Config.CancelStreakLimit = uint8(rapid.IntRange(0, 3).Draw(rt, "limit"))
		s.Sched.Config.CancelStreakLimit = s.Config.CancelStreakLimit
		var log trace.Log
		steps := rapid.IntRange(1, 60).Draw(rt, "steps")
		for i := 0; i < steps; i++ {
			in := sanitize(genInput(rt), &s)
			before := s
			log.Reset()
			if err := s.Apply(in, &log); err != nil {
				s = before // a rejected operation leaves no trace
				continue
			}
			if err := checkStep(&before, &s); err != nil {
				rt.Fatalf("after %s: %v", in, err)
			}
		}
	})
}

// TestPropertiesCatchFaults proves each property can fail: with the fault
// that breaks it, a short directed script trips checkStep.
func TestPropertiesCatchFaults(t *testing.T) {
	cases := []struct {
		f      fault.Fault
		script []string
	}{
		{fault.PhaseRegress, []string{"spawn r1", "dispatch", "cancel t1 kind=User", "checkpoint t1", "cancel t1 kind=User"}},
		{fault.ResumeCompleted, []string{"spawn r1", "dispatch", "complete t1 ok", "cancel t1 kind=User"}},
		{fault.WeakenSeverity, []string{"spawn r1", "cancel t1 kind=Shutdown", "cancel t1 kind=User"}},
		{fault.WidenBudget, []string{"spawn r1", "cancel t1 kind=Shutdown", "cancel t1 kind=User"}},
		{fault.NoWakeDedup, []string{"spawn r1", "wake t1"}},
	}
	for _, c := range cases {
		t.Run(c.f.Name(), func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Faults = cfg.Faults.With(c.f)
			s := New(cfg)
			var log trace.Log
			for _, line := range c.script {
				in, err := ParseInput(line)
				if err != nil {
					t.Fatal(err)
				}
				before := s
				if err := s.Apply(in, &log); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				if checkStep(&before, &s) != nil {
					return
				}
			}
			t.Fatalf("fault %s never tripped a property", c.f.Name())
		})
	}
}

// noWiderThan: budget b is at least as tight as o in every component (001,
// Non-Negotiable Invariant 3).
func noWiderThan(b, o cancel.Budget) bool {
	deadlineOK := o.Deadline == 0 || (b.Deadline != 0 && b.Deadline <= o.Deadline)
	return deadlineOK && b.PollQuota <= o.PollQuota && b.CostQuota <= o.CostQuota && b.Priority >= o.Priority
}

// legalPhaseChange is 001's Legal Transitions table.
func legalPhaseChange(from, to cancel.Phase) bool {
	switch from {
	case cancel.Created:
		return to == cancel.Running || to == cancel.CancelRequested || to == cancel.Completed
	case cancel.Running:
		return to == cancel.CancelRequested || to == cancel.Completed
	case cancel.CancelRequested:
		return to == cancel.CancelRequested || to == cancel.Cancelling || to == cancel.Completed
	case cancel.Cancelling:
		return to == cancel.Cancelling || to == cancel.Finalizing || to == cancel.Completed
	case cancel.Finalizing:
		return to == cancel.Finalizing || to == cancel.Completed
	}
	return false
}
