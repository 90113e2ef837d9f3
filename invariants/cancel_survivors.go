package invariants

import (
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// cancelSurvivorInvariants are cancellation rules a mutant of
// runtime/cancel broke unnoticed (issue 10): the acknowledge path of a
// checkpoint (ack-unmasked checks only that a mask defers it) and the
// shape of the region tree, which the cascade order and the chain depth
// read as given.
var cancelSurvivorInvariants = []Invariant{
	{"checkpoint-acks-unmasked", []string{"cancel.task.masked_defers_ack", "wasm-cancel-state-machine-v1/T2", "wasm-cancel-state-machine-v1/B3"},
		"a checkpoint defers a pending cancel only under a mask: a cancel_deferred_masked names a task whose mask depth was above 0, and a checkpoint by an unmasked task in CancelRequested acknowledges it (Cancelling)", checkpointAcksUnmasked},
	{"region-tree-derived", []string{"wasm-cancel-state-machine-v1/regions", "001/Cascade Law", "INV-CX-01"},
		"r1 is the root (used, no parent, depth 0) in every state; a region is used after a step only if it was before or a region_opened names it, and a region opened by open-region under parent p has parent p and depth p's depth + 1", regionTreeDerived},
}

func checkpointAcksUnmasked(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	for _, e := range c.Events {
		if e.Kind == trace.CancelDeferredMasked {
			if t := b.Cancel.Task(e.Task); t == nil || t.Mask == 0 {
				return true
			}
		}
	}
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Checkpoint {
		return false
	}
	t := b.Cancel.Task(c.In.K.Task)
	if t == nil || t.Phase != cancel.CancelRequested || t.Mask != 0 {
		return false
	}
	return a.Cancel.Task(c.In.K.Task).Phase == cancel.CancelRequested
}

func regionTreeDerived(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	if !isRoot(&b.Regions[0]) || !isRoot(&a.Regions[0]) {
		return true
	}
	var opened uint16
	for _, e := range c.Events {
		if e.Kind == trace.RegionOpened && e.Region >= 1 && int(e.Region) <= len(a.Regions) {
			opened |= 1 << (e.Region - 1)
			r := &a.Regions[e.Region-1]
			p := c.In.K.Region
			if c.In.Host != pump.NoHost || c.In.K.Op != kernel.OpenRegion || p == 0 || int(p) > len(b.Regions) ||
				r.Parent != p || r.Depth != b.Regions[p-1].Depth+1 {
				return true
			}
		}
	}
	for i := range a.Regions {
		if a.Regions[i].Used && !b.Regions[i].Used && opened&(1<<i) == 0 {
			return true
		}
	}
	return false
}

func isRoot(r *cancel.Region) bool { return r.Used && r.Parent == 0 && r.Depth == 0 }
