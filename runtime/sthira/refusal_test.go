package sthira

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestRefusalChangesNothing: Apply's promise that an input the scheduler
// cannot take is an error and leaves the state as it was, with no event,
// and that a call the lifecycle forbids in the task's phase is one it
// cannot take (acceptedIn). The explorer never offers such an input (the
// model checks first), so this test is what holds the runtime to it:
// random inputs, valid or not (a slot past the table, a task in the wrong
// phase, a bad priority, scope or outcome), on the states random runs
// reach, under random configurations. (Session 43's audit planted a submit
// that took an ATTACHED task: it queued the task a second time, and the
// scheduler later ran it while it was still queued.)
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
			} else if want, ok := acceptedIn[in.Op]; ok && before.Task(in.Task).Phase != want {
				t.Fatalf("after %s: %s was accepted of a task in %s; the lifecycle allows it only in %s", strings.Join(history, "; "), in, before.Task(in.Task).Phase, want)
			}
		}
	})
}

// acceptedIn is the one phase in which the lifecycle (semantics-notes,
// contract 003 §3, §8) lets each task call be taken: a submission of a
// declared task, a completion or suspension of a running one, a
// resumption of a suspended one, and an explicit cancel of one waiting in
// a queue (queued tasks are ATTACHED). It is the test's own table, not the
// runtime's checks.
var acceptedIn = map[Op]Phase{Submit: Init, Complete: Running, Suspend: Running, Resume: Suspended, Cancel: Attached}

// TestCallsOnlyInTheirPhase holds every task call to acceptedIn on a task
// in each phase, deterministically: the random test above meets a call in
// a forbidden phase only now and then (a submit of a task already queued
// took it 38 runs once). The state has a DISPOSED t4, a RUNNING t1, a
// queued (ATTACHED) t2 and an INIT t3, under limit 1; then t1 suspends.
// A call is taken exactly in the phase acceptedIn names.
func TestCallsOnlyInTheirPhase(t *testing.T) {
	cfg := Config{Limit: 1, Tasks: 4}
	s := New()
	var log Log
	for _, in := range []Input{
		{Op: Declare, Task: 4, Prio: Normal}, {Op: Submit, Task: 4}, {Op: Complete, Task: 4, Outcome: Success},
		{Op: Declare, Task: 1, Prio: Normal}, {Op: Submit, Task: 1},
		{Op: Declare, Task: 2, Prio: Normal}, {Op: Submit, Task: 2},
		{Op: Declare, Task: 3, Prio: Normal},
	} {
		if err := s.Apply(&cfg, in, &log); err != nil {
			t.Fatalf("setup: %s: %v", in, err)
		}
	}
	suspended := s
	if err := suspended.Apply(&cfg, Input{Op: Suspend, Task: 1}, &log); err != nil {
		t.Fatalf("setup: suspend t1: %v", err)
	}
	if _, _, queued := s.Queued(2); !queued || s.Task(1).Phase != Running || s.Task(2).Phase != Attached ||
		s.Task(3).Phase != Init || s.Task(4).Phase != Disposed || suspended.Task(1).Phase != Suspended {
		t.Fatalf("setup: phases t1 %s (then %s), t2 %s (queued %v), t3 %s, t4 %s", s.Task(1).Phase, suspended.Task(1).Phase,
			s.Task(2).Phase, queued, s.Task(3).Phase, s.Task(4).Phase)
	}
	for _, st := range []State{s, suspended} {
		for id := uint8(1); id <= 4; id++ {
			for op, want := range acceptedIn {
				in := Input{Op: op, Task: id, Outcome: Success}
				probe := st
				err := probe.Apply(&cfg, in, &log)
				if phase := st.Task(id).Phase; (err == nil) != (phase == want) {
					t.Errorf("%s of a task in %s: error %v; the lifecycle takes it only in %s", in, phase, err, want)
				}
			}
		}
	}
}
