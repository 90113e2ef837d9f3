package sthira

import "testing"

// TestValidateMaxWaitBelowCap: a max wait is any count of ticks the wait
// counter can exceed before it saturates, 1..WaitCap-1 (6 with the cap of
// 7), and none at or above the cap. Session 45's audit made Validate
// refuse 6 as well, and no scenario or test used 6: scenario maxwait-cap
// now does, and this test pins both edges.
func TestValidateMaxWaitBelowCap(t *testing.T) {
	for w := range uint8(WaitCap + 2) {
		cfg := Config{Limit: 1, Tasks: 1, MaxWait: w}
		if err := cfg.Validate(); (err == nil) != (w < WaitCap) {
			t.Errorf("max wait %d: Validate says %v", w, err)
		}
	}
	if WaitCap != 7 {
		t.Errorf("WaitCap is %d; the README and the package doc say the counters saturate at 7", WaitCap)
	}
}
