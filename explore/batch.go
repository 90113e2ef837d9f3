package explore

import "unsafe"

// BFS expands a batch of chunks between merges into the visited set. The
// batch size never changes a result (merging is in frontier order whatever
// the batching), so it is free to adapt: large enough that the four
// barriers of a batch cost little next to its work, small enough that the
// batch's candidate states stay within its byte budget (batchBytesFor).
const (
	// batchBytes bounds the memory of a batch's candidates, which for
	// kilobyte states would otherwise rival the frontier itself: the
	// budget of up to four workers.
	batchBytes = 32 << 20
	// batchBytesPerWorker is the budget past four workers. A batch is
	// shared among the workers, so with a fixed budget each worker's
	// share, and so its work between two barriers, shrinks as workers are
	// added. On a 16-core machine (session 28, make run's job, paired
	// runs) 16 workers took 2.46 to 3.07 s against 2.70 to 3.73 s with
	// 32 MiB, each pair 9 to 18% faster, and 8 workers 3 to 10%; 512 MiB
	// at 16 workers was slower than 128 (it faults in more fresh memory
	// than the barriers cost). Up to four workers nothing changes.
	batchBytesPerWorker = 8 << 20
	// minChunksPerWorker keeps every worker busy while the slowest finishes
	// its last chunk.
	minChunksPerWorker = 4
	// maxBatchChunks bounds a batch of tiny states. Workers drop only the
	// successors visited before their batch, so the bigger the batch the
	// more duplicates it holds until the merge; and a batch is the unit of
	// progress reports and cancellation.
	maxBatchChunks = 2048
)

// batchSizer picks how many chunks the next batch has, from the number of
// candidates per parent the previous batch produced.
type batchSizer struct {
	chunks               int // the next batch's
	minChunks, maxChunks int
	candidateB           int // bytes a worker holds per candidate, at most (less when compact)
	budget               int // bytes of candidates a batch may hold (batchBytesFor)
}

// batchBytesFor is the candidate budget of a batch for so many workers.
func batchBytesFor(workers int) int { return max(batchBytes, batchBytesPerWorker*workers) }

func newBatchSizer[S any](workers int) batchSizer {
	var s S
	least := minChunksPerWorker * workers
	return batchSizer{
		chunks:     least,
		minChunks:  least,
		maxChunks:  max(least, maxBatchChunks),
		candidateB: int(unsafe.Sizeof(s) + unsafe.Sizeof(cand{})),
		budget:     batchBytesFor(workers),
	}
}

// observe sizes the next batch after one that gave candidates from parents.
//
// The next batch is at most twice the last one planned, and each level
// starts again from the least (see restart): a batch that gave few
// candidates, typically the tail of a level whose successors were mostly
// visited already, says little about the next, and the first batches of
// a new level can give ten times as many candidates per parent. Sized from
// the tail, one such batch held hundreds of megabytes of kilobyte states,
// far past its budget, at once and between two memory checks.
func (b *batchSizer) observe(parents, candidates int) {
	if parents == 0 {
		return
	}
	perChunk := (candidates*chunkParents/parents + 1) * b.candidateB
	b.chunks = max(b.minChunks, min(b.maxChunks, 2*b.chunks, b.budget/perChunk))
}

// restart sizes the first batch of a level: the least, growing from there.
func (b *batchSizer) restart() { b.chunks = b.minChunks }
