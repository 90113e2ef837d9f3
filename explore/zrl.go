package explore

import "encoding/binary"

// The zero-run-length codec compacts a BFS frontier's states (see
// frontier). Model states are fixed-size values sized for the largest
// configuration, so most of their bytes are zero: empty table slots,
// unused queue entries, idle timers. Dropping the zero runs is enough to
// shrink them several times over, and it is fast, which matters because
// every placed state is encoded and every expanded parent decoded.
//
// An encoding is a sequence of tokens, each a header byte h:
//   - h == 0: the end; every byte not yet produced is zero;
//   - 1 <= h <= zrlMaxLiteral: h literal bytes follow;
//   - h > zrlMaxLiteral: a run of h-zrlMaxLiteral zero bytes, 1 to 128.
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

// appendZRL appends the encoding of src to dst. When dst has
// zrlMaxLen(len(src)) bytes of spare capacity it writes in place.
func appendZRL(dst, src []byte) []byte {
	i, j := 0, zeroRunEnd(src, 0) // src[i:j] is a run of zeros
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
			for j < len(src) && src[j] != 0 {
				j++
			}
			z = zeroRunEnd(src, j)
			if z-j >= zrlMinZeroRun || z == len(src) {
				break
			}
			j = z
		}
		for i < j {
			n := min(j-i, zrlMaxLiteral)
			dst = append(dst, byte(n))
			dst = append(dst, src[i:i+n]...)
			i += n
		}
		j = z
	}
	return append(dst, 0)
}

// zeroRunEnd returns the end of the run of zero bytes at src[i:], skipping
// thirty-two, then eight bytes at a time: the runs in a state are often
// hundreds long.
func zeroRunEnd(src []byte, i int) int {
	for i+32 <= len(src) {
		w := src[i : i+32]
		if binary.LittleEndian.Uint64(w)|binary.LittleEndian.Uint64(w[8:])|
			binary.LittleEndian.Uint64(w[16:])|binary.LittleEndian.Uint64(w[24:]) != 0 {
			break
		}
		i += 32
	}
	for i+8 <= len(src) && binary.LittleEndian.Uint64(src[i:]) == 0 {
		i += 8
	}
	for i < len(src) && src[i] == 0 {
		i++
	}
	return i
}

// decodeZRL overwrites all of dst with the bytes an encoding from appendZRL
// stands for, reading the encoding from the start of src (which may run on
// past it), and returns the encoding's length.
func decodeZRL(dst, src []byte) int {
	clear(dst) // one fast clear beats clearing run by run
	i, k := 0, 0
	for {
		h := int(src[k])
		k++
		switch {
		case h == 0:
			return k
		case h <= zrlMaxLiteral:
			copy(dst[i:i+h], src[k:k+h])
			i, k = i+h, k+h
		default:
			i += h - zrlMaxLiteral
		}
	}
}
