package asupersync

import (
	"testing"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
)

// TestInputKindsByName: coverage counts each input under the name it
// begins with (inputKindNames): a microtask run as "microtask", a host
// task run as "host-task", a callback as "callback", a host timer turn
// as "advance", like the native kernel's advance.
func TestInputKindsByName(t *testing.T) {
	names := inputKindNames()
	for _, c := range []struct {
		in   Input
		want string
	}{
		{Input{Host: pump.RunMicrotask}, "microtask"},
		{Input{Host: pump.RunHostTask}, "host-task"},
		{Input{Host: pump.Callback, Cap: pump.CapTimer, K: kernel.Input{Op: kernel.Wake, Task: 1}}, "callback"},
		{Input{Host: pump.TimerTurn, K: kernel.Input{Op: kernel.Advance, N: 1}}, "advance"},
		{Input{K: kernel.Input{Op: kernel.CancelTask, Task: 1}}, "cancel task"},
		{Input{K: kernel.Input{Op: kernel.CancelRegion, Region: 1}}, "cancel region"},
		{Input{K: kernel.Input{Op: kernel.Spawn, Region: 1}}, "spawn"},
	} {
		if got := names[inputKind(c.in)]; got != c.want {
			t.Errorf("%s counts as %q, want %q", c.in, got, c.want)
		}
	}
}
