package cancel

import (
	"testing"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// tree builds r1 -> r2 -> r3 and r1 -> r4 (a 3-deep tree with a sibling
// that sorts after r2 by id but before r3 by depth), with a running task t1
// in r1, t2 in r3 and t3 in r4.
func tree(t *testing.T, cfg Config) (State, *trace.Log) {
	t.Helper()
	s := New(cfg)
	log := &trace.Log{}
	r2 := mustID(t)(s.OpenRegion(1, log))
	r3 := mustID(t)(s.OpenRegion(r2, log))
	r4 := mustID(t)(s.OpenRegion(1, log))
	if r2 != 2 || r3 != 3 || r4 != 4 {
		t.Fatalf("regions %d %d %d", r2, r3, r4)
	}
	running(t, &s, 1, log)
	running(t, &s, 3, log)
	running(t, &s, 4, log)
	log.Reset()
	return s, log
}

// TestCascadeParentBeforeChild is cancel.region.cascade_parent_before_child
// (Cascade Law, R4) with chained reasons: depth ascending, then id; each
// descendant ParentCancelled, one link deeper than its parent, rooted at the
// target.
func TestCascadeParentBeforeChild(t *testing.T) {
	s, log := tree(t, Config{})
	mask, err := s.CancelRegion(1, Deadline, 7, log)
	must(t, err)
	if mask != 0b111 {
		t.Errorf("affected tasks %b, want 111", mask)
	}
	wantEvents(t, log,
		"region_cancelled region=r1 cancel_kind=Deadline",
		"region_closing region=r1 cancel_kind=Deadline",
		"region_cancelled region=r2 cancel_kind=ParentCancelled",
		"region_closing region=r2 cancel_kind=ParentCancelled",
		"region_cancelled region=r4 cancel_kind=ParentCancelled",
		"region_closing region=r4 cancel_kind=ParentCancelled",
		"region_cancelled region=r3 cancel_kind=ParentCancelled",
		"region_closing region=r3 cancel_kind=ParentCancelled",
		"cancel_requested task=t1 region=r1 phase=CancelRequested cancel_kind=Deadline cancel_epoch=1",
		"cancel_requested task=t3 region=r4 phase=CancelRequested cancel_kind=ParentCancelled cancel_epoch=1",
		"cancel_requested task=t2 region=r3 phase=CancelRequested cancel_kind=ParentCancelled cancel_epoch=1",
		"region_draining region=r3",
		"region_draining region=r2",
		"region_draining region=r4",
		"region_draining region=r1")
	wantReason := map[uint8]Reason{
		1: {Kind: Deadline, At: 7, Origin: 1, Depth: 1, RootKind: Deadline, RootRegion: 1},
		2: {Kind: ParentCancelled, At: 7, Origin: 2, Depth: 2, RootKind: Deadline, RootRegion: 1},
		3: {Kind: ParentCancelled, At: 7, Origin: 3, Depth: 3, RootKind: Deadline, RootRegion: 1},
		4: {Kind: ParentCancelled, At: 7, Origin: 4, Depth: 2, RootKind: Deadline, RootRegion: 1},
	}
	for id, want := range wantReason {
		if r := s.Region(id); !r.HasReason || r.Reason != want {
			t.Errorf("r%d reason %+v, want %+v", id, r.Reason, want)
		}
	}
	for task, region := range map[uint8]uint8{1: 1, 2: 3, 3: 4} {
		tk := s.Task(task)
		if tk.Reason != wantReason[region] || tk.Budget != BudgetFor(wantReason[region].Kind, 7) {
			t.Errorf("t%d reason %+v budget %+v", task, tk.Reason, tk.Budget)
		}
	}

	// Drive the tasks out; the deepest finishing last closes r3, r2 and
	// r1 in one advance.
	for _, task := range []uint8{1, 3, 2} {
		_, err := s.Checkpoint(task, log)
		must(t, err)
		must(t, s.CleanupDone(task, log))
		log.Reset()
		must(t, s.FinalizeDone(task, log))
	}
	wantEvents(t, log,
		"task_completed task=t2 region=r3 phase=Completed outcome=Cancelled cancel_epoch=1",
		"region_finalizing region=r3",
		"region_closed region=r3 outcome=Cancelled",
		"region_finalizing region=r2",
		"region_closed region=r2 outcome=Cancelled",
		"region_finalizing region=r1",
		"region_closed region=r1 outcome=Cancelled")
	if !terminal(s) {
		t.Error("not terminal after the whole tree closed")
	}
}

// TestCascadeSubtreeAndRepeat: a cascade reaches only the target's subtree;
// a later, weaker cascade from above strengthens nothing (the earlier,
// stronger reasons stay) but still reaches the rest of the tree.
func TestCascadeSubtreeAndRepeat(t *testing.T) {
	s, log := tree(t, Config{})
	mask, err := s.CancelRegion(2, Shutdown, 1, log)
	must(t, err)
	if mask != 0b010 {
		t.Errorf("affected tasks %b, want t2 only", mask)
	}
	if s.Region(1).HasReason || s.Region(4).HasReason || !s.Live(1) || s.Task(1).CancelPending {
		t.Error("the cascade left the subtree")
	}
	r3 := s.Region(3).Reason
	if r3 != (Reason{Kind: ParentCancelled, At: 1, Origin: 3, Depth: 2, RootKind: Shutdown, RootRegion: 2}) {
		t.Errorf("r3 reason %+v", r3)
	}
	_, err = s.CancelRegion(1, User, 5, log)
	must(t, err)
	if s.Region(2).Reason.Kind != Shutdown || s.Region(3).Reason != r3 || s.Task(2).Reason != r3 {
		t.Errorf("a weaker, later cascade replaced reasons: r2 %+v r3 %+v", s.Region(2).Reason, s.Region(3).Reason)
	}
	if s.Region(4).Reason.Depth != 2 || s.Region(4).Reason.RootKind != User {
		t.Errorf("r4 reason %+v", s.Region(4).Reason)
	}
}

// TestCauseChainBoundedDepth is cancel.region.cause_chain_bounded with
// MaxChainDepth 2: r3 would be depth 3, so its chain is cut at depth 2,
// explicitly (ChainTruncated, Truncated, TruncatedAt), keeping the root.
func TestCauseChainBoundedDepth(t *testing.T) {
	s, log := tree(t, Config{MaxChainDepth: 2})
	_, err := s.CancelRegion(1, User, 4, log)
	must(t, err)
	want := Reason{Kind: ParentCancelled, At: 4, Origin: 3, Depth: 2, RootKind: User, RootRegion: 1, Truncated: true, TruncatedAt: 2}
	if r := s.Region(3).Reason; r != want {
		t.Errorf("r3 reason %+v, want %+v", r, want)
	}
	if r := s.Region(2).Reason; r.Truncated || r.Depth != 2 {
		t.Errorf("r2 reason %+v", r)
	}
	if s.Task(2).Reason != want {
		t.Errorf("t2 did not get the truncated reason: %+v", s.Task(2).Reason)
	}
	if n := countKind(log, trace.ChainTruncated); n != 1 {
		t.Errorf("%d cause_chain_truncated events, want 1", n)
	}
	if e := findKind(log, trace.ChainTruncated); e.String() != "cause_chain_truncated region=r3 truncated_at_depth=2" {
		t.Errorf("event %s", e)
	}
}

// TestCauseChainBoundedMemory: with MaxChainMemory 100 even one cause link
// (a depth-2 chain costs 168 bytes) does not fit: every descendant keeps
// only its own link, truncated at depth 1.
func TestCauseChainBoundedMemory(t *testing.T) {
	s, log := tree(t, Config{MaxChainMemory: 100})
	_, err := s.CancelRegion(1, Timeout, 2, log)
	must(t, err)
	for _, id := range []uint8{2, 3, 4} {
		want := Reason{Kind: ParentCancelled, At: 2, Origin: id, Depth: 1, RootKind: Timeout, RootRegion: 1, Truncated: true, TruncatedAt: 1}
		if r := s.Region(id).Reason; r != want {
			t.Errorf("r%d reason %+v, want %+v", id, r, want)
		}
	}
	if n := countKind(log, trace.ChainTruncated); n != 3 {
		t.Errorf("%d cause_chain_truncated events, want 3", n)
	}
	// 200 bytes fit depth 2 (168) but not 3 (256).
	s, log = tree(t, Config{MaxChainMemory: 200})
	_, err = s.CancelRegion(1, Timeout, 2, log)
	must(t, err)
	if r := s.Region(3).Reason; r.Depth != 2 || !r.Truncated || r.TruncatedAt != 2 {
		t.Errorf("r3 reason %+v", r)
	}
	if r := s.Region(2).Reason; r.Depth != 2 || r.Truncated {
		t.Errorf("r2 reason %+v", r)
	}
}

// TestCascadeChildBeforeParentFault: the fault reverses the order and
// chains r3 straight from the target, skipping r2.
func TestCascadeChildBeforeParentFault(t *testing.T) {
	s, log := tree(t, Config{Faults: fault.Set{}.With(fault.ChildBeforeParent)})
	_, err := s.CancelRegion(1, User, 0, log)
	must(t, err)
	var order []uint8
	for _, e := range log.Events {
		if e.Kind == trace.RegionCancelled {
			order = append(order, e.Region)
		}
	}
	if len(order) != 4 || order[0] != 3 || order[3] != 1 {
		t.Errorf("cascade order %v, want deepest first", order)
	}
	if d := s.Region(3).Reason.Depth; d != 2 {
		t.Errorf("r3 chain depth %d, want the faulty 2", d)
	}
}

func countKind(log *trace.Log, k trace.Kind) int {
	n := 0
	for _, e := range log.Events {
		if e.Kind == k {
			n++
		}
	}
	return n
}

func findKind(log *trace.Log, k trace.Kind) trace.Event {
	for _, e := range log.Events {
		if e.Kind == k {
			return e
		}
	}
	return trace.Event{}
}
