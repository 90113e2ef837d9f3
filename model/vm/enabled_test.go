package vm

import (
	"math/rand/v2"
	"slices"
	"testing"

	rt "modelcheck/runtime/vm"
)

// wantLoads is the loads a state must offer, worked out from the VM's own
// Load on a copy rather than from Enabled's bounds: until the first round
// or step and while the scenario's MaxSessions allows, every protocol of
// the vocabulary, in vocabulary order, with response 0 and, for a
// protocol that invokes the handler, response 1, wherever Load would take
// it; after it, none.
func wantLoads(sc *Scenario, vm *rt.State, started bool) []Input {
	var want []Input
	if started || vm.NSessions >= sc.MaxSessions {
		return want
	}
	for _, p := range sc.Vocabulary {
		resps := []uint8{0}
		if rt.Protocols[p].Invokes {
			resps = append(resps, 1)
		}
		for _, resp := range resps {
			probe := *vm
			if rt.Load(&probe, p, resp, sc.Capacity, sc.Faults) == nil {
				want = append(want, Input{Kind: Load, Proto: p, Resp: resp})
			}
		}
	}
	return want
}

// loadsOf is the loads among ins, in order.
func loadsOf(ins []Input) []Input {
	var out []Input
	for _, in := range ins {
		if in.Kind == Load {
			out = append(out, in)
		}
	}
	return out
}

// TestEnabledOffersEveryLoadTheVMHolds pins Enabled's loads to what
// runtime/vm's Load accepts (offered-input-accepted is one half, this the
// other): no load the VM would hold is hidden, both handler responses of
// an invoking protocol are offered for every session, not only the first,
// and no load is offered once a round or step has run. A load left out
// narrows every scenario without any check noticing: the checks judge the
// transitions the model offers. Whether a round or step has run is
// tracked here from the inputs taken, not read from State.Running. The
// walks miss one bound, a load that fills the last coroutine slot
// exactly (the vocabulary's three sessions start at most seven
// coroutines), so states with more coroutines set by hand ask it too.
func TestEnabledOffersEveryLoadTheVMHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked, resp1 := 0, 0
	for _, sc := range Scenarios() {
		m := New(sc)
		for range 40 {
			s, started := m.Init(), false
			for range 12 {
				ins := m.Enabled(&s, nil)
				want := wantLoads(&sc, &s.Runs[0].VM, started)
				if got := loadsOf(ins); !slices.Equal(got, want) {
					t.Fatalf("%s: after %d sessions (started %v) loads %v, want %v", sc.Name, s.Runs[0].VM.NSessions, started, got, want)
				}
				checked++
				for _, in := range want {
					if in.Resp == 1 && s.Runs[0].VM.NSessions > 0 {
						resp1++
					}
				}
				if len(ins) == 0 {
					break
				}
				in := ins[rng.IntN(len(ins))]
				next := s
				if err := m.Apply(&s, in, &next); err != nil {
					t.Fatalf("%s: %s: %v", sc.Name, in, err)
				}
				started = started || in.Kind != Load
				s = next
			}
		}
	}
	if checked == 0 || resp1 == 0 {
		t.Fatalf("checked %d states, %d resp=1 loads after the first session", checked, resp1)
	}
	sc, _ := Lookup("default")
	m := New(sc)
	for n := uint8(0); n <= rt.MaxCoros; n++ {
		s := m.Init()
		s.Runs[0].VM.NSessions, s.Runs[0].VM.NCoros = 1, n
		want := wantLoads(&sc, &s.Runs[0].VM, false)
		if got := loadsOf(m.Enabled(&s, nil)); !slices.Equal(got, want) {
			t.Errorf("%d coroutines: loads %v, want %v", n, got, want)
		}
		if n == rt.MaxCoros-2 && len(want) == 0 {
			t.Errorf("%d coroutines: a two-role protocol should still fit", n)
		}
	}
}

// TestOutsideTablesAtEachBound pins every bound OutsideTables tests to
// the array or table it guards: each count or id at its last valid value
// passes, and one past it is reported. The bounds are the arrays' lengths
// and ping-pong's two roles, not the function's comparisons; a bound one
// loose lets the encoding, the checks or Summary index past a table on a
// runtime bug, a crash of the tool instead of a counterexample.
func TestOutsideTablesAtEachBound(t *testing.T) {
	sc, _ := Lookup("interleavings")
	m := New(sc)
	loaded := m.Init()
	if err := m.Apply(&loaded, Input{Kind: Load, Proto: rt.PingPong}, &loaded); err != nil {
		t.Fatal(err)
	}
	if v := &loaded.Runs[0].VM; v.NSessions != 1 || v.NCoros != 2 || v.NReady != 2 {
		t.Fatalf("a ping-pong load left %d sessions, %d coroutines, %d ready", v.NSessions, v.NCoros, v.NReady)
	}
	for _, c := range []struct {
		name   string
		set    func(v *rt.State, past bool)
		needed bool
	}{
		{"sessions", func(v *rt.State, past bool) {
			v.NSessions = uint8(len(v.Sessions))
			if past {
				v.NSessions++
			}
		}, true},
		{"a coroutine's session", func(v *rt.State, past bool) {
			v.Coros[1].Session = v.NSessions - 1
			if past {
				v.Coros[1].Session = v.NSessions
			}
		}, true},
		{"a coroutine's role", func(v *rt.State, past bool) {
			v.Coros[1].Role = uint8(len(rt.Protocols[rt.PingPong].Roles)) - 1
			if past {
				v.Coros[1].Role++
			}
		}, true},
		{"a ready id", func(v *rt.State, past bool) {
			v.Ready[0] = v.NCoros - 1
			if past {
				v.Ready[0] = v.NCoros
			}
		}, true},
		{"a blocked id", func(v *rt.State, past bool) {
			v.NReady, v.NBlocked = 1, 1
			v.Blocked[0] = v.NCoros - 1
			if past {
				v.Blocked[0] = v.NCoros
			}
		}, true},
	} {
		for _, past := range []bool{false, true} {
			s := loaded
			c.set(&s.Runs[0].VM, past)
			err := OutsideTables(&s)
			if past && err == nil {
				t.Errorf("%s one past its table: not reported", c.name)
			}
			if !past && err != nil {
				t.Errorf("%s at its last valid value: %v", c.name, err)
			}
		}
	}
}

// TestWeightOrdersLoadsByProtocolThenResponse pins Weight's order, which
// the shrinker's simplify pass follows to the lightest alike input: a load
// of an earlier protocol is lighter whatever the responses, a load with
// response 0 lighter than the same protocol's with 1, and a step of a
// lower coroutine lighter. Equal weights for different loads would let
// the pass stop at either.
func TestWeightOrdersLoadsByProtocolThenResponse(t *testing.T) {
	for a := range rt.NumProtocols {
		for b := range rt.NumProtocols {
			for ra := range uint8(2) {
				for rb := range uint8(2) {
					x, y := Input{Kind: Load, Proto: a, Resp: ra}, Input{Kind: Load, Proto: b, Resp: rb}
					lighter := a < b || a == b && ra < rb
					if got := Weight(x) < Weight(y); got != lighter {
						t.Errorf("Weight(%s) = %d < Weight(%s) = %d is %v, want %v", x, Weight(x), y, Weight(y), got, lighter)
					}
				}
			}
		}
	}
	for c := range uint8(rt.MaxCoros - 1) {
		if x, y := (Input{Kind: Step, Coro: c}), (Input{Kind: Step, Coro: c + 1}); Weight(x) >= Weight(y) {
			t.Errorf("Weight(%s) = %d, not lighter than Weight(%s) = %d", x, Weight(x), y, Weight(y))
		}
	}
}

// TestReductionsLeaveTheScenarioAsItWas pins model.Reducer's "a
// reduction must not change c in place": the scenario reduced keeps its
// vocabulary, and each one-protocol cut is the vocabulary less exactly the
// one protocol at its place. A cut made in the scenario's own slice would
// shift the protocols of the case the shrinker holds, and of every later
// reduction computed from it.
func TestReductionsLeaveTheScenarioAsItWas(t *testing.T) {
	sc, _ := Lookup("claim")
	vocab := slices.Clone(sc.Vocabulary)
	script := []Input{{Kind: Load, Proto: rt.Pipeline}, {Kind: Round}}
	var unused []int // the places of the protocols the script never loads
	for i, p := range vocab {
		if p != rt.Pipeline {
			unused = append(unused, i)
		}
	}
	cuts := 0
	for _, r := range Reductions(&sc, script) {
		if len(r.Config.Vocabulary) != len(vocab)-1 {
			continue
		}
		if cuts >= len(unused) {
			t.Fatalf("more one-protocol cuts than unused protocols: %v", r.Config.Vocabulary)
		}
		i := unused[cuts] // cut in vocabulary order
		cuts++
		want := slices.Delete(slices.Clone(vocab), i, i+1)
		if !slices.Equal(r.Config.Vocabulary, want) {
			t.Errorf("cut %d: vocabulary %v, want %v", cuts, r.Config.Vocabulary, want)
		}
	}
	if !slices.Equal(sc.Vocabulary, vocab) {
		t.Errorf("Reductions changed the scenario's vocabulary to %v, was %v", sc.Vocabulary, vocab)
	}
	if cuts != len(unused) {
		t.Errorf("%d one-protocol cuts, want %d (every protocol but pipeline)", cuts, len(unused))
	}
}

// TestAlikeIsTheInputKind pins Alike to its doc, "the same kind of
// input": a load may stand for a load of another protocol or response, and
// a step for a step of another coroutine, so that the shrinker's simplify
// pass can reach the lighter ones Weight orders; a load never stands for a
// round or a step.
func TestAlikeIsTheInputKind(t *testing.T) {
	inputs := []Input{{Kind: Load, Proto: rt.Pipeline}, {Kind: Load, Proto: rt.PingPong}, {Kind: Load, Proto: rt.Choice, Resp: 1},
		{Kind: Round}, {Kind: Step, Coro: 3}, {Kind: Step, Coro: 0}}
	for _, a := range inputs {
		for _, b := range inputs {
			if got, want := Alike(a, b), a.Kind == b.Kind; got != want {
				t.Errorf("Alike(%s, %s) = %v, want %v", a, b, got, want)
			}
		}
	}
}
