package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// cascadeInvariants are the region and cancel-request rules that had no
// check before issue 10. Each derives what it expects from the input (the
// op, its region or task and kind, the clock) and compares it with the
// records before and after the transition and the events emitted, never
// with a flag or counter the runtime keeps for the purpose.
var cascadeInvariants = []Invariant{
	{"cancel-schedules-changed", []string{"wasm-cancel-state-machine-v1/cascade-law-5", "wasm-cancel-state-machine-v1/T1", "wasm-cancel-state-machine-v1/R1", "cancel.region.cancel_scheduling_set_changed_only"},
		"a cancel request (task or region) enqueues or wakes only the tasks whose phase, reason or cleanup budget it changed; a request that changes nothing schedules nothing", cancelSchedulesChanged},
	{"region-cancel-effective", []string{"wasm-cancel-state-machine-v1/cascade-law-1", "wasm-cancel-state-machine-v1/cascade-law-3", "wasm-cancel-state-machine-v1/cascade-law-4"},
		"after a region cancel, the region and every descendant not yet Closed is off Open with a reason at least as severe as the cascade's, which replaces a reason it had only if it beats it (severity only strengthens), and every live task in them has a cancel pending that is at least as severe", regionCancelEffective},
	{"cascade-reason", []string{"wasm-cancel-state-machine-v1/cascade-law-3", "wasm-cancel-state-machine-v1/cascade-law-4", "cancel.region.cascade_parent_before_child", "cancel.region.cause_chain_bounded"},
		"a task a region cancel newly cancels gets its region's cascade reason: the kind requested in the target, ParentCancelled below it, created for the task's region, chained to the target's root with one link per level", cascadeReason},
	{"region-closes", []string{"wasm-cancel-state-machine-v1/quiescence-completion", "wasm-cancel-state-machine-v1/invariant-5"},
		"no region is left on its close path once it may advance: a Closing or Draining region whose tasks are all Completed and whose children are all Closed, or a Finalizing one with no finalizer pending, must have moved on by the end of the step", regionCloses},
}

// cancelRequest reports whether the transition is a task or region cancel.
func (c *Context) cancelRequest() bool {
	return c.In.Host == pump.NoHost && (c.In.K.Op == kernel.CancelTask || c.In.K.Op == kernel.CancelRegion)
}

// cancelUnchanged reports whether the transition left task id's cancel
// state (phase, reason, cleanup budget) as it was. An id outside the task
// table names no task a request could change, so it counts as unchanged.
func (c *Context) cancelUnchanged(id uint8) bool {
	b, a := model.TaskRecord(&kern(c.Before).Cancel, id), model.TaskRecord(&kern(c.After).Cancel, id)
	return b == nil || !model.CancelChanged(b, a)
}

// cancelSchedulesChanged is 001 Cascade Law step 5 ("return the
// cancel-scheduling set"): the set is the tasks the request changed, so an
// unchanged task is neither enqueued (an Enqueued event) nor, if it is
// being polled, notified. A wake of the polled task emits no event, so its
// wake flag going up is what is observed; the flag is the runtime's
// output here, not a record the check trusts (the ghost's WokenInPoll
// could not serve: it counts a cancel as a wake exactly when it changed
// the task, which is this rule).
func cancelSchedulesChanged(c *Context) bool {
	if !c.cancelRequest() {
		return false
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.Enqueued && c.cancelUnchanged(e.Task) {
			return true
		}
	}
	b, a := kern(c.Before), kern(c.After)
	for id := uint8(1); id <= kernel.MaxTasks; id++ {
		if !b.Tasks[id-1].Notified && a.Tasks[id-1].Notified && c.cancelUnchanged(id) {
			return true
		}
	}
	return false
}

// inCascade reports whether region id is target or one of its descendants,
// walking the parent links of s.
func inCascade(s *cancel.State, id, target uint8) bool {
	_, ok := linksBelow(s, id, target)
	return ok
}

// cascadeKind is the kind a region of the cascade from target receives:
// the requested kind in the target, ParentCancelled below it.
func (c *Context) cascadeKind(region uint8) cancel.Kind {
	if region == c.In.K.Region {
		return cancel.Kind(c.In.K.Arg)
	}
	return cancel.ParentCancelled
}

// regionCancelEffective: a region cancel reaches every region of the
// subtree and every live task in it (Cascade Law steps 1, 3, 4). A Closed
// region is terminal and keeps its state; its tasks are all Completed.
func regionCancelEffective(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	a := &kern(c.After).Cancel
	target := c.In.K.Region
	for r := uint8(1); r <= cancel.MaxRegions; r++ {
		reg := model.RegionRecord(a, r)
		if !reg.Used || reg.State == cancel.RegionClosed || !inCascade(a, r, target) {
			continue
		}
		want := severityOf(c.cascadeKind(r))
		if reg.State == cancel.RegionOpen || !reg.HasReason || severityOf(reg.Reason.Kind) < want {
			return true
		}
		// Invariant 2 for regions: a reason the region had already is
		// replaced only by one that beats it (the checker's own order).
		if br := model.RegionRecord(&kern(c.Before).Cancel, r); br.HasReason && reg.Reason != br.Reason && !reasonBeats(reg.Reason, br.Reason) {
			return true
		}
	}
	for id := uint8(1); id <= kernel.MaxTasks; id++ {
		t := model.TaskRecord(a, id)
		if !t.Used || t.Phase == cancel.Completed || !inCascade(a, t.Region, target) {
			continue
		}
		active := t.Phase == cancel.CancelRequested || t.Phase == cancel.Cancelling || t.Phase == cancel.Finalizing
		if !active || severityOf(t.Reason.Kind) < severityOf(c.cascadeKind(t.Region)) {
			return true
		}
	}
	return false
}

// cascadeReason: a task that had no cancel (Created or Running) and that a
// region cancel moves to CancelRequested carries the reason its region got
// in this cascade (Cascade Law steps 3-4), built here from the input: the
// requested kind for the target, ParentCancelled below it; created for the
// task's region at the current time; rooted at the target with the
// request's kind; one chain link per level from the target. The depth is
// compared only where the Cause-Chain Limits cannot have cut the chain
// (a cut chain is cancel.region.cause_chain_bounded's subject).
func cascadeReason(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	target := c.In.K.Region
	kind := cancel.Kind(c.In.K.Arg)
	now := kern(c.Before).Now
	for id := uint8(1); id <= kernel.MaxTasks; id++ {
		bt, at := model.TaskRecord(b, id), model.TaskRecord(a, id)
		if !bt.Used || (bt.Phase != cancel.Created && bt.Phase != cancel.Running) ||
			at.Phase != cancel.CancelRequested || !inCascade(a, at.Region, target) {
			continue
		}
		r := at.Reason
		if r.Kind != c.cascadeKind(at.Region) || r.Origin != at.Region || r.At != now ||
			r.RootKind != kind || r.RootRegion != target {
			return true
		}
		links := model.RegionRecord(a, at.Region).Depth - model.RegionRecord(a, target).Depth + 1
		if c.chainFits(links) && (r.Depth != links || r.Truncated) {
			return true
		}
	}
	return false
}

// chainFits reports whether a chain of n links is within the scenario's
// Cause-Chain Limits (depth, and memory at 80 bytes a link plus 8 between
// links, as the semantics notes estimate it).
func (c *Context) chainFits(n uint8) bool {
	cfg := &c.Scenario.Kernel
	return n <= cfg.MaxChainDepth && 80*int(n)+8*(int(n)-1) <= int(cfg.MaxChainMemory)
}

// regionCloses is region liveness as a per-transition rule rather than a
// stuck-state one: 001 says advance_region_state() "drives Closing/Draining
// -> Finalizing -> Closed" once the Quiescence Completion conditions hold,
// and the runtime advances regions at the end of every operation that can
// make one quiescent, so a step that ends with a quiescent region still on
// its close path has dropped that advance. A terminal-state check would
// miss it: a parked root region, a timer or a spare spawn keeps the
// explorer's states from being terminal. Quiescence is judged here from
// the task and region records (reserved obligations are leaked by the
// advance itself, so they do not hold a region back).
func regionCloses(c *Context) bool {
	a := &kern(c.After).Cancel
	for r := uint8(1); r <= cancel.MaxRegions; r++ {
		reg := model.RegionRecord(a, r)
		if !reg.Used {
			continue
		}
		switch reg.State {
		case cancel.RegionClosing, cancel.RegionDraining:
			if quiescentRegion(a, r) {
				return true
			}
		case cancel.RegionFinalizing:
			if reg.Finalizers == 0 {
				return true
			}
		}
	}
	return false
}

// quiescentRegion: every task of region r Completed, every child Closed.
func quiescentRegion(s *cancel.State, r uint8) bool {
	for id := uint8(1); id <= kernel.MaxTasks; id++ {
		if t := model.TaskRecord(s, id); t.Used && t.Region == r && t.Phase != cancel.Completed {
			return false
		}
	}
	for ch := uint8(1); ch <= cancel.MaxRegions; ch++ {
		if reg := model.RegionRecord(s, ch); reg.Used && reg.Parent == r && reg.State != cancel.RegionClosed {
			return false
		}
	}
	return true
}
