package explore

import (
	"context"
	"reflect"
	"slices"

	"modelcheck/model"
)

// bfs is one breadth-first run. The coordinating goroutine (the caller of
// Run) owns everything here and runs the workers in phases separated by
// barriers; within a phase no two goroutines write the same memory.
//
// Each level is expanded batch by batch in four phases:
//  1. expand (parallel): workers expand chunks of the frontier into their
//     own buffers, dropping successors already visited;
//  2. merge (parallel): each visited-set shard takes its candidates from
//     every chunk in frontier order and marks the new ones;
//  3. collect (coordinator): the new states get their places in the next
//     level in frontier order, with their path records, and violations are
//     recorded in the same order;
//  4. place (parallel): workers copy the new states to their places,
//     encoding them when the frontier is compact (see frontier).
//
// Every ordered decision happens in frontier order in phases 2 and 3, so the
// result does not depend on how many workers ran phases 1, 2 and 4 or in
// which order.
//
// The level at the depth bound is never stored: its states are only
// checked for being stuck, so the level before checks its successors as
// it finds them (worker.expand with toBound) and counts the new ones
// without placing them. The bound level is usually the widest (two thirds
// of the default asupersync run's states at depth 12), so this saves the
// larger of the two levels BFS would otherwise hold, and its encoding and
// decoding. Its stuck states are reported as if the level had been
// expanded: first per invariant in its frontier order, after every
// violation of the levels before, and only if the run goes on past them.
type bfs[S any, I comparable] struct {
	ctx     context.Context
	opt     Options
	meter   meter
	memory  memoryGuard
	workers []worker[S, I]
	pool    *pool
	visited *shardedSet
	log     pathLog
	found   firstViolations
	steps   []int // scratch for tracing violation paths

	cur, next *frontier[S] // the level being expanded and the one being built
	blocks    *blockPool   // their encoding blocks, when compact
	// built, if set, sees each level once it is complete, before it is
	// expanded and its blocks recycled: tests compare levels across runs.
	built func(f *frontier[S])
	level int
	// toBound is set on the level before the depth bound, whose successors
	// are checked as they are found and not stored; boundLen counts the
	// new ones, and boundStuck keeps the first stuck one per invariant in
	// their frontier order, until the level is done.
	toBound    bool
	boundLen   int
	boundStuck firstViolations
	// spare, with Options.StepTimeout, is a fork of the model no worker
	// uses, made before any runs: after a hang, the stuck worker's model
	// may be mid-call, so paths are replayed on this one (see hang).
	spare Model[S, I]
	// hangAt is where the expand phase found a worker stuck (see
	// hangWatch), 0 if none.
	hangAt uint64
	chunks []chunk // reused from batch to batch
	batch  []chunk // the chunks of the current batch, a prefix of chunks
	sizer  batchSizer
	stats  Stats
	// coverage sums, label by label, what the models counted expanding
	// the chunks collect kept, nil if the model counts nothing. Summing
	// the models' counts at the end would also count the chunks collect
	// dropped past MaxStates, and a cancelled batch's, whose number
	// depends on the batch size and so on the worker count.
	coverage       []uint64
	coverageLabels []string

	expandJob, mergeJob, placeJob func(worker int)
}

// runBFS returns, besides the result and the violations found, the model
// to replay their paths on.
func runBFS[S any, I comparable](ctx context.Context, m Model[S, I], init *S, opt Options) (Result[I], *firstViolations, Model[S, I], error) {
	b, err := newBFS(ctx, m, init, opt, useCompact[S]())
	if err != nil {
		return Result[I]{}, nil, nil, err
	}
	r, found := b.run()
	if b.hangAt != 0 {
		// A stuck worker's model is not to be touched: no coverage, and
		// the paths are replayed on the spare.
		return r, found, b.spare, nil
	}
	r.Coverage = covered(b.coverageLabels, b.coverage)
	return r, found, m, nil
}

// newBFS prepares a run from init that keeps its frontier compact if
// asked, which only a compactable S may be.
func newBFS[S any, I comparable](ctx context.Context, m Model[S, I], init *S, opt Options, compact bool) (*bfs[S, I], error) {
	var base []byte
	var blocks *blockPool
	if compact {
		base = slices.Clone(rawBytes(init))
		blocks = newBlockPool(frontierBlockLenFor[S]())
	}
	b := &bfs[S, I]{
		ctx:     ctx,
		opt:     opt,
		workers: make([]worker[S, I], opt.Workers),
		visited: newShardedSet(opt.Workers),
		log:     newPathLog(),
		cur:     newFrontier[S](compact, opt.Workers, base, blocks),
		next:    newFrontier[S](compact, opt.Workers, base, blocks),
		blocks:  blocks,
		sizer:   newBatchSizer[S](opt.Workers),
	}
	plain := compactable(reflect.TypeFor[S]())
	if c, ok := m.(model.Coverer); ok {
		b.coverageLabels = c.CoverageLabels()
		b.coverage = make([]uint64, len(b.coverageLabels))
	}
	for w := range b.workers {
		if w == 0 {
			b.workers[w].m = m
		} else {
			b.workers[w].m = m.Fork()
		}
		b.workers[w].compact, b.workers[w].base, b.workers[w].plain = compact, base, plain
		var err error
		if b.workers[w].encode, err = encoderOf(b.workers[w].m); err != nil {
			return nil, err
		}
		b.workers[w].hasInput, _ = b.workers[w].m.(model.InputChecker[S])
		if b.coverage != nil {
			b.workers[w].startCoverage()
		}
	}
	if opt.StepTimeout > 0 {
		b.spare = m.Fork()
	}
	b.expandJob = b.expandTasks
	b.mergeJob = b.mergeTasks
	b.placeJob = b.placeTasks
	b.visited.insert(fingerprint(b.workers[0].encode.encode(init, nil)))
	b.cur.resize(1)
	b.cur.put(0, 0, init)
	b.cur.seal()
	b.stats.Distinct = 1
	return b, nil
}

// run explores and returns the result without violations, which Run
// resolves, and the violations found.
func (b *bfs[S, I]) run() (Result[I], *firstViolations) {
	b.meter = newMeter(b.opt)
	b.memory = newMemoryGuard(b.opt.MaxMemory)
	b.pool = newPool(b.opt.Workers)
	if b.opt.StepTimeout > 0 {
		b.pool.watch = newHangWatch(b.opt.Workers, b.opt.StepTimeout)
		for w := range b.workers {
			b.workers[w].at = &b.pool.watch.at[w].v
		}
	}
	stop := b.explore()
	if stop == StoppedAtHang {
		b.pool.abandon()
		b.found.hang = b.hang()
	} else {
		b.pool.close()
	}
	maxDepth := b.level
	if b.nextLen() > 0 {
		maxDepth++
	}
	r := partialResult[I](&b.meter, b.stats, maxDepth, stop, b.visited.bytes()+b.log.bytes(), b.memory.read())
	return r, &b.found
}

// explore runs level after level until the bound, an empty level, or a
// stop.
func (b *bfs[S, I]) explore() StopReason {
	for b.level = 0; ; b.level++ {
		b.stats.Depth = b.level
		b.toBound = b.opt.Depth > 0 && b.level+1 == b.opt.Depth
		if b.toBound {
			b.next.release()
			if b.blocks != nil {
				b.blocks.letGo()
			}
		}
		if b.built != nil {
			b.built(b.cur)
		}
		b.sizer.restart()
		for pos := 0; pos < b.cur.len(); {
			end := min(pos+b.sizer.chunks*chunkParents, b.cur.len())
			if stop := b.runBatch(pos, end); stop != NotStopped {
				return stop
			}
			pos = end
		}
		if b.nextLen() == 0 {
			return NotStopped
		}
		b.log.endLevel()
		if !b.opt.KeepGoing && len(b.found.found) > 0 {
			return StoppedAtViolation
		}
		if b.toBound {
			// The bound level, checked already: as if it had been expanded.
			b.level++
			b.stats.Depth = b.level
			for _, v := range b.boundStuck.found {
				b.found.add(v.invariant, true, v.steps)
			}
			b.boundLen = 0
			return NotStopped
		}
		b.next.seal()
		b.cur, b.next = b.next, b.cur
		b.next.reset()
	}
}

// nextLen is the number of states of the level being built, stored or,
// at the depth bound, only counted.
func (b *bfs[S, I]) nextLen() int {
	if b.toBound {
		return b.boundLen
	}
	return b.next.len()
}

// runBatch expands, merges, collects and places the batch of parents
// cur[pos:end].
func (b *bfs[S, I]) runBatch(pos, end int) StopReason {
	if b.ctx.Err() != nil {
		return StoppedByContext
	}
	n := (end - pos + chunkParents - 1) / chunkParents
	for len(b.chunks) < n {
		b.chunks = append(b.chunks, chunk{})
	}
	b.batch = b.chunks[:n]
	for i := range b.batch {
		start := pos + i*chunkParents
		b.batch[i].start, b.batch[i].parents = start, min(chunkParents, end-start)
	}
	if at, hung := b.pool.runWatched(b.expandJob); hung {
		b.hangAt = at
		return StoppedAtHang
	}
	// A cancellation during expansion may have left chunks unexpanded, so
	// the batch is dropped whole and the result covers the batches before.
	if b.ctx.Err() != nil {
		return StoppedByContext
	}
	b.pool.run(b.mergeJob)
	stop := b.collect()
	if !b.toBound {
		b.pool.run(b.placeJob)
	}
	if b.blocks != nil {
		b.cur.recycle(end)
	}
	// collect may have cut the batch short.
	last := &b.batch[len(b.batch)-1]
	b.stats.Queue = int64(b.cur.len()-last.start-last.parents) + int64(b.nextLen())
	b.meter.tick(b.stats)
	if stop == NotStopped && b.memory.exceeded() {
		return StoppedAtMemoryLimit
	}
	return stop
}

// hang is the path to the call the expand phase found stuck at b.hangAt,
// as input indices from Init, for resolve to replay.
func (b *bfs[S, I]) hang() *foundHang {
	t, p, call, j := unplace(b.hangAt)
	h := &foundHang{steps: b.log.trace(b.level, b.batch[t].start+p, nil), input: -1, after: b.opt.StepTimeout}
	switch call {
	case callStep:
		h.input = j
	case callBound:
		h.steps = append(h.steps, j)
	}
	return h
}

// expandTasks is the expand phase of one worker.
func (b *bfs[S, I]) expandTasks(w int) {
	b.workers[w].reset()
	for {
		t, ok := b.pool.task(len(b.batch))
		if !ok || b.ctx.Err() != nil {
			return
		}
		c := &b.batch[t]
		c.worker = w
		b.workers[w].expand(t, c, b.cur, b.toBound, b.visited, &b.found)
		b.workers[w].countChunk(c)
	}
}

// mergeTasks is the merge phase of one worker: whole merge groups at a time.
func (b *bfs[S, I]) mergeTasks(int) {
	for {
		t, ok := b.pool.task(int(b.visited.groups))
		if !ok {
			return
		}
		mergeGroup(b.batch, b.workers, b.visited, t)
	}
}

// placeTasks is the place phase of one worker.
func (b *bfs[S, I]) placeTasks(w int) {
	for {
		t, ok := b.pool.task(len(b.batch))
		if !ok {
			return
		}
		c := &b.batch[t]
		b.workers[c.worker].place(c, b.next, w)
	}
}

// collect gives the batch's new states their places in the next level and
// records their paths and the batch's violations, all in frontier order.
// It reads only the small candidate records; the states themselves are
// stored by the place phase, in parallel.
//
// When the chunk just collected takes Distinct past MaxStates, the rest of
// the batch is dropped, so the run stops at the same chunk boundary
// whatever the batch size and the worker count. The dropped chunks were
// expanded all the same, so their steps are in the models' own counts;
// only the kept chunks' generated and coverage are added to the run's.
func (b *bfs[S, I]) collect() StopReason {
	stop, total, candidates := NotStopped, b.nextLen(), 0
	for i := range b.batch {
		c := &b.batch[i]
		w := &b.workers[c.worker]
		b.stats.Generated += c.generated
		if b.coverage != nil {
			for k, n := range w.covs[c.covLo : c.covLo+len(b.coverage)] {
				b.coverage[k] += n
			}
		}
		candidates += c.candHi - c.candLo
		for _, v := range w.viols[c.violLo:c.violHi] {
			if b.found.has(v.invariant) {
				continue
			}
			b.steps = b.log.trace(b.level, c.start+v.parent, b.steps[:0])
			stuck := v.input < 0
			if !stuck {
				b.steps = append(b.steps, v.input)
			}
			b.found.add(v.invariant, stuck, b.steps)
		}
		c.out = total
		first := c.candLo
		for _, end := range w.ends[c.endLo : c.endLo+c.parents] {
			children := 0
			for _, cd := range w.cands[first:end] {
				if cd.isNew {
					// The bound level's paths are never traced through
					// the log (see collectBoundStuck), so it records
					// neither their inputs nor its parents' counts.
					if !b.toBound {
						b.log.addChild(int(cd.input))
					}
					children++
				}
			}
			if !b.toBound {
				b.log.addCount(children)
			}
			total += children
			first = int(end)
		}
		if b.toBound {
			b.collectBoundStuck(c, w)
		}
		b.stats.Distinct += int64(total - c.out)
		if b.opt.MaxStates > 0 && b.stats.Distinct > int64(b.opt.MaxStates) {
			b.batch, stop = b.batch[:i+1], StoppedAtMaxStates
			break
		}
	}
	last := &b.batch[len(b.batch)-1]
	b.sizer.observe(last.start+last.parents-b.batch[0].start, candidates)
	if b.toBound {
		b.boundLen = total
	} else {
		b.next.resize(total)
	}
	return stop
}

// collectBoundStuck keeps the first stuck successor at the depth bound per
// invariant, among chunk c's new ones, which are in frontier order. Its
// path is its parent's and the input to it, as the bound level would have
// traced it.
func (b *bfs[S, I]) collectBoundStuck(c *chunk, w *worker[S, I]) {
	for _, v := range w.boundStuck[c.stuckLo:c.stuckHi] {
		cd := w.cands[c.candLo+v.parent]
		if !cd.isNew || b.boundStuck.has(v.invariant) {
			continue
		}
		// The candidate's parent: the first whose candidates end past it.
		p := 0
		for int(w.ends[c.endLo+p]) <= c.candLo+v.parent {
			p++
		}
		b.steps = b.log.trace(b.level, c.start+p, b.steps[:0])
		b.boundStuck.add(v.invariant, true, append(b.steps, int(cd.input)))
	}
}
