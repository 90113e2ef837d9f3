package asupersync

import (
	"strconv"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// chainInvariants check the "Cause-Chain Limits" of contract 001, which no
// check read before issue 10's chain-memory scenarios: cascade-reason
// compares a chain's depth only where it fits, so a cut chain (its depth,
// its truncation mark, its announcement) went unchecked.
var chainInvariants = []Invariant{
	{"chain-bounded", []string{"cancel.region.cause_chain_bounded", "wasm-cancel-state-machine-v1/cause-chain-limits", "wasm-cancel-state-machine-v1/cascade-law-3"},
		"a region cancel gives each region of the cascade a chain of one link per level from the target, cut to the longest that fits max_chain_depth and max_chain_memory (80 bytes a link, 8 between links); a cut chain is marked truncated at its new depth and announced by one cause_chain_truncated naming the region and that depth, an uncut one is neither", chainBounded},
}

// chainBounded recomputes the Cause-Chain Limits for a region cancel from
// the input, the region tree before the step and the scenario's bounds:
// a region l levels below the target wants l+1 links; it keeps the longest
// chain of at most that many links whose depth and estimated memory
// (semantics notes: 80*D + 8*(D-1) bytes) fit, one link at least (its own).
// It checks the reason of every region of the cascade that had none before
// (a region with one keeps the stronger of the two), the reason of every
// task the cascade newly cancels, and the cause_chain_truncated events: one
// per cut region, naming the depth it was cut at, none for any other.
func chainBounded(c *Context) bool {
	if c.In.Host != pump.NoHost || c.In.K.Op != kernel.CancelRegion {
		return false
	}
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	target := c.In.K.Region
	if model.RegionRecord(b, target) == nil || !model.RegionRecord(b, target).Used {
		return false
	}
	var kept, want [cancel.MaxRegions + 1]uint8
	for id := uint8(1); id <= cancel.MaxRegions; id++ {
		if !model.RegionRecord(b, id).Used {
			continue
		}
		if links, ok := linksBelow(b, id, target); ok {
			want[id], kept[id] = links, c.chainKept(links)
		}
	}
	// The events: one cause_chain_truncated per cut region, at its depth.
	var announced [cancel.MaxRegions + 1]int
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.ChainTruncated {
			continue
		}
		// Region 0 and a region the cascade does not reach have kept =
		// want = 0, so the one comparison says "not cut" for them too.
		r := e.Region
		if r > cancel.MaxRegions || kept[r] == want[r] || e.AttrVal != strconv.Itoa(int(kept[r])) {
			return true
		}
		announced[r]++
	}
	for id := uint8(1); id <= cancel.MaxRegions; id++ {
		if want[id] == 0 {
			continue
		}
		// Only a cut region's events got this far, so a region announced
		// twice is a cut one, and breaks this too.
		cut := kept[id] < want[id]
		if cut != (announced[id] == 1) {
			return true
		}
		if br := model.RegionRecord(b, id); !br.HasReason && br.State != cancel.RegionClosed &&
			!chainMatches(model.RegionRecord(a, id).Reason, kept[id], cut) {
			return true
		}
	}
	for id := uint8(1); id <= kernel.MaxTasks; id++ {
		bt, at := model.TaskRecord(b, id), model.TaskRecord(a, id)
		if !bt.Used || (bt.Phase != cancel.Created && bt.Phase != cancel.Running) ||
			at.Phase != cancel.CancelRequested || at.Region > cancel.MaxRegions || want[at.Region] == 0 {
			continue
		}
		if !chainMatches(at.Reason, kept[at.Region], kept[at.Region] < want[at.Region]) {
			return true
		}
	}
	return false
}

// chainMatches reports whether r is a chain of depth links, truncated at
// that depth exactly when cut.
func chainMatches(r cancel.Reason, depth uint8, cut bool) bool {
	if r.Depth != depth || r.Truncated != cut {
		return false
	}
	return !cut || r.TruncatedAt == depth
}

// linksBelow is the number of links the cascade from target wants for
// region id (1 for the target, one more per level below it), walking the
// parent links; ok is false when id is not target or below it. A tree has
// neither a parent outside the region table nor a parent cycle, but a
// buggy runtime may store either: the walk stops at such an id, and after
// as many steps as there are regions, and says the region is not below
// target, so a check asks no more of it than of a region outside the
// cascade (the checks that read parents, region-tree-derived among them,
// are the ones to report the link itself).
func linksBelow(s *cancel.State, id, target uint8) (links uint8, ok bool) {
	for links = 1; id != 0 && links <= cancel.MaxRegions; links++ {
		if id == target {
			return links, true
		}
		r := model.RegionRecord(s, id)
		if r == nil {
			break
		}
		id = r.Parent
	}
	return 0, false
}

// chainKept is the length the Cause-Chain Limits leave of a chain that
// wants links links: the longest within max_chain_depth and
// max_chain_memory, never below the new reason's own link. A zero bound is
// the contract default, as in cancel.New (16 links, 4096 bytes).
func (c *Context) chainKept(links uint8) uint8 {
	depth, memory := int(c.Scenario.Kernel.MaxChainDepth), int(c.Scenario.Kernel.MaxChainMemory)
	if depth == 0 {
		depth = 16
	}
	if memory == 0 {
		memory = 4096
	}
	n := int(links)
	for n > 1 && (n > depth || 80*n+8*(n-1) > memory) {
		n--
	}
	return uint8(n)
}
