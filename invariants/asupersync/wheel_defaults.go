package asupersync

import (
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// The wheel's bounds when a configuration leaves them unset, as 004 2.7
// gives them (semantics-notes: the overflow threshold is min(24 h, the
// physical range of about 49.7 days), so 24 h). They are kept here rather
// than read from package wheel: wheel-placement and wheel-accepts-valid
// take the bound in force from the runtime's configuration or constants,
// so a wrong default there would be agreed with.
const (
	contractMaxWheelDuration = 24 * 3_600_000     // 24 h in ms
	contractMaxTimerDuration = 7 * 24 * 3_600_000 // 7 days in ms
)

var wheelDefaultInvariants = []Invariant{
	{"wheel-default-bounds", []string{"004/2.7", "004/2.3", "INV-TM-04", "tm-overflow-001", "tm-duration-exceeded-001"},
		"with max_wheel_duration unset, a timer registered with deadline - now of 24 h or more goes to the overflow heap and one due sooner does not; with max_timer_duration unset, try_register refuses exactly the durations over 7 days", wheelDefaultBounds},
}

func wheelDefaultBounds(c *Context) bool {
	if !c.Scenario.Kernel.Wheel {
		return false
	}
	cfg := &c.Scenario.Kernel.WheelConfig
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.WheelRegistered:
			if e.Deadline <= e.Now {
				continue
			}
			d := e.Deadline - e.Now
			if cfg.MaxWheelDuration == 0 && (d >= contractMaxWheelDuration) != (e.Level == wheel.Overflow) {
				return true
			}
			if cfg.MaxTimerDuration == 0 && d > contractMaxTimerDuration {
				return true
			}
		case trace.WheelRejected:
			if cfg.MaxTimerDuration == 0 && (e.Deadline <= e.Now || e.Deadline-e.Now <= contractMaxTimerDuration) {
				return true
			}
		}
	}
	return false
}
