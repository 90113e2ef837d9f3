package vm

import (
	"testing"

	"pgregory.net/rapid"
)

// TestRoundsKeepTheSchedulerWhole: whatever the programs loaded and
// whatever (N, policy) each round uses, every live coroutine is in exactly
// one of the ready queue and the blocked set, with the status that says
// so; finished ones are in neither; every event carries the round's tick;
// no buffer passes its capacity; and the runs end (every program of the
// vocabulary terminates or deadlocks within a bounded number of rounds).
func TestRoundsKeepTheSchedulerWhole(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s State
		sessions := rapid.IntRange(1, MaxSessions).Draw(t, "sessions")
		capacity := uint8(rapid.IntRange(1, MaxCapacity).Draw(t, "capacity"))
		for range sessions {
			p := ProtocolID(rapid.IntRange(0, int(NumProtocols)-1).Draw(t, "protocol"))
			resp := uint8(rapid.IntRange(0, 1).Draw(t, "resp"))
			if err := Load(&s, p, resp, capacity, 0); err != nil {
				t.Fatal(err)
			}
		}
		var ev []Event
		for round := 0; !s.Quiescent(); round++ {
			if round > 60 {
				t.Fatalf("not quiescent after 60 rounds: %+v", s)
			}
			cfg := Config{N: rapid.IntRange(1, MaxCoros+1).Draw(t, "n"),
				Policy: Policy(rapid.IntRange(0, int(NumPolicies)-1).Draw(t, "policy"))}
			var err error
			if ev, err = SchedRound(&s, cfg, ev[:0]); err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				if e.Tick != s.Clock {
					t.Fatalf("event %s at tick %d in round %d", e, e.Tick, s.Clock)
				}
			}
			var where [MaxCoros]int
			for _, c := range s.Ready[:s.NReady] {
				where[c]++
				if s.Coros[c].Status != Ready {
					t.Fatalf("c%d queued ready with status %s", c, s.Coros[c].Status)
				}
			}
			for _, c := range s.Blocked[:s.NBlocked] {
				where[c]++
				if s.Coros[c].Status != Blocked || s.Coros[c].Reason == NotBlocked {
					t.Fatalf("c%d in the blocked set with status %s(%s)", c, s.Coros[c].Status, s.Coros[c].Reason)
				}
			}
			for c := range s.NCoros {
				live := s.Coros[c].Status == Ready || s.Coros[c].Status == Blocked
				if (live && where[c] != 1) || (!live && where[c] != 0) {
					t.Fatalf("c%d (%s) is in %d scheduler queues", c, s.Coros[c].Status, where[c])
				}
			}
			for sid := range s.NSessions {
				for e, b := range s.Sessions[sid].Bufs {
					if b.Len > b.Cap {
						t.Fatalf("s%d e%d holds %d, capacity %d", sid, e, b.Len, b.Cap)
					}
				}
			}
		}
	})
}
