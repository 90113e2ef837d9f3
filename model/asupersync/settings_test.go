package asupersync

import (
	"testing"

	"modelcheck/runtime/fault"
)

// setKey sets one scenario key on a copy of the default scenario.
func setKey(t *testing.T, key, value string) (Scenario, error) {
	t.Helper()
	sc := lookup(t, "default")
	for _, s := range Settings() {
		if s.Key == key {
			return sc, s.Set(&sc, value)
		}
	}
	t.Fatalf("no scenario key %q", key)
	return sc, nil
}

// TestListKeysReadTheirBounds: the list keys' numbers are read within
// their bounds, both ends included, worked out from the keys' meanings:
// a sleep or a deadline is 1 ms up to 2^31 ms (0 would be no sleep, no
// deadline); a priority is 1 to 255, since 0 is the default every spawn
// already carries (Scenario.Priorities). A bound read one short or one
// long would refuse a value a written file holds, or accept one that
// means something else.
func TestListKeysReadTheirBounds(t *testing.T) {
	for _, c := range []struct {
		key, value string
		ok         bool
	}{
		{"sleeps", "1,2147483648", true},
		{"sleeps", "0", false},
		{"sleeps", "2147483649", false},
		{"deadlines", "1,2147483648", true},
		{"deadlines", "0", false},
		{"priorities", "1,255", true},
		{"priorities", "0", false},
		{"priorities", "256", false},
	} {
		if _, err := setKey(t, c.key, c.value); (err == nil) != c.ok {
			t.Errorf("%s=%s: error %v, want accepted %v", c.key, c.value, err, c.ok)
		}
	}
}

// TestCoalesceWindowKey: coalesce_window=0 is coalescing off (the
// spelling of a scenario without it), "default" is coalescing on at the
// wheel's default window (left 0), and a number is that window.
func TestCoalesceWindowKey(t *testing.T) {
	for _, c := range []struct {
		value  string
		on     bool
		window uint64
	}{{"0", false, 0}, {"default", true, 0}, {"4", true, 4}} {
		sc, err := setKey(t, "coalesce_window", c.value)
		if err != nil {
			t.Fatal(err)
		}
		if w := sc.Kernel.WheelConfig; w.Coalesce != c.on || w.CoalesceWindow != c.window {
			t.Errorf("coalesce_window=%s: coalesce %v window %d, want %v %d", c.value, w.Coalesce, w.CoalesceWindow, c.on, c.window)
		}
	}
}

// TestFaultsKeySetsKernelAndPump: the faults key sets the kernel's and the
// pump's faults alike, as the command line's --faults does, so a pump
// fault named in a file is on when the file replays.
func TestFaultsKeySetsKernelAndPump(t *testing.T) {
	sc, err := setKey(t, "faults", "lifo-ready,ambient-authority")
	if err != nil {
		t.Fatal(err)
	}
	want := fault.Set{}.With(fault.LifoReady).With(fault.AmbientAuthority)
	if sc.Kernel.Faults != want || sc.Pump.Faults != want {
		t.Errorf("faults: kernel %q, pump %q, want %q for both", sc.Kernel.Faults, sc.Pump.Faults, want)
	}
}
