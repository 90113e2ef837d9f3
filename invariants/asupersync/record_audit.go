package asupersync

import (
	"math/bits"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
)

// recordAuditInvariants are the checks session 21's pass over the
// runtime's state called for. It planted, for every field of the state in
// turn, a bug where a step writes the field: the write lost (the old value
// kept) or one off. Two kinds of field explored clean:
//   - the time, origin and root cause of a region's cancel reason, lost or
//     one off. region-cancel-effective reads the reason's severity,
//     chain-bounded its depth and truncation, region-reason-from-cancel
//     that it changes only in a cascade; nothing read the rest
//     (region-reason-recorded);
//   - the region of a task's record, one off when a third task was
//     spawned. quiescence and the cascade checks find a region's tasks by
//     that field; nothing asked that it was the spawn's region
//     (task-region-derived).
//
// The other fields that survived are equivalent: no step writes them (the
// root region's Used flag, the pool's worker count, the RNG of a worker
// the scenario does not have), or no contract lets anyone read them (a
// queued message's sender).
//
// They come after the trace audit, so the older faults keep their first
// reports.
var recordAuditInvariants = []Invariant{
	{"region-reason-recorded", []string{"wasm-cancel-state-machine-v1/cascade-law-3", "wasm-cancel-state-machine-v1/R1", "cancel.region.cause_chain_bounded"},
		"after a region cancel, each region of the cascade not Closed before it holds the reason the cascade gives it (the requested kind in the target, ParentCancelled below; the current time; created for the region; rooted at the target with the requested kind; one chain link per level, cut by the Cause-Chain Limits and marked truncated where cut), or the reason it had if that one beats it, whole", regionReasonRecorded},
	{"task-region-derived", []string{"wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/quiescence-completion"},
		"a task belongs to the region its spawn named, for its whole life: the spawn records that region, and no other step moves a task", taskRegionDerived},
}

// taskRegionDerived derives each task's region from the spawn input that
// created it, inductively, as route-own-record derives its priority and
// deadline: the record before, replaced only by the spawn. quiescence,
// no-leak and the cascade checks find a region's tasks by this field, so a
// task recorded in another region would let its own close without it.
func taskRegionDerived(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	spawned := c.spawnedBy()
	for m := c.changedTasks(); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		want := b.Tasks[i].Region
		if uint8(i+1) == spawned {
			want = c.In.K.Region
		}
		if a.Tasks[i].Used && a.Tasks[i].Region != want {
			return true
		}
	}
	return false
}

// regionReasonRecorded builds each region's cascade reason from the input,
// the region tree before the step and the scenario's chain limits, as
// cascade-reason does for the tasks, and compares the whole record: the
// strengthen order is the checker's own (reasonBeats).
func regionReasonRecorded(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	target := c.In.K.Region
	if tr := model.RegionRecord(b, target); tr == nil || !tr.Used {
		return false
	}
	kind := cancel.Kind(c.In.K.Arg)
	for id := uint8(1); id <= cancel.MaxRegions; id++ {
		rb, ra := model.RegionRecord(b, id), model.RegionRecord(a, id)
		if !rb.Used || rb.State == cancel.RegionClosed {
			continue
		}
		links, ok := linksBelow(b, id, target)
		if !ok {
			continue
		}
		kept := c.chainKept(links)
		want := cancel.Reason{Kind: c.cascadeKind(id), At: kern(c.Before).Now, Origin: id, Depth: kept,
			RootKind: kind, RootRegion: target}
		if kept < links {
			want.Truncated, want.TruncatedAt = true, kept
		}
		if rb.HasReason && !reasonBeats(want, rb.Reason) {
			want = rb.Reason
		}
		if !ra.HasReason || ra.Reason != want {
			return true
		}
	}
	return false
}
