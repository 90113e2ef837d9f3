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
	if load := float64(set.n) / float64(len(set.slots)); load > 0.8 || load < 0.64 {
		t.Errorf("load %.2f outside [0.64, 0.8]", load)
	}
}
