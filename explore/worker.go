package explore

import (
	"bytes"

	"modelcheck/model"
)

// worker is one goroutine's model fork and the buffers it expands its
// chunks into, one chunk after another. The buffers belong to the worker
// rather than to the chunks so that there are few of them to grow: after
// the first batches, expanding allocates nothing.
type worker[S any, I comparable] struct {
	m      Model[S, I]
	encode encoder[S]
	// hasInput is m's HasInput, if it has one (model.InputChecker).
	hasInput model.InputChecker[S]
	parent   S // scratch: the parent being expanded, from a compact frontier
	inputs   []I
	// childInputs is scratch for the inputs of a successor at the depth
	// bound, checked for being stuck while its parent's inputs are in use.
	childInputs []I
	enc         []byte
	// succ[j] is the parent's successor by inputs[j] and succFP[j] its
	// fingerprint, 0 if the step broke an invariant. A parent's successors
	// are all stepped before any is looked up in the visited set, so that
	// the lookups' cache misses overlap (see expand).
	succ   []S
	succFP []uint64
	// A candidate's state is kept in states[k] or, when the frontier is
	// compact, zero-run-length encoded in packed[packEnds[k-1]:packEnds[k]]
	// (from 0 for the first), ready to be copied into the frontier: a
	// tenth of the bytes for the asupersync model, so a batch holds
	// megabytes rather than tens of them.
	compact bool
	// plain is whether S is nothing but its bytes (compactable), so that a
	// successor with its parent's bytes is its parent (see step).
	plain    bool
	base     []byte // the frontier's, which candidates are encoded against
	states   []S    // states[k] is the successor cands[k] describes
	packed   []byte
	packEnds []uint32
	cands    []cand    // successors not visited before the batch
	seen     batchSeen // the fingerprints of cands
	ends     []uint32  // per parent, the end of its candidates in cands
	viols    []chunkViolation
	// boundStuck are the candidates at the depth bound found stuck, in
	// candidate order (see expand).
	boundStuck []chunkViolation
	// cover is m as a model.Coverer, nil if it counts nothing. Its counts
	// are snapshot after each chunk, so that covs[c.covLo:] holds what
	// chunk c's steps counted (see countChunk): collect adds only the
	// counts of the chunks it keeps, as it does their generated.
	cover          model.Coverer
	covSeen, covAt []uint64 // m's counts after its last chunk; scratch
	covs           []uint64
	placeMarker
}

// reset empties the buffers for a new batch.
func (w *worker[S, I]) reset() {
	w.states, w.cands, w.ends, w.viols = w.states[:0], w.cands[:0], w.ends[:0], w.viols[:0]
	w.packed, w.packEnds, w.boundStuck = w.packed[:0], w.packEnds[:0], w.boundStuck[:0]
	w.covs = w.covs[:0]
	w.seen.reset()
}

// startCoverage takes m's first snapshot, for a model that counts (every
// fork of one does): m may be the caller's model, with counts of its own
// from before the run.
func (w *worker[S, I]) startCoverage() {
	w.cover = w.m.(model.Coverer)
	n := len(w.cover.CoverageLabels())
	w.covSeen, w.covAt = make([]uint64, n), make([]uint64, n)
	w.cover.AddCoverage(w.covSeen)
}

// countChunk records in covs what m counted expanding chunk c, the
// difference between its counts now and after its previous chunk. A
// Coverer only sums its counts, so the chunk's own are not to be had any
// other way. A snapshot is a pass over the counters (111 for asupersync),
// once per chunk of chunkParents parents, whose hundreds of steps each
// cost far more; nothing is added per step.
func (w *worker[S, I]) countChunk(c *chunk) {
	if w.cover == nil {
		return
	}
	clear(w.covAt)
	w.cover.AddCoverage(w.covAt)
	c.covLo = len(w.covs)
	for k, n := range w.covAt {
		w.covs = append(w.covs, n-w.covSeen[k])
	}
	w.covSeen, w.covAt = w.covAt, w.covSeen
}

// expand expands the parents of c, chunk t of the batch, which are in cur. With expand false it
// only checks them for being stuck: they are at the depth bound. visited is
// only read here, so workers share it safely.
// Successors already visited are dropped at once, and so are repeats of
// the worker's own candidates in the batch (see batchSeen); the other
// duplicates within the batch are left to the merge.
//
// A parent's successors are stepped, checked and fingerprinted first, each
// fingerprint's slot in the visited set prefetched as it is known, and
// only then looked up: the set is tens of megabytes, a lookup is a miss to
// main memory, and stepping a successor takes long enough for the misses
// of the ones before to arrive.
//
// With toBound the successors are at the depth bound, where they would
// only be checked for being stuck: they are checked here instead, and not
// kept, so the bound level, usually the widest, is never stored (see
// bfs.explore). A stuck one is recorded with its candidate's index in the
// chunk, for collect to keep if the merge finds it new.
func (w *worker[S, I]) expand(t int, c *chunk, cur *frontier[S], toBound bool, visited *shardedSet, known *firstViolations) {
	c.candLo, c.endLo, c.violLo, c.generated = len(w.cands), len(w.ends), len(w.viols), 0
	c.stuckLo = len(w.boundStuck)
	for p := range c.parents {
		s := cur.at(c.start+p, &w.parent)
		w.mark(t, p, callExpand, 0)
		w.inputs = w.m.Enabled(s, w.inputs[:0])
		if len(w.inputs) == 0 {
			if v := w.m.Stuck(s); v != 0 && !known.has(v-1) {
				w.addViolation(c, p, -1, v-1)
			}
		}
		w.step(t, c, p, s, visited, known)
		for j, fp := range w.succFP {
			if fp == 0 || visited.shards[visited.shardOf(fp)].contains(fp) || !w.seen.add(fp) {
				continue
			}
			next := &w.succ[j]
			switch {
			case toBound:
				w.mark(t, p, callBound, j)
				w.checkStuckAtBound(c, next, known)
			case w.compact:
				w.packed = appendZRL(w.packed, rawBytes(next), w.base)
				w.packEnds = append(w.packEnds, uint32(len(w.packed)))
			default:
				w.states = append(w.states, *next)
			}
			w.cands = append(w.cands, cand{fp: fp, input: uint32(j)})
		}
		w.ends = append(w.ends, uint32(len(w.cands)))
	}
	c.candHi, c.violHi, c.stuckHi = len(w.cands), len(w.viols), len(w.boundStuck)
}

// step steps parent p of chunk c (chunk t of the batch), s, by each of its inputs into succ,
// records the violations, fingerprints the rest into succFP and prefetches
// their slots in visited. A successor that broke an invariant or is the
// parent itself gets fingerprint 0: neither is a candidate.
func (w *worker[S, I]) step(t int, c *chunk, p int, s *S, visited *shardedSet, known *firstViolations) {
	if len(w.succ) < len(w.inputs) {
		w.succ = make([]S, len(w.inputs))
	}
	w.succFP = w.succFP[:0]
	for j, in := range w.inputs {
		c.generated++
		// The place is published before the copy, not after: its atomic
		// store waits for the stores before it to drain, and after the
		// copy those are a whole state's (2.7% of a make run's samples in
		// the store, against 1.1% here).
		w.mark(t, p, callStep, j)
		next := &w.succ[j]
		*next = *s
		if v := w.m.Step(s, in, next); v != 0 {
			if !known.has(v - 1) {
				w.addViolation(c, p, j, v-1)
			}
			w.succFP = append(w.succFP, 0)
			continue
		}
		// A step that left every byte as it was leads back to the parent,
		// which is visited: no need to encode it and look it up. A third
		// of the default scenario's steps do (a wake of a queued task, a
		// cancel already in force), and comparing the bytes costs less
		// than a tenth of encoding, fingerprinting and looking them up.
		if w.plain && bytes.Equal(rawBytes(next), rawBytes(s)) {
			w.succFP = append(w.succFP, 0)
			continue
		}
		w.enc = w.encode.encode(next, w.enc[:0])
		fp := fingerprint(w.enc)
		visited.shards[visited.shardOf(fp)].prefetch(fp)
		w.succFP = append(w.succFP, fp)
	}
}

// checkStuckAtBound records the candidate about to be appended, s, if it is
// stuck: it has no input and Stuck reports an invariant not yet known.
func (w *worker[S, I]) checkStuckAtBound(c *chunk, s *S, known *firstViolations) {
	if w.hasInput != nil {
		if w.hasInput.HasInput(s) {
			return
		}
	} else if w.childInputs = w.m.Enabled(s, w.childInputs[:0]); len(w.childInputs) != 0 {
		return
	}
	if v := w.m.Stuck(s); v != 0 && !known.has(v-1) {
		w.boundStuck = append(w.boundStuck, chunkViolation{parent: len(w.cands) - c.candLo, input: -1, invariant: v - 1})
	}
}

// addViolation keeps the first violation of each invariant in chunk c.
func (w *worker[S, I]) addViolation(c *chunk, parent, input, invariant int) {
	for _, v := range w.viols[c.violLo:] {
		if v.invariant == invariant {
			return
		}
	}
	w.viols = append(w.viols, chunkViolation{parent, input, invariant})
}

// place stores chunk c's new states at their places in the next level,
// which the coordinator chose in frontier order; chunks have disjoint
// places, so workers place them in parallel. The chunk is in w's buffers
// but g is the goroutine placing it, which the frontier needs to know.
func (w *worker[S, I]) place(c *chunk, next *frontier[S], g int) {
	pos := c.out
	for k := c.candLo; k < c.candHi; k++ {
		if !w.cands[k].isNew {
			continue
		}
		if w.compact {
			from := uint32(0)
			if k > 0 {
				from = w.packEnds[k-1]
			}
			next.putEncoded(g, pos, w.packed[from:w.packEnds[k]])
		} else {
			next.put(g, pos, &w.states[k])
		}
		pos++
	}
}
