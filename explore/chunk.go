package explore

// chunkParents is how many parents make a chunk, the unit of work a worker
// takes. It is a constant, never derived from the worker count, because a
// run stopped by MaxStates stops at a chunk boundary, and that point must
// not depend on the worker count. Small chunks keep the overshoot small and
// the load balanced; a chunk of 32 parents is still thousands of times the
// cost of taking it.
const chunkParents = 32

// chunk is one chunk of a batch: which parents it covers, and where the
// worker that expanded it left the results in its buffers.
type chunk struct {
	start, parents int // frontier positions cur[start:start+parents]
	worker         int
	// The chunk's candidates are the worker's cands[candLo:candHi], its
	// parents' ends are ends[endLo:endLo+parents], its violations are
	// viols[violLo:violHi], its candidates found stuck at the depth bound
	// are boundStuck[stuckLo:stuckHi], and what the model counted
	// expanding it, one count per coverage label, starts at covs[covLo].
	candLo, candHi, endLo, violLo, violHi int
	stuckLo, stuckHi, covLo               int
	generated                             int64
	out                                   int // where its first new state goes in the next level
}

// cand is a successor that was not in the visited set when its batch
// started: a candidate for the next level.
type cand struct {
	fp    uint64
	input uint32 // index of the input within Enabled(parent)
	isNew bool   // set by the merge: first occurrence and not visited before
}

type chunkViolation struct {
	// parent is within the chunk; for a stuck candidate at the depth bound
	// (worker.boundStuck) it is the candidate's index within the chunk's.
	parent    int
	input     int // index within Enabled(parent); -1 for a stuck parent
	invariant int
}

// mergeGroup inserts the batch's candidates that belong to one merge group
// of the visited set, chunk after chunk in frontier order, and marks the
// ones that were new. Groups hold disjoint fingerprints, so groups are
// merged in parallel and the first occurrence of each fingerprint in
// frontier order is still the one marked new. Every group scans all the
// candidates, a sequential read of 16 bytes each, cheap next to the random
// access of an insert; and each insert's slot is prefetched mergeAhead of
// the group's candidates before it, so that the inserts' cache misses
// overlap.
func mergeGroup[S any, I comparable](batch []chunk, workers []worker[S, I], visited *shardedSet, group int) {
	var ahead [mergeAhead]*cand // the group's candidates prefetched, not yet inserted
	n := 0
	for i := range batch {
		c := &batch[i]
		cands := workers[c.worker].cands[c.candLo:c.candHi]
		for k := range cands {
			fp := cands[k].fp
			if visited.groupOf(fp) != group {
				continue
			}
			visited.shards[visited.shardOf(fp)].prefetch(fp)
			if n >= mergeAhead {
				cd := ahead[n%mergeAhead]
				_, cd.isNew = visited.shards[visited.shardOf(cd.fp)].insert(cd.fp)
			}
			ahead[n%mergeAhead] = &cands[k]
			n++
		}
	}
	for k := max(0, n-mergeAhead); k < n; k++ {
		cd := ahead[k%mergeAhead]
		_, cd.isNew = visited.shards[visited.shardOf(cd.fp)].insert(cd.fp)
	}
}

// mergeAhead is how many inserts ahead mergeGroup prefetches: enough to
// cover a miss to main memory with the inserts between.
const mergeAhead = 8
