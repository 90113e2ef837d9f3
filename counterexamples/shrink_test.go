package counterexamples

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	invariants "modelcheck/invariants/asupersync"
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/fault"
)

// walk is a seeded random walk through a scenario that steers clear of
// violations for its first detour inputs, then goes on at random until an
// invariant breaks (or maxLen inputs): a long, meandering counterexample
// of the kind a fuzzer or a person writes, which the explorer would never
// report.
func walk(t *testing.T, sc model.Scenario, seed uint64, detour, maxLen int) []model.Input {
	t.Helper()
	e, err := invariants.NewExplorable(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	var script []model.Input
	var offered []model.Input
	s := e.Init()
	for len(script) < maxLen {
		offered = e.Enabled(&s, offered[:0])
		if len(offered) == 0 {
			break
		}
		in := offered[rng.IntN(len(offered))]
		next := s
		v := e.Step(&s, in, &next)
		for try := 0; v != 0 && len(script) < detour && try < len(offered); try++ {
			in = offered[(rng.IntN(len(offered))+try)%len(offered)]
			next = s
			v = e.Step(&s, in, &next)
		}
		script = append(script, in)
		if v != 0 {
			break
		}
		s = next
	}
	return script
}

// roomy is the default scenario with a fault and room for long walks.
func roomy(t *testing.T, f fault.Fault) model.Scenario {
	t.Helper()
	sc, err := model.Lookup("default")
	if err != nil {
		t.Fatal(err)
	}
	sc.Kernel.Faults = sc.Kernel.Faults.With(f)
	sc.Pump.Faults = sc.Kernel.Faults
	// Room to wander: a walk that used up the default's three tasks and
	// one obligation could not break anything any more.
	sc.Tasks, sc.Regions, sc.Obligations, sc.Finalizers = 6, 3, 3, 1
	return sc
}

// TestShrinkLongWalks shrinks long random counterexamples: the result
// breaks the same invariant, is 1-minimal, and shrinking it again, from
// its own file, writes the same bytes.
func TestShrinkLongWalks(t *testing.T) {
	// Faults whose random walks run long before they break something.
	faults := []fault.Fault{fault.LostWake, fault.AckWhileMasked, fault.CloseWithLiveTask, fault.ReentrantPump, fault.UnboundedBurst, fault.StaleTimerFires}
	shrunk := 0
	for _, f := range faults {
		t.Run(f.Name(), func(t *testing.T) {
			sc := roomy(t, f)
			// Up to 30 seeds: some faults need a rare interleaving (a
			// masked task must be re-polled while its cancel is pending,
			// and a repeated cancel no longer re-wakes a parked task).
			for seed := uint64(1); seed <= 30; seed++ {
				script := walk(t, sc, seed, 10+int(seed%20), 80)
				c := asuCase{Base: "default", Scenario: sc, Script: script}
				if o, err := asu.Execute(sc, nil, script); err != nil || o.Violation == nil || len(script) < 30 {
					continue
				}
				shrunk++
				s, err := asu.Shrink(context.Background(), c)
				if err != nil {
					t.Fatal(err)
				}
				if reproducer(t, c)(s) != true || len(s.Script) >= len(script) {
					t.Fatalf("seed %d: %d inputs shrunk to %d, reproduces %v", seed, len(script), len(s.Script), reproducer(t, c)(s))
				}
				checkMinimal(t, s)
				t.Logf("seed %d: %d inputs shrunk to %d", seed, len(script), len(s.Script))
				_, data, err := asu.Format(s)
				if err != nil {
					t.Fatal(err)
				}
				f, err := asu.Parse(DefaultDir+"/walk.txt", data)
				if err != nil {
					t.Fatal(err)
				}
				again, err := asu.Shrink(context.Background(), f.Case)
				if err != nil {
					t.Fatal(err)
				}
				if _, data2, err := asu.Format(again); err != nil || !bytes.Equal(data, data2) {
					t.Fatalf("seed %d: shrinking the shrunk file again changed it (error %v):\n%s\nthen:\n%s", seed, err, data, data2)
				}
				if f.Case.Origin.Length != len(script) || f.Case.Origin.Command != byHand {
					t.Errorf("seed %d: origin %+v, want %d inputs by hand", seed, f.Case.Origin, len(script))
				}
				break
			}
		})
	}
	if shrunk < len(faults) {
		t.Errorf("only %d of %d faults gave a long walk to shrink", shrunk, len(faults))
	}
}

// alone is a shrinker holding c, cut at its violation, for running one of
// its passes alone: Shrink runs them in turn, and one pass can make up
// for another's failing.
func alone(t *testing.T, c asuCase) *shrinker[model.Scenario, model.State, model.Input] {
	t.Helper()
	o, err := asu.Execute(c.Scenario, c.Only, c.Script)
	if err != nil || o.Violation == nil {
		t.Fatalf("the case does not reproduce a violation (error %v)", err)
	}
	c.Script = o.Inputs
	return &shrinker[model.Scenario, model.State, model.Input]{p: asu, ctx: context.Background(), target: o.Violation.Index, cur: c}
}

// TestDropInputsTriesEachInputAlone: dropping inputs ends with chunks of
// one input, so an input that can go only alone goes. The wake of t1,
// queued already, changes nothing of the dispatch that takes t2 before
// it, and the other four are the sample, which is 1-minimal; with five
// inputs, halves and quarters each hold the wake with a needed input.
func TestDropInputsTriesEachInputAlone(t *testing.T) {
	f, err := asu.Parse("wake.txt", []byte("scenario base=default faults=lifo-ready\n----\n\nrun\nspawn r1\nmicrotask\nspawn r1\nwake t1\ndispatch\n----\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := alone(t, f.Case)
	if !s.dropInputs() || fmt.Sprint(s.cur.Script) != "[spawn r1 microtask spawn r1 dispatch]" {
		t.Errorf("dropped to %v, want the wake dropped", s.cur.Script)
	}
}

// TestSimplifyInputsPastTheFirst: simplifying replaces an input anywhere
// in the script by a lighter one that still reproduces, from the state
// the inputs before it left. The committed wheel-cancel-answered file,
// a fixed point of shrink, with a 300 ms sleep offered beside its 1 ms
// one and its third input's sleep made that, simplifies back to the
// file's script.
func TestSimplifyInputsPastTheFirst(t *testing.T) {
	f, err := asu.Read(committedDir + "/wheel-cancel-answered-f7c917cd.txt")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(f.Case.Script); got != "[spawn r1 dispatch sleep t1 1 timer-cancel-stale t1]" {
		t.Fatalf("the committed script is %s", got)
	}
	heavy := f.Case
	heavy.Scenario.Sleeps = []uint32{300}
	heavy.Script = slices.Clone(f.Case.Script)
	if heavy.Script[2], err = asu.spec.ParseInput("sleep t1 300"); err != nil {
		t.Fatal(err)
	}
	if !reproducer(t, f.Case)(heavy) {
		t.Fatal("with a sleep of 300 ms, the script does not break wheel-cancel-answered")
	}
	s := alone(t, heavy)
	for s.simplifyInputs() {
	}
	if got, want := fmt.Sprint(s.cur.Script), fmt.Sprint(f.Case.Script); got != want {
		t.Errorf("simplified to %s, want %s", got, want)
	}
}

// TestResearchFindsTheTargetInvariant: the search for a shorter path
// looks for the invariant the case breaks, not for any. Under
// region-cancel-shutdown the region-kinds scenario breaks
// region-cancel-kind-attr at its first input (the committed
// region-cancel-kind-attr-f4cd4a29.txt), while budget-derived needs
// three: a task (spawn r1), a cancel that leaves it pending, and a
// second request, the region's cascade, whose budget is then combined
// with the first. A long script to budget-derived shortens to three.
func TestResearchFindsTheTargetInvariant(t *testing.T) {
	f, err := asu.Parse("long.txt", []byte("scenario base=region-kinds faults=region-cancel-shutdown\n----\n\nrun\n"+
		"open-region r1\nclose r2\ndispatch\nspawn r1\ncancel t1 kind=User\ncancel t1 kind=FailFast\nwake t1\n"+
		"cancel t1 kind=FailFast\ncancel t1 kind=User\ncancel t1 kind=User\ncancel r1 kind=Deadline\n----\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := alone(t, f.Case)
	if name := asu.invariant(s.target).Name; name != "budget-derived" || len(s.cur.Script) != 11 {
		t.Fatalf("the script breaks %s after %d inputs, want budget-derived after 11", name, len(s.cur.Script))
	}
	if !s.research() || len(s.cur.Script) != 3 || !reproducer(t, f.Case)(s.cur) {
		t.Errorf("searched to %v, want three inputs breaking budget-derived", s.cur.Script)
	}
}

// TestResearchReducedTakesAnotherRoute: a smaller scenario can need
// another path, which neither dropping inputs nor reducing under the same
// script finds. Under idle-settle-strands (a drain cycle that ends idle
// leaves its burst count behind) BFS in no-caps found a 7-input stuck
// state at a burst limit of 2, two yields filling the burst before the
// second spawn; at a limit of 1 one yield fills it, a 5-input path the 7
// do not contain. Every pass before researchReduced leaves the 7; it
// takes the smaller scenario with the 5.
func TestResearchReducedTakesAnotherRoute(t *testing.T) {
	f, err := asu.Parse("seven.txt", []byte("scenario base=no-caps tasks=2 denied_callbacks=false cancel_kinds=none cancel_streak_limit=1 "+
		"faults=idle-settle-strands\n----\n\nrun\nspawn r1\nmicrotask\ndispatch\nyield t1\ndispatch\nyield t1\nspawn r1\n----\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := alone(t, f.Case)
	if name := asu.invariant(s.target).Name; name != "stuck" || len(s.cur.Script) != 7 || s.cur.Scenario.Pump.BurstLimit != 2 {
		t.Fatalf("the script breaks %s after %d inputs at burst limit %d, want stuck after 7 at 2", name, len(s.cur.Script), s.cur.Scenario.Pump.BurstLimit)
	}
	if s.dropInputs() || s.reduceScenario() || s.simplifyInputs() || s.research() {
		t.Fatalf("a cheaper pass shrank it, to %v: the case no longer shows the route-changing pass", s.cur.Script)
	}
	if !s.researchReduced() || len(s.cur.Script) != 5 || s.cur.Scenario.Pump.BurstLimit != 1 || !reproducer(t, f.Case)(s.cur) {
		t.Errorf("researched to %v at burst limit %d, want 5 inputs breaking stuck at 1", s.cur.Script, s.cur.Scenario.Pump.BurstLimit)
	}
}

// TestShrinkSearchesTheGivenScenarioFirst: a long script shrinks to the
// case the shortest path would, wherever it was found. Under
// silent-recv-pending the channel scenario breaks chan-recv-answered in 7
// inputs, by a cancel that leaves the receiver pending (the committed
// chan-recv-answered-e84bac9c.txt). A random walk reached it in 9 without
// a cancel; shrinking that dropped the cancel kinds the 9 do not use and
// ended there, since the 7 need them. Searched in the scenario as given
// before anything is dropped, the 9 shrink to the committed case.
func TestShrinkSearchesTheGivenScenarioFirst(t *testing.T) {
	walked, err := asu.Parse("walked.txt", []byte("scenario base=channel faults=silent-recv-pending\n----\n\nrun\n"+
		"spawn r1\ndispatch\npending t1\nspawn r1\ndispatch\npending t2\nspawn r1\ndispatch\nchan-recv t3\n----\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s := alone(t, walked.Case); asu.invariant(s.target).Name != "chan-recv-answered" || len(s.cur.Script) != 9 {
		t.Fatalf("the walk breaks %s after %d inputs, want chan-recv-answered after 9", asu.invariant(s.target).Name, len(s.cur.Script))
	}
	committed, err := asu.Read("../testdata/counterexamples/chan-recv-answered-e84bac9c.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, err := asu.Shrink(context.Background(), walked.Case)
	if err != nil {
		t.Fatal(err)
	}
	// Format names a case by its scenario, checks and script.
	name, _, err := asu.Format(got)
	if err != nil {
		t.Fatal(err)
	}
	if want := "chan-recv-answered-e84bac9c.txt"; name != want {
		t.Errorf("the walk shrank to %s (%v), want the committed %s (%v)", name, got.Script, want, committed.Case.Script)
	}
}
