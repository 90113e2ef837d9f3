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

// TestValidateBoundsAtTheirEdges: every bound Validate holds accepts its
// largest legal value and refuses the next. Session 45's mutation sample
// (seed 4545) read the scope limit's `> MaxTasks` as `>=`, refusing a
// scope as wide as the scheduler, and nothing else noticed: no scenario
// sets a limit of MaxTasks.
func TestValidateBoundsAtTheirEdges(t *testing.T) {
	base := Config{Limit: 1, Tasks: 1}
	for _, c := range []struct {
		name string
		set  func(c *Config, v uint8)
	}{
		{"limit", func(c *Config, v uint8) { c.Limit = v }},
		{"tasks", func(c *Config, v uint8) { c.Tasks = v }},
		{"queue limit", func(c *Config, v uint8) { c.QueueLimit = v }},
		{"scope s1 limit", func(c *Config, v uint8) { c.ScopeLimit[0] = v }},
		{"last scope's limit", func(c *Config, v uint8) { c.ScopeLimit[len(c.ScopeLimit)-1] = v }},
	} {
		ok, over := base, base
		c.set(&ok, MaxTasks)
		c.set(&over, MaxTasks+1)
		if err := ok.Validate(); err != nil {
			t.Errorf("%s %d refused: %v", c.name, MaxTasks, err)
		}
		if over.Validate() == nil {
			t.Errorf("%s %d accepted", c.name, MaxTasks+1)
		}
	}
}
