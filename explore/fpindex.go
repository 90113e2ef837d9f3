package explore

import "math/bits"

// fpIndex maps fingerprints to node numbers: the lasso search's visited
// set, which, unlike fpSet, must say which node a successor is so that the
// edge to it can be recorded. It is an open-addressing table like fpSet's,
// without its ordering and grown by a quarter at load 4/5 (a lasso
// search's graph costs far more per node than its index), with the number
// next to the
// fingerprint in the slot, so that a lookup, which almost always finds its
// fingerprint, touches one cache line rather than two: 16 bytes a slot,
// against about three times that per entry in a Go map.
type fpIndex struct {
	slots []fpSlot
	n     int
	limit int
}

const (
	fpIndexMinSlots = 64
	fpIndexLoadNum  = 4
	fpIndexLoadDen  = 5
)

type fpSlot struct {
	fp   uint64 // 0 marks an empty slot; fingerprint never returns 0
	node uint32
}

func newFPIndex() fpIndex {
	var t fpIndex
	t.resize(fpIndexMinSlots)
	return t
}

func (t *fpIndex) resize(slots int) {
	t.slots = make([]fpSlot, slots)
	t.limit = slots * fpIndexLoadNum / fpIndexLoadDen
}

func (t *fpIndex) home(fp uint64) int {
	hi, _ := bits.Mul64(fp, uint64(len(t.slots)))
	return int(hi)
}

// lookup returns fp's node and whether fp is in the index. It only reads,
// so any number of goroutines may call it while nobody inserts.
func (t *fpIndex) lookup(fp uint64) (uint32, bool) {
	i := t.home(fp)
	for {
		switch t.slots[i].fp {
		case fp:
			return t.slots[i].node, true
		case 0:
			return 0, false
		}
		if i++; i == len(t.slots) {
			i = 0
		}
	}
}

// insert maps fp to node; fp must not be in the index.
func (t *fpIndex) insert(fp uint64, node uint32) {
	if t.n >= t.limit {
		t.grow()
	}
	t.put(fpSlot{fp, node})
	t.n++
}

func (t *fpIndex) put(s fpSlot) {
	i := t.home(s.fp)
	for t.slots[i].fp != 0 {
		if i++; i == len(t.slots) {
			i = 0
		}
	}
	t.slots[i] = s
}

func (t *fpIndex) grow() {
	old := t.slots
	t.resize(len(old) + len(old)/4)
	for _, s := range old {
		if s.fp != 0 {
			t.put(s)
		}
	}
}

func (t *fpIndex) bytes() int64 { return int64(len(t.slots)) * 16 }
