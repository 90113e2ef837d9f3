package asupersync

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/trace"
)

// TestGatesNameInvariants: a gate under a name no invariant has (a typo,
// a rename) would silently gate nothing.
func TestGatesNameInvariants(t *testing.T) {
	for name := range gates {
		if _, err := Lookup(name); err != nil {
			t.Errorf("gate for %s: %v", name, err)
		}
	}
}

// TestGatesSkipOnlyQuietChecks walks random reachable paths of every
// scenario, clean and under every fault of the catalogue in its scenario,
// and at each transition runs every invariant ungated: each one its gate
// would skip (the scenario's or the transition's) must hold, and the
// gated checker must report the same first violation as the ungated one.
// A walk ends at the first violation, where the explorer stops too.
func TestGatesSkipOnlyQuietChecks(t *testing.T) {
	type setup struct {
		name string
		sc   model.Scenario
	}
	var setups []setup
	for _, sc := range model.Scenarios() {
		setups = append(setups, setup{sc.Name, sc})
	}
	for _, fc := range faults {
		sc, err := model.Lookup(fc.Scenario)
		if err != nil {
			t.Fatal(err)
		}
		sc.Kernel.Faults = sc.Kernel.Faults.With(fc.Fault)
		sc.Pump.Faults = sc.Kernel.Faults
		setups = append(setups, setup{fc.Scenario + "+" + fc.Fault.Name(), sc})
	}
	for _, su := range setups {
		t.Run(su.name, func(t *testing.T) {
			m := model.New(su.sc, nil)
			gated, err := NewChecker(&m.Scenario, nil)
			if err != nil {
				t.Fatal(err)
			}
			ungated := ungatedChecker(&m.Scenario)
			var ctx Context
			var log trace.Log
			rapid.Check(t, func(rt *rapid.T) {
				s := m.Init()
				for step := 0; step < 40; step++ {
					ins := m.Enabled(&s, nil)
					if len(ins) == 0 {
						return
					}
					in := ins[rapid.IntRange(0, len(ins)-1).Draw(rt, "input")]
					next := s
					log.Reset()
					if err := m.Apply(&next, in, &log); err != nil {
						rt.Fatalf("step %d: %s refused: %v", step, in, err)
					}
					ctx.reset(&m.Scenario, &s, in, &next, log.Events)
					run := gated.dispatch.toRun(&ctx, transitionSignature(in, log.Events))
					for i, inv := range all {
						if run.has(i) {
							continue
						}
						ctx.reset(&m.Scenario, &s, in, &next, log.Events)
						if inv.violated(&ctx) {
							rt.Fatalf("step %d (%s): %s is violated but its gate skips it", step, in, inv.Name)
						}
					}
					want := ungated.Check(&s, in, &next, log.Events)
					if got := gated.Check(&s, in, &next, log.Events); got != want {
						rt.Fatalf("step %d (%s): gated checker reports %d, ungated %d", step, in, got, want)
					}
					if want != 0 {
						return
					}
					s = next
				}
			})
		})
	}
}

// TestOpenedMemoAgrees: the memo answers each signature as opened does,
// on a hit, on a miss, and once it is full and keeps no more.
func TestOpenedMemoAgrees(t *testing.T) {
	sc, err := model.Lookup("default")
	if err != nil {
		t.Fatal(err)
	}
	chk, err := NewChecker(&sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := chk.dispatch
	var m openedMemo
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2*openedMemoSize; n++ {
		sig := signature{r.Uint64(), r.Uint64(), r.Uint64()}
		if n%2 == 0 {
			sig = signature{sig[0] & 0xff, sig[1] & 0x1, sig[2] & 0xf}
		}
		wantRun, wantParts := d.opened(sig)
		for range 2 {
			if run, ps := m.opened(d, sig); run != wantRun || ps != wantParts {
				t.Fatalf("memo answers %v %b for %x, opened %v %b", run, ps, sig, wantRun, wantParts)
			}
		}
	}
	if m.n != openedMemoSize*3/4 {
		t.Fatalf("memo holds %d signatures, want it full (%d)", m.n, openedMemoSize*3/4)
	}
}

// TestFieldsChangedNamesEachPart: moving one field of a state reports its
// part, and only that part, so a field part's gate opens exactly when its
// field moved.
func TestFieldsChangedNamesEachPart(t *testing.T) {
	var seen parts
	for _, tc := range []struct {
		part parts
		move func(s *model.State)
	}{
		{seqPart, func(s *model.State) { s.P.Kernel.Sched.Seq++ }},
		{hashPart, func(s *model.State) { s.P.Kernel.Sched.Hash++ }},
		{streakPart, func(s *model.State) { s.P.Kernel.Sched.Streak++ }},
		{fallbackPart, func(s *model.State) { s.P.Kernel.Sched.Cert.FallbackCancelDispatches++ }},
		{governorPart, func(s *model.State) { s.P.Kernel.Sched.Governor++ }},
		{nowPart, func(s *model.State) { s.P.Kernel.Now++ }},
		{pollPart, func(s *model.State) { s.P.Kernel.Current++ }},
		{pollPart, func(s *model.State) { s.P.Kernel.Outer++ }},
		{burstPart, func(s *model.State) { s.P.Burst++ }},
		{pendingPart, func(s *model.State) { s.P.Pending = !s.P.Pending }},
		{modePart, func(s *model.State) { s.P.Mode++ }},
		{sourcePart, func(s *model.State) { s.P.Source++ }},
	} {
		var before, after model.State
		tc.move(&after)
		var c Context
		c.reset(&model.Scenario{}, &before, model.Input{}, &after, nil)
		if got := fieldsChanged(&c); got != tc.part {
			t.Errorf("moving part %b reports %b", tc.part, got)
		}
		if tc.part&fieldParts == 0 {
			t.Errorf("part %b is not a field part", tc.part)
		}
		seen |= tc.part
	}
	if seen != fieldParts {
		t.Errorf("field parts %b have no case here", fieldParts&^seen)
	}
	var s model.State
	var c Context
	c.reset(&model.Scenario{}, &s, model.Input{}, &s, nil)
	if got := fieldsChanged(&c); got != 0 {
		t.Errorf("an unchanged state reports %b", got)
	}
}
