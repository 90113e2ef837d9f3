package explore

import (
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// randomLiveTable draws a random table with up to 4 subjects, pending in a
// state with a drawn density (so that some tables have no lasso), and
// transitions fair or not at random.
func randomLiveTable(t *rapid.T) liveTable {
	m := liveTable{table: randomTable(t)}
	density := rapid.IntRange(0, 4).Draw(t, "density")
	for i := range m.succ {
		var p uint64
		for b := range 4 {
			if rapid.IntRange(0, 3).Draw(t, "pending") < density {
				p |= 1 << b
			}
		}
		m.pending = append(m.pending, p)
		fair := make([]bool, len(m.succ[i]))
		for k := range fair {
			fair[k] = rapid.Bool().Draw(t, "fair")
		}
		m.fair = append(m.fair, fair)
	}
	return m
}

// bruteLasso answers, the obvious way, whether m has a lasso within depth
// and, if so, the least prefix length and, at that prefix length, the least
// loop length: for every state and subject, the set of (state, fair step
// taken) reachable in exactly L steps through pending states, for growing
// L.
func bruteLasso(m liveTable, depth int) (found bool, prefix, loop int) {
	n := len(m.succ)
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	for level := []int{0}; len(level) > 0 && (depth == 0 || dist[level[0]] < depth); {
		var next []int
		for _, u := range level {
			for _, e := range m.succ[u] {
				if e.violation == 0 && dist[e.to] < 0 {
					dist[e.to] = dist[u] + 1
					next = append(next, int(e.to))
				}
			}
		}
		level = next
	}
	type pstate struct {
		node int
		fair bool
	}
	for s0 := range n {
		if dist[s0] < 0 {
			continue
		}
		for b := range 4 {
			bit := uint64(1) << b
			if m.pending[s0]&bit == 0 {
				continue
			}
			cur := map[pstate]bool{{s0, false}: true}
			for l := 1; l <= 2*n; l++ {
				next := map[pstate]bool{}
				for x := range cur {
					for k, e := range m.succ[x.node] {
						if e.violation == 0 && dist[e.to] >= 0 && m.pending[e.to]&bit != 0 {
							next[pstate{int(e.to), x.fair || m.fair[x.node][k]}] = true
						}
					}
				}
				if next[pstate{s0, true}] {
					if !found || dist[s0] < prefix || (dist[s0] == prefix && l < loop) {
						found, prefix, loop = true, dist[s0], l
					}
					break
				}
				cur = next
			}
		}
	}
	return found, prefix, loop
}

func TestRandomLassosMatchBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := randomLiveTable(t)
		depth := rapid.IntRange(0, 8).Draw(t, "depth")
		found, prefix, loop := bruteLasso(m, depth)
		var first LassoResult[uint16]
		for _, workers := range []int{1, 3} {
			r := lassoWithoutTiming(mustFindLasso(t, Model[tstate, uint16](m), "p", Options{Depth: depth, Workers: workers}))
			if !r.Complete || (r.Lasso != nil) != found {
				t.Fatalf("Complete %v, lasso %+v; brute force found one: %v", r.Complete, r.Lasso, found)
			}
			if found {
				if len(r.Lasso.Prefix) != prefix || len(r.Lasso.Loop) != loop {
					t.Fatalf("lasso %+v; brute force: prefix %d, loop %d", r.Lasso, prefix, loop)
				}
				replaysLasso(t, Model[tstate, uint16](m), r.Lasso)
			}
			if workers == 1 {
				first = r
			} else if !reflect.DeepEqual(r, first) {
				t.Fatalf("%d workers: %+v; 1 worker: %+v", workers, r, first)
			}
		}
	})
}
