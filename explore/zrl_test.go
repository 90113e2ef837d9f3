package explore

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// roundTrip encodes src against base after some unrelated bytes, decodes
// it into a buffer of stale bytes from an encoding followed by more
// unrelated bytes, and checks that it comes back whole and that the
// encoding is within zrlMaxLen.
func roundTrip(t rapid.TB, src, base []byte) {
	t.Helper()
	prefix := []byte{1, 2, 3}
	enc := appendZRL(append([]byte(nil), prefix...), src, base)
	if !bytes.Equal(enc[:len(prefix)], prefix) {
		t.Fatalf("appendZRL changed the bytes before it")
	}
	enc = enc[len(prefix):]
	if len(enc) > zrlMaxLen(len(src)) {
		t.Fatalf("%d bytes encode in %d, above zrlMaxLen %d", len(src), len(enc), zrlMaxLen(len(src)))
	}
	dst := bytes.Repeat([]byte{0xa5}, len(src))
	if n := decodeZRL(dst, append(enc, 0x80, 0x7f, 9), base); n != len(enc) {
		t.Fatalf("decodeZRL read %d bytes of an encoding of %d", n, len(enc))
	}
	if !bytes.Equal(dst, src) {
		t.Fatalf("round trip of %d bytes:\n got %v\nwant %v", len(src), dst, src)
	}
}

func TestZRLRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int, zeroFrac float64) []byte {
		b := make([]byte, n)
		for i := range b {
			if rng.Float64() >= zeroFrac {
				b[i] = byte(1 + rng.IntN(255))
			}
		}
		return b
	}
	long := func(zeros, literal int) []byte { // runs longer than a token holds
		b := make([]byte, zeros+literal+zeros)
		for i := range literal {
			b[zeros+i] = byte(i%255 + 1)
		}
		return b
	}
	cases := [][]byte{
		nil, {0}, {7}, {0, 0, 0}, {0, 5}, {5, 0}, {5, 0, 0}, {0, 0, 5},
		make([]byte, 1<<16),
		long(zrlMaxZeros, zrlMaxLiteral), long(zrlMaxZeros+1, zrlMaxLiteral+1),
		long(10*zrlMaxZeros+3, 10*zrlMaxLiteral+5), long(100000, 3),
		bytes.Repeat([]byte{1, 0, 0}, 300),    // short zero runs stay in literals
		bytes.Repeat([]byte{1, 0, 0, 0}, 300), // long enough ones end them
		bytes.Repeat([]byte{0, 0, 0, 1}, 300),
	}
	for _, n := range []int{1, 7, 8, 9, 127, 128, 129, 1000, 1800, 5000} {
		for _, zeroFrac := range []float64{0, 0.3, 0.9, 0.99, 1} {
			cases = append(cases, random(n, zeroFrac))
		}
	}
	for _, c := range cases {
		roundTrip(t, c, make([]byte, len(c)))
		// Against a base that differs from c in a tenth of its bytes,
		// the shape of a state against the initial one.
		base := append([]byte(nil), c...)
		for i := range base {
			if rng.IntN(10) == 0 {
				base[i] = byte(rng.IntN(256))
			}
		}
		roundTrip(t, c, base)
	}
}

// TestZRLRoundTripProperty round-trips buffers built from random runs of
// zeros and of random bytes, which are what states are made of, against a
// base that is zero or the buffer with some bytes changed.
func TestZRLRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var src []byte
		for range rapid.IntRange(0, 8).Draw(t, "runs") {
			src = append(src, make([]byte, rapid.IntRange(0, 300).Draw(t, "zeros"))...)
			src = append(src, rapid.SliceOfN(rapid.Byte(), 0, 300).Draw(t, "bytes")...)
		}
		base := make([]byte, len(src))
		if rapid.Bool().Draw(t, "near base") {
			copy(base, src)
			for range rapid.IntRange(0, len(base)).Draw(t, "changes") {
				if len(base) > 0 {
					base[rapid.IntRange(0, len(base)-1).Draw(t, "at")] = rapid.Byte().Draw(t, "to")
				}
			}
		}
		roundTrip(t, src, base)
	})
}

// TestZRLCompacts checks the encoding is as short as the format allows on
// the shapes it is for.
func TestZRLCompacts(t *testing.T) {
	for _, tc := range []struct {
		src  []byte
		want int
	}{
		{make([]byte, 1800), 1},                                   // the end token
		{append(make([]byte, 1000), 9), 8 + 2 + 1},                // 1000 zeros: 8 run tokens
		{append([]byte{9}, make([]byte, 1000)...), 2 + 1},         // trailing zeros are free
		{[]byte{9, 0, 0, 9, 0, 0, 0, 9}, 1 + 4 + 1 + 1 + 1 + 1},   // "9009" kept whole
		{bytes.Repeat([]byte{9}, 2*zrlMaxLiteral+1), 3 + 255 + 1}, // literals split
	} {
		if got := len(appendZRL(nil, tc.src, make([]byte, len(tc.src)))); got != tc.want {
			t.Errorf("%d bytes encode in %d, want %d", len(tc.src), got, tc.want)
		}
	}
	// Against a base, only the bytes that differ from it cost anything.
	base := bytes.Repeat([]byte{1, 2, 3, 4, 5}, 360)
	near := append([]byte(nil), base...)
	near[1000] = 9
	for _, tc := range []struct {
		src  []byte
		want int
	}{{base, 1}, {near, 8 + 2 + 1}} {
		if got := len(appendZRL(nil, tc.src, base)); got != tc.want {
			t.Errorf("%d bytes encode against a base in %d, want %d", len(tc.src), got, tc.want)
		}
	}
}

func BenchmarkZRL(b *testing.B) {
	// A kilobyte and a half, mostly zero, a few fields set here and there.
	src := make([]byte, 1536)
	for i := 0; i < len(src); i += 97 {
		src[i], src[i+1], src[i+5] = 3, 1, 200
	}
	base := make([]byte, len(src))
	enc := appendZRL(nil, src, base)
	b.Run("encode", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		buf := make([]byte, 0, zrlMaxLen(len(src)))
		for b.Loop() {
			buf = appendZRL(buf[:0], src, base)
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		dst := make([]byte, len(src))
		for b.Loop() {
			decodeZRL(dst, enc, base)
		}
	})
	b.ReportMetric(float64(len(enc)), "encoded-B")
}
