package explore

import "encoding/binary"

// The zero-run-length codec compacts a BFS frontier's states (see
// frontier). Model states are fixed-size values sized for the largest
// configuration, so most of their bytes are zero: empty table slots,
// unused queue entries, idle timers. Dropping the zero runs is enough to
// shrink them several times over, and it is fast, which matters because
// every placed state is encoded and every expanded parent decoded.
//
// A state is encoded as its difference from a base of the same size, the
// bytewise XOR, and the difference is what loses its zero runs. The
// frontier's base is the initial state, so the bytes a run never changes
// (a scenario's configuration, a task's priority, a budget not yet spent)
// cost nothing either, where they would otherwise be literals in every
// state: a fifth of the asupersync model's encoding. A zero base gives the
// plain zero-run-length code.
//
// An encoding is a sequence of tokens, each a header byte h:
//   - h == 0: the end; every byte not yet produced equals the base's;
//   - 1 <= h <= zrlMaxLiteral: h literal bytes of difference follow;
//   - h > zrlMaxLiteral: a run of h-zrlMaxLiteral bytes equal to the
//     base's, 1 to 128.
//
// Longer runs take several tokens. The decoder is told the decoded length
// (the state's size), so the end token also stands for trailing zeros.
// A literal swallows zero runs shorter than zrlMinZeroRun: ending the
// literal for them would cost as many header bytes as it saves.
const (
	zrlMaxLiteral = 0x7f
	zrlMaxZeros   = 0xff - zrlMaxLiteral
	zrlMinZeroRun = 3
)

// zrlMaxLen bounds the length of the encoding of n bytes: all literals, a
// header per zrlMaxLiteral bytes, and the end token. Mixing in zero runs
// never costs more, since a run token stands for at least one byte and a
// literal cut short is followed by at least zrlMinZeroRun zeros.
func zrlMaxLen(n int) int {
	return n + (n+zrlMaxLiteral-1)/zrlMaxLiteral + 1
}

// appendZRL appends the encoding of src, against base (as long as src),
// to dst. When dst has zrlMaxLen(len(src)) bytes of spare capacity it
// writes in place.
func appendZRL(dst, src, base []byte) []byte {
	base = base[:len(src)]
	i, j := 0, zeroRunEnd(src, base, 0) // src[i:j] equals base[i:j]
	for j < len(src) {
		for i < j {
			n := min(j-i, zrlMaxZeros)
			dst = append(dst, byte(zrlMaxLiteral+n))
			i += n
		}
		// The literal runs to the next zero run of zrlMinZeroRun or more
		// bytes, or to the zeros that end src; z is that run's end.
		var z int
		for {
			for j < len(src) && src[j] != base[j] {
				j++
			}
			z = zeroRunEnd(src, base, j)
			if z-j >= zrlMinZeroRun || z == len(src) {
				break
			}
			j = z
		}
		for i < j {
			n := min(j-i, zrlMaxLiteral)
			dst = append(dst, byte(n))
			for _, b := range src[i : i+n] {
				dst = append(dst, b^base[i])
				i++
			}
		}
		j = z
	}
	return append(dst, 0)
}

// zeroRunEnd returns the end of the run of zero difference at src[i:]
// (bytes equal to base's), comparing thirty-two, then eight bytes at a
// time: the runs in a state are often hundreds long.
func zeroRunEnd(src, base []byte, i int) int {
	base = base[:len(src)]
	for i+32 <= len(src) {
		w, b := src[i:i+32], base[i:i+32]
		// (^ and | bind alike in Go, hence the parentheses.)
		if (binary.LittleEndian.Uint64(w)^binary.LittleEndian.Uint64(b))|
			(binary.LittleEndian.Uint64(w[8:])^binary.LittleEndian.Uint64(b[8:]))|
			(binary.LittleEndian.Uint64(w[16:])^binary.LittleEndian.Uint64(b[16:]))|
			(binary.LittleEndian.Uint64(w[24:])^binary.LittleEndian.Uint64(b[24:])) != 0 {
			break
		}
		i += 32
	}
	for i+8 <= len(src) && binary.LittleEndian.Uint64(src[i:]) == binary.LittleEndian.Uint64(base[i:]) {
		i += 8
	}
	for i < len(src) && src[i] == base[i] {
		i++
	}
	return i
}

// decodeZRL overwrites all of dst with the bytes an encoding from appendZRL
// against base stands for, reading the encoding from the start of src
// (which may run on past it), and returns the encoding's length.
func decodeZRL(dst, src, base []byte) int {
	copy(dst, base) // one fast copy beats copying run by run
	i, k := 0, 0
	for {
		h := int(src[k])
		k++
		switch {
		case h == 0:
			return k
		case h <= zrlMaxLiteral:
			for _, d := range src[k : k+h] {
				dst[i] ^= d
				i++
			}
			k += h
		default:
			i += h - zrlMaxLiteral
		}
	}
}
