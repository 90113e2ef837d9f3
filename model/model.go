// Package model is the interface between a checkable system and the
// pipeline: what a system must say about one of its scenarios for the
// explorer (package explore) to enumerate its states and check its
// invariants (Model), what the command line lists (System), and what the
// counterexample pipeline needs to shrink, write and replay a violation
// (Spec). Each system lives in its own package below this one
// (model/asupersync), with its checks in invariants/<system>.
//
// The interface is generic over the system's state S and input I, and the
// explorer is instantiated with the concrete types, so a successor costs
// one method call per operation and no boxing: a state is a small
// fixed-size value, copied, never shared.
package model

// Model is one scenario of a system, checked by a chosen set of
// invariants: what the explorer drives. S is a small fixed-size value type
// (arrays of small integers, no pointers or maps), I a small comparable
// input value.
//
// Invariants are identified by their position in Invariants(): Step,
// Stuck and CheckInit return 0 for "no violation", or 1 plus the position
// of the first invariant violated, and the explorer reports that
// invariant's name.
type Model[S any, I comparable] interface {
	// Init is the single initial state. Every counterexample path starts
	// here, so paths can be stored as input indices and replayed.
	Init() S
	// CheckInit checks the initial state, which no transition reaches, so
	// that an invariant broken from the start is reported rather than
	// blamed on the first step. A model whose invariants are all rules over
	// transitions returns 0 and says why.
	CheckInit(s *S) (violation int)
	// Enabled appends the inputs enabled in s to buf and returns the
	// extended slice, in a deterministic order. The explorer passes buf
	// with length 0 and reuses what comes back, so Enabled must only
	// append (never keep buf, nor read what was in it), and it allocates
	// nothing once buf has grown.
	//
	// The order matters: the explorer records a transition as the index of
	// its input in this list and replays paths by calling Enabled again,
	// and the "first" violation is defined by this order.
	Enabled(s *S, buf []I) []I
	// Step turns next into the successor of s under in and checks the
	// invariants on the transition. The caller has copied s into next
	// already, so Step changes only what the input changes; s must be left
	// as it is (the checks compare before and after).
	//
	// A violating transition is a dead end: its successor is counted as
	// generated but not visited, because states beyond a broken invariant
	// are outside the contract and anything found through them would be a
	// consequence of the first bug rather than a new one.
	Step(s *S, in I, next *S) (violation int)
	// Stuck is called on a state with no enabled inputs; it returns 0 when
	// that state is legitimately terminal, else 1 plus the position of the
	// stuck-state invariant.
	Stuck(s *S) (violation int)
	// Invariants names the invariants checked, in the positions Step,
	// Stuck and CheckInit report. It is the same list for every state.
	Invariants() []string
	// Fork returns an independent copy for another worker (own scratch
	// buffers). Workers call their model concurrently, so nothing mutable
	// may be shared between a model and its forks.
	Fork() Model[S, I]
}

// Encoder is implemented by a model whose states need a canonical
// encoding: states that hold pointers, slices, floats or padding, or that
// the model wants to canonicalise (two states with equal encodings are the
// same state to the explorer, so the encoding is where symmetric states are
// merged). Encode appends the encoding of s to buf and returns it; equal
// states encode equally.
//
// A model without Encode has its states fingerprinted by their raw bytes,
// which the explorer allows only for types made of integers and booleans,
// in arrays and structs with no padding (so that no byte is left
// unspecified).
type Encoder[S any] interface {
	Encode(s *S, buf []byte) []byte
}

// InputChecker is implemented by a model that can tell whether a state has
// an enabled input for less than listing them. The explorer checks every
// new state at the depth bound for being stuck but never expands it, so
// there the list is thrown away; the bound is usually the widest level.
type InputChecker[S any] interface {
	// HasInput reports whether Enabled(s, nil) would return any input.
	HasInput(s *S) bool
}

// InputKinder is implemented by a model whose inputs are each of a few
// kinds (spawn, cancel, a pump run, ...), numbered from 0 below
// NumInputKinds, as its coverage counts them. Random walks use it for
// swarm testing (explore.Options.Swarm): each walk draws among the kinds
// a coin left it, so that one walk cancels again and again with nothing
// between, where a walk drawing among all inputs rarely does.
type InputKinder[I comparable] interface {
	InputKind(in I) int
	NumInputKinds() int
}
