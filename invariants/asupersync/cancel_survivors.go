package asupersync

import (
	"math/bits"
	"slices"

	model "modelcheck/model/asupersync"
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
		"a checkpoint defers a pending cancel only under a mask: a cancel_deferred_masked names a task whose mask depth was above 0, a checkpoint by a masked task in CancelRequested announces the deferral with cancel_deferred_masked naming it, and a checkpoint by an unmasked task in CancelRequested acknowledges it (Cancelling)", checkpointAcksUnmasked},
	{"region-tree-derived", []string{"wasm-cancel-state-machine-v1/regions", "001/Cascade Law", "INV-CX-01"},
		"r1 is the root (used, no parent, depth 0) in every state; a region is used after a step only if it was before or a region_opened names it, and a region opened by open-region under parent p was not in use before and is used and Open, with no cancel reason, parent p and depth p's depth + 1; a region in use before a step keeps its parent and depth", regionTreeDerived},
	{"changes-announced", []string{"wasm-cancel-state-machine-v1/trace", "001/T1-T5", "INV-CX-01"},
		"every move of a task's phase or a region's state in a step is announced by its event naming that task or region (task_running, cancel_requested, cancel_acknowledged, cleanup_done, task_completed; region_closing, region_draining, region_finalizing, region_closed), and a region's finalizer count moves by its finalizer_registered less its finalizer_done events", changesAnnounced},
}

func checkpointAcksUnmasked(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.CancelDeferredMasked {
			if t := model.TaskRecord(&b.Cancel, e.Task); t == nil || t.Mask == 0 {
				return true
			}
		}
	}
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.Checkpoint {
		return false
	}
	t := model.TaskRecord(&b.Cancel, c.In.K.Task)
	if t == nil || t.Phase != cancel.CancelRequested {
		return false
	}
	if t.Mask > 0 {
		// A masked checkpoint announces the deferral (B3).
		for ei := range c.Events {
			e := &c.Events[ei]
			if e.Kind == trace.CancelDeferredMasked && e.Task == c.In.K.Task {
				return false
			}
		}
		return true
	}
	return model.TaskRecord(&a.Cancel, c.In.K.Task).Phase == cancel.CancelRequested
}

func regionTreeDerived(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	if !isRoot(&b.Regions[0]) || !isRoot(&a.Regions[0]) {
		return true
	}
	var opened uint16
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.RegionOpened && e.Region >= 1 && int(e.Region) <= len(a.Regions) {
			opened |= 1 << (e.Region - 1)
			r := &a.Regions[e.Region-1]
			p := c.In.K.Region
			if c.In.Host != pump.NoHost || c.In.K.Op != kernel.OpenRegion || p == 0 || int(p) > len(b.Regions) ||
				b.Regions[e.Region-1].Used || !r.Used || r.State != cancel.RegionOpen || r.HasReason || r.Parent != p || r.Depth != b.Regions[p-1].Depth+1 {
				return true
			}
		}
	}
	for i := range a.Regions {
		rb, ra := &b.Regions[i], &a.Regions[i]
		if ra.Used && !rb.Used && opened&(1<<i) == 0 {
			return true
		}
		// A region's place in the tree is fixed at its open: the cascade
		// and the chain depths read it as given.
		if rb.Used && (!ra.Used || ra.Parent != rb.Parent || ra.Depth != rb.Depth) {
			return true
		}
	}
	return false
}

func isRoot(r *cancel.Region) bool { return r.Used && r.Parent == 0 && r.Depth == 0 }

// changeEvents names, per phase and per region state, the event that
// announces a move into it (001's trace vocabulary).
var (
	phaseEvents = [...]trace.Kind{
		cancel.Created: trace.TaskSpawned, cancel.Running: trace.TaskRunning,
		cancel.CancelRequested: trace.CancelRequested, cancel.Cancelling: trace.CancelAcknowledged,
		cancel.Finalizing: trace.CleanupDone, cancel.Completed: trace.TaskCompleted,
	}
	regionEvents = [...]trace.Kind{
		cancel.RegionOpen: trace.RegionOpened, cancel.RegionClosing: trace.RegionClosing,
		cancel.RegionDraining: trace.RegionDraining, cancel.RegionFinalizing: trace.RegionFinalizing,
		cancel.RegionClosed: trace.RegionClosed,
	}
)

// announced reports whether an event of kind k names task (region 0) or
// region (task 0).
func announced(events []trace.Event, k trace.Kind, task, region uint8) bool {
	for i := range events {
		if e := &events[i]; e.Kind == k && (task == 0 || e.Task == task) && (region == 0 || e.Region == region) {
			return true
		}
	}
	return false
}

// changesAnnounced is the trace half of 001: the trace is the only record
// a user of the runtime sees, so a phase, region state or finalizer count
// that moves without its event is a bug even where the state is right
// (a mutant dropping cancel_requested or region_closed left every
// distinct-state count unchanged and so passed as equivalent).
func changesAnnounced(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	// A task whose record did not change is used before with its phase.
	for m := c.changedTasks(); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		tb, ta := &b.Tasks[i], &a.Tasks[i]
		if !ta.Used || (tb.Used && tb.Phase == ta.Phase) || int(ta.Phase) >= len(phaseEvents) {
			continue
		}
		if !announced(c.Events, phaseEvents[ta.Phase], uint8(i+1), 0) {
			return true
		}
	}
	for i := range a.Regions {
		rb, ra := &b.Regions[i], &a.Regions[i]
		if !ra.Used {
			continue
		}
		if (!rb.Used || rb.State != ra.State) && int(ra.State) < len(regionEvents) &&
			!announced(c.Events, regionEvents[ra.State], 0, uint8(i+1)) {
			return true
		}
		delta := int(ra.Finalizers)
		if rb.Used {
			delta -= int(rb.Finalizers)
		}
		if delta != c.finalizerMoves(uint8(i+1)) {
			return true
		}
	}
	return false
}

// regionMoveInvariants: changes-announced the other way round, an event
// that announces a region move the record did not make. A Closing region
// that announced region_draining and stayed Closing passed every check
// (make mutate -tests seed 34): the renaming left every count as it was.
// It comes late in the check order, so the faults that leave a region
// where it was and announce nothing keep their first reports.
// closing-drains, after it, asks where a closed region rests, so a region
// announced Draining and left Closing (fault draining-unrecorded) is still
// reported first as the unmade move it is.
var regionMoveInvariants = []Invariant{
	{"region-moves-made", []string{"wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/trace"},
		"every region move the trace announces is made: a region may pass through several states in one step (Closing, Draining, Finalizing, Closed), so the last region_opened, region_closing, region_draining, region_finalizing or region_closed naming a region names its state after the step", regionMovesMade},
	{"closing-drains", []string{"wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/quiescence-completion"},
		"a region never rests in Closing: the step that closes it, by close-region or by a cancel, drives it on at once, to Draining while it has live tasks or open children (a closing region with children drains) and on to Finalizing or Closed once it is quiescent", closingDrains},
}

func regionMovesMade(c *Context) bool {
	var last [cancel.MaxRegions]trace.Kind
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Region != 0 && int(e.Region) <= cancel.MaxRegions && slices.Contains(regionEvents[:], e.Kind) {
			last[e.Region-1] = e.Kind
		}
	}
	a := &kern(c.After).Cancel
	for i, k := range last {
		if r := &a.Regions[i]; k != 0 && (!r.Used || int(r.State) >= len(regionEvents) || regionEvents[r.State] != k) {
			return true
		}
	}
	return false
}

// closingDrains is the region path's second step (the semantics notes'
// Open -> Closing -> Draining -> Finalizing -> Closed, "a closing region
// with children drains"; 001: advance_region_state() "drives
// Closing/Draining -> Finalizing -> Closed"): a close, by close-region or
// by a cascade, advances the region in the same step, so Closing is a
// state a region passes through, never one it is left in. A region left
// Closing still finalizes once it is quiescent (region-closes), so
// without this check a runtime that never drained passed every other one:
// make mutate seed 69's survivor in advanceRegion (== -> != on the
// Closing case).
func closingDrains(c *Context) bool {
	a := &kern(c.After).Cancel
	for r := uint8(1); r <= cancel.MaxRegions; r++ {
		if reg := model.RegionRecord(a, r); reg.Used && reg.State == cancel.RegionClosing {
			return true
		}
	}
	return false
}

// finalizerKinds are the events that move a region's finalizer count.
var finalizerKinds = kinds(trace.FinalizerRegistered, trace.FinalizerDone)

// finalizerMoves is the move of region r's finalizer count the events
// give: one up per finalizer_registered, one down per finalizer_done.
func (c *Context) finalizerMoves(r uint8) int {
	if !c.mayHold(finalizerKinds) {
		return 0
	}
	n := 0
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Region != r {
			continue
		}
		switch e.Kind {
		case trace.FinalizerRegistered:
			n++
		case trace.FinalizerDone:
			n--
		}
	}
	return n
}
