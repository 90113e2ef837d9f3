package explore

import (
	"encoding/binary"
	"math/bits"
)

// The fingerprint is a wyhash-style 64-bit hash: state encodings are short
// (tens to hundreds of bytes) and hashed once per generated successor, so
// it consumes eight bytes per load and mixes with one 64x64->128 multiply
// per 16 bytes, in three independent lanes over 48-byte blocks, as wyhash
// does, so that a long encoding's multiplies overlap instead of each
// waiting for the one before.
// It is not a cryptographic hash; it only has to spread distinct encodings
// uniformly so that the chance of two distinct states sharing a fingerprint
// is close to the ideal 2^-64 per pair (see Result.CollisionProbability).
const (
	fpSeed uint64 = 0x1d8e4e27c47d124f
	fpP0   uint64 = 0xa0761d6478bd642f
	fpP1   uint64 = 0xe7037ed1a0b428db
	fpP2   uint64 = 0x8ebc6af09c88c6e3
	fpP3   uint64 = 0x589965cc75374cc3
)

// mum multiplies a and b to 128 bits and folds the halves together, the
// mixing step of wyhash.
func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// fingerprint hashes a state's canonical encoding. Zero is reserved as the
// empty-slot marker of fpSet, so a zero hash is mapped to one; this merges
// two hash values out of 2^64 and changes the collision estimate by nothing
// measurable.
func fingerprint(b []byte) uint64 {
	n := len(b)
	h := fpSeed ^ mum(uint64(n)^fpP0, fpP1)
	if len(b) > 48 {
		h1, h2 := h, h
		for len(b) > 48 {
			h = mum(binary.LittleEndian.Uint64(b)^fpP1, binary.LittleEndian.Uint64(b[8:])^h)
			h1 = mum(binary.LittleEndian.Uint64(b[16:])^fpP2, binary.LittleEndian.Uint64(b[24:])^h1)
			h2 = mum(binary.LittleEndian.Uint64(b[32:])^fpP3, binary.LittleEndian.Uint64(b[40:])^h2)
			b = b[48:]
		}
		h ^= h1 ^ h2
	}
	for len(b) > 16 {
		h = mum(binary.LittleEndian.Uint64(b)^fpP1, binary.LittleEndian.Uint64(b[8:])^h)
		b = b[16:]
	}
	// The tail is 0..16 bytes, read as two possibly overlapping words; the
	// length mixed in above keeps overlapping reads of different lengths
	// apart.
	var a, c uint64
	switch m := len(b); {
	case m >= 8:
		a = binary.LittleEndian.Uint64(b)
		c = binary.LittleEndian.Uint64(b[m-8:])
	case m >= 4:
		a = uint64(binary.LittleEndian.Uint32(b))
		c = uint64(binary.LittleEndian.Uint32(b[m-4:]))
	case m > 0:
		a = uint64(b[0])<<16 | uint64(b[m>>1])<<8 | uint64(b[m-1])
	}
	fp := mum(fpP2^uint64(n), mum(a^fpP1, c^h))
	if fp == 0 {
		return 1
	}
	return fp
}
