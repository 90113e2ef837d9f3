package explore

import "unsafe"

// BFS expands a batch of chunks between merges into the visited set. The
// batch size never changes a result (merging is in frontier order whatever
// the batching), so it is free to adapt: large enough that the four
// barriers of a batch cost little next to its work, small enough that the
// batch's candidate states stay within batchBytes.
const (
	// batchBytes bounds the memory of a batch's candidates, which for
	// kilobyte states would otherwise rival the frontier itself.
	batchBytes = 32 << 20
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
	candidateB           int // bytes a worker holds per candidate
}

func newBatchSizer[S any](workers int) batchSizer {
	var s S
	least := minChunksPerWorker * workers
	return batchSizer{
		chunks:     least,
		minChunks:  least,
		maxChunks:  max(least, maxBatchChunks),
		candidateB: int(unsafe.Sizeof(s) + unsafe.Sizeof(cand{})),
	}
}

// observe sizes the next batch after one that gave candidates from parents.
func (b *batchSizer) observe(parents, candidates int) {
	if parents == 0 {
		return
	}
	perChunk := (candidates*chunkParents/parents + 1) * b.candidateB
	b.chunks = max(b.minChunks, min(b.maxChunks, batchBytes/perChunk))
}
