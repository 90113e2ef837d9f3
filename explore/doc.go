// Package explore enumerates the reachable states of a Model up to a depth
// bound, checking the model's invariants on every transition and on every
// stuck state, and reports the first violation of each invariant with the
// inputs that reach it from the initial state. FindLasso searches the same
// states for runs that break a liveness property of a model.Live (a path
// and a cycle along which something never happens).
//
// The explorer is generic over the model so that it never sees a runtime
// type: a model (model.Model) hands it small fixed-size state values,
// inputs, and, unless a state is plain bytes, a canonical byte encoding,
// and the explorer owns everything else (visited set, frontier, workers,
// limits, statistics). The explorer copies a state into its successor's
// storage before Step, so a model cannot leave stale bytes in it.
//
// Results are deterministic: the same model, depth and options give the same
// counts and the same counterexamples whatever the number of workers. BFS
// works level by level; within a level the frontier is cut into fixed-size
// chunks whose boundaries do not depend on the worker count, workers expand
// chunks in any order into per-chunk buffers, and the buffers are merged in
// frontier order, so "first" always means smallest (level, parent position,
// input index).
//
// A call into the model that never returns (a runtime step caught in a
// loop) ends a BFS run with Options.StepTimeout set: Result.Hang names the
// first such call in the same order (see hangWatch).
package explore
