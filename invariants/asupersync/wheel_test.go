package asupersync

import (
	"testing"

	"modelcheck/runtime/trace"
)

// TestWheelWrapSafeCatchesARegistrationOfAnotherID proves
// wheel-wrap-safe's id clause (004 2.3, 2.6, INV-TM-06: a registration
// takes the wheel's next id, which wraps rather than stops). A real
// registration is reached (timers: t1 sleeps 1 ms), then replayed with its
// wheel_registered naming the id after the next one, the counters after
// the step left right.
func TestWheelWrapSafeCatchesARegistrationOfAnotherID(t *testing.T) {
	c, at := wheelSleep(t)
	if wheelWrapSafe(c) {
		t.Fatalf("setup: the registration is flagged: %v", c.Events)
	}
	if !flagsEditedEvents(wheelWrapSafe, c, func(ev []trace.Event) { ev[at].ID++ }) {
		t.Error("a wheel_registered with an id other than the next is not flagged")
	}
}

// TestWheelWrapSafeCatchesARegistrationOfAnotherGeneration proves
// wheel-wrap-safe's generation clause (004 2.3, 2.6, INV-TM-06: a
// registration takes the wheel's next generation). A real registration is
// reached (timers), then replayed with its wheel_registered naming the
// generation after the next one.
func TestWheelWrapSafeCatchesARegistrationOfAnotherGeneration(t *testing.T) {
	c, at := wheelSleep(t)
	if !flagsEditedEvents(wheelWrapSafe, c, func(ev []trace.Event) { ev[at].Gen++ }) {
		t.Error("a wheel_registered with a generation other than the next is not flagged")
	}
}
