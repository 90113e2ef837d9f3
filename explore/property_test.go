package explore

import (
	"testing"

	"pgregory.net/rapid"
)

// randomTable draws a small explicit transition system: up to 40 states,
// up to 4 edges each with distinct inputs in random order, some transitions
// violating one of three invariants, and some dead ends stuck.
func randomTable(t *rapid.T) *table {
	n := rapid.IntRange(1, 40).Draw(t, "states")
	m := &table{succ: make([][]edge, n), stuck: make([]int, n)}
	for i := range n {
		inputs := rapid.SliceOfNDistinct(rapid.IntRange(0, 9), 0, 4, func(x int) int { return x }).Draw(t, "inputs")
		for _, in := range inputs {
			e := edge{input: uint16(in), to: uint16(rapid.IntRange(0, n-1).Draw(t, "to"))}
			if rapid.IntRange(0, 9).Draw(t, "violates") == 0 {
				e.violation = rapid.IntRange(1, 3).Draw(t, "invariant")
			}
			m.succ[i] = append(m.succ[i], e)
		}
		m.stuck[i] = rapid.IntRange(0, 2).Draw(t, "stuck")
	}
	return m
}

func TestRandomModelsMatchReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := randomTable(t)
		depth := rapid.IntRange(0, 8).Draw(t, "depth")
		want := referenceBFS(m, depth)
		for _, workers := range []int{1, 3} {
			got := mustRun(t, m, Options{Depth: depth, Workers: workers, KeepGoing: true})
			sameAsReference(t, got, want)
			got = mustRun(t, m, Options{Depth: depth, Workers: workers, Strategy: DFS, KeepGoing: true})
			sameAsReferenceDFS(t, m, depth, got, want)
		}
	})
}
