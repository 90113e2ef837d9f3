package explore

import "slices"

// refResult is what the naive reference BFS finds.
type refResult[I comparable] struct {
	distinct, generated int64
	maxDepth            int
	violations          []Violation[I]
}

// referenceBFS explores m the obvious way, with a Go map of whole states and
// a copied path per state, under the explorer's documented rules: depth 0
// is no bound; states at the bound are checked for being stuck but not
// expanded; a violating transition is a dead end; the first violation of
// each invariant in (level, parent position, input index) order is kept.
func referenceBFS[S comparable, I comparable](m Model[S, I], depth int) refResult[I] {
	type node struct {
		s    S
		path []I
	}
	var r refResult[I]
	seen := map[int]bool{}
	names := m.Invariants()
	record := func(invariant int, stuck bool, path []I) {
		if !seen[invariant] {
			seen[invariant] = true
			r.violations = append(r.violations, Violation[I]{Name: names[invariant], Invariant: invariant, Path: path, Depth: len(path), Stuck: stuck})
		}
	}
	init := m.Init()
	visited := map[S]bool{init: true}
	level := []node{{s: init}}
	for d := 0; len(level) > 0; d++ {
		r.maxDepth = d
		var next []node
		for _, n := range level {
			inputs := m.Enabled(&n.s, nil)
			if len(inputs) == 0 {
				if v := m.Stuck(&n.s); v != 0 {
					record(v-1, true, n.path)
				}
			}
			if depth > 0 && d == depth {
				continue
			}
			for _, in := range inputs {
				r.generated++
				s := n.s
				v := m.Step(&n.s, in, &s)
				path := append(slices.Clone(n.path), in)
				if v != 0 {
					record(v-1, false, path)
					continue
				}
				if !visited[s] {
					visited[s] = true
					next = append(next, node{s, path})
				}
			}
		}
		level = next
	}
	r.distinct = int64(len(visited))
	return r
}
