package explore

import (
	"encoding/binary"
	"math/bits"
	"testing"
)

// TestFingerprintDistinct hashes a million short encodings of the kind
// models produce (small integers in fixed-size arrays, every length from 1
// to 40 bytes) and expects no collision: at 2^-64 per pair, the chance of
// one is about 3e-8. Then a quarter million of 250 to 299 bytes, the
// asupersync model's size, which the three-lane loop hashes.
func TestFingerprintDistinct(t *testing.T) {
	expectDistinct(t, 1<<20, 40, func(i int) (at, length int) { return i % 37, 1 + i%40 })
	expectDistinct(t, 1<<18, 300, func(i int) (at, length int) { return i % 293, 250 + i%50 })
}

// expectDistinct hashes count encodings of at most size bytes, the i-th all
// zero but for i written at shape(i)'s offset and cut to its length, and
// fails on a collision.
func expectDistinct(t *testing.T, count, size int, shape func(i int) (at, length int)) {
	t.Helper()
	seen := make(map[uint64][]byte, count)
	buf := make([]byte, size)
	for i := range count {
		clear(buf)
		at, length := shape(i)
		binary.LittleEndian.PutUint32(buf[at:], uint32(i))
		enc := buf[:length]
		fp := fingerprint(enc)
		if prev, ok := seen[fp]; ok && string(prev) != string(enc) {
			t.Fatalf("%x and %x share fingerprint %x", prev, enc, fp)
		}
		seen[fp] = append([]byte(nil), enc...)
	}
}

// TestFingerprintLength: encodings that differ only in trailing zeros, which
// the tail's overlapping reads cannot tell apart, differ by length.
func TestFingerprintLength(t *testing.T) {
	zeros := make([]byte, 64)
	seen := map[uint64]int{}
	for n := range len(zeros) + 1 {
		fp := fingerprint(zeros[:n])
		if m, ok := seen[fp]; ok {
			t.Fatalf("%d and %d zero bytes share a fingerprint", m, n)
		}
		seen[fp] = n
	}
}

// TestFingerprintAvalanche: flipping any one input bit flips about half of
// the output bits, so that states differing in one counter land in
// unrelated slots of the visited set.
func TestFingerprintAvalanche(t *testing.T) {
	for _, n := range []int{3, 8, 13, 16, 24, 40, 49, 97, 290} {
		buf := make([]byte, n)
		for i := range buf {
			buf[i] = byte(i * 7)
		}
		base := fingerprint(buf)
		total, flips := 0, 0
		for bit := range n * 8 {
			buf[bit/8] ^= 1 << (bit % 8)
			flips += bits.OnesCount64(base ^ fingerprint(buf))
			total += 64
			buf[bit/8] ^= 1 << (bit % 8)
		}
		if ratio := float64(flips) / float64(total); ratio < 0.45 || ratio > 0.55 {
			t.Errorf("length %d: a one-bit change flips %.3f of the fingerprint, want about half", n, ratio)
		}
	}
}
