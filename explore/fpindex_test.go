package explore

import (
	"math/rand/v2"
	"testing"
)

// TestFPIndexMatchesMap inserts fingerprints through many growths and
// looks every one up against a Go map: random ones, and ones crowding the
// top of the range, which all share the last slot as their home whatever
// the table's size, so that their run wraps around to the first slots.
func TestFPIndexMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, name := range []string{"random", "top"} {
		index := newFPIndex()
		want := map[uint64]uint32{}
		for k := range 3000 {
			fp := r.Uint64()%2000*0x9e3779b97f4a7c15 | 1 // repeats, never 0
			if name == "top" {
				fp = ^uint64(0) - uint64(r.IntN(2000))
			}
			if _, ok := want[fp]; ok {
				continue
			}
			if _, ok := index.lookup(fp); ok {
				t.Fatalf("%s: %x found before it was inserted", name, fp)
			}
			index.insert(fp, uint32(k))
			want[fp] = uint32(k)
		}
		if index.n != len(want) || len(index.slots) <= fpIndexMinSlots {
			t.Fatalf("%s: n = %d in %d slots, want %d keys and a grown table", name, index.n, len(index.slots), len(want))
		}
		for fp, node := range want {
			if got, ok := index.lookup(fp); !ok || got != node {
				t.Fatalf("%s: %x maps to %d (found %v), want %d", name, fp, got, ok, node)
			}
		}
		if _, ok := index.lookup(2); ok {
			t.Fatalf("%s: found a fingerprint never inserted", name)
		}
	}
}
