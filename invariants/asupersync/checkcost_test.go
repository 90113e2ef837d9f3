package asupersync

import (
	"sort"
	"testing"
	"time"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/trace"
)

// transition is one recorded step: the state before, the input, the
// state after and the events it emitted.
type transition struct {
	before, after model.State
	in            model.Input
	events        []trace.Event
}

// reachable walks a scenario breadth first to depth and returns every
// every-th transition out of the distinct states of depth < depth, in BFS
// order (an even sample, without holding the others' states).
func reachable(tb testing.TB, scenario string, depth, every int) (*model.Scenario, []transition) {
	tb.Helper()
	sc, err := model.Lookup(scenario)
	if err != nil {
		tb.Fatal(err)
	}
	m := model.New(sc, nil)
	seen := map[string]bool{}
	level := []model.State{m.Init()}
	seen[string(m.Encode(&level[0], nil))] = true
	var out []transition
	var ins []model.Input
	var log trace.Log
	n := 0
	for d := 0; d < depth && len(level) > 0; d++ {
		var next []model.State
		for i := range level {
			s := &level[i]
			ins = m.Enabled(s, ins[:0])
			for _, in := range ins {
				after := *s
				log.Reset()
				if err := m.Apply(&after, in, &log); err != nil {
					tb.Fatal(err)
				}
				if n%every == 0 {
					out = append(out, transition{before: *s, in: in, after: after, events: append([]trace.Event(nil), log.Events...)})
				}
				n++
				if k := string(m.Encode(&after, nil)); !seen[k] {
					seen[k] = true
					next = append(next, after)
				}
			}
		}
		level = next
	}
	return &m.Scenario, out
}

// BenchmarkCheckCost attributes the checks' time to each invariant: over
// an even sample of the default scenario's transitions to depth 7 it times
// every invariant alone on the sampled transitions its gate lets through
// (each call starts with an empty per-transition cache, so a check that
// shares derived data is charged for computing it), per sampled
// transition, and Checker.Check with and without the gates. Run with -v:
// it logs the invariants by cost, with the share of transitions each runs
// on. (go test -run '^$' -bench CheckCost -benchtime 1x -v
// ./invariants/asupersync/)
func BenchmarkCheckCost(b *testing.B) {
	// An even sample (about 300 of depth 7's 38,710 transitions) small
	// enough to stay in cache, as the explorer's current transition does:
	// the costs are then the checks', not the memory's.
	sc, ts := reachable(b, "default", 7, 128)
	// Each invariant's cost is its fastest of several rounds, so that a
	// round another process interrupted does not count.
	const rounds, repeats = 15, 100
	cost := make([]time.Duration, len(all))
	// open[i] lists the sampled transitions invariant i's gate lets
	// through: the ones Check calls it on.
	var c Context
	open := make([][]int, len(all))
	// sigs are the transitions' signatures, computed here once: a check
	// is charged for its own work, not for the signature Check computes
	// once for all of them.
	sigs := make([]signature, len(ts))
	chk, err := NewChecker(sc, nil)
	if err != nil {
		b.Fatal(err)
	}
	for j := range ts {
		t := &ts[j]
		sigs[j] = transitionSignature(t.in, t.events)
		c.point(sc, &t.before, t.in, &t.after, t.events, sigs[j])
		run := chk.dispatch.toRun(&c, sigs[j])
		for i := range all {
			if run.has(i) {
				open[i] = append(open[i], j)
			}
		}
	}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for i := range all {
			for round := 0; round < rounds; round++ {
				start := time.Now()
				for r := 0; r < repeats; r++ {
					for _, j := range open[i] {
						t := &ts[j]
						c.point(sc, &t.before, t.in, &t.after, t.events, sigs[j])
						all[i].violated(&c)
					}
				}
				if d := time.Since(start); round == 0 || d < cost[i] {
					cost[i] = d
				}
			}
		}
	}
	// The checker as the explorer calls it: the gates and the shared
	// per-transition data at work.
	timeChecker := func(chk *Checker) time.Duration {
		var best time.Duration
		for round := 0; round < rounds; round++ {
			start := time.Now()
			for r := 0; r < repeats; r++ {
				for j := range ts {
					t := &ts[j]
					chk.Check(&t.before, t.in, &t.after, t.events)
				}
			}
			if d := time.Since(start); round == 0 || d < best {
				best = d
			}
		}
		return best
	}
	whole, ungated := timeChecker(chk), timeChecker(ungatedChecker(sc))
	b.StopTimer()
	order := make([]int, len(all))
	var total time.Duration
	for i := range order {
		order[i] = i
		total += cost[i]
	}
	sort.Slice(order, func(x, y int) bool { return cost[order[x]] > cost[order[y]] })
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(repeats*len(ts)) }
	b.Logf("%d transitions; Checker.Check %.1f ns/transition (%.1f without the gates); each check alone, summed, %.1f", len(ts), per(whole), per(ungated), per(total))
	for _, i := range order {
		b.Logf("%-36s %6.1f ns/transition (runs on %3d%%)", all[i].Name, per(cost[i]), 100*len(open[i])/len(ts))
	}
	b.ReportMetric(per(whole), "ns/transition")
}

// ungatedChecker checks every invariant on every transition, as Check
// did before the gates: the reference the gates must agree with.
func ungatedChecker(sc *model.Scenario) *Checker {
	c := &Checker{scenario: sc, enabled: make([]bool, len(all)), dispatch: &dispatch{}}
	for i := range all {
		c.enabled[i] = true
		c.dispatch.always.add(i)
	}
	return c
}
