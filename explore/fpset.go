package explore

import "math/bits"

// fpSet is an open-addressing set of 64-bit fingerprints with linear
// probing: the visited set. It stores nothing but the fingerprints (and, for
// DFS, the shallowest depth each was reached at), because memory per
// visited state is what bounds how deep a check can go.
//
// The number of home slots is not a power of two: a key's home is the high
// half of fp*homes ("fast range"), which costs one multiply and lets the
// table grow by an eighth at a time. The budget is 12 bytes per visited
// state, path records (about 1.3 bytes) included. Doubling cannot meet it:
// just after a doubling at load L the table holds 16/L bytes per key, more
// than 16 for any L < 1. Growing by 9/8 at load 9/10 keeps the load
// between 0.8 and 0.9, so the table costs 8.9 to 10 bytes per key, and a
// run without a depth bound, whose path records take 2 bytes a state,
// stays within 12.
//
// Such loads are cheap because the table is ordered (Amble and Knuth's
// ordered hash table): fast range makes a key's home grow with the key,
// and an insert keeps the keys of a run of full slots ascending, shifting
// the larger ones up by a slot, so the whole table is sorted. A probe for
// a key then stops at the first larger one: looking up a key not in the
// set, as every new state does twice, costs as much as finding one,
// instead of walking the rest of its run (50 slots on average at load
// 0.9). And growing is a merge: the keys, taken in order, go to their new
// homes or just past the key before, with no probing at all.
//
// No probe wraps around: spill slots past the last home take the runs
// that reach past it, and the last slot is always empty, so every probe
// ends inside the table. Runs that would fill it (fingerprints crowding
// the top of the range) double the spill rather than the homes, which
// would not spread them.
type fpSet struct {
	slots []uint64 // 0 marks an empty slot; fingerprint never returns 0
	homes int      // slots[:homes] are homes, the rest spill
	n     int      // keys stored
	limit int      // grow before n exceeds this
	// depth[i] is the shallowest depth slots[i] was reached at; nil unless
	// the set was made with trackDepth.
	depth []uint16
}

const (
	fpSetMinHomes = 64
	fpSetMinSpill = 64
	// The load stays at most fpSetLoadNum/fpSetLoadDen; a full table grows
	// by 1/fpSetGrowDen.
	fpSetLoadNum = 9
	fpSetLoadDen = 10
	fpSetGrowDen = 8
)

func newFPSet(trackDepth bool) fpSet {
	var t fpSet
	t.resize(fpSetMinHomes, fpSetMinSpill, trackDepth)
	return t
}

func (t *fpSet) resize(homes, spill int, trackDepth bool) {
	t.homes = homes
	t.slots = make([]uint64, homes+spill)
	t.depth = nil
	if trackDepth {
		t.depth = make([]uint16, homes+spill)
	}
	t.limit = homes * fpSetLoadNum / fpSetLoadDen
}

func (t *fpSet) home(fp uint64) int {
	hi, _ := bits.Mul64(fp, uint64(t.homes))
	return int(hi)
}

// contains reports whether fp is in the set. It only reads, so any number of
// goroutines may call it while nobody inserts.
func (t *fpSet) contains(fp uint64) bool {
	for i := t.home(fp); ; i++ {
		if s := t.slots[i]; s >= fp {
			return s == fp
		} else if s == 0 {
			return false
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
	for {
		i := t.home(fp)
		for t.slots[i] != 0 && t.slots[i] < fp {
			i++
		}
		if t.slots[i] == fp {
			return i, false
		}
		// fp goes at i; the run from i up shifts by one into the first
		// empty slot, which must not be the last one.
		end := i
		for t.slots[end] != 0 {
			end++
		}
		if end == len(t.slots)-1 {
			t.growSpill()
			continue
		}
		copy(t.slots[i+1:end+1], t.slots[i:end])
		t.slots[i] = fp
		if t.depth != nil {
			copy(t.depth[i+1:end+1], t.depth[i:end])
			t.depth[i] = 0
		}
		t.n++
		return i, true
	}
}

// grow moves every key into a table with 1/fpSetGrowDen more homes.
func (t *fpSet) grow() {
	t.rehash(t.homes+t.homes/fpSetGrowDen, len(t.slots)-t.homes)
}

// growSpill doubles the spill slots, keeping the homes.
func (t *fpSet) growSpill() { t.rehash(t.homes, 2*(len(t.slots)-t.homes)) }

// rehash moves every key, in order, into a table of homes home slots and
// at least spill spill slots: each to its new home or, if the key before
// took that, just past it. The spill doubles until the last slot stays
// empty.
func (t *fpSet) rehash(homes, spill int) {
	oldSlots, oldDepth := t.slots, t.depth
	for {
		t.resize(homes, spill, oldDepth != nil)
		if t.place(oldSlots, oldDepth) {
			return
		}
		spill *= 2
	}
}

// place puts the sorted keys of old (and their depths) into the empty
// table, and reports false if they would reach its last slot.
func (t *fpSet) place(old []uint64, oldDepth []uint16) bool {
	next := 0 // the first slot the next key may take
	for j, fp := range old {
		if fp == 0 {
			continue
		}
		i := max(t.home(fp), next)
		if i >= len(t.slots)-1 {
			return false
		}
		t.slots[i] = fp
		if oldDepth != nil {
			t.depth[i] = oldDepth[j]
		}
		next = i + 1
	}
	return true
}

// bytes is the memory the set holds.
func (t *fpSet) bytes() int64 {
	return int64(len(t.slots))*8 + int64(len(t.depth))*2
}

// shardedSet splits the visited set by the low bits of the fingerprint
// into shards, and those into merge groups (by fewer low bits) that BFS
// merges a batch into in parallel; a fingerprint lives in exactly one
// shard, so the split never changes which states are new.
//
// There are at least minShards shards, whatever the number of groups, so
// that a growing table is small: an fpSet grows by moving every key into a
// table an eighth larger, with both alive, so one table of tens of
// megabytes would hold that much again at its growth. Not many more,
// though: every shard grows one allocation at a time, and the hot loop's
// allocations must stay few next to its states.
type shardedSet struct {
	shards []fpSet
	mask   uint64 // a fingerprint's shard is fp & mask
	groups uint64 // a fingerprint's merge group is fp & (groups-1)
}

// maxGroups caps the merge groups: every group's merge scans all of a
// batch's candidates, so past a few dozen groups the scans would cost more
// than the parallel inserts save.
const maxGroups = 64

// minShards is the fewest shards. With 8, make run's peak resident memory
// falls by 10 to 20 MB (from about 205 MB); 32 save a little more, but
// grow so often that the explorer allocates twice per thousand states
// (TestHotLoopAllocatesNothingPerSuccessor).
const minShards = 8

// newShardedSet makes the smallest power of two of merge groups that is at
// least n, up to maxGroups, and as many shards, or minShards if that is
// more (a group is whole shards).
func newShardedSet(n int) *shardedSet {
	groups := 1
	for groups < min(n, maxGroups) {
		groups *= 2
	}
	count := max(groups, minShards)
	s := &shardedSet{shards: make([]fpSet, count), mask: uint64(count - 1), groups: uint64(groups)}
	for i := range s.shards {
		s.shards[i] = newFPSet(false)
	}
	return s
}

func (s *shardedSet) shardOf(fp uint64) int { return int(fp & s.mask) }

func (s *shardedSet) groupOf(fp uint64) int { return int(fp & (s.groups - 1)) }

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
