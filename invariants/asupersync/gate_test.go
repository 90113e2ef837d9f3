package asupersync

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
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
// A walk ends at the first violation, where the explorer stops too, and
// starts, as the explorer does, with CheckInit: a gate on a part of the
// state after (holds) relies on the state before being clean.
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
		setups = append(setups, setup{fc.Scenario + "+" + fc.Fault.Name(), scenarioWithFault(t, fc.Scenario, fc.Fault)})
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
				if gated.CheckInit(&s) != 0 {
					return
				}
				for step := 0; step < 40; step++ {
					ins := m.Enabled(&s, nil)
					if len(ins) == 0 {
						return
					}
					in := ins[rapid.IntRange(0, len(ins)-1).Draw(rt, "input")]
					next := s
					log.Reset()
					if err := m.Apply(&next, in, &log); err != nil {
						// A refusal (under a fault) is asked outside
						// Check, and the explorer's path ends there.
						if got := gated.Refused(&s, in); got != acceptIndex+1 {
							rt.Fatalf("step %d: %s refused (%v), but Refused reports %d", step, in, err, got)
						}
						return
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

// TestSignedAgrees: signed answers as transitionSignature and opened do,
// for inputs and event kinds inside the signature's bits and outside them
// (which open every invariant gated on an input or an event).
func TestSignedAgrees(t *testing.T) {
	sc, err := model.Lookup("default")
	if err != nil {
		t.Fatal(err)
	}
	chk, err := NewChecker(&sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := chk.dispatch
	r := rand.New(rand.NewPCG(1, 2))
	events := make([]trace.Event, 8)
	for n := 0; n < 2000; n++ {
		var in model.Input
		in.Host = pump.HostOp(r.IntN(10))
		in.K.Op = kernel.Op(r.IntN(hostBit + 8))
		events = events[:r.IntN(len(events)+1)]
		for i := range events {
			events[i].Kind = trace.Kind(r.IntN(130))
		}
		wantSig := transitionSignature(in, events)
		if sig, run := d.signed(in, events); sig != wantSig || run != d.opened(wantSig) {
			t.Fatalf("signed answers %x %v for %v %v, want %x %v", sig, run, in, events, wantSig, d.opened(wantSig))
		}
	}
}

// TestFieldsChangedNamesEachPart: moving one field of a state reports its
// parts (the certificate holds the fallback count), and only those, so a
// field part's gate opens exactly when its field moved.
func TestFieldsChangedNamesEachPart(t *testing.T) {
	var seen parts
	for _, tc := range []struct {
		part parts
		move func(s *model.State)
	}{
		{seqPart, func(s *model.State) { s.P.Kernel.Sched.Seq++ }},
		{hashPart, func(s *model.State) { s.P.Kernel.Sched.Hash++ }},
		{streakPart, func(s *model.State) { s.P.Kernel.Sched.Streak++ }},
		{fallbackPart | certPart, func(s *model.State) { s.P.Kernel.Sched.Cert.FallbackCancelDispatches++ }},
		{certPart, func(s *model.State) { s.P.Kernel.Sched.Cert.CancelDispatches++ }},
		{certPart, func(s *model.State) { s.P.Kernel.Sched.Cert.MaxStreakObserved++ }},
		{ghostPart, func(s *model.State) { s.Ghost.OwedTurn = !s.Ghost.OwedTurn }},
		{ghostPart, func(s *model.State) { s.Ghost.WokenInPoll++ }},
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
		if tc.part&^fieldParts != 0 {
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

// TestCheckInitAsksHeldChecks: every scenario starts clean, and a
// violation planted in the initial state, in a part a holds gate names,
// is reported by CheckInit, since no step that leaves the part alone asks
// its check again.
func TestCheckInitAsksHeldChecks(t *testing.T) {
	for _, sc := range model.Scenarios() {
		m := model.New(sc, nil)
		chk, err := NewChecker(&m.Scenario, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := m.Init()
		if v := chk.CheckInit(&s); v != 0 {
			t.Errorf("%s: the initial state breaks %s", sc.Name, all[v-1].Name)
		}
		ob := &s.P.Kernel.Cancel.Obligations[0]
		ob.Used, ob.State = true, cancel.Leaked
		if v := chk.CheckInit(&s); v == 0 || all[v-1].Name != "no-leak" {
			t.Errorf("%s: a leaked obligation in the initial state reports %d, want no-leak", sc.Name, v)
		}
	}
}

// TestPartChangedNamesEachRecord: moving one entry of a record or table
// part reports that part changed, and no other record part.
func TestPartChangedNamesEachRecord(t *testing.T) {
	const recordParts = cancelTasksPart | regionsPart | obligationsPart | timersPart | taskRunsPart | lanesPart | wheelPart
	if recordParts|fieldParts != partCount-1 || recordParts&fieldParts != 0 {
		t.Fatalf("parts %b are neither field nor record parts", (partCount-1)&^(recordParts|fieldParts))
	}
	var seen parts
	for _, tc := range []struct {
		part parts
		move func(s *model.State)
	}{
		{cancelTasksPart, func(s *model.State) { s.P.Kernel.Cancel.Tasks[7].Epoch++ }},
		{regionsPart, func(s *model.State) { s.P.Kernel.Cancel.Regions[3].Finalizers++ }},
		{obligationsPart, func(s *model.State) { s.P.Kernel.Cancel.Obligations[7].Resolutions++ }},
		{timersPart, func(s *model.State) { s.P.Kernel.Timers[7].Deadline++ }},
		{taskRunsPart, func(s *model.State) { s.P.Kernel.Tasks[7].Notified = true }},
		{lanesPart, func(s *model.State) { s.P.Kernel.Sched.Cancel.N++ }},
		{lanesPart, func(s *model.State) { s.P.Kernel.Sched.Timed.E[7].Deadline++ }},
		{lanesPart, func(s *model.State) { s.P.Kernel.Sched.Ready.E[0].Task++ }},
		{lanesPart, func(s *model.State) { s.P.Kernel.Sched.Scheduled++ }},
		{wheelPart, func(s *model.State) { s.P.Kernel.Wheel.Entries[0].Deadline++ }},
	} {
		var before, after model.State
		tc.move(&after)
		var c Context
		c.reset(&model.Scenario{Kernel: kernel.Config{Wheel: true}}, &before, model.Input{}, &after, nil)
		for p := parts(1); p < partCount; p <<= 1 {
			if got := partsChanged(&c, p) != 0; p&recordParts != 0 && got != (p == tc.part) {
				t.Errorf("moving part %b: part %b reports changed %v", tc.part, p, got)
			}
		}
		seen |= tc.part
	}
	if seen != recordParts {
		t.Errorf("record parts %b have no case here", recordParts&^seen)
	}
}

// TestWheelPartNeedsAWheel: without a wheel no check reads it, so no
// difference in it counts.
func TestWheelPartNeedsAWheel(t *testing.T) {
	var before, after model.State
	after.P.Kernel.Wheel.Entries[0].Deadline++
	var c Context
	c.reset(&model.Scenario{}, &before, model.Input{}, &after, nil)
	if partsChanged(&c, wheelPart) != 0 {
		t.Error("the wheel part changed in a state without a wheel")
	}
}
