package asupersync

import (
	"testing"

	"modelcheck/runtime/pump"
)

// TestValidateNeedsTheTimerForAnySleep: a browser scenario whose tasks may
// sleep, by Sleep or by Sleeps alone, needs the timer capability, or no
// sleep could end; a native one does not.
func TestValidateNeedsTheTimerForAnySleep(t *testing.T) {
	sc := lookup(t, "default")
	sc.Pump.Caps = pump.CapMessage
	for _, c := range []struct {
		sleep  uint32
		sleeps []uint32
		native bool
		ok     bool
	}{
		{1, nil, false, false},
		{0, []uint32{5}, false, false},
		{0, nil, false, true},
		{0, []uint32{5}, true, true},
	} {
		sc.Sleep, sc.Sleeps, sc.Native = c.sleep, c.sleeps, c.native
		if err := sc.Validate(); (err == nil) != c.ok {
			t.Errorf("sleep=%d sleeps=%v native=%v: Validate %v, want accepted %v", c.sleep, c.sleeps, c.native, err, c.ok)
		}
	}
}
