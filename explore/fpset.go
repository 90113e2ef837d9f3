package explore

import "math/bits"

// fpSet is an open-addressing set of 64-bit fingerprints with linear
// probing: the visited set. It stores nothing but the fingerprints (and, for
// DFS, the shallowest depth each was reached at), because memory per
// visited state is what bounds how deep a check can go.
//
// The table size is not a power of two: a key's home slot is the high half
// of fp*len(slots) ("fast range"), which costs one multiply and lets the
// table grow by an eighth at a time. The budget is 12 bytes per visited
// state, path records (about 1.3 bytes) included. Doubling cannot meet it:
// just after a doubling at load L the table holds 16/L bytes per key, more
// than 16 for any L < 1. Growing by 9/8 at load 17/20 keeps the load
// between 0.755 and 0.85, so the table costs 9.4 to 10.6 bytes per key.
// The price is longer probes for a fingerprint not in the set (about 23
// slots at the top load, three cache lines, against 13 at load 4/5),
// paid by new states only, and nine rehashes of each key where a quarter
// growth makes five; both measured under 3% of a run. Fast range also
// keeps the table roughly sorted by fingerprint, so a rehash walks both
// tables nearly sequentially.
type fpSet struct {
	slots []uint64 // 0 marks an empty slot; fingerprint never returns 0
	n     int      // keys stored
	limit int      // grow before n exceeds this
	// depth[i] is the shallowest depth slots[i] was reached at; nil unless
	// the set was made with trackDepth.
	depth []uint16
}

const (
	fpSetMinSlots = 64
	// The load stays at most fpSetLoadNum/fpSetLoadDen; a full table grows
	// by 1/fpSetGrowDen.
	fpSetLoadNum = 17
	fpSetLoadDen = 20
	fpSetGrowDen = 8
)

func newFPSet(trackDepth bool) fpSet {
	var t fpSet
	t.resize(fpSetMinSlots, trackDepth)
	return t
}

func (t *fpSet) resize(slots int, trackDepth bool) {
	t.slots = make([]uint64, slots)
	if trackDepth {
		t.depth = make([]uint16, slots)
	}
	t.limit = slots * fpSetLoadNum / fpSetLoadDen
}

func (t *fpSet) home(fp uint64) int {
	hi, _ := bits.Mul64(fp, uint64(len(t.slots)))
	return int(hi)
}

// contains reports whether fp is in the set. It only reads, so any number of
// goroutines may call it while nobody inserts.
func (t *fpSet) contains(fp uint64) bool {
	i := t.home(fp)
	for {
		switch t.slots[i] {
		case fp:
			return true
		case 0:
			return false
		}
		if i++; i == len(t.slots) {
			i = 0
		}
	}
}

// prefetch starts bringing fp's home slot into cache, for a lookup soon.
func (t *fpSet) prefetch(fp uint64) { prefetch(&t.slots[t.home(fp)]) }

// insert adds fp if absent and returns its slot and whether it was added.
// The slot stays valid until the next insert.
func (t *fpSet) insert(fp uint64) (slot int, added bool) {
	if t.n >= t.limit {
		t.grow()
	}
	i := t.home(fp)
	for {
		switch t.slots[i] {
		case fp:
			return i, false
		case 0:
			t.slots[i] = fp
			t.n++
			return i, true
		}
		if i++; i == len(t.slots) {
			i = 0
		}
	}
}

// grow moves every key into a table an eighth larger.
func (t *fpSet) grow() {
	oldSlots, oldDepth := t.slots, t.depth
	t.resize(len(oldSlots)+len(oldSlots)/fpSetGrowDen, oldDepth != nil)
	for j, fp := range oldSlots {
		if fp == 0 {
			continue
		}
		i := t.home(fp)
		for t.slots[i] != 0 {
			if i++; i == len(t.slots) {
				i = 0
			}
		}
		t.slots[i] = fp
		if oldDepth != nil {
			t.depth[i] = oldDepth[j]
		}
	}
}

// bytes is the memory the set holds.
func (t *fpSet) bytes() int64 {
	return int64(len(t.slots))*8 + int64(len(t.depth))*2
}

// shardedSet splits the visited set by the low bits of the fingerprint so
// that BFS can merge a batch into every shard in parallel; a fingerprint
// lives in exactly one shard, so the split never changes which states are
// new.
type shardedSet struct {
	shards []fpSet
	mask   uint64
}

// maxShards caps the shard count: every shard's merge scans all of a
// batch's candidates, so past a few dozen shards the scans would cost more
// than the parallel inserts save.
const maxShards = 64

// newShardedSet makes the smallest power of two of shards that is at least
// n, up to maxShards.
func newShardedSet(n int) *shardedSet {
	count := 1
	for count < min(n, maxShards) {
		count *= 2
	}
	s := &shardedSet{shards: make([]fpSet, count), mask: uint64(count - 1)}
	for i := range s.shards {
		s.shards[i] = newFPSet(false)
	}
	return s
}

func (s *shardedSet) shardOf(fp uint64) int { return int(fp & s.mask) }

func (s *shardedSet) insert(fp uint64) bool {
	_, added := s.shards[s.shardOf(fp)].insert(fp)
	return added
}

func (s *shardedSet) bytes() int64 {
	var n int64
	for i := range s.shards {
		n += s.shards[i].bytes()
	}
	return n
}
