package vm

import "testing"

// TestRoundsDoNotAllocate: with a warmed-up event buffer, loading and
// running every protocol to the end under every policy allocates nothing
// (the explorer's hot loop runs rounds).
func TestRoundsDoNotAllocate(t *testing.T) {
	ev := make([]Event, 0, 256)
	run := func() int {
		events := 0
		for p := range Policy(NumPolicies) {
			var s State
			for _, proto := range []ProtocolID{PingPong, Pipeline, Relay} {
				if err := Load(&s, proto, 1, 2, 0); err != nil {
					t.Fatal(err)
				}
			}
			for !s.Quiescent() {
				var err error
				if ev, err = SchedRound(&s, Config{N: 2, Policy: p}, ev[:0]); err != nil {
					t.Fatal(err)
				}
				events += len(ev)
			}
		}
		return events
	}
	if run() == 0 {
		t.Fatal("no events: the runs did nothing")
	}
	if n := testing.AllocsPerRun(50, func() { run() }); n != 0 {
		t.Errorf("%.1f allocations per run, want 0", n)
	}
}
