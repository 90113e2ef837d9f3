package asupersync

import (
	"context"
	"slices"
	"testing"

	"modelcheck/explore"
	model "modelcheck/model/asupersync"
)

// purpose lists what a scenario's configuration turns on, as coverage
// labels (explore --coverage): each must happen somewhere in the scenario,
// or the scenario passes its checks without running what it configures.
func purpose(sc *model.Scenario) []string {
	var want []string
	on := func(cond bool, labels ...string) {
		if cond {
			want = append(want, labels...)
		}
	}
	k := &sc.Kernel
	timers := sc.Sleep > 0 || len(sc.Sleeps) > 0
	// Tasks spawned before the first step are spawned by no step.
	on(sc.Tasks > sc.Spawned, "event task_spawned")
	on(sc.Tasks > 0, "event task_completed")
	on(sc.Regions > 1, "event region_opened", "event region_closed")
	on(sc.Obligations > 0, "event obligation_reserved", "event obligation_committed", "event obligation_aborted")
	on(sc.LeakyTasks && sc.Obligations > 0, "event obligation_leaked")
	on(sc.Finalizers > 0, "event finalizer_registered", "event finalizer_done")
	on(timers && !k.Wheel, "event timer_registered", "event timer_fired")
	on(timers && k.Wheel, "event wheel_registered", "event wheel_fired")
	on(len(sc.CancelKinds) > 0, "event cancel_requested", "event cancel_acknowledged")
	on(!sc.NoRegionCancel && sc.Regions > 1, "event region_cancelled")
	on(sc.Masks, "event mask_entered", "event cancel_deferred_masked")
	on(sc.DeniedCallbacks, "event authorization_denied")
	on(sc.Callbacks, "input callback")
	// A stale timer handle exists only on the wheel; a stale waker
	// anywhere (and, with Callbacks, in a callback's token).
	on(sc.StaleHandles && k.Wheel, "input timer-cancel-stale")
	on(sc.StaleHandles, "event stale_wake")
	// The task after the senders receives, if the scenario has one.
	receiver := k.Channel.Capacity > 0 && sc.Tasks > k.Channel.Senders
	on(k.Channel.Capacity > 0, "event chan_sent")
	on(receiver, "event chan_received")
	on(sc.ChanTryOps, "input chan-try-send")
	on(sc.ChanTryOps && receiver, "input chan-try-recv")
	on(sc.PoolTasks > 0, "input pool-push", "event stolen", "event popped_local")
	on(!sc.Native, "event pump_running")
	return want
}

// unrun explores sc (depth 12, at most 100,000 states) and returns what
// its configuration turns on that never happened.
func unrun(t *testing.T, sc model.Scenario) []string {
	t.Helper()
	e, err := NewExplorable(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := explore.Run[model.State, model.Input](context.Background(), e, explore.Options{Depth: 12, MaxStates: 100_000, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Violations) > 0 {
		t.Fatalf("violates %s", r.Violations[0].Name)
	}
	return r.Uncovered(purpose(&sc))
}

// TestScenariosRunWhatTheyConfigure asks of every scenario that
// everything its configuration turns on happened: a scenario whose channel
// never carried a message, or whose timers never fired, would be clean
// about behaviour it never ran. A runtime bug that stops such behaviour
// altogether fails here even where every check passes: admits refusing
// every region left the default scenario 16 states deep and clean under
// every check but open-region-admits, with task_spawned never happening.
func TestScenariosRunWhatTheyConfigure(t *testing.T) {
	for _, sc := range model.Scenarios() {
		t.Run(sc.Name, func(t *testing.T) {
			t.Parallel()
			if missing := unrun(t, sc); len(missing) > 0 {
				t.Errorf("never happened within depth 12: %v", missing)
			}
		})
	}
}

// TestUnrunSeesWhatNeverHappened: a scenario given masks but no cancel
// to defer enters masks whose deferral never happens, and unrun says so.
func TestUnrunSeesWhatNeverHappened(t *testing.T) {
	sc, err := model.Lookup("wheel-ready-order")
	if err != nil {
		t.Fatal(err)
	}
	sc.Masks = true
	missing := unrun(t, sc)
	if !slices.Equal(missing, []string{"event cancel_deferred_masked"}) {
		t.Errorf("wheel-ready-order with masks and no cancels: missing %v, want only cancel_deferred_masked", missing)
	}
}
