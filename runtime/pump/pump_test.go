package pump

import (
	"testing"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestTimerTurnWithoutTheTimerCapability: 000 F4 on the timer callback
// path. A timer turn with a due timer, in a pump not granted the timer
// capability, fails closed: one authorization error naming the
// capability, and the pump not scheduled to fire the timer. The explorer
// cannot show this: a scenario whose tasks sleep must hold the timer
// capability (its sleeps could never end otherwise), so only this test
// runs the path. Under fault ambient-authority the turn schedules the
// pump as if granted, with no error, which the test tells apart. Either
// way the turn fires nothing itself: the kernel fires due timers in
// phase 0 of the pump's run.
func TestTimerTurnWithoutTheTimerCapability(t *testing.T) {
	sleeping := []string{"spawn r1", "microtask", "dispatch", "sleep t1 1"}
	completed := []string{"spawn r1", "microtask", "dispatch", "sleep t1 1", "wake t1", "microtask", "dispatch", "complete t1 ok"}
	for _, tc := range []struct {
		name      string
		script    []string
		faults    fault.Set
		denials   int
		scheduled bool
	}{
		{"no capability", sleeping, fault.Set{}, 1, false},
		{"ambient authority", sleeping, fault.Set{}.With(fault.AmbientAuthority), 0, true},
		// A completed task's cancelled timer falls due with nothing
		// runnable: its callback would be a stale-timer diagnostic, and
		// without the capability it is denied instead.
		{"stale timer", completed, fault.Set{}, 1, false},
		// A turn before the deadline has no callback to deliver, so
		// there is nothing to deny.
		{"nothing due", []string{"spawn r1", "microtask", "dispatch", "sleep t1 2"}, fault.Set{}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := New(Config{Caps: CapMessage, Faults: tc.faults}, kernel.DefaultConfig())
			var log trace.Log
			for _, line := range tc.script {
				in, err := ParseInput(line)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Apply(in, &log); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
			}
			log.Reset()
			if err := s.Apply(Input{Host: TimerTurn, K: kernel.Input{Op: kernel.Advance, N: 1}}, &log); err != nil {
				t.Fatalf("timer turn: %v", err)
			}
			denials, scheduled := 0, false
			for _, e := range log.Events {
				switch e.Kind {
				case trace.AuthorizationDenied:
					denials++
					if e.AttrKey != "capability" || e.AttrVal != "timer" || e.ErrorClass != trace.ErrUnauthorized {
						t.Errorf("the denial does not name the timer capability: %s", e)
					}
				case trace.PumpScheduled:
					scheduled = true
				case trace.TimerFired, trace.Enqueued:
					t.Errorf("the timer turn fired or woke something itself: %s", e)
				}
			}
			if denials != tc.denials || scheduled != tc.scheduled || (s.Mode == Scheduled) != tc.scheduled {
				t.Errorf("want %d denials and pump scheduled %v; got %d, %v, pump %s: %v", tc.denials, tc.scheduled, denials, scheduled, s.Mode, log.Events)
			}
			if tm := s.Kernel.Timers[0]; !tm.Used {
				t.Errorf("the timer's slot was freed, its callback not delivered: %v", log.Events)
			}
		})
	}
}
