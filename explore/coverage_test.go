package explore

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	"modelcheck/model"
)

// coveredTwoPhase is two-phase commit counting each transition's action
// (the input's high nibble) as its input kind and the RM the input names
// (the low nibble) as its one event.
type coveredTwoPhase struct {
	twoPhase
	counter model.Counter
}

func newCoveredTwoPhase(rms uint8) *coveredTwoPhase {
	actions := []string{"RcvPrepared", "Commit", "Abort", "Prepare", "ChooseAbort", "RcvCommit", "RcvAbort"}
	rmNames := []string{"rm0", "rm1", "rm2", "rm3", "rm4", "rm5", "rm6", "rm7"}
	return &coveredTwoPhase{twoPhase: twoPhase{RMs: rms}, counter: model.NewCounter(actions, rmNames)}
}

func (m *coveredTwoPhase) Step(s *tpState, in uint8, next *tpState) int {
	m.counter.Input(int(in >> 4))
	m.counter.Event(int(in & 0xf))
	return m.twoPhase.Step(s, in, next)
}

func (m *coveredTwoPhase) Fork() Model[tpState, uint8] {
	return &coveredTwoPhase{twoPhase: m.twoPhase, counter: m.counter.Fork()}
}

func (m *coveredTwoPhase) CoverageLabels() []string  { return m.counter.CoverageLabels() }
func (m *coveredTwoPhase) AddCoverage(into []uint64) { m.counter.AddCoverage(into) }

// TestCoverageMatchesReference: the explorer's coverage is what the naive
// reference BFS counts stepping every state within the bound once, for
// every worker count, bounded or not; every transition counts one input;
// and a model run twice reports each run's own counts.
func TestCoverageMatchesReference(t *testing.T) {
	for _, depth := range []int{0, 3, 6} {
		ref := newCoveredTwoPhase(4)
		want := referenceBFS[tpState, uint8](ref, depth)
		wantCounts := make([]uint64, len(ref.CoverageLabels()))
		ref.AddCoverage(wantCounts)
		for _, w := range []int{1, 2, 3} {
			m := newCoveredTwoPhase(4)
			for run := range 2 {
				got := mustRun(t, m, Options{Depth: depth, Workers: w, KeepGoing: true})
				if got.Generated != want.generated {
					t.Fatalf("depth %d, %d workers: %d generated, reference %d", depth, w, got.Generated, want.generated)
				}
				var counts []uint64
				var inputs uint64
				for i, c := range got.Coverage {
					if c.Label != ref.CoverageLabels()[i] {
						t.Fatalf("label %d is %q, want %q", i, c.Label, ref.CoverageLabels()[i])
					}
					counts = append(counts, c.Count)
					if i < 7 {
						inputs += c.Count
					}
				}
				if !slices.Equal(counts, wantCounts) {
					t.Errorf("depth %d, %d workers, run %d: coverage %v, reference %v", depth, w, run+1, counts, wantCounts)
				}
				if inputs != uint64(got.Generated) {
					t.Errorf("depth %d, %d workers: %d transitions counted by input, %d generated", depth, w, inputs, got.Generated)
				}
			}
		}
		if wantCounts[len(wantCounts)-1] != 0 || wantCounts[len(wantCounts)-5] == 0 {
			t.Errorf("depth %d: with 4 RMs rm7 must count nothing and rm3 something: %v", depth, wantCounts)
		}
	}
}

// TestCoverageNilWithoutCoverer: a model that counts nothing, and a DFS
// run, report no coverage rather than zeros.
func TestCoverageNilWithoutCoverer(t *testing.T) {
	if r := mustRun(t, &twoPhase{RMs: 2}, Options{}); r.Coverage != nil {
		t.Errorf("twoPhase counts nothing, got coverage %v", r.Coverage)
	}
	if r := mustRun(t, newCoveredTwoPhase(2), Options{Strategy: DFS}); r.Coverage != nil {
		t.Errorf("DFS expands a state again when it finds it shallower, so it reports no coverage; got %v", r.Coverage)
	}
}

// TestUncovered: the labels asked for that counted nothing, in the order
// asked, a label the model does not have among them.
func TestUncovered(t *testing.T) {
	r := Result[uint8]{Coverage: []Covered{{"input a", 2}, {"input b", 0}, {"event c", 1}}}
	if got, want := r.Uncovered([]string{"event c", "input b", "event z", "input a"}), []string{"input b", "event z"}; !slices.Equal(got, want) {
		t.Errorf("uncovered %q, want %q", got, want)
	}
}

// TestCoverageAtMaxStates: a run stopped by MaxStates counts exactly the
// transitions its result counts, whatever the worker count. Workers expand
// a whole batch of chunks before collect finds the chunk that takes the
// run past the limit and drops the rest; the steps of the dropped chunks
// must not be counted, or the counts grow with the batch, which grows with
// the worker count.
func TestCoverageAtMaxStates(t *testing.T) {
	for _, limit := range []int{100, 500, 3000} {
		var base []Covered
		for _, w := range []int{1, 2, 5, 16} {
			got := mustRun(t, newCoveredTwoPhase(7), Options{MaxStates: limit, Workers: w, KeepGoing: true})
			if got.StoppedEarly != StoppedAtMaxStates {
				t.Fatalf("limit %d, %d workers: stopped %v, want at the state limit", limit, w, got.StoppedEarly)
			}
			var inputs, events uint64
			for i, c := range got.Coverage {
				if i < 7 {
					inputs += c.Count
				} else {
					events += c.Count
				}
			}
			if inputs != uint64(got.Generated) || events != uint64(got.Generated) {
				t.Errorf("limit %d, %d workers: %d transitions counted by input and %d by event, %d generated",
					limit, w, inputs, events, got.Generated)
			}
			if base == nil {
				base = got.Coverage
			} else if !slices.Equal(got.Coverage, base) {
				t.Errorf("limit %d, %d workers: coverage %v, with 1 worker %v", limit, w, got.Coverage, base)
			}
		}
	}
}

// cancellingTwoPhase cancels its run's context at its stop-th step, counted
// across its forks, while a batch is being expanded.
type cancellingTwoPhase struct {
	*coveredTwoPhase
	steps  *atomic.Int64
	stop   int64
	cancel context.CancelFunc
}

func (m cancellingTwoPhase) Step(s *tpState, in uint8, next *tpState) int {
	if m.steps.Add(1) == m.stop {
		m.cancel()
	}
	return m.coveredTwoPhase.Step(s, in, next)
}

func (m cancellingTwoPhase) Fork() Model[tpState, uint8] {
	m.coveredTwoPhase = m.coveredTwoPhase.Fork().(*coveredTwoPhase)
	return m
}

// TestCoverageAtCancel: a run cancelled in the middle of a batch drops the
// batch whole, and its coverage counts none of the batch's steps either,
// just as Generated does. Where it stops depends on timing, but its counts
// still add up to the transitions it reports.
func TestCoverageAtCancel(t *testing.T) {
	for _, w := range []int{1, 2, 5} {
		ctx, cancel := context.WithCancel(context.Background())
		m := cancellingTwoPhase{newCoveredTwoPhase(7), new(atomic.Int64), 5000, cancel}
		got, err := Run(ctx, Model[tpState, uint8](m), Options{Workers: w, KeepGoing: true})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if got.StoppedEarly != StoppedByContext {
			t.Fatalf("%d workers: stopped %v, want by the context", w, got.StoppedEarly)
		}
		var inputs uint64
		for _, c := range got.Coverage[:7] {
			inputs += c.Count
		}
		if inputs != uint64(got.Generated) {
			t.Errorf("%d workers: %d transitions counted by input, %d generated", w, inputs, got.Generated)
		}
	}
}

// coveredCounters is counters counting each transition's operation (the
// input's high nibble) as its input kind, for the allocation test: the
// explorer takes a coverage snapshot per chunk, which must allocate
// nothing either.
type coveredCounters struct {
	*counters
	counter model.Counter
}

func newCoveredCounters(c *counters) *coveredCounters {
	return &coveredCounters{counters: c, counter: model.NewCounter([]string{"inc", "dec", "rot"}, nil)}
}

func (m *coveredCounters) Step(s *cstate, in uint8, next *cstate) int {
	m.counter.Input(int(in >> 4))
	return m.counters.Step(s, in, next)
}

func (m *coveredCounters) Fork() Model[cstate, uint8] {
	return &coveredCounters{counters: m.counters, counter: m.counter.Fork()}
}

func (m *coveredCounters) CoverageLabels() []string  { return m.counter.CoverageLabels() }
func (m *coveredCounters) AddCoverage(into []uint64) { m.counter.AddCoverage(into) }
