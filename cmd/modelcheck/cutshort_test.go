package main

import (
	"testing"

	"modelcheck/explore"
)

// TestCutShort: only a run stopped inside the level of its first violation
// (a signal, a limit) says its counts are partial; one that finished the
// level, as every run with a violation does unless stopped, does not.
func TestCutShort(t *testing.T) {
	for reason, want := range map[explore.StopReason]bool{
		explore.NotStopped:           false,
		explore.StoppedAtViolation:   false,
		explore.StoppedByContext:     true,
		explore.StoppedAtMaxStates:   true,
		explore.StoppedAtMemoryLimit: true,
	} {
		r := explore.Result[string]{StoppedEarly: reason}
		if got := cutShort(&r); got != want {
			t.Errorf("%s: cutShort %v, want %v", reason, got, want)
		}
	}
}
