package cancel

import (
	"testing"

	"modelcheck/runtime/trace"
)

// TestRequestToAckWhenUnmasked is cancel.task.request_to_ack_when_unmasked
// (T1, T2).
func TestRequestToAckWhenUnmasked(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	t1 := mustID(t)(s.Spawn(1, &log))
	must(t, s.Start(t1, &log))
	must(t, s.Start(t1, &log)) // a second poll: no event
	wantEvents(t, &log,
		"task_spawned task=t1 region=r1 phase=Created",
		"task_running task=t1 region=r1 phase=Running")
	acked, err := s.Checkpoint(t1, &log)
	must(t, err)
	if acked || len(log.Events) != 0 {
		t.Fatal("a checkpoint without a cancel did something")
	}
	must(t, s.RequestTask(t1, Reason{Kind: Timeout, At: 3}, BudgetFor(Timeout, 3), &log))
	tk := s.Task(t1)
	if tk.Phase != CancelRequested || !tk.CancelPending || tk.Epoch != 1 {
		t.Errorf("after request: %+v", *tk)
	}
	if want := (Reason{Kind: Timeout, At: 3, Origin: 1, Depth: 1, RootKind: Timeout, RootRegion: 1}); tk.Reason != want {
		t.Errorf("a Depth-0 reason was not rooted: %+v", tk.Reason)
	}
	acked, err = s.Checkpoint(t1, &log)
	must(t, err)
	if !acked || tk.Phase != Cancelling {
		t.Errorf("checkpoint: acked %v phase %v", acked, tk.Phase)
	}
	wantEvents(t, &log,
		"cancel_requested task=t1 region=r1 phase=CancelRequested cancel_kind=Timeout cancel_epoch=1",
		"cancel_acknowledged task=t1 region=r1 phase=Cancelling cancel_kind=Timeout cancel_epoch=1")
}

// TestMaskedDefersAck is cancel.task.masked_defers_ack (B3): under a mask
// the cancel stays pending; after the unmask the next checkpoint acks.
func TestMaskedDefersAck(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	t1 := running(t, &s, 1, &log)
	must(t, s.Mask(t1, &log))
	must(t, s.Mask(t1, &log))
	log.Reset()
	err := s.RequestTask(t1, Reason{Kind: User}, BudgetFor(User, 0), &log)
	must(t, err)
	for range 2 {
		acked, err := s.Checkpoint(t1, &log)
		must(t, err)
		if acked {
			t.Fatal("acknowledged under a mask")
		}
		must(t, s.Unmask(t1, &log))
	}
	acked, err := s.Checkpoint(t1, &log)
	must(t, err)
	if !acked {
		t.Fatal("no ack after unmasking")
	}
	wantEvents(t, &log,
		"cancel_requested task=t1 region=r1 phase=CancelRequested cancel_kind=User cancel_epoch=1",
		"cancel_deferred_masked task=t1 region=r1 phase=CancelRequested cancel_kind=User cancel_epoch=1",
		"mask_exited task=t1 region=r1 phase=CancelRequested mask_depth=1 cancel_epoch=1",
		"cancel_deferred_masked task=t1 region=r1 phase=CancelRequested cancel_kind=User cancel_epoch=1",
		"mask_exited task=t1 region=r1 phase=CancelRequested mask_depth=0 cancel_epoch=1",
		"cancel_acknowledged task=t1 region=r1 phase=Cancelling cancel_kind=User cancel_epoch=1")
	wantCode(t, s.Unmask(t1, &log), MaskUnderflow)
	for range MaxMaskDepth {
		must(t, s.Mask(t1, &log))
	}
	wantCode(t, s.Mask(t1, &log), MaskTooDeep)
}

// TestCleanupToFinalizingToCompletedCancelled is
// cancel.task.cleanup_to_finalizing_to_completed_cancelled (T3, T4), with
// the task's reserved obligation aborted on the way out.
func TestCleanupToFinalizingToCompletedCancelled(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	t1 := running(t, &s, 1, &log)
	o1 := mustID(t)(s.Reserve(t1, Lease, &log))
	wantCode(t, s.CleanupDone(t1, &log), NotCancelling)
	wantCode(t, s.FinalizeDone(t1, &log), NotFinalizing)
	err := s.RequestTask(t1, Reason{Kind: FailFast, At: 2}, BudgetFor(FailFast, 2), &log)
	must(t, err)
	_, err = s.Checkpoint(t1, &log)
	must(t, err)
	log.Reset()
	must(t, s.CleanupDone(t1, &log))
	must(t, s.FinalizeDone(t1, &log))
	wantEvents(t, &log,
		"cleanup_done task=t1 region=r1 phase=Finalizing cancel_kind=FailFast cancel_epoch=1",
		"task_completed task=t1 region=r1 phase=Completed outcome=Cancelled cancel_epoch=1",
		"obligation_aborted task=t1 region=r1 obligation=o1 abort_reason=cancel")
	if tk := s.Task(t1); tk.Outcome != Cancelled || tk.Reason.Kind != FailFast {
		t.Errorf("completed as %v (%v)", tk.Outcome, tk.Reason.Kind)
	}
	if ob := s.Obligation(o1); ob.State != AbortedCancel || ob.Resolutions != 1 {
		t.Errorf("obligation %+v", *ob)
	}
	wantCode(t, s.FinalizeDone(t1, &log), TaskCompleted)
	if !terminal(s) {
		t.Error("not terminal with every task done and r1 Open")
	}
}

// TestCompletedAbsorbing is cancel.task.completed_absorbing (T5).
func TestCompletedAbsorbing(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	t1 := running(t, &s, 1, &log)
	must(t, s.Complete(t1, Ok, &log))
	log.Reset()
	before := s
	must(t, s.RequestTask(t1, Reason{Kind: Shutdown}, BudgetFor(Shutdown, 0), &log))
	if s != before || len(log.Events) != 0 {
		t.Errorf("a request changed a Completed task: %+v, %v", *s.Task(t1), log.Events)
	}
	if _, err := s.CancelRegion(1, Shutdown, 0, &log); err != nil {
		t.Fatal(err)
	}
	if tk := s.Task(t1); tk.Phase != Completed || tk.Outcome != Ok || tk.CancelPending {
		t.Errorf("the cascade touched a Completed task: %+v", *tk)
	}
	must(t, s.Start(t1, &log)) // a late poll is a no-op
	wantCode(t, s.Complete(t1, Err, &log), TaskCompleted)
	_, err := s.Checkpoint(t1, &log)
	wantCode(t, err, TaskCompleted)
}

// TestRepeatedRequestsStrengthen is R1 and R3: later requests strengthen the
// reason and tighten the budget in place, without leaving the phase or
// changing the epoch.
func TestRepeatedRequestsStrengthen(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	t1 := running(t, &s, 1, &log)
	tk := s.Task(t1)
	req := func(k Kind, at uint32, b Budget) {
		t.Helper()
		phase := tk.Phase
		if err := s.RequestTask(t1, Reason{Kind: k, At: at}, b, &log); err != nil || tk.Phase != phase {
			t.Fatalf("request %v: phase %v -> %v, err %v", k, phase, tk.Phase, err)
		}
	}
	must(t, s.RequestTask(t1, Reason{Kind: Timeout, At: 5}, BudgetFor(Timeout, 5), &log))
	req(User, 1, BudgetFor(User, 1)) // weaker: reason kept, budget unchanged (already tighter)
	if tk.Reason.Kind != Timeout || tk.Budget != BudgetFor(Timeout, 0) {
		t.Errorf("weaker request changed %+v", *tk)
	}
	_, err := s.Checkpoint(t1, &log)
	must(t, err)
	req(Shutdown, 9, Budget{Deadline: 40, PollQuota: 1000, CostQuota: Unconstrained, Priority: 1})
	if tk.Phase != Cancelling || tk.Reason.Kind != Shutdown || tk.Epoch != 1 {
		t.Errorf("in Cancelling: %+v", *tk)
	}
	if want := (Budget{Deadline: 40, PollQuota: 500, CostQuota: Unconstrained, Priority: 210}); tk.Budget != want {
		t.Errorf("budget %+v, want %+v", tk.Budget, want)
	}
	must(t, s.CleanupDone(t1, &log))
	log.Reset()
	req(User, 0, Budget{Deadline: 20, PollQuota: 5, CostQuota: 9, Priority: 0})
	if tk.Phase != Finalizing || tk.Reason.Kind != Shutdown {
		t.Errorf("R3: %+v", *tk)
	}
	if want := (Budget{Deadline: 20, PollQuota: 5, CostQuota: 9, Priority: 210}); tk.Budget != want {
		t.Errorf("budget %+v, want %+v", tk.Budget, want)
	}
	wantEvents(t, &log, "cancel_strengthened task=t1 region=r1 phase=Finalizing cancel_kind=Shutdown cancel_epoch=1")
}

// TestCompleteDuringCancel is R2: an Ok or Err completion before any
// cancel stands; once the cancel protocol is active it resolves to
// Cancelled(reason), from every active phase.
func TestCompleteDuringCancel(t *testing.T) {
	for _, steps := range []int{0, 1, 2} { // CancelRequested, Cancelling, Finalizing
		s := New(Config{})
		var log trace.Log
		t1 := running(t, &s, 1, &log)
		err := s.RequestTask(t1, Reason{Kind: RaceLost}, BudgetFor(RaceLost, 0), &log)
		must(t, err)
		if steps > 0 {
			_, err = s.Checkpoint(t1, &log)
			must(t, err)
		}
		if steps > 1 {
			must(t, s.CleanupDone(t1, &log))
		}
		must(t, s.Complete(t1, Ok, &log))
		if tk := s.Task(t1); tk.Outcome != Cancelled || tk.Reason.Kind != RaceLost {
			t.Errorf("after %d steps: outcome %v", steps, tk.Outcome)
		}
	}
	s := New(Config{})
	var log trace.Log
	t1 := mustID(t)(s.Spawn(1, &log))
	must(t, s.Complete(t1, Err, &log)) // Created -> Completed is legal
	if s.Task(t1).Outcome != Err {
		t.Errorf("outcome %v, want Err", s.Task(t1).Outcome)
	}
	t2 := running(t, &s, 1, &log)
	wantCode(t, s.Complete(t2, Cancelled, &log), BadOutcome)
	wantCode(t, s.Complete(t2, None, &log), BadOutcome)
}

// TestTaskCodeNeedsAPoll: checkpoints, masks and reservations are task code
// and need a task that has been polled; a task cancelled while Created may
// checkpoint when it is polled.
func TestTaskCodeNeedsAPoll(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	t1 := mustID(t)(s.Spawn(1, &log))
	_, err := s.Checkpoint(t1, &log)
	wantCode(t, err, TaskNotStarted)
	wantCode(t, s.Mask(t1, &log), TaskNotStarted)
	_, err = s.Reserve(t1, Ack, &log)
	wantCode(t, err, TaskNotStarted)
	must(t, s.RequestTask(t1, Reason{Kind: User}, BudgetFor(User, 0), &log))
	if s.Task(t1).Phase != CancelRequested {
		t.Fatal("Created -> CancelRequested refused")
	}
	must(t, s.Start(t1, &log)) // polled now; stays CancelRequested
	if acked, err := s.Checkpoint(t1, &log); err != nil || !acked {
		t.Fatalf("checkpoint of a cancelled, never-run task: %v %v", acked, err)
	}
}

func TestUnknownIDs(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	for _, id := range []uint8{0, 1, MaxTasks + 1, 255} {
		wantCode(t, s.Start(id, &log), UnknownTask)
		err := s.RequestTask(id, Reason{}, Budget{}, &log)
		wantCode(t, err, UnknownTask)
		wantCode(t, s.Commit(id, &log), UnknownObligation)
	}
	for _, id := range []uint8{0, 2, MaxRegions + 1} {
		_, err := s.Spawn(id, &log)
		wantCode(t, err, UnknownRegion)
		_, err = s.CancelRegion(id, User, 0, &log)
		wantCode(t, err, UnknownRegion)
	}
	_, err := s.CancelRegion(1, kindCount, 0, &log)
	wantCode(t, err, BadKind)
	if s.Task(0) != nil || s.Task(MaxTasks+1) != nil || s.Region(0) != nil || s.Obligation(MaxObligations+1) != nil {
		t.Error("an out-of-range accessor returned a record")
	}
	if len(log.Events) != 0 {
		t.Errorf("errors emitted events: %v", log.Events)
	}
	if got := fail(UnknownTask, 3).Error(); got != "cancel: t3: unknown task" {
		t.Errorf("error text %q", got)
	}
}

func TestTablesFull(t *testing.T) {
	s := New(Config{})
	var log trace.Log
	for range MaxTasks {
		running(t, &s, 1, &log)
	}
	_, err := s.Spawn(1, &log)
	wantCode(t, err, TaskTableFull)
	for range MaxObligations {
		mustID(t)(s.Reserve(1, Ack, &log))
	}
	_, err = s.Reserve(1, Ack, &log)
	wantCode(t, err, ObligationTableFull)
	for range MaxRegions - 1 {
		mustID(t)(s.OpenRegion(1, &log))
	}
	_, err = s.OpenRegion(1, &log)
	wantCode(t, err, RegionTableFull)
}
