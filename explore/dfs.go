package explore

import (
	"context"
)

// dfsCheckEvery is how many transitions DFS takes between looking at the
// context, the progress clock and the heap, which cost more than a transition.
const dfsCheckEvery = 1024

// dfs is one depth-first run, on the calling goroutine only: the order of a
// depth-first search is inherently sequential, and a deterministic order is
// worth more here than parallel speed (Options.Workers is ignored).
//
// With a depth bound, a plain visited set would be wrong: a state first
// reached deep, near the bound, would not be expanded again when reached
// later by a shorter path, and its successors within the bound would be
// missed. So the visited set keeps the shallowest depth each state was
// reached at, and a state reached shallower than before is expanded again.
// Without a bound (Depth 0) the first visit is enough and no depth is kept.
type dfs[S any, I comparable] struct {
	single[S, I]
	frames []frame[S, I]
	depth  int // index of the deepest frame on the current path
	// inputs holds the enabled inputs of every frame on the path, each
	// frame's after its parent's; one flat stack instead of a buffer per
	// frame, so that a deep path does not cost an allocation per level.
	inputs  []I
	scratch []I
	steps   []int // scratch for violation paths
	// callDepth is the frame the call the watch sees is made from.
	callDepth int
}

// frame is one level of the current path: a state, where its enabled
// inputs lie in dfs.inputs, and the position of the next one to take.
type frame[S any, I comparable] struct {
	s                S
	first, next, end int
}

// runDFS returns, besides the result and the violations found, the model
// to replay their paths on.
func runDFS[S any, I comparable](ctx context.Context, m Model[S, I], init *S, opt Options) (Result[I], *firstViolations, Model[S, I], error) {
	d := &dfs[S, I]{frames: make([]frame[S, I], 1, opt.Depth+1)}
	if err := d.start(ctx, m, opt, opt.Depth > 0); err != nil {
		return Result[I]{}, nil, nil, err
	}
	d.frames[0].s = *init
	stop, replay := runOne(m, opt.StepTimeout, &d.calls, d.explore, func() {
		d.found.hang = &foundHang{steps: d.pathTo(d.callDepth, nil), input: d.callInput, after: opt.StepTimeout}
	})
	d.stats.Queue = int64(d.depth + 1)
	return d.result(stop), &d.found, replay, nil
}

// called notes the call about to be made from frame depth, by input index
// input (-1: Enabled or Stuck), for watchOne.
func (d *dfs[S, I]) called(depth, input int) {
	if d.opt.StepTimeout > 0 {
		d.callDepth, d.callInput = depth, input
		d.calls.Add(1)
	}
}

// pathTo appends to steps the input indices from Init to frames[depth].
func (d *dfs[S, I]) pathTo(depth int, steps []int) []int {
	for k := range depth {
		steps = append(steps, d.frames[k].next-1-d.frames[k].first)
	}
	return steps
}

// explore walks the state graph from Init. The path being explored is
// frames[:depth+1]; the loop takes the next input of the deepest frame, or
// backtracks when it has none left.
func (d *dfs[S, I]) explore() StopReason {
	if _, stop := d.visit(0); stop != NotStopped {
		return stop
	}
	for sinceCheck := 0; d.depth >= 0; {
		f := &d.frames[d.depth]
		if f.next == f.end {
			d.depth--
			continue
		}
		j := f.next
		f.next++
		if d.depth+1 == len(d.frames) {
			d.frames = append(d.frames, frame[S, I]{})
			f = &d.frames[d.depth]
		}
		d.stats.Generated++
		next := &d.frames[d.depth+1].s
		*next = f.s
		d.called(d.depth, j-f.first)
		if v := d.m.Step(&f.s, d.inputs[j], next); v != 0 {
			if d.record(v-1, false, d.depth, j-f.first) && !d.opt.KeepGoing {
				return StoppedAtViolation
			}
			continue
		}
		entered, stop := d.visit(d.depth + 1)
		if stop != NotStopped {
			return stop
		}
		if entered {
			d.depth++
		}
		if sinceCheck++; sinceCheck == dfsCheckEvery {
			sinceCheck = 0
			if d.ctx.Err() != nil {
				return StoppedByContext
			}
			d.stats.Queue = int64(d.depth + 1)
			d.meter.tick(d.stats)
			if d.memory.exceeded() {
				return StoppedAtMemoryLimit
			}
		}
	}
	return NotStopped
}

// visit decides whether the state in frames[depth] needs expanding: it does
// if it is new, or, under a depth bound, if it was only reached deeper
// before.
func (d *dfs[S, I]) visit(depth int) (entered bool, stop StopReason) {
	d.enc = d.encode.encode(&d.frames[depth].s, d.enc[:0])
	slot, added := d.set.insert(fingerprint(d.enc))
	if !added && (d.set.depth == nil || int(d.set.depth[slot]) <= depth) {
		return false, NotStopped
	}
	if d.set.depth != nil {
		d.set.depth[slot] = uint16(depth)
	}
	if added {
		d.stats.Distinct++
		if d.opt.MaxStates > 0 && d.stats.Distinct > int64(d.opt.MaxStates) {
			return false, StoppedAtMaxStates
		}
	}
	return true, d.enter(depth)
}

// enter prepares frames[depth] for expansion and checks it for being stuck.
// At the depth bound it gets no inputs, so it is checked but not expanded.
func (d *dfs[S, I]) enter(depth int) StopReason {
	d.stats.Depth = max(d.stats.Depth, depth)
	f := &d.frames[depth]
	if depth > 0 {
		d.inputs = d.inputs[:d.frames[depth-1].end]
	}
	d.called(depth, -1)
	d.scratch = d.m.Enabled(&f.s, d.scratch[:0])
	f.first, f.next = len(d.inputs), len(d.inputs)
	if d.opt.Depth == 0 || depth < d.opt.Depth {
		d.inputs = append(d.inputs, d.scratch...)
	}
	f.end = len(d.inputs)
	if len(d.scratch) == 0 {
		if v := d.m.Stuck(&f.s); v != 0 && d.record(v-1, true, depth, -1) && !d.opt.KeepGoing {
			return StoppedAtViolation
		}
	}
	return NotStopped
}

// record keeps a violation found at depth (a stuck state, or the transition
// taking the j-th enabled input there) if it is its invariant's first.
func (d *dfs[S, I]) record(invariant int, stuck bool, depth, j int) bool {
	if d.found.has(invariant) {
		return false
	}
	d.steps = d.pathTo(depth, d.steps[:0])
	if !stuck {
		d.steps = append(d.steps, j)
	}
	return d.found.add(invariant, stuck, d.steps)
}
