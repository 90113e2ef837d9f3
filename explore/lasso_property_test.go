package explore

import (
	"fmt"
	"math/bits"
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
	dist := distances(m, depth)
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

// distances is every state's shortest distance from Init through
// transitions that break no invariant, -1 for those beyond depth.
func distances(m liveTable, depth int) []int {
	dist := make([]int, len(m.succ))
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
	return dist
}

// firstLassoByEnumeration enumerates every prefix of prefixLen input
// indices and every loop of loopLen, each in lexicographic order, and
// returns the first lasso in FindLasso's order, as inputs. It is the
// order's definition run literally, so it is exponential and kept to
// short lassos.
func firstLassoByEnumeration(m liveTable, depth, prefixLen, loopLen int) *Lasso[uint16] {
	dist := distances(m, depth)
	inGraph := func(e edge) bool { return e.violation == 0 && dist[e.to] >= 0 }
	// walkLoop looks for the first loop from s0 of loopLen transitions
	// with a fair one, back to s0, along which a subject of mask stays
	// pending; it returns the smallest such subject, or -1.
	var loop []uint16
	var walkLoop func(s0, u int, mask uint64, fair bool) int
	walkLoop = func(s0, u int, mask uint64, fair bool) int {
		if mask &= m.pending[u]; mask == 0 {
			return -1
		}
		if len(loop) == loopLen {
			if u == s0 && fair {
				return bits.TrailingZeros64(mask)
			}
			return -1
		}
		for k, e := range m.succ[u] {
			if inGraph(e) {
				loop = append(loop, e.input)
				if b := walkLoop(s0, int(e.to), mask, fair || m.fair[u][k]); b >= 0 {
					return b
				}
				loop = loop[:len(loop)-1]
			}
		}
		return -1
	}
	var prefix []uint16
	var found *Lasso[uint16]
	var walkPrefix func(u int) bool
	walkPrefix = func(u int) bool {
		if len(prefix) == prefixLen {
			if b := walkLoop(u, u, ^uint64(0), false); b >= 0 {
				found = &Lasso[uint16]{Property: "p", Subject: b, SubjectName: fmt.Sprint(b), Prefix: append([]uint16{}, prefix...), Loop: append([]uint16{}, loop...)}
				return true
			}
			return false
		}
		for _, e := range m.succ[u] {
			if inGraph(e) {
				prefix = append(prefix, e.input)
				if walkPrefix(int(e.to)) {
					return true
				}
				prefix = prefix[:len(prefix)-1]
			}
		}
		return false
	}
	walkPrefix(0)
	return found
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
				// 4 inputs at most per state: at most 4^7 sequences.
				if prefix+loop <= 7 {
					if want := firstLassoByEnumeration(m, depth, prefix, loop); !reflect.DeepEqual(r.Lasso, want) {
						t.Fatalf("lasso %+v; by enumeration %+v", r.Lasso, want)
					}
				}
			}
			if workers == 1 {
				first = r
			} else if !reflect.DeepEqual(r, first) {
				t.Fatalf("%d workers: %+v; 1 worker: %+v", workers, r, first)
			}
		}
	})
}
