package kernel

import (
	"testing"

	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// TestSleepMeasuredFromKernelNow: time reaches t1's deadline while t2 is
// polled, with no dispatch (so no collect) since; t2's sleep of exactly
// max_timer_duration must be registered, one 1 ms longer refused, both
// measured from the kernel's now (004 2.3, 2.7). With the wheel's clock
// left behind, the first would be refused.
func TestSleepMeasuredFromKernelNow(t *testing.T) {
	for _, c := range []struct {
		d      uint32
		refuse bool
	}{{3, false}, {4, true}} {
		cfg := DefaultConfig()
		cfg.Wheel = true
		cfg.WheelConfig = wheel.Config{MaxTimerDuration: 3}
		s := New(cfg)
		var log trace.Log
		script := []Input{
			{Op: Spawn, Region: 1}, {Op: Dispatch}, {Op: Sleep, Task: 1, N: 2},
			{Op: Spawn, Region: 1}, {Op: Dispatch}, {Op: Advance, N: 2},
			{Op: Sleep, Task: 2, N: c.d},
		}
		for _, in := range script {
			if err := s.Apply(in, &log); err != nil {
				t.Fatalf("%v: %v", in, err)
			}
		}
		var last trace.Event
		fired := 0
		for _, e := range log.Events {
			switch e.Kind {
			case trace.WheelRegistered, trace.WheelRejected:
				last = e
			case trace.WheelFired:
				fired++
			}
		}
		switch {
		case !c.refuse && (last.Kind != trace.WheelRegistered || last.Now != 2 || last.Deadline != 2+uint64(c.d)):
			t.Errorf("sleep %d at now 2: %v, want registered at now 2", c.d, last)
		case c.refuse && last.Kind != trace.WheelRejected:
			t.Errorf("sleep %d at now 2: %v, want rejected", c.d, last)
		}
		// t1's timer fell due on the way: it waits, unfired, for phase 0.
		if fired != 0 {
			t.Errorf("the sleep fired %d timers", fired)
		}
	}
}
