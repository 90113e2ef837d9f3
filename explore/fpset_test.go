package explore

import (
	"math/rand/v2"
	"testing"
)

// TestFPSetMatchesMap inserts random fingerprints, with repeats, through
// many growths and compares with a Go map.
func TestFPSetMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	set := newFPSet(true)
	want := map[uint64]uint16{}
	for i := range 200000 {
		fp := r.Uint64()%50000*0x9e3779b97f4a7c15 | 1 // repeats, never 0
		slot, added := set.insert(fp)
		if _, ok := want[fp]; added == ok {
			t.Fatalf("insert %d: added = %v, already present = %v", i, added, ok)
		}
		if added {
			want[fp] = uint16(i)
			set.depth[slot] = uint16(i)
		}
	}
	if set.n != len(want) {
		t.Fatalf("n = %d, want %d", set.n, len(want))
	}
	for fp, depth := range want {
		if !set.contains(fp) {
			t.Fatalf("%x missing", fp)
		}
		// The depth must have moved with its key through every growth.
		if slot, _ := set.insert(fp); set.depth[slot] != depth {
			t.Fatalf("%x: depth %d, want %d", fp, set.depth[slot], depth)
		}
	}
	if set.contains(2) {
		t.Fatal("contains a fingerprint never inserted")
	}
	if load := float64(set.n) / float64(set.homes); load > 0.9 || load < 0.8 {
		t.Errorf("load %.2f outside [0.8, 0.9]", load)
	}
	checkOrdered(t, &set)
}

// checkOrdered checks the ordered table's invariant, which lookups stop
// early by: the keys ascend through the table, none sits before its
// home, and the last slot is empty.
func checkOrdered(t *testing.T, set *fpSet) {
	t.Helper()
	var prev uint64
	for i, fp := range set.slots {
		if fp == 0 {
			continue
		}
		if fp <= prev {
			t.Fatalf("slot %d holds %x after %x: not ascending", i, fp, prev)
		}
		if h := set.home(fp); i < h {
			t.Fatalf("slot %d holds %x, whose home is %d", i, fp, h)
		}
		prev = fp
	}
	if set.slots[len(set.slots)-1] != 0 {
		t.Fatal("the last slot is full: a probe could run off the table")
	}
}

// TestFPSetCrowded inserts fingerprints that all share the last home, or
// the first, whatever the table's size: growing the homes cannot spread
// them, so the spill slots must take them, and memory must stay bounded by
// the keys.
func TestFPSetCrowded(t *testing.T) {
	for _, name := range []string{"top", "bottom"} {
		set := newFPSet(true)
		const n = 5000
		fp := func(k int) uint64 {
			if name == "top" {
				return ^uint64(0) - uint64(k)
			}
			return uint64(k + 1)
		}
		for k := range n {
			slot, added := set.insert(fp(k))
			if !added {
				t.Fatalf("%s: %x reported present before it was inserted", name, fp(k))
			}
			set.depth[slot] = uint16(k)
		}
		for k := range n {
			if slot, added := set.insert(fp(k)); added || set.depth[slot] != uint16(k) {
				t.Fatalf("%s: %x lost (added again %v) or its depth moved", name, fp(k), added)
			}
		}
		checkOrdered(t, &set)
		if len(set.slots) > 8*n {
			t.Errorf("%s: %d keys hold %d slots", name, n, len(set.slots))
		}
	}
}
