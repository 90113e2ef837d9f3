package explore

import (
	"fmt"
	"time"
)

// Stats are the running counts, reported to Options.Progress and in Result.
type Stats struct {
	// Depth is the BFS level being expanded, or the deepest DFS depth
	// reached so far.
	Depth int
	// Distinct is the number of distinct states visited, Init included.
	Distinct int64
	// Generated is the number of transitions taken (Step calls).
	Generated int64
	// Queue is the number of visited states not yet expanded under BFS, or
	// the length of the current path under DFS.
	Queue int64
	// Elapsed is the time since Run started.
	Elapsed time.Duration
	// StatesPerSecond is Distinct / Elapsed.
	StatesPerSecond float64
}

// StopReason says why a run ended before reaching its bound.
type StopReason int

const (
	// NotStopped: the run explored everything within its bound.
	NotStopped StopReason = iota
	// StoppedAtViolation: Options.StopAtFirst and a violation was found.
	StoppedAtViolation
	// StoppedAtMaxStates: more than Options.MaxStates distinct states.
	StoppedAtMaxStates
	// StoppedByContext: the context was cancelled.
	StoppedByContext
	// StoppedAtMemoryLimit: the heap held more than Options.MaxMemory.
	StoppedAtMemoryLimit
	// StoppedAtHang: a call into the model had not returned after
	// Options.StepTimeout (Result.Hang).
	StoppedAtHang
)

func (r StopReason) String() string {
	switch r {
	case NotStopped:
		return "not stopped"
	case StoppedAtViolation:
		return "stopped at first violation"
	case StoppedAtMaxStates:
		return "stopped at state limit"
	case StoppedByContext:
		return "interrupted"
	case StoppedAtMemoryLimit:
		return "stopped at memory limit"
	case StoppedAtHang:
		return "stopped at a call that did not return"
	}
	return fmt.Sprintf("StopReason(%d)", int(r))
}

// Violation is the first counterexample found for one invariant.
type Violation[I comparable] struct {
	// Name is the invariant's name, as the model's Invariants lists it.
	Name string
	// Invariant is its position in that list (what the model returned,
	// minus one).
	Invariant int
	// Path is the inputs from Init to the violation: the violating
	// transition's input last, or, for a stuck state, the inputs reaching
	// it. Under BFS it is a shortest such path. It is empty when the
	// initial state itself breaks the invariant (Model.CheckInit).
	Path []I
	// Depth is len(Path).
	Depth int
	// Stuck is set when the violation is a stuck state rather than a
	// transition.
	Stuck bool
}

// Hang is a call into the model that had not returned after
// Options.StepTimeout: the first such call in the order BFS makes them,
// which does not depend on the worker count. The call is still running:
// a goroutine cannot be stopped, so it is left behind, with the model
// fork it uses.
type Hang[I comparable] struct {
	// Path is the inputs from Init to the state the call was made on.
	Path []I
	// Call is "Step", by Input, or "Enabled or Stuck" (the model's list of
	// inputs, or its check of a state without any), on that state; or,
	// with Path empty, CallInit or CallCheckInit, on no state yet.
	Call  string
	Input I
	// After is the timeout it passed.
	After time.Duration
}

// Result is what a run found. A partial result (Complete false) is still
// accurate for everything it reports.
type Result[I comparable] struct {
	Stats
	// MaxDepthReached is the depth of the deepest state visited: under BFS
	// its shortest distance from Init, under DFS the longest path followed.
	MaxDepthReached int
	// Complete is set when every state within the depth bound was explored:
	// not stopped by StopAtFirst, MaxStates, MaxMemory or the context.
	Complete bool
	// StoppedEarly says why the run stopped short of its bound.
	StoppedEarly StopReason
	// Violations holds the first violation of each violated invariant, in
	// the order they were found (so Violations[0] is the first violation).
	// Under BFS "first" means smallest (level, parent position, input index),
	// which does not depend on the worker count.
	Violations []Violation[I]
	// Hang is the call found stuck when StoppedEarly is StoppedAtHang, and
	// nil otherwise.
	Hang *Hang[I]
	// CollisionProbability estimates the chance that two distinct visited
	// states shared a fingerprint, so that one was wrongly treated as
	// already visited: n(n-1)/2 pairs at 2^-64 each, about n²/2^65 for n
	// distinct states (TLC's "calculated" estimate).
	CollisionProbability float64
	// VisitedBytes is the memory held for the visited states: the
	// fingerprint table plus the per-level records path reconstruction
	// needs. Frontier states are not counted; BFS holds two levels of them.
	VisitedBytes int64
	// Coverage counts, for a model that is a model.Coverer and a BFS run,
	// what the explored transitions did, label by label in the model's
	// order; nil otherwise (and after a Hang). It counts exactly the
	// transitions Generated counts: steps of chunks expanded past a stop
	// and then dropped (the rest of the batch past MaxStates, a batch cut
	// by a cancel) are not counted. Under BFS each state within the bound
	// is expanded once, and MaxStates stops at a chunk boundary that
	// does not depend on the worker count, so neither do the counts of a
	// run that reached its bound, stopped after the level of a violation,
	// or stopped at MaxStates. A run stopped by MaxMemory or a signal
	// counts what its batches before the stop explored, which may.
	Coverage []Covered
	// ProcessBytes is the memory the process held for Go when the run
	// ended (what MaxMemory bounds, garbage included): the visited set,
	// the frontier, the workers' buffers, and whatever else the process
	// holds. With VisitedBytes it tells how much a state costs beyond its
	// fingerprint.
	ProcessBytes int64
}

// BytesPerState is VisitedBytes per distinct state.
func (r Result[I]) BytesPerState() float64 { return r.perState(r.VisitedBytes) }

// ProcessBytesPerState is ProcessBytes per distinct state: what a run
// really costs per state, frontier and garbage included.
func (r Result[I]) ProcessBytesPerState() float64 { return r.perState(r.ProcessBytes) }

func (r Result[I]) perState(bytes int64) float64 {
	if r.Distinct == 0 {
		return 0
	}
	return float64(bytes) / float64(r.Distinct)
}

// collisionProbability is the expected number of colliding pairs among n
// uniformly random 64-bit fingerprints, which for small values is also the
// probability of any collision.
func collisionProbability(n int64) float64 {
	f := float64(n)
	return f * (f - 1) / 2 / (1 << 64)
}
