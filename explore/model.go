package explore

import "modelcheck/model"

// Model is what the explorer needs of a checkable system; it is
// model.Model, named here so that explore's API reads on its own.
//
// States are values so that a successor is a copy and the explorer can keep
// whole levels of them without per-state allocation: in flat slices, or,
// when S holds no pointers, as run-length encoded raw bytes. The explorer
// never interprets a state except through these methods.
type Model[S any, I comparable] = model.Model[S, I]
