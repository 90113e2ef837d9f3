package asupersync

// The checker's own DetHasher and DetRng. The runtime takes both from
// package dethash for its fairness certificates, decision hashes, local
// pops and steals; a check that recomputed them with the same package
// would move with a bug there, so they are written again here: the hasher
// from the semantics notes ("Witness hash"), the generator from what the
// runtime documents DetRng to be (splitmix64, seeded with the worker id;
// 004 3.5 leaves the generator open, so the checker holds the runtime to
// the one it names).

// witnessHasher is DetHasher: state*multiplier (wrapping), then xor the
// byte; integers little-endian, sizes as u64; finished with fmix64.
type witnessHasher uint64

func newWitnessHasher() witnessHasher { return 0x16f11fe89b0d677c }

func (h *witnessHasher) byte(b byte) { *h = *h*0x517cc1b727220a95 ^ witnessHasher(b) }

func (h *witnessHasher) u64(v uint64) {
	for i := 0; i < 8; i++ {
		h.byte(byte(v >> (8 * i)))
	}
}

// sum is murmur3's fmix64 of the state.
func (h witnessHasher) sum() uint64 {
	x := uint64(h)
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// detRngNext advances a splitmix64 state and returns its next value.
func detRngNext(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
