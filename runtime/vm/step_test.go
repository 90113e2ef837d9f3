package vm

import "testing"

// TestStepRefusesWhatItCannotRun: Step, the value entry point, refuses a
// step of a coroutine past the table (on a full table too, where the id
// NCoros is one past the last slot) and an operation it does not know,
// with an error and the state unchanged. The model offers neither, so
// only this test asks (session 44's audit planted both).
func TestStepRefusesWhatItCannotRun(t *testing.T) {
	var s State
	for range 3 {
		if err := Load(&s, Relay, 0, 1, 0); err != nil {
			t.Fatal(err)
		}
	}
	cfg := Config{N: All, Policy: RoundRobin}
	for s.NCoros < MaxCoros { // each relay spawns its B
		var err error
		if _, err = SchedRound(&s, cfg, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, in := range []Input{{Op: StepOp, Coro: s.NCoros}, {Op: StepOp, Coro: 255}, {Op: StepOp + 1}, {Op: 255}} {
		got, ev, err := func() (got State, ev []Event, err error) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("Step(%+v) panicked: %v", in, r)
				}
			}()
			return Step(cfg, s, in)
		}()
		if err == nil || got != s || len(ev) != 0 {
			t.Errorf("Step(%+v) = %d events, error %v, state changed %v; want an error and no change", in, len(ev), err, got != s)
		}
	}
}

// TestAllRunsAFullQueue: a round with N = All picks every ready
// coroutine when the ready queue holds as many as the VM has slots, so
// "all ready coroutines advance" holds at the table's bound, which no
// scenario's queue reaches.
func TestAllRunsAFullQueue(t *testing.T) {
	var s State
	for range 3 {
		if err := Load(&s, Relay, 0, 1, 0); err != nil {
			t.Fatal(err)
		}
	}
	for s.NCoros < MaxCoros {
		startCoro(&s, 0, 2)
	}
	if s.NReady != MaxCoros {
		t.Fatalf("%d ready, want %d", s.NReady, MaxCoros)
	}
	for p := range NumPolicies {
		probe := s
		ev, err := SchedRound(&probe, Config{N: All, Policy: p}, nil)
		if err != nil {
			t.Fatal(err)
		}
		picked := 0
		for _, e := range ev {
			if e.Kind == EvPicked {
				picked++
			}
		}
		if picked != MaxCoros {
			t.Errorf("%s: N = All picked %d of %d ready coroutines", p, picked, MaxCoros)
		}
	}
}
