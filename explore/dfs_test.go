package explore

import (
	"fmt"
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// sameAsReferenceDFS checks what a DFS result must share with the reference
// BFS: the distinct states within the bound and which invariants are
// violated. Its generated count and paths legitimately differ (states are
// re-expanded when reached shallower, and paths are not shortest), so paths
// are checked by replay and against the bound instead.
func sameAsReferenceDFS[S any, I comparable](t rapid.TB, m Model[S, I], depth int, got Result[I], want refResult[I]) {
	t.Helper()
	if !got.Complete || got.Distinct != want.distinct {
		t.Errorf("complete %v, distinct %d; reference distinct %d", got.Complete, got.Distinct, want.distinct)
	}
	// DFS reaches states along longer paths than the shortest.
	if got.MaxDepthReached < want.maxDepth || depth > 0 && got.MaxDepthReached > depth {
		t.Errorf("max depth %d; reference %d, bound %d", got.MaxDepthReached, want.maxDepth, depth)
	}
	if g, w := invariants(got.Violations), invariants(want.violations); !reflect.DeepEqual(g, w) {
		t.Errorf("violated invariants %v; reference %v", g, w)
	}
	for _, v := range got.Violations {
		if depth > 0 && v.Depth > depth {
			t.Errorf("invariant %d: path of %d steps exceeds the bound %d", v.Invariant, v.Depth, depth)
		}
		replays(t, m, v)
	}
}

// invariants is the set of violated invariants, as a bitmask.
func invariants[I comparable](vs []Violation[I]) uint64 {
	var set uint64
	for _, v := range vs {
		set |= 1 << v.Invariant
	}
	return set
}

func TestDFSMatchesReference(t *testing.T) {
	for name, m := range bfsModels() {
		for _, depth := range []int{0, 1, 2, 5, 9} {
			t.Run(fmt.Sprintf("%s/depth=%d", name, depth), func(t *testing.T) {
				got := mustRun(t, m, Options{Depth: depth, Strategy: DFS, KeepGoing: true})
				sameAsReferenceDFS(t, m, depth, got, referenceBFS(m, depth))
			})
		}
	}
}

// TestDFSReexpandsShallower: in a DFS that reaches a state first near the
// bound, a plain visited set would miss what lies beyond it. The wide table
// reaches most states first at depth 2 along the first branch, then shorter
// along later ones.
func TestDFSReexpandsShallower(t *testing.T) {
	m := wideTable(600)
	for _, depth := range []int{1, 2, 3} {
		got := mustRun(t, m, Options{Depth: depth, Strategy: DFS, KeepGoing: true})
		sameAsReferenceDFS(t, m, depth, got, referenceBFS(m, depth))
	}
}

func TestDFSIsDeterministic(t *testing.T) {
	m := bfsModels()["all three"]
	a := withoutTiming(mustRun(t, m, Options{Strategy: DFS, Workers: 1, KeepGoing: true}))
	b := withoutTiming(mustRun(t, m, Options{Strategy: DFS, Workers: 8, KeepGoing: true}))
	if !reflect.DeepEqual(a, b) {
		t.Errorf("DFS results differ:\n%+v\n%+v", a, b)
	}
}

func TestDFSStopAtFirst(t *testing.T) {
	m := bfsModels()["all three"]
	got := mustRun(t, m, Options{Strategy: DFS})
	if got.Complete || got.StoppedEarly != StoppedAtViolation || len(got.Violations) != 1 {
		t.Fatalf("Complete = %v, StoppedEarly = %v, %d violations; want a stop at one", got.Complete, got.StoppedEarly, len(got.Violations))
	}
	replays(t, m, got.Violations[0])
}

// TestDFSExpandsOnceAtOneDepth: DFS expands a state again only when it
// reaches it shallower than before. In a model that only counts up, every
// path to a state has the same length, the sum of its counters, so under
// a bound each state within it is expanded once, and DFS takes exactly
// the transitions the reference BFS takes.
func TestDFSExpandsOnceAtOneDepth(t *testing.T) {
	m := &counters{K: 3, Max: 4, IncOnly: true}
	for _, depth := range []int{3, 8, 12} {
		want := referenceBFS(m, depth)
		got := mustRun(t, m, Options{Depth: depth, Strategy: DFS, KeepGoing: true})
		if !got.Complete || got.Distinct != want.distinct || got.Generated != want.generated {
			t.Errorf("depth %d: Complete %v, %d distinct, %d generated; reference %d, %d", depth, got.Complete, got.Distinct, got.Generated, want.distinct, want.generated)
		}
	}
}
