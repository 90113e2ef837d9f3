// Package dethash is the deterministic hasher and random generator the
// contracts name: DetHasher (the fairness certificate's witness hash and the
// browser adapter's decision_hash) and DetRng (the scheduler's seeded
// tie-break and steal-order generator).
//
// The hasher is bit-for-bit the upstream one (semantics-notes.md, "Witness
// hash"), so certificates computed here can be compared with certificates
// computed by the upstream runtime.
package dethash

// Seed is the DetHasher's initial state.
const Seed uint64 = 0x16f11fe89b0d677c

const multiplier uint64 = 0x517cc1b727220a95

// Hasher is DetHasher. The zero value is not ready: use New. It is a value
// type, so a hasher can live inside a copied state.
type Hasher struct{ state uint64 }

// New returns a hasher at Seed.
func New() Hasher { return Hasher{state: Seed} }

// Byte feeds one byte: state = state*multiplier (wrapping), then state ^= b.
func (h *Hasher) Byte(b byte) {
	h.state = h.state*multiplier ^ uint64(b)
}

// Bytes feeds bytes in order.
func (h *Hasher) Bytes(p []byte) {
	for _, b := range p {
		h.Byte(b)
	}
}

// U64 feeds an integer little-endian, as the upstream hasher does for every
// integer width once widened.
func (h *Hasher) U64(v uint64) {
	for i := 0; i < 8; i++ {
		h.Byte(byte(v >> (8 * i)))
	}
}

// Size feeds a length or count; upstream hashes usize as u64.
func (h *Hasher) Size(n int) { h.U64(uint64(n)) }

// Sum finishes with murmur3's fmix64 without changing the hasher.
func (h Hasher) Sum() uint64 { return Fmix64(h.state) }

// Fmix64 is murmur3's 64-bit finaliser.
func Fmix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// Rng is DetRng: a splitmix64 generator seeded explicitly (per worker id in
// the contract), carried by value inside a state so replay reproduces it.
type Rng struct{ State uint64 }

// NewRng seeds a generator; DetRng::new(worker_id).
func NewRng(seed uint64) Rng { return Rng{State: seed} }

// Next returns the next 64-bit value.
func (r *Rng) Next() uint64 {
	r.State += 0x9e3779b97f4a7c15
	return Fmix64Split(r.State)
}

// Fmix64Split is splitmix64's output mix.
func Fmix64Split(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
