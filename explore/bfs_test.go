package explore

import (
	"fmt"
	"sync/atomic"
	"testing"
)

func bfsModels() map[string]*counters {
	return map[string]*counters{
		"plain":       {K: 3, Max: 4},
		"bad state":   {K: 4, Max: 3, Bad: &cstate{3, 0, 2, 1}},
		"no full rot": {K: 3, Max: 3, NoFullRot: true},
		"stuck":       {K: 3, Max: 2, StuckAtMax: true},
		"all three":   {K: 4, Max: 3, Bad: &cstate{1, 3, 0, 2}, NoFullRot: true, StuckAtMax: true},
	}
}

func TestBFSMatchesReference(t *testing.T) {
	for name, m := range bfsModels() {
		for _, depth := range []int{0, 1, 2, 5, 9} {
			want := referenceBFS(m, depth)
			for _, workers := range []int{1, 3} {
				t.Run(fmt.Sprintf("%s/depth=%d/workers=%d", name, depth, workers), func(t *testing.T) {
					got := mustRun(t, m, Options{Depth: depth, Workers: workers, KeepGoing: true})
					sameAsReference(t, got, want)
					for _, v := range got.Violations {
						replays(t, m, v)
					}
				})
			}
		}
	}
}

// TestBFSFindsEveryInvariant guards the models above: a test of violation
// paths proves little if the violations never happen.
func TestBFSFindsEveryInvariant(t *testing.T) {
	got := mustRun(t, bfsModels()["all three"], Options{KeepGoing: true})
	found := map[int]bool{}
	for _, v := range got.Violations {
		found[v.Invariant] = true
		if v.Stuck != (v.Invariant == 2) {
			t.Errorf("invariant %d: Stuck = %v", v.Invariant, v.Stuck)
		}
	}
	if len(found) != 3 {
		t.Fatalf("found violations of %v, want invariants 0, 1 and 2", found)
	}
}

// TestBFSPathsAreShortest checks violation depths against the shortest
// distance to a bad state computed independently of any explorer: a plain
// BFS over the states that ignores violations.
func TestBFSPathsAreShortest(t *testing.T) {
	m := &counters{K: 4, Max: 3, Bad: &cstate{3, 0, 2, 1}}
	got := mustRun(t, m, Options{Workers: 2, KeepGoing: true})
	if len(got.Violations) != 1 {
		t.Fatalf("violations = %+v, want one", got.Violations)
	}
	clean := &counters{K: m.K, Max: m.Max}
	dist := map[cstate]int{clean.Init(): 0}
	for queue := []cstate{clean.Init()}; len(queue) > 0; queue = queue[1:] {
		s := queue[0]
		for _, in := range clean.Enabled(&s, nil) {
			next := s
			clean.Step(&s, in, &next)
			if _, ok := dist[next]; !ok {
				dist[next] = dist[s] + 1
				queue = append(queue, next)
			}
		}
	}
	if v := got.Violations[0]; v.Depth != dist[*m.Bad] || len(v.Path) != v.Depth {
		t.Errorf("violation depth %d, path length %d; shortest distance to the bad state is %d", v.Depth, len(v.Path), dist[*m.Bad])
	}
	replays(t, m, got.Violations[0])
}

// TestBFSWideFanOut exercises input indices and child counts above 127,
// which take more than one byte in the path log.
func TestBFSWideFanOut(t *testing.T) {
	m := wideTable(2000)
	want := referenceBFS(m, 0)
	if len(want.violations) != 1 {
		t.Fatalf("reference found %d violations; the model should have one reachable", len(want.violations))
	}
	got := mustRun(t, m, Options{Workers: 3, KeepGoing: true})
	sameAsReference(t, got, want)
	replays(t, m, got.Violations[0])
}

// foundAt is the BFS level whose expansion finds v: a stuck state's own
// level, a transition's parent's.
func foundAt[I comparable](v Violation[I]) int {
	if v.Stuck {
		return v.Depth
	}
	return v.Depth - 1
}

// TestBFSStopAtFirst: without KeepGoing a run stops after the level whose
// expansion found the first violation, with every violation that level
// found and none of a later one. A depth bound just past that level
// changes nothing: the level before the bound checks its successors for
// being stuck as it finds them, but those are reported only if the run
// goes on past it, which it does not.
func TestBFSStopAtFirst(t *testing.T) {
	m := bfsModels()["all three"]
	full := referenceBFS(m, 0)
	first := full.violations[0]
	level := foundAt(first)
	var want []Violation[uint8]
	for _, v := range full.violations {
		if foundAt(v) <= level {
			want = append(want, v)
		}
	}
	for _, depth := range []int{0, level + 1} {
		for _, workers := range []int{1, 4} {
			got := mustRun(t, m, Options{Depth: depth, Workers: workers})
			if got.Complete || got.StoppedEarly != StoppedAtViolation {
				t.Errorf("depth %d, workers %d: Complete = %v, StoppedEarly = %v", depth, workers, got.Complete, got.StoppedEarly)
			}
			if got.MaxDepthReached != level+1 {
				t.Errorf("depth %d, workers %d: MaxDepthReached = %d, want %d", depth, workers, got.MaxDepthReached, level+1)
			}
			if fmt.Sprint(got.Violations) != fmt.Sprint(want) {
				t.Errorf("depth %d, workers %d: violations = %v, want %v", depth, workers, got.Violations, want)
			}
		}
	}
}

// TestBFSStopAtFirstAtBound: a stuck state found at the depth bound leaves
// the run complete, because nothing within the bound was left unexplored.
func TestBFSStopAtFirstAtBound(t *testing.T) {
	m := bfsModels()["stuck"]
	first := referenceBFS(m, 0).violations[0]
	if !first.Stuck {
		t.Fatalf("the model's first violation %+v should be a stuck state", first)
	}
	got := mustRun(t, m, Options{Depth: first.Depth})
	if !got.Complete || len(got.Violations) != 1 {
		t.Errorf("Complete = %v with %d violations; want complete with one", got.Complete, len(got.Violations))
	}
}

// countingTable counts the encodings the explorer asks of a table.
type countingTable struct {
	*table
	encoded atomic.Int64
}

func (c *countingTable) Encode(s *tstate, buf []byte) []byte {
	c.encoded.Add(1)
	return c.table.Encode(s, buf)
}

func (c *countingTable) Fork() Model[tstate, uint16] { return c }

// A step that leaves the state as it was leads back to its parent, which
// is visited: BFS takes it for a repeat without encoding it. On a chain
// whose every state also loops to itself, only the initial state and the
// chain's steps are encoded, and the result is the reference's.
func TestSelfLoopsAreNotEncoded(t *testing.T) {
	const n = 50
	tb := &table{succ: make([][]edge, n), stuck: make([]int, n)}
	for i := range n {
		tb.succ[i] = append(tb.succ[i], edge{input: 0, to: uint16(i)})
		if i+1 < n {
			tb.succ[i] = append(tb.succ[i], edge{input: 1, to: uint16(i + 1)})
		}
	}
	want := referenceBFS[tstate, uint16](tb, 0)
	for _, workers := range []int{1, 2} {
		m := &countingTable{table: tb}
		got := mustRun(t, m, Options{Workers: workers, KeepGoing: true})
		sameAsReference(t, got, want)
		if e := m.encoded.Load(); e != n {
			t.Errorf("%d workers: %d encodings, want %d (the initial state and the %d steps along the chain; none for the %d self-loops)", workers, e, n, n-1, n)
		}
	}
}

// TestQueueAtTheEnd: Queue is the number of visited states not yet
// expanded. A run that explored everything leaves none, under either
// strategy. A BFS run to a bound leaves the states at the bound, which it
// checks but never expands: those the reference finds within the bound
// and not within one step less.
func TestQueueAtTheEnd(t *testing.T) {
	m := bigCounters()
	for _, opt := range []Options{{Workers: 1}, {Workers: 3}, {Strategy: DFS}} {
		opt.KeepGoing = true
		if got := mustRun(t, m, opt); !got.Complete || got.Queue != 0 {
			t.Errorf("%v, %d workers: Complete = %v, Queue = %d; want a complete run with nothing queued", opt.Strategy, opt.Workers, got.Complete, got.Queue)
		}
	}
	for _, depth := range []int{2, 5, 9} {
		atBound := referenceBFS(m, depth).distinct - referenceBFS(m, depth-1).distinct
		for _, workers := range []int{1, 3} {
			got := mustRun(t, m, Options{Depth: depth, Workers: workers, KeepGoing: true})
			if got.Queue != atBound {
				t.Errorf("depth %d, workers %d: Queue = %d; %d states lie at the bound", depth, workers, got.Queue, atBound)
			}
		}
	}
}

// inputChecking is counters with HasInput (model.InputChecker), which BFS
// asks, instead of Enabled, whether a successor at the depth bound has an
// input; asked counts the calls.
type inputChecking struct {
	*counters
	asked atomic.Int64
}

func (c *inputChecking) HasInput(s *cstate) bool {
	c.asked.Add(1)
	return len(c.counters.Enabled(s, nil)) > 0
}

func (c *inputChecking) Fork() Model[cstate, uint8] { return c }

// TestHasInputAtTheBound: a model with HasInput finds what the reference
// finds, stuck states at the depth bound included, and BFS does ask it
// about the successors at the bound.
func TestHasInputAtTheBound(t *testing.T) {
	for _, name := range []string{"stuck", "all three"} {
		for _, depth := range []int{1, 2, 4, 5, 6} {
			want := referenceBFS(bfsModels()[name], depth)
			for _, workers := range []int{1, 3} {
				m := &inputChecking{counters: bfsModels()[name]}
				got := mustRun(t, m, Options{Depth: depth, Workers: workers, KeepGoing: true})
				sameAsReference(t, got, want)
				if m.asked.Load() == 0 {
					t.Errorf("%s, depth %d, workers %d: HasInput never asked", name, depth, workers)
				}
			}
		}
	}
}
