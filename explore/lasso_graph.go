package explore

import (
	"context"
	"errors"
	"fmt"
	"math"

	"modelcheck/model"
)

// lassoGraph is the explicit graph the lasso search runs on: every state
// within the depth bound, numbered in BFS order, with its pending subjects,
// the parent that first reached it, and its transitions to other states of
// the graph in input order. Node numbers in BFS order make a node's depth a
// lookup in levelEnd and its BFS-tree path the lexicographically smallest
// shortest path to it, which is what the lasso order needs.
//
// The graph is built level by level. Workers expand chunks of the current
// level in parallel into their chunk's buffers, reading the fingerprint
// index; the coordinator then merges the chunks in level order, numbering
// new states and appending edges, so the graph does not depend on the
// worker count. Only two levels of states are held; the graph itself holds
// none.
type lassoGraph[S any, I comparable] struct {
	ctx          context.Context
	opt          Options
	property     int
	meter        meter
	memory       memoryGuard
	processBytes uint64
	workers      []lassoWorker[S, I]
	pool         *pool
	expandJob    func(worker int)

	index fpIndex
	stateGraph

	cur, next []S // the level being expanded, in node order, and the next
	expanding bool
	chunks    []lassoChunk[S] // reused from batch to batch
	batch     []lassoChunk[S]
	stats     Stats
	// spare and hangAt are bfs's (see there): a fork for replaying the
	// path to a hung call, with Options.StepTimeout, and where the expand
	// phase found a worker stuck, 0 if none.
	spare  Model[S, I]
	hangAt uint64
}

// stateGraph is the graph without its states: what the search reads.
type stateGraph struct {
	pending  []uint64 // per node: Pending(state, property)
	parent   []uint32 // per node: the node that first reached it; 0 for Init
	edgeEnd  []uint32 // per expanded node: one past its last edge
	edges    edgeList
	levelEnd []uint32 // levelEnd[d]: one past the last node at depth d
}

// edgeList is the graph's transitions, numbered in the order they were
// added, in blocks of 2^edgeBlockBits, so that it grows without copying: a
// slice growing to hundreds of megabytes would copy its edges several
// times over and, while it does, hold them twice.
type edgeList struct {
	blocks [][]lassoEdge
	n      int
}

const (
	edgeBlockBits = 16
	edgeBlockMask = 1<<edgeBlockBits - 1
)

func (l *edgeList) add(e lassoEdge) {
	if l.n&edgeBlockMask == 0 {
		l.blocks = append(l.blocks, make([]lassoEdge, 1<<edgeBlockBits))
	}
	l.blocks[l.n>>edgeBlockBits][l.n&edgeBlockMask] = e
	l.n++
}

func (l *edgeList) at(k int) lassoEdge { return l.blocks[k>>edgeBlockBits][k&edgeBlockMask] }

func (l *edgeList) bytes() int64 { return int64(len(l.blocks)) << edgeBlockBits * 8 }

// lassoEdge is a transition: its target and the index of its input in
// Enabled(source), shifted left by one, with the low bit set when the
// transition is fair.
type lassoEdge struct {
	to uint32
	in uint32
}

func (e lassoEdge) input() int  { return int(e.in >> 1) }
func (e lassoEdge) fair() bool  { return e.in&1 != 0 }
func (e lassoEdge) flag() uint8 { return uint8(e.in & 1) }

// lassoBatchChunks is how many chunks of parents a batch expands before
// they are merged: enough to keep every worker busy, few enough that the
// successors held between the phases stay small next to the graph.
const lassoBatchChunks = 64

// lassoChunk is one chunk of parents and what its expansion found.
type lassoChunk[S any] struct {
	start, parents int // cur[start:start+parents]
	succ           []lassoSucc
	ends           []uint32 // per parent, one past its last successor in succ
	states         []S      // the successors not in the index when expanded
	generated      int64
}

// lassoSucc is one transition that broke no invariant. A successor already
// in the index when its batch started has its node; the others carry their
// state (in the chunk's states) and pending subjects, and the merge finds
// out whether an earlier chunk of the batch numbered them first.
type lassoSucc struct {
	fp      uint64
	pending uint64
	node    uint32
	state   int32 // position in states; -1 when node is known
	in      uint32
}

// lassoWorker is one goroutine's model fork and scratch space.
type lassoWorker[S any, I comparable] struct {
	m      Model[S, I]
	live   model.Live[S, I]
	encode encoder[S]
	inputs []I
	enc    []byte
	next   S
	placeMarker
}

func newLassoGraph[S any, I comparable](ctx context.Context, m Model[S, I], init S, property int, opt Options) (*lassoGraph[S, I], error) {
	g := &lassoGraph[S, I]{ctx: ctx, opt: opt, property: property, workers: make([]lassoWorker[S, I], opt.Workers), index: newFPIndex()}
	for w := range g.workers {
		fork := m
		if w > 0 {
			fork = m.Fork()
		}
		live, ok := fork.(model.Live[S, I])
		if !ok {
			return nil, fmt.Errorf("explore: the model's Fork returned a %T, which does not implement model.Live", fork)
		}
		enc, err := encoderOf(fork)
		if err != nil {
			return nil, err
		}
		g.workers[w] = lassoWorker[S, I]{m: fork, live: live, encode: enc}
	}
	if opt.StepTimeout > 0 {
		g.spare = m.Fork()
	}
	g.expandJob = g.expandTasks
	w := &g.workers[0]
	g.index.insert(fingerprint(w.encode.encode(&init, nil)), 0)
	g.pending = append(g.pending, w.live.Pending(&init, property))
	g.parent = append(g.parent, 0)
	g.cur = append(g.cur, init)
	g.stats.Distinct = 1
	return g, nil
}

// errTooManyEdges: edge numbers are 32 bits, to keep the per-node records
// small; a graph that needs more would hold over 32 GiB of edges.
var errTooManyEdges = errors.New("explore: the lasso search's graph has more than 2^32 transitions; bound it with a smaller depth or max states")

// build builds the graph to the depth bound, or until a stop. It starts
// the workers, which the search uses too; close stops them.
func (g *lassoGraph[S, I]) build() (StopReason, error) {
	g.meter = newMeter(g.opt)
	g.memory = newMemoryGuard(g.opt.MaxMemory)
	g.pool = newPool(g.opt.Workers)
	if g.opt.StepTimeout > 0 {
		g.pool.watch = newHangWatch(g.opt.Workers, g.opt.StepTimeout)
		for w := range g.workers {
			g.workers[w].at = &g.pool.watch.at[w].v
		}
	}
	defer func() { g.processBytes = g.memory.read() }()
	for level := 0; ; level++ {
		g.stats.Depth = level
		g.levelEnd = append(g.levelEnd, uint32(len(g.pending)))
		g.expanding = g.opt.Depth == 0 || level < g.opt.Depth
		for pos := 0; pos < len(g.cur); {
			end := min(pos+lassoBatchChunks*chunkParents, len(g.cur))
			if stop, err := g.runBatch(pos, end); stop != NotStopped || err != nil {
				return stop, err
			}
			pos = end
		}
		if len(g.next) == 0 {
			return NotStopped, nil
		}
		g.cur, g.next = g.next, g.cur[:0]
	}
}

// close stops the workers build started, or, after a hang, leaves them.
func (g *lassoGraph[S, I]) close() {
	switch {
	case g.pool == nil:
	case g.hangAt != 0:
		g.pool.abandon()
	default:
		g.pool.close()
	}
}

// hang is the path to the call the expand phase found stuck at g.hangAt,
// as input indices from Init: the BFS-tree path to the parent's node. A
// hang in the property's own Fair or Pending, called after a step, is
// reported as that step's.
func (g *lassoGraph[S, I]) hang() *foundHang {
	t, p, call, j := unplace(g.hangAt)
	node := uint32(int(g.levelEnd[len(g.levelEnd)-1]) - len(g.cur) + g.batch[t].start + p)
	h := &foundHang{steps: g.prefix(node), input: -1, after: g.opt.StepTimeout}
	if call == callStep {
		h.input = j
	}
	return h
}

// runBatch expands cur[pos:end] in parallel and merges it in order.
func (g *lassoGraph[S, I]) runBatch(pos, end int) (StopReason, error) {
	if g.ctx.Err() != nil {
		return StoppedByContext, nil
	}
	n := (end - pos + chunkParents - 1) / chunkParents
	for len(g.chunks) < n {
		g.chunks = append(g.chunks, lassoChunk[S]{})
	}
	g.batch = g.chunks[:n]
	for i := range g.batch {
		start := pos + i*chunkParents
		g.batch[i].start, g.batch[i].parents = start, min(chunkParents, end-start)
	}
	if at, hung := g.pool.runWatched(g.expandJob); hung {
		g.hangAt = at
		return StoppedAtHang, nil
	}
	// A cancellation during expansion may have left chunks unexpanded; the
	// graph is incomplete either way and will not be searched.
	if g.ctx.Err() != nil {
		return StoppedByContext, nil
	}
	stop, err := g.merge(pos)
	if err != nil {
		return stop, err
	}
	g.stats.Queue = int64(len(g.cur)-end) + int64(len(g.next))
	g.meter.tick(g.stats)
	if stop == NotStopped && g.memory.exceeded() {
		return StoppedAtMemoryLimit, nil
	}
	return stop, nil
}

// expandTasks is the expand phase of one worker.
func (g *lassoGraph[S, I]) expandTasks(w int) {
	for {
		t, ok := g.pool.task(len(g.batch))
		if !ok || g.ctx.Err() != nil {
			return
		}
		g.workers[w].expand(t, &g.batch[t], g.cur, g.expanding, &g.index, g.property)
	}
}

// expand steps every enabled input of the parents of c, chunk t of the
// batch. The index is
// only read here, so workers share it safely. At the depth bound
// (expanding false) a successor not in the graph is dropped at once: no
// state is added there, so no edge can lead to it.
func (w *lassoWorker[S, I]) expand(t int, c *lassoChunk[S], cur []S, expanding bool, index *fpIndex, p int) {
	c.succ, c.ends, c.states, c.generated = c.succ[:0], c.ends[:0], c.states[:0], 0
	for i := c.start; i < c.start+c.parents; i++ {
		s := &cur[i]
		w.mark(t, i-c.start, callExpand, 0)
		w.inputs = w.m.Enabled(s, w.inputs[:0])
		for j, in := range w.inputs {
			c.generated++
			w.next = *s
			w.mark(t, i-c.start, callStep, j)
			if w.m.Step(s, in, &w.next) != 0 {
				continue // a violating transition is a dead end, as in Run
			}
			w.enc = w.encode.encode(&w.next, w.enc[:0])
			sc := lassoSucc{fp: fingerprint(w.enc), state: -1, in: uint32(j) << 1}
			if w.live.Fair(s, in, &w.next, p) {
				sc.in |= 1
			}
			if node, ok := index.lookup(sc.fp); ok {
				sc.node = node
			} else if expanding {
				sc.state, sc.pending = int32(len(c.states)), w.live.Pending(&w.next, p)
				c.states = append(c.states, w.next)
			} else {
				continue
			}
			c.succ = append(c.succ, sc)
		}
		c.ends = append(c.ends, uint32(len(c.succ)))
	}
}

// merge numbers the batch's new states and appends its edges, chunk by
// chunk in level order; pos is the batch's first parent in cur. When a
// chunk takes the node count past MaxStates the batch stops there, at the
// same chunk whatever the worker count.
func (g *lassoGraph[S, I]) merge(pos int) (StopReason, error) {
	first := uint32(int(g.levelEnd[len(g.levelEnd)-1]) - len(g.cur) + pos) // node of cur[pos]
	for i := range g.batch {
		c := &g.batch[i]
		lo := 0
		for k, hi := range c.ends {
			parent := first + uint32(c.start-pos+k)
			for _, sc := range c.succ[lo:hi] {
				node := sc.node
				if sc.state >= 0 {
					var ok bool
					if node, ok = g.index.lookup(sc.fp); !ok {
						node = uint32(len(g.pending))
						g.index.insert(sc.fp, node)
						g.pending = append(g.pending, sc.pending)
						g.parent = append(g.parent, parent)
						g.next = append(g.next, c.states[sc.state])
					}
				}
				g.edges.add(lassoEdge{to: node, in: sc.in})
			}
			if g.edges.n > math.MaxUint32 {
				return NotStopped, errTooManyEdges
			}
			g.edgeEnd = append(g.edgeEnd, uint32(g.edges.n))
			lo = int(hi)
		}
		g.stats.Generated += c.generated
		g.stats.Distinct = int64(len(g.pending))
		if g.opt.MaxStates > 0 && g.stats.Distinct > int64(g.opt.MaxStates) {
			return StoppedAtMaxStates, nil
		}
	}
	return NotStopped, nil
}

// out is the numbers of node u's edges, lo to hi-1, in input order.
func (g *stateGraph) out(u uint32) (lo, hi int) {
	if u > 0 {
		lo = int(g.edgeEnd[u-1])
	}
	return lo, int(g.edgeEnd[u])
}

// maxDepth is the depth of the deepest node.
func (g *stateGraph) maxDepth() int {
	d := len(g.levelEnd) - 1
	if len(g.pending) > int(g.levelEnd[d]) {
		d++ // a stop left part of the next level numbered
	}
	return d
}

// bytes is the memory the graph holds.
func (g *lassoGraph[S, I]) bytes() int64 {
	return g.index.bytes() + int64(cap(g.pending))*8 + int64(cap(g.parent)+cap(g.edgeEnd)+cap(g.levelEnd))*4 + g.edges.bytes()
}
