package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// cutCascade is a real region cancel whose chain the limits cut
// (deep-regions, max_chain_depth 2: r2 opened under r1, r3 under r2, t1
// spawned into r3, r1 cancelled with Shutdown): r3 wants three links,
// keeps two, and is announced by one cause_chain_truncated at depth 2,
// whose index is returned. chain-bounded passes it.
func cutCascade(t *testing.T) (c *Context, cut int) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, "deep-regions"), []kernel.Input{
		{Op: kernel.OpenRegion, Region: 1}, {Op: kernel.OpenRegion, Region: 2}, {Op: kernel.Spawn, Region: 3},
		{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.Shutdown)},
	})
	at := eventsOf(c.Events, trace.ChainTruncated)
	r3 := model.RegionRecord(&kern(c.After).Cancel, 3)
	if len(at) != 1 || c.Events[at[0]].Region != 3 || c.Events[at[0]].AttrVal != "2" ||
		!r3.Reason.Truncated || r3.Reason.Depth != 2 || chainBounded(c) {
		t.Fatalf("setup: want r3's chain cut at depth 2 and announced once, got r3 %+v: %v", *r3, c.Events)
	}
	return c, at[0]
}

// TestChainBoundedCatchesATruncationOfARegionPastTheTable proves
// chain-bounded's region-range guard: a cause_chain_truncated names a
// region of the table (001 Cause-Chain Limits: truncation is auditable, so
// it names the region cut). A real cut is reached (cutCascade), then
// replayed with its cause_chain_truncated naming region MaxRegions+1.
// (Without the guard the lookup of that region's chain is out of the
// table's range and the check panics.)
func TestChainBoundedCatchesATruncationOfARegionPastTheTable(t *testing.T) {
	c, cut := cutCascade(t)
	if !flagsEditedEvents(chainBounded, c, func(ev []trace.Event) { ev[cut].Region = cancel.MaxRegions + 1 }) {
		t.Error("a cause_chain_truncated naming a region past the table is not flagged")
	}
}

// TestChainBoundedCatchesATruncationAtTheWrongDepth proves chain-bounded's
// depth clause: a cause_chain_truncated names the depth the chain was cut
// at (001 Cause-Chain Limits, "explicit and auditable"; truncated_at_depth
// upstream). A real cut is reached (cutCascade: r3 cut at 2), then
// replayed with the event naming depth 3, the chain's uncut length.
func TestChainBoundedCatchesATruncationAtTheWrongDepth(t *testing.T) {
	c, cut := cutCascade(t)
	if !flagsEditedEvents(chainBounded, c, func(ev []trace.Event) { ev[cut].AttrVal = "3" }) {
		t.Error("a cause_chain_truncated at a depth other than the cut's is not flagged")
	}
}

// TestChainBoundedCatchesACutUnannounced proves chain-bounded's
// announcement clause: a cut chain is announced by a cause_chain_truncated
// (001 Cause-Chain Limits: "Truncation must be explicit and auditable,
// never silent"). A real cut is reached (cutCascade), then replayed with
// its cause_chain_truncated removed, r3's truncated reason left as it is.
func TestChainBoundedCatchesACutUnannounced(t *testing.T) {
	c, cut := cutCascade(t)
	silent := append(append([]trace.Event(nil), c.Events[:cut]...), c.Events[cut+1:]...)
	if !flagsWithEvents(chainBounded, c, silent) {
		t.Error("a chain cut without a cause_chain_truncated is not flagged")
	}
}

// TestChainBoundedCatchesATruncationOfARegionTheCascadeMissed proves
// chain-bounded's "not cut" clause for a region the cascade does not
// reach: cause_chain_truncated announces a chain the limits cut, so it
// names a region of the cascade (001 Cause-Chain Limits: truncation is
// explicit and auditable). A real cut is reached (cutCascade: r4 never
// opened), then replayed with a second cause_chain_truncated naming r4 at
// depth 0, the depth the check keeps for a region it does not reach.
func TestChainBoundedCatchesATruncationOfARegionTheCascadeMissed(t *testing.T) {
	c, cut := cutCascade(t)
	if model.RegionRecord(&kern(c.Before).Cancel, 4).Used {
		t.Fatalf("setup: want r4 unused, got %+v", kern(c.Before).Cancel.Regions)
	}
	missed := c.Events[cut]
	missed.Region, missed.AttrVal = 4, "0"
	if !flagsWithEvents(chainBounded, c, append(append([]trace.Event(nil), c.Events...), missed)) {
		t.Error("a cause_chain_truncated naming a region the cascade does not reach is not flagged")
	}
}
