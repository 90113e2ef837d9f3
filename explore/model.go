package explore

// Model is what the explorer needs of a checkable system. S is a small fixed-size
// value type (arrays of small ints, no pointers/maps), I a small comparable input value.
//
// States are values so that a successor is a copy and the explorer can keep
// whole levels of them without per-state allocation: in flat slices, or,
// when S holds no pointers, as run-length encoded raw bytes. The explorer
// never interprets a state except through these methods.
type Model[S any, I comparable] interface {
	// Init is the single initial state. Every counterexample path starts here,
	// so paths can be stored as input indices and replayed.
	Init() S
	// Enabled appends the inputs enabled in s to buf[:0]-style buf and returns it, in a
	// deterministic order. It must not allocate once buf has grown.
	//
	// The order matters: the explorer records a transition as the index of its
	// input in this list and replays paths by calling Enabled again, and the
	// "first" violation is defined by this order.
	Enabled(s *S, buf []I) []I
	// Step writes the successor of s under in into next and checks the invariants on the
	// transition; it returns 0, or 1+the index of the first violated invariant.
	//
	// next may hold a stale, unrelated state (the explorer steps straight
	// into reused storage to avoid copying), so Step must write all of it,
	// typically by starting with *next = *s.
	//
	// A violating transition is a dead end: its successor is counted as
	// generated but not visited, because states beyond a broken invariant are
	// outside the contract and anything found through them would be a
	// consequence of the first bug rather than a new one.
	Step(s *S, in I, next *S) (violation int)
	// Stuck is called on a state with no enabled inputs; it returns 0 when that state is
	// legitimately terminal, else 1+the index of the stuck-state invariant.
	Stuck(s *S) (violation int)
	// Encode appends the canonical byte encoding of s to buf and returns it; equal
	// states encode equally. The explorer fingerprints this.
	//
	// Two states with equal encodings are the same state to the explorer, so
	// the encoding is where a model canonicalises symmetric states.
	Encode(s *S, buf []byte) []byte
	// Fork returns an independent copy for another worker (own scratch buffers).
	// Workers call their model concurrently, so nothing mutable may be shared
	// between a model and its forks.
	Fork() Model[S, I]
}
