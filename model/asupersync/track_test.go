package asupersync

import (
	"math/rand/v2"
	"testing"

	"modelcheck/internal/walk"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// TestAwaitingFollowsTheWaits: on random paths of every scenario, the
// environment's record of which tasks wait for an external wake
// (State.Awaiting) keeps the State comment's rules: a task that returns
// Pending waits; a wake or callback that reaches it ends the wait, but a
// denied callback or a stale waker's wake (a generation the task never
// had) reaches nobody and changes nothing; and a completed task waits for
// nothing, however it completed (returning, or finishing its finalizer
// after a cancel).
func TestAwaitingFollowsTheWaits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var stale, completed int // met
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log trace.Log
		walk.Random(m, rng, 20, 30, func(s *State, in Input) bool {
			before := s.Awaiting
			log.Reset()
			if err := m.Apply(s, in, &log); err != nil {
				t.Fatalf("%s: %s: %v", sc.Name, in, err)
			}
			denied := in.Host == pump.Callback && s.P.Config.Caps&in.Cap == 0
			if denied || in.K.Op == kernel.Wake && in.K.N == staleGen {
				stale++
				if s.Awaiting != before {
					t.Fatalf("%s: %s (delivering nothing) changed Awaiting %016b -> %016b", sc.Name, in, before, s.Awaiting)
				}
			}
			if in.K.Op == kernel.Pending && s.Awaiting&(1<<(in.K.Task-1)) == 0 {
				t.Fatalf("%s: %s: the task does not wait", sc.Name, in)
			}
			for id := uint8(1); id <= cancel.MaxTasks; id++ {
				if tk := TaskRecord(&s.P.Kernel.Cancel, id); tk.Used && tk.Phase == cancel.Completed {
					completed++
					if s.Awaiting&(1<<(id-1)) != 0 {
						t.Fatalf("%s: after %s, completed t%d still waits for a wake", sc.Name, in, id)
					}
				}
			}
			return true
		})
	}
	if stale == 0 || completed == 0 {
		t.Errorf("met %d stale or denied wakes and %d completed tasks: want some of each", stale, completed)
	}
}

// TestNativeDeniedCallbackWakesNobody: on the native backend, a host
// callback through a capability the adapter does not hold is denied at
// the authority seam (000 P3, F4) and wakes nothing: the parked task
// stays out of every lane.
func TestNativeDeniedCallbackWakesNobody(t *testing.T) {
	sc := lookup(t, "native")
	sc.Pump.Caps = pump.CapTimer
	m := New(sc, nil)
	s := m.Init()
	var log trace.Log
	applyAll(t, m, &s, &log, kernelOps(
		kernel.Input{Op: kernel.Spawn, Region: 1},
		kernel.Input{Op: kernel.Dispatch},
		kernel.Input{Op: kernel.Pending, Task: 1},
	)...)
	applyAll(t, m, &s, &log, Input{Host: pump.Callback, Cap: pump.CapMessage, K: kernel.Input{Op: kernel.Wake, Task: 1}})
	if s.P.Kernel.Sched.Scheduled&1 != 0 || s.Awaiting&1 == 0 {
		t.Errorf("a denied callback woke t1 (scheduled %b, awaiting %b)", s.P.Kernel.Sched.Scheduled, s.Awaiting)
	}
	if len(log.Events) == 0 || log.Events[0].Kind != trace.AuthorizationDenied {
		t.Errorf("the denied callback emitted %v, want authorization_denied", log.Events)
	}
}

// TestCancelledWaiterCompletesWaitingForNothing: a task parked by its own
// Pending waits for an external wake; cancelled there, the runtime
// reschedules it and its poll runs the cancel through (checkpoint,
// cleanup, finalizer), and the wait is still on record until the task
// completes: finishing its finalizer ends it, as returning does, so a
// completed task is never offered the parked task's callbacks.
func TestCancelledWaiterCompletesWaitingForNothing(t *testing.T) {
	sc := lookup(t, "native")
	m := New(sc, nil)
	s := m.Init()
	var log trace.Log
	for i, in := range []kernel.Input{
		{Op: kernel.Spawn, Region: 1},
		{Op: kernel.Dispatch},
		{Op: kernel.Pending, Task: 1},
		{Op: kernel.CancelTask, Task: 1, Arg: uint8(cancel.User)},
		{Op: kernel.Dispatch},
		{Op: kernel.Checkpoint, Task: 1},
		{Op: kernel.CleanupDone, Task: 1},
		{Op: kernel.FinalizeDone, Task: 1},
	} {
		applyAll(t, m, &s, &log, Input{K: in})
		// Waiting from the Pending (step 2) until the finalizer is done.
		if waits, want := s.Awaiting&1 != 0, i >= 2 && i < 7; waits != want {
			t.Fatalf("after %s: t1 waits %v, want %v", in, waits, want)
		}
	}
	if tk := TaskRecord(&s.P.Kernel.Cancel, 1); tk.Phase != cancel.Completed {
		t.Fatalf("t1 is %s, want Completed", tk.Phase)
	}
}
