package model

// Liveness is one named "something eventually happens" property of a
// system: a task that is queued is eventually activated or dropped, a
// waker eventually runs. Invariants say that nothing bad happens on any
// transition; a liveness property can only be broken by an infinite run,
// which in a finite state space is a lasso: a path to a state and a cycle
// back to it along which the awaited thing never happens. A reader looks up
// its contract IDs and rule as for an Invariant.
type Liveness struct {
	Name        string
	ContractIDs []string
	// Rule is the property in words, in the contracts' vocabulary: what
	// must eventually happen, and to whom (the property's subjects).
	Rule string
}

// Live is implemented by a Model that declares liveness properties, so that
// the explorer's lasso search (explore.FindLasso) can look for runs that
// break them. It is optional: a model without it has invariants only.
//
// A property is about subjects (task slots, timers, ...), at most 64 of
// them, numbered by the model, so that one lasso search covers every task
// at once and says which one waits forever. The search looks for a cycle of
// reachable states along which one subject stays pending in every state and
// at least one transition is fair.
type Live[S any, I comparable] interface {
	// LivenessProperties lists the properties, in the positions Pending
	// and Fair take as p. It is the same list for every state.
	LivenessProperties() []Liveness
	// Pending returns the subjects for which property p's "eventually" is
	// still outstanding in s, bit k for subject k: a set bit says the
	// awaited thing has not happened to subject k yet. It must depend on s
	// only (the search evaluates it once per state).
	Pending(s *S, p int) uint64
	// Fair reports whether the transition s -(in)-> next counts as the
	// rest of the system making progress for property p. A cycle with no
	// fair transition is not reported: it is the environment doing nothing
	// (a loop of idle ticks, a spurious wake that changes nothing), not
	// the system passing a subject over. Fair must depend on s, in and
	// next only.
	Fair(s *S, in I, next *S, p int) bool
	// Subject names subject k of property p as it stands in s, in the
	// contract's vocabulary ("task t3"), for a counterexample to read as
	// a story: s is the first state of the loop, where k is pending.
	Subject(s *S, p, k int) string
}
