package asupersync

import (
	"strings"
	"testing"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestSummaryByHand: a state's summary names a task's pending cancel
// reason and its mask depth each under its own condition, worked by hand
// on the native scenario: t1 polled and masked, with no cancel; t2
// cancelled (User) while queued, unmasked.
func TestSummaryByHand(t *testing.T) {
	sc := lookup(t, "native")
	m := New(sc, nil)
	s := m.Init()
	var log trace.Log
	applyAll(t, m, &s, &log, kernelOps(
		kernel.Input{Op: kernel.Spawn, Region: 1},
		kernel.Input{Op: kernel.Spawn, Region: 1},
		kernel.Input{Op: kernel.Dispatch},
		kernel.Input{Op: kernel.Mask, Task: 1},
		kernel.Input{Op: kernel.CancelTask, Task: 2, Arg: uint8(cancel.User)},
	)...)
	got := Summary(&s)
	for _, want := range []string{"\nt1 in r1: Running mask=1\n", "\nt2 in r1: CancelRequested reason=User\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the summary lacks %q:\n%s", strings.TrimSpace(want), got)
		}
	}
}
