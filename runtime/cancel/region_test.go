package cancel

import (
	"testing"

	"modelcheck/runtime/trace"
)

// TestRegionClosesAtQuiescenceOnly is Quiescence Completion for a graceful
// close: the region drains while a task is live, finalizes once it is done,
// and closes Ok only when its finalizer has run (a finalizer_done before,
// open or draining, is refused).
func TestRegionClosesAtQuiescenceOnly(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	r2 := mustID(t)(s.OpenRegion(1, &log))
	t1 := running(t, &s, r2, &log)
	must(t, s.RegisterFinalizer(r2, &log))
	wantCode(t, s.FinalizerDone(r2, &log), NoRunningFinalizer)
	log.Reset()
	must(t, s.CloseRegion(r2, &log))
	wantEvents(t, &log, "region_closing region=r2", "region_draining region=r2")
	wantCode(t, s.CloseRegion(r2, &log), RegionNotOpen)
	wantCode(t, s.RegisterFinalizer(r2, &log), FinalizerRejected)
	// Its finalizer runs only once it finalizes: a Draining region's is
	// not yet running, and its finishing must not count.
	wantCode(t, s.FinalizerDone(r2, &log), NoRunningFinalizer)
	if terminal(s) {
		t.Error("terminal while r2 drains")
	}
	if s.Task(t1).CancelPending {
		t.Error("a graceful close cancelled its task")
	}
	must(t, s.Complete(t1, Ok, &log))
	wantEvents(t, &log,
		"task_completed task=t1 region=r2 phase=Completed outcome=Ok",
		"region_finalizing region=r2")
	if s.Region(r2).State != RegionFinalizing || terminal(s) {
		t.Fatalf("r2 %v with a finalizer pending", s.Region(r2).State)
	}
	must(t, s.FinalizerDone(r2, &log))
	wantEvents(t, &log, "finalizer_done region=r2", "region_closed region=r2 outcome=Ok")
	if !terminal(s) {
		t.Error("not terminal")
	}
}

// TestFinalizerCountSaturates: a region's finalizer count is a byte, so
// the 256th registration is refused (TooManyFinalizers) rather than
// wrapping to 0, which would let the region close with 255 finalizers
// never run. No scenario registers more than two.
func TestFinalizerCountSaturates(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	for range 255 {
		must(t, s.RegisterFinalizer(1, &log))
	}
	log.Reset()
	wantCode(t, s.RegisterFinalizer(1, &log), TooManyFinalizers)
	if n := s.Region(1).Finalizers; n != 255 || len(log.Events) != 0 {
		t.Errorf("after the refused registration: %d finalizers, events %v", n, log.Events)
	}
}

// TestParentWaitsForChild: a closing parent drains until its child closes;
// the child's close then closes the parent in the same operation.
func TestParentWaitsForChild(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	r2 := mustID(t)(s.OpenRegion(1, &log))
	log.Reset()
	must(t, s.CloseRegion(1, &log))
	wantEvents(t, &log, "region_closing region=r1", "region_draining region=r1")
	_, err := s.OpenRegion(1, &log)
	wantCode(t, err, ParentNotOpen)
	must(t, s.CloseRegion(r2, &log))
	wantEvents(t, &log,
		"region_closing region=r2",
		"region_finalizing region=r2",
		"region_closed region=r2 outcome=Ok",
		"region_finalizing region=r1",
		"region_closed region=r1 outcome=Ok")
}

// TestLeakedObligation: a task that completes Ok while holding a Reserved
// obligation cannot resolve it any more; when its region finalizes the
// obligation is Leaked, a reported violation.
func TestLeakedObligation(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	r2 := mustID(t)(s.OpenRegion(1, &log))
	t1 := running(t, &s, r2, &log)
	o1 := mustID(t)(s.Reserve(t1, SemaphorePermit, &log))
	o2 := mustID(t)(s.Reserve(t1, IoOp, &log))
	must(t, s.Commit(o2, &log))
	log.Reset()
	must(t, s.Abort(o2, &log))
	wantEvents(t, &log, "obligation_rejected task=t1 region=r2 obligation=o2 obligation_kind=IoOp error_class=already_resolved")
	if ob := s.Obligation(o2); ob.State != Committed || ob.Resolutions != 1 {
		t.Errorf("o2 after a second resolution: %+v, want Committed once", *ob)
	}
	if reservedBy(&s, t1) != 1 {
		t.Errorf("reserved by t1: %d, want 1", reservedBy(&s, t1))
	}
	must(t, s.Complete(t1, Ok, &log))
	wantCode(t, s.Commit(o1, &log), HolderCompleted)
	log.Reset()
	must(t, s.CloseRegion(r2, &log))
	wantEvents(t, &log,
		"region_closing region=r2",
		"region_finalizing region=r2",
		"obligation_leaked task=t1 region=r2 obligation=o1 obligation_kind=SemaphorePermit error_class=obligation_leaked",
		"region_closed region=r2 outcome=Ok")
	if ob := s.Obligation(o1); ob.State != Leaked || ob.Resolutions != 1 {
		t.Errorf("o1 %+v", *ob)
	}
	if ob := s.Obligation(o2); ob.State != Committed {
		t.Errorf("o2 %+v", *ob)
	}
}

// TestNoNewSpawnAfterCancel is cancel.region.no_new_spawn_after_cancel: a
// cancelled region refuses spawns (region_cancelled); a gracefully closing
// one refuses them too (region_closed). Neither is an error.
func TestNoNewSpawnAfterCancel(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	r2 := mustID(t)(s.OpenRegion(1, &log))
	r3 := mustID(t)(s.OpenRegion(1, &log))
	running(t, &s, r2, &log)
	running(t, &s, r3, &log)
	_, err := s.CancelRegion(r2, User, 0, &log)
	must(t, err)
	must(t, s.CloseRegion(r3, &log))
	log.Reset()
	for _, r := range []uint8{r2, r3} {
		id, err := s.Spawn(r, &log)
		if id != 0 || err != nil {
			t.Errorf("spawn in r%d: %d, %v", r, id, err)
		}
	}
	wantEvents(t, &log,
		"spawn_rejected region=r2 error_class=region_cancelled",
		"spawn_rejected region=r3 error_class=region_closed")
}

// TestNoNewObligationAfterCancel is
// cancel.region.no_new_obligation_after_cancel.
func TestNoNewObligationAfterCancel(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	t1 := running(t, &s, 1, &log)
	_, err := s.CancelRegion(1, Shutdown, 0, &log)
	must(t, err)
	log.Reset()
	id, err := s.Reserve(t1, Transaction, &log)
	if id != 0 || err != nil {
		t.Errorf("reserve: %d, %v", id, err)
	}
	wantEvents(t, &log, "obligation_rejected task=t1 region=r1 obligation_kind=Transaction error_class=region_cancelled")
	_, err = s.Reserve(t1, obligationKindCount, &log)
	wantCode(t, err, BadObligationKind)
}

// TestCancelFinalizingRegion: a cascade reaching a region that is already
// Finalizing after a graceful close gives it a reason, so it closes
// Cancelled; a Closed region is left alone.
func TestCancelFinalizingRegion(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	r2 := mustID(t)(s.OpenRegion(1, &log))
	r3 := mustID(t)(s.OpenRegion(1, &log))
	must(t, s.RegisterFinalizer(r2, &log))
	must(t, s.CloseRegion(r2, &log))
	must(t, s.CloseRegion(r3, &log))
	if s.Region(r2).State != RegionFinalizing || s.Region(r3).State != RegionClosed {
		t.Fatalf("r2 %v r3 %v", s.Region(r2).State, s.Region(r3).State)
	}
	closed := *s.Region(r3)
	_, err := s.CancelRegion(1, LinkedExit, 3, &log)
	must(t, err)
	if *s.Region(r3) != closed {
		t.Errorf("a cascade changed a Closed region: %+v", *s.Region(r3))
	}
	must(t, s.FinalizerDone(r2, &log))
	if r := s.Region(r2); r.State != RegionClosed || r.Outcome != Cancelled {
		t.Errorf("r2 %v %v", r.State, r.Outcome)
	}
	if r := s.Region(1); r.State != RegionClosed || r.Outcome != Cancelled {
		t.Errorf("r1 %v %v", r.State, r.Outcome)
	}
}

func TestNamesAndParsing(t *testing.T) {
	for k := ObligationKind(0); k < obligationKindCount; k++ {
		if got, err := ParseObligationKind(k.String()); err != nil || got != k {
			t.Errorf("ParseObligationKind(%q) = %v, %v", k, got, err)
		}
	}
	if got, err := ParseObligationKind("send_permit"); err != nil || got != SendPermit {
		t.Errorf("send_permit: %v %v", got, err)
	}
	if _, err := ParseObligationKind("mutex"); err == nil {
		t.Error("unknown obligation kind accepted")
	}
	checks := map[string]string{
		Cancelled.String(): "Cancelled", RegionDraining.String(): "Draining",
		AbortedExplicit.String(): "AbortedExplicit", Shutdown.String(): "Shutdown",
		outcomeCount.String(): "Outcome(4)", regionStateCount.String(): "RegionState(5)",
		obligationStateCount.String(): "ObligationState(6)", obligationKindCount.String(): "ObligationKind(6)",
		kindCount.String(): "Kind(11)",
	}
	for got, want := range checks {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}
