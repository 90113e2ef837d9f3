package explore

import (
	"math/bits"
	"slices"
	"sort"
)

// lassoFound is the first lasso as input indices, before resolveLasso
// replays it.
type lassoFound struct {
	subject      int
	prefix, loop []int
}

// lassoStart is a state s0 at which a lasso for subject can start: a node
// of a strongly connected component of the subject's pending states that
// holds a fair transition.
type lassoStart struct {
	node    uint32
	subject int
}

// search finds the first lasso of the complete graph in FindLasso's order,
// or nil.
//
// A loop from s0 to s0 along which a subject stays pending never leaves
// s0's strongly connected component of the subgraph of states where it is
// pending, and conversely any state of a component with a fair transition
// inside starts a loop through that transition. So the shortest prefix is
// the depth of the shallowest such state over all subjects, and only the
// states at that depth (the starts) need their shortest loops measured.
func (g *lassoGraph[S, I]) search() (*lassoFound, StopReason) {
	starts, stop := g.lassoStarts()
	if stop != NotStopped || len(starts) == 0 {
		return nil, stop
	}
	// Starts are at one depth, so ordering them by node orders their
	// prefixes lexicographically (see lassoGraph).
	slices.SortFunc(starts, func(a, b lassoStart) int {
		if a.node != b.node {
			return int(a.node) - int(b.node)
		}
		return a.subject - b.subject
	})
	loops := newLoopSearch(len(g.pending))
	var best *lassoFound
	bestNode := uint32(0)
	for _, st := range starts {
		if g.ctx.Err() != nil {
			return nil, StoppedByContext
		}
		limit := len(g.pending) * 2 // the product graph's size bounds any shortest loop
		if best != nil {
			limit = len(best.loop)
		}
		loop := loops.shortest(&g.stateGraph, st.node, st.subject, limit)
		if loop == nil {
			continue
		}
		// A later start wins only with a shorter loop, or, at the same
		// node (same prefix), a lexicographically smaller one.
		if best == nil || len(loop) < len(best.loop) || (st.node == bestNode && slices.Compare(loop, best.loop) < 0) {
			best, bestNode = &lassoFound{subject: st.subject, loop: loop}, st.node
		}
	}
	best.prefix = g.prefix(bestNode)
	return best, NotStopped
}

// maxSubjectSearches bounds how many subjects are searched at once: each
// search holds its own Tarjan arrays, 12 bytes a node, against about 150 a
// node for the graph, so a few at once speed the search up without
// holding much more.
const maxSubjectSearches = 4

// lassoStarts returns the lasso starts of least depth, for every subject.
// Subjects are searched independently, a few at once on the run's
// workers; the starts are then merged by depth and node, so which worker
// searched which subject changes nothing.
func (g *lassoGraph[S, I]) lassoStarts() ([]lassoStart, StopReason) {
	var all uint64
	for _, p := range g.pending {
		all |= p
	}
	var subjects []int
	for ; all != 0; all &= all - 1 {
		subjects = append(subjects, bits.TrailingZeros64(all))
	}
	tarjans := make([]*tarjan, min(g.opt.Workers, len(subjects), maxSubjectSearches))
	for i := range tarjans {
		tarjans[i] = newTarjan(len(g.pending))
	}
	if g.memory.exceeded() {
		return nil, StoppedAtMemoryLimit
	}
	found := make([]subjectStarts, len(subjects))
	g.pool.run(func(w int) {
		if w >= len(tarjans) {
			return
		}
		for {
			i, ok := g.pool.task(len(subjects))
			if !ok || g.ctx.Err() != nil {
				return
			}
			found[i] = g.subjectStarts(tarjans[w], subjects[i])
		}
	})
	if g.ctx.Err() != nil {
		return nil, StoppedByContext
	}
	var starts []lassoStart
	bestDepth := -1
	for i, f := range found {
		if len(f.nodes) == 0 || (bestDepth >= 0 && f.depth > bestDepth) {
			continue
		}
		if bestDepth < 0 || f.depth < bestDepth {
			bestDepth, starts = f.depth, starts[:0]
		}
		for _, u := range f.nodes {
			starts = append(starts, lassoStart{u, subjects[i]})
		}
	}
	return starts, NotStopped
}

// subjectStarts is one subject's lasso starts of least depth.
type subjectStarts struct {
	depth int
	nodes []uint32 // in node order; none if the subject has no lasso
}

// subjectStarts finds the components of the states where subject is
// pending, keeps those with a fair transition inside, and returns their
// shallowest states.
func (g *lassoGraph[S, I]) subjectStarts(t *tarjan, subject int) subjectStarts {
	bit := uint64(1) << subject
	ncomp := t.components(&g.stateGraph, bit)
	good := make([]bool, ncomp)
	for u, p := range g.pending {
		if p&bit == 0 {
			continue
		}
		lo, hi := g.out(uint32(u))
		for k := lo; k < hi; k++ {
			if e := g.edges.at(k); e.fair() && g.pending[e.to]&bit != 0 && t.comp[e.to] == t.comp[u] {
				good[t.comp[u]] = true
			}
		}
	}
	// Nodes are in depth order: the first good one has the least depth,
	// and its level holds all the starts.
	var f subjectStarts
	for u, p := range g.pending {
		if p&bit == 0 || !good[t.comp[u]] {
			continue
		}
		d := g.depth(uint32(u))
		if len(f.nodes) > 0 && d > f.depth {
			break
		}
		f.depth, f.nodes = d, append(f.nodes, uint32(u))
	}
	return f
}

// depth is node u's shortest distance from Init.
func (g *stateGraph) depth(u uint32) int {
	return sort.Search(len(g.levelEnd), func(d int) bool { return g.levelEnd[d] > u })
}

// prefix is the input indices of the BFS-tree path from Init to u.
func (g *stateGraph) prefix(u uint32) []int {
	var path []int
	for u != 0 {
		p := g.parent[u]
		lo, hi := g.out(p)
		for k := lo; k < hi; k++ {
			if e := g.edges.at(k); e.to == u { // the first edge to u is the one that found it
				path = append(path, e.input())
				break
			}
		}
		u = p
	}
	slices.Reverse(path)
	return path
}

// tarjan computes strongly connected components of a subgraph with
// Tarjan's algorithm, iteratively (a recursive one would need a goroutine
// stack as deep as the graph). Its arrays are indexed by node and reused
// from subject to subject, 12 bytes a node. github.com/dominikbraun/graph,
// keyed by maps, was measured on a random graph of 200,000 nodes with 14
// edges each: 3.4 KB a node, 50 s to build and 31 s for its components,
// against 60 bytes, 9 ms and 0.3 s for these arrays and the edge list.
type tarjan struct {
	index, low, comp []int32 // index 0: not visited; comp -1: on the stack
	stack            []uint32
	frames           []tarjanFrame
}

type tarjanFrame struct {
	node uint32
	edge int // the next edge to look at
	end  int
}

func newTarjan(n int) *tarjan {
	return &tarjan{index: make([]int32, n), low: make([]int32, n), comp: make([]int32, n)}
}

// components numbers the components of the subgraph of nodes whose
// pending subjects include bit, in t.comp, and returns how many there are.
// Nodes outside the subgraph keep a stale comp; callers test the bit first.
func (t *tarjan) components(g *stateGraph, bit uint64) int {
	clear(t.index)
	var counter, ncomp int32
	push := func(v uint32) {
		counter++
		t.index[v], t.low[v], t.comp[v] = counter, counter, -1
		t.stack = append(t.stack, v)
		lo, hi := g.out(v)
		t.frames = append(t.frames, tarjanFrame{v, lo, hi})
	}
	for root := range g.pending {
		if g.pending[root]&bit == 0 || t.index[root] != 0 {
			continue
		}
		push(uint32(root))
		for len(t.frames) > 0 {
			f := &t.frames[len(t.frames)-1]
			if f.edge < f.end {
				to := g.edges.at(f.edge).to
				f.edge++
				switch {
				case g.pending[to]&bit == 0:
				case t.index[to] == 0:
					push(to)
				case t.comp[to] < 0:
					t.low[f.node] = min(t.low[f.node], t.index[to])
				}
				continue
			}
			v := f.node
			t.frames = t.frames[:len(t.frames)-1]
			if t.low[v] == t.index[v] {
				for {
					w := t.stack[len(t.stack)-1]
					t.stack = t.stack[:len(t.stack)-1]
					t.comp[w] = ncomp
					if w == v {
						break
					}
				}
				ncomp++
			}
			if len(t.frames) > 0 {
				p := t.frames[len(t.frames)-1].node
				t.low[p] = min(t.low[p], t.low[v])
			}
		}
	}
	return int(ncomp)
}

// loopSearch finds shortest loops by BFS over the product of the graph and
// a flag "a fair transition was taken", from (s0, no) to (s0, yes). Its
// parent array is indexed by product node, 8 bytes a graph node, and
// reset after each search through the list of nodes it touched, so a
// search costs what it visits.
type loopSearch struct {
	parent           []int32 // product node 2u+flag -> its BFS parent; -1 unvisited
	touched          []int32
	frontier, follow []int32
}

func newLoopSearch(n int) *loopSearch {
	s := &loopSearch{parent: make([]int32, 2*n)}
	for i := range s.parent {
		s.parent[i] = -1
	}
	return s
}

// shortest returns the input indices of the lexicographically smallest of
// the shortest loops from s0 back to s0 through states where subject is
// pending with a fair transition, or nil if there is none of at most limit
// transitions. Breadth first with the frontier kept in discovery order and
// edges taken in input order, the first path to reach a product node is
// the lexicographically smallest shortest one, so the first arrival at the
// target is the answer.
func (s *loopSearch) shortest(g *stateGraph, s0 uint32, subject, limit int) []int {
	defer s.reset()
	start, target := int32(2*s0), int32(2*s0+1)
	s.visit(start, start)
	s.frontier = append(s.frontier[:0], start)
	for length := 1; length <= limit && len(s.frontier) > 0; length++ {
		s.follow = s.follow[:0]
		for _, x := range s.frontier {
			lo, hi := g.out(uint32(x >> 1))
			for k := lo; k < hi; k++ {
				e := g.edges.at(k)
				if !g.isPending(e.to, subject) {
					continue
				}
				y := int32(2*e.to) | int32(uint8(x&1)|e.flag())
				if y == target {
					return s.path(g, x, y)
				}
				if s.parent[y] < 0 {
					s.visit(y, x)
					s.follow = append(s.follow, y)
				}
			}
		}
		s.frontier, s.follow = s.follow, s.frontier
	}
	return nil
}

func (s *loopSearch) visit(y, from int32) {
	s.parent[y] = from
	s.touched = append(s.touched, y)
}

// path is the input indices from the start to x, then from x to y.
func (s *loopSearch) path(g *stateGraph, x, y int32) []int {
	step := func(a, b int32) int {
		lo, hi := g.out(uint32(a >> 1))
		for k := lo; k < hi; k++ {
			if e := g.edges.at(k); int32(2*e.to)|int32(uint8(a&1)|e.flag()) == b {
				return e.input()
			}
		}
		panic("explore: loop search: no edge between consecutive product nodes")
	}
	path := []int{step(x, y)}
	for s.parent[x] != x {
		path = append(path, step(s.parent[x], x))
		x = s.parent[x]
	}
	slices.Reverse(path)
	return path
}

func (s *loopSearch) reset() {
	for _, y := range s.touched {
		s.parent[y] = -1
	}
	s.touched = s.touched[:0]
}

// isPending reports whether subject is pending at node u.
func (g *stateGraph) isPending(u uint32, subject int) bool {
	return g.pending[u]&(1<<subject) != 0
}
