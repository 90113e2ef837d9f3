package explore

import "math/bits"

// fpIndex maps fingerprints to node numbers: the lasso search's visited
// set, which, unlike fpSet, must say which node a successor is so that the
// edge to it can be recorded. It is fpSet's open-addressing table with a
// parallel array of numbers, 12 bytes a slot, grown by a quarter at load
// 4/5 (see fpSet for why), rather than a Go map, which costs about three
// times as much per entry.
type fpIndex struct {
	fps   []uint64 // 0 marks an empty slot; fingerprint never returns 0
	nodes []uint32
	n     int
	limit int
}

func newFPIndex() fpIndex {
	var t fpIndex
	t.resize(fpSetMinSlots)
	return t
}

func (t *fpIndex) resize(slots int) {
	t.fps, t.nodes = make([]uint64, slots), make([]uint32, slots)
	t.limit = slots * fpSetLoadNum / fpSetLoadDen
}

func (t *fpIndex) home(fp uint64) int {
	hi, _ := bits.Mul64(fp, uint64(len(t.fps)))
	return int(hi)
}

// lookup returns fp's node and whether fp is in the index. It only reads,
// so any number of goroutines may call it while nobody inserts.
func (t *fpIndex) lookup(fp uint64) (uint32, bool) {
	i := t.home(fp)
	for {
		switch t.fps[i] {
		case fp:
			return t.nodes[i], true
		case 0:
			return 0, false
		}
		if i++; i == len(t.fps) {
			i = 0
		}
	}
}

// insert maps fp to node; fp must not be in the index.
func (t *fpIndex) insert(fp uint64, node uint32) {
	if t.n >= t.limit {
		t.grow()
	}
	t.put(fp, node)
	t.n++
}

func (t *fpIndex) put(fp uint64, node uint32) {
	i := t.home(fp)
	for t.fps[i] != 0 {
		if i++; i == len(t.fps) {
			i = 0
		}
	}
	t.fps[i], t.nodes[i] = fp, node
}

func (t *fpIndex) grow() {
	oldFPs, oldNodes := t.fps, t.nodes
	t.resize(len(oldFPs) + len(oldFPs)/4)
	for j, fp := range oldFPs {
		if fp != 0 {
			t.put(fp, oldNodes[j])
		}
	}
}

func (t *fpIndex) bytes() int64 { return int64(len(t.fps)) * 12 }
