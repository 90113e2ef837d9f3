package counterexamples

import (
	"reflect"
	"testing"

	"github.com/cockroachdb/datadriven"

	invariants "modelcheck/invariants/asupersync"
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/pump"
)

// normal makes empty lists nil, so scenarios compare by content.
func normal(sc model.Scenario) model.Scenario {
	if len(sc.CancelKinds) == 0 {
		sc.CancelKinds = nil
	}
	if len(sc.Governors) == 0 {
		sc.Governors = nil
	}
	return sc
}

// TestScenarioSpellingRoundTrips: every scenario the shrinker can reach
// (here: two reductions deep from the default with a fault) reads back
// from its scenario directive as the same scenario.
func TestScenarioSpellingRoundTrips(t *testing.T) {
	sc := roomy(t, fault.LifoReady)
	sc.Native = true
	level := []asuCase{{Base: "default", Scenario: sc}}
	for depth := 0; depth < 2; depth++ {
		var next []asuCase
		for _, c := range level {
			for _, r := range asu.reducer.Reductions(&c.Scenario, c.Script) {
				next = append(next, asuCase{Base: c.Base, Scenario: r.Config, Script: r.Script})
			}
		}
		level = append(level, next...)
	}
	for _, c := range level {
		line, err := asu.scenarioLine(&c)
		if err != nil {
			t.Fatal(err)
		}
		_, args, err := datadriven.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		base, got, err := asu.parseScenario(args)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if base != c.Base || !reflect.DeepEqual(normal(got), normal(c.Scenario)) {
			t.Fatalf("%s reads back as\n%+v, want\n%+v", line, got, c.Scenario)
		}
	}
}

// TestInputSpellingRoundTrips: every input the model offers along random
// walks is read back from its spelling as that input, and no two offered
// inputs share a spelling, so a script line names exactly one of them.
func TestInputSpellingRoundTrips(t *testing.T) {
	for _, f := range []fault.Fault{fault.StaleTimerFires, fault.DoubleResolve, fault.AmbientAuthority} {
		sc := roomy(t, f)
		e, err := invariants.NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 10; seed++ {
			script := walk(t, sc, seed, 40, 40)
			s := e.Init()
			var offered []model.Input
			for _, in := range script {
				offered = e.Enabled(&s, offered[:0])
				for i, o := range offered {
					back, err := pump.ParseInput(o.String())
					if err != nil || indexSpelled(offered, back) != i {
						t.Fatalf("%q reads back as %+v (error %v), which names offered input %d, not %d", o, back, err, indexSpelled(offered, back), i)
					}
				}
				next := s
				e.Step(&s, in, &next)
				s = next
			}
		}
	}
}
