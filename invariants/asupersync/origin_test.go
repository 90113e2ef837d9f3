package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
)

// TestOriginHoldsEveryStart moves each start initial-state names one step
// off its origin, in every scenario that has it, and asks that Origin see
// it: a clause that no longer reads its field fails here, not only under
// the seven faults that plant a wrong start in the runtime.
func TestOriginHoldsEveryStart(t *testing.T) {
	type nudge struct {
		name  string
		needs func(sc *model.Scenario) bool
		apply func(s *model.State)
	}
	always := func(*model.Scenario) bool { return true }
	nudges := []nudge{
		{"clock", always, func(s *model.State) { kern(s).Now = 1 }},
		{"polled task", always, func(s *model.State) { kern(s).Current = 1 }},
		{"task", always, func(s *model.State) { kern(s).Cancel.Tasks[0].Used = true }},
		{"obligation", always, func(s *model.State) { kern(s).Cancel.Obligations[0].Used = true }},
		{"second region", always, func(s *model.State) { kern(s).Cancel.Regions[1].Used = true }},
		{"root closing", always, func(s *model.State) { kern(s).Cancel.Regions[0].State = cancel.RegionClosing }},
		{"root reason", always, func(s *model.State) { kern(s).Cancel.Regions[0].HasReason = true }},
		{"ready entry", always, func(s *model.State) { kern(s).Sched.Ready.N = 1 }},
		{"scheduled set", always, func(s *model.State) { kern(s).Sched.Scheduled = 1 }},
		{"governor", always, func(s *model.State) { kern(s).Sched.Governor = sched.DrainRegions }},
		{"streak", always, func(s *model.State) { kern(s).Sched.Streak = 1 }},
		{"decision_seq", always, func(s *model.State) { kern(s).Sched.Seq = 1 }},
		{"decision_hash", always, func(s *model.State) { kern(s).Sched.Hash = 1 }},
		{"certificate", always, func(s *model.State) { kern(s).Sched.Cert.MaxStreakObserved = 1 }},
		{"host timer", always, func(s *model.State) { kern(s).Timers[0].Live = true }},
		{"wheel id", func(sc *model.Scenario) bool { return sc.Kernel.Wheel }, func(s *model.State) { kern(s).Wheel.NextID++ }},
		{"wheel generation", func(sc *model.Scenario) bool { return sc.Kernel.Wheel }, func(s *model.State) { kern(s).Wheel.NextGen++ }},
		{"wheel entry", func(sc *model.Scenario) bool { return sc.Kernel.Wheel }, func(s *model.State) { kern(s).Wheel.Entries[0].Used = true }},
		{"worker generator", func(sc *model.Scenario) bool { return sc.Kernel.Workers > 1 }, func(s *model.State) { kern(s).Pool.Rng[1].State = 0 }},
		{"local queue", func(sc *model.Scenario) bool { return sc.Kernel.Workers > 0 }, func(s *model.State) { kern(s).Pool.Local[0].N = 1 }},
		{"channel reserved", func(sc *model.Scenario) bool { return sc.Kernel.Channel.Capacity > 0 }, func(s *model.State) { kern(s).Chan.Reserved = 1 }},
		{"receiver dropped", func(sc *model.Scenario) bool { return sc.Kernel.Channel.Capacity > 0 }, func(s *model.State) { kern(s).Chan.ReceiverDropped = true }},
		{"pump pending", func(sc *model.Scenario) bool { return !sc.Native }, func(s *model.State) { s.P.Pending = true }},
		{"pump mode", func(sc *model.Scenario) bool { return !sc.Native }, func(s *model.State) { s.P.Mode = pump.Scheduled }},
	}
	reached := map[string]bool{}
	for _, sc := range model.Scenarios() {
		c, err := NewChecker(&sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		origin := model.State{P: pump.New(sc.Pump, sc.Kernel)}
		if got := c.Origin(&origin); got != 0 {
			t.Errorf("%s: the runtime as constructed breaks %s", sc.Name, all[got-1].Name)
		}
		for _, n := range nudges {
			if !n.needs(&sc) {
				continue
			}
			reached[n.name] = true
			s := origin
			n.apply(&s)
			if got := c.Origin(&s); got != originIndex+1 {
				t.Errorf("%s: %s off its origin: Origin = %d, want initial-state (%d)", sc.Name, n.name, got, originIndex+1)
			}
		}
	}
	for _, n := range nudges {
		if !reached[n.name] {
			t.Errorf("no scenario has a %s to move", n.name)
		}
	}
}

// TestUnsetBurstLimit: the checker's own unset microtask_burst_limit is
// the one the runtime documents, so a runtime whose default drifts fails
// here (no named scenario runs at the unset limit).
func TestUnsetBurstLimit(t *testing.T) {
	if unsetBurstLimit != pump.DefaultBurstLimit {
		t.Errorf("the checker reads an unset burst limit as %d, the runtime as %d", unsetBurstLimit, pump.DefaultBurstLimit)
	}
}
