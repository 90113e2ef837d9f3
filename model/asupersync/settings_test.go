package asupersync

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"modelcheck/internal/suggest"

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

// TestListKeysHoldWhatTheModelCanUse: a deadlines, priorities or sleeps
// list may hold as many distinct values as the kernel has tasks (or
// timers), and one more is refused, naming the limit: a longer list
// offered nothing new but made shrinking quadratic in its length (a
// 9000-deadline file took minutes). A value listed twice is refused too,
// its echo cut to suggest.MaxEcho bytes.
func TestListKeysHoldWhatTheModelCanUse(t *testing.T) {
	values := func(n int) string {
		var out []string
		for i := 1; i <= n; i++ {
			out = append(out, strconv.Itoa(i))
		}
		return strings.Join(out, ",")
	}
	for key, most := range map[string]int{"deadlines": MaxDeadlines, "priorities": MaxPriorities, "sleeps": MaxSleeps} {
		if _, err := setKey(t, key, values(most)); err != nil {
			t.Errorf("%s with %d values: %v", key, most, err)
		}
		_, err := setKey(t, key, values(9000))
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d values", most)) {
			t.Errorf("%s with 9000 values: error %v, want one naming the limit %d", key, err, most)
		}
		if _, err := setKey(t, key, "3,3"); err == nil || !strings.Contains(err.Error(), "listed twice") {
			t.Errorf("%s=3,3: error %v, want listed twice", key, err)
		}
	}
	long := strings.Repeat("x", 2000)
	for _, key := range []string{"cancel_kinds", "governors", "caps", "faults"} {
		if _, err := setKey(t, key, long); err == nil || len(err.Error()) > 400 {
			t.Errorf("%s with a 2000-byte name: error %v, want one that quotes at most %d bytes of it", key, err, suggest.MaxEcho)
		}
	}
}

// TestValidateRefusesAnInputOfferedTwice: deadline 2 with timed_tasks on,
// or Sleep's duration again in sleeps, would offer one input twice in a
// state (a hand-written "scenario base=default deadlines=2" listed
// "spawn r1 deadline=2" twice among what it offers).
func TestValidateRefusesAnInputOfferedTwice(t *testing.T) {
	sc := lookup(t, "default")
	sc.TimedTasks, sc.Deadlines = true, []uint32{3, TimedTaskDeadline}
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "deadlines lists 2") {
		t.Errorf("timed_tasks=true deadlines=3,2: error %v, want deadlines lists 2", err)
	}
	sc.TimedTasks = false
	if err := sc.Validate(); err != nil {
		t.Errorf("timed_tasks=false deadlines=3,2: %v", err)
	}
	sc.Sleep, sc.Sleeps = 5, []uint32{4, 5}
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "sleeps lists 5") {
		t.Errorf("sleep=5 sleeps=4,5: error %v, want sleeps lists 5", err)
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
