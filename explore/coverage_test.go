package explore

import (
	"slices"
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
