package cancel

import (
	"strconv"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// taskEvent is an event about task id carrying the B6 fields this package
// owns: task_id, region_id, cancel_epoch and cancel_phase.
func (s *State) taskEvent(k trace.Kind, id uint8) trace.Event {
	t := &s.Tasks[id-1]
	return trace.Event{Kind: k, Task: id, Region: t.Region, Phase: t.Phase.String(), Epoch: t.Epoch}
}

// cancelEvent is a taskEvent plus cancel_kind, the rest of B6.
func (s *State) cancelEvent(k trace.Kind, id uint8) trace.Event {
	e := s.taskEvent(k, id)
	// Fault AckEpochDropped gives the acknowledgement cancel_epoch 0.
	if k == trace.CancelAcknowledged && s.Config.Faults.Has(fault.AckEpochDropped) {
		e.Epoch = 0
	}
	// Fault CancelEventRootRegion names the region the cancel was
	// requested on.
	if r := s.Tasks[id-1].Reason.RootRegion; r != 0 && s.Config.Faults.Has(fault.CancelEventRootRegion) {
		e.Region = r
	}
	// Fault CancelKindOmitted leaves cancel_kind out.
	if s.Config.Faults.Has(fault.CancelKindOmitted) {
		return e
	}
	e.AttrKey, e.AttrVal = attrCancelKind, s.Tasks[id-1].Reason.Kind.String()
	// Fault CancelKindOfNextTask names the next task slot's reason instead.
	if s.Config.Faults.Has(fault.CancelKindOfNextTask) {
		e.AttrVal = s.Tasks[int(id)%len(s.Tasks)].Reason.Kind.String()
	}
	return e
}

// Spawn creates a task in region, Created. A region that is not Open or has
// a cancel reason refuses it ("cancel.region.no_new_spawn_after_cancel"):
// SpawnRejected with error_class region_cancelled (the region has a reason)
// or region_closed, and id 0 with no error. Fault SpawnAfterCancel admits
// the spawn into a Closing or Draining region.
func (s *State) Spawn(region uint8, log *trace.Log) (uint8, error) {
	r, err := s.region(region)
	if err != nil {
		return 0, err
	}
	if !s.admits(r) {
		log.Emit(trace.Event{Kind: trace.SpawnRejected, Region: region, ErrorClass: s.refusal(r)})
		return 0, nil
	}
	id := uint8(0)
	for i := range s.Tasks {
		if !s.Tasks[i].Used {
			id = uint8(i + 1)
			break
		}
	}
	if id == 0 {
		return 0, fail(TaskTableFull, 0)
	}
	s.Tasks[id-1] = Task{Used: true, Phase: Created, Region: region}
	log.Emit(s.taskEvent(trace.TaskSpawned, id))
	// Fault SpawnRecordsParent records the region's parent, once the
	// spawn is announced.
	if p := r.Parent; p != 0 && s.Config.Faults.Has(fault.SpawnRecordsParent) {
		s.Tasks[id-1].Region = p
	}
	return id, nil
}

// Start is the first poll: Created -> Running. A task already Running or
// later, Completed included, is left alone without an event, so the kernel
// may call Start on every poll.
//
// Fault RunningEveryPoll announces task_running on every poll of a
// Running task too.
func (s *State) Start(task uint8, log *trace.Log) error {
	t, err := s.task(task)
	if err != nil {
		return err
	}
	if t.Phase == Created || t.Phase == Running && s.Config.Faults.Has(fault.RunningEveryPoll) {
		t.Phase = Running
		log.Emit(s.taskEvent(trace.TaskRunning, task))
		// Fault RunningAnnouncedTwice announces the move again.
		if s.Config.Faults.Has(fault.RunningAnnouncedTwice) {
			log.Emit(s.taskEvent(trace.TaskRunning, task))
		}
	}
	return nil
}

// RequestTask is T1 (request_cancel_with_budget). From Created or Running
// the task enters CancelRequested with reason r and budget b, cancel_epoch
// starts (1) and CxInner.cancel_requested is set.
// While a cancel is already pending (CancelRequested, Cancelling,
// Finalizing) the request strengthens the reason and combines the budget
// without leaving the phase (R1: repeated requests are valid and monotone;
// R3: no return to an earlier phase). On Completed nothing changes (T5).
// A request never acknowledges by itself (B2): only Checkpoint does.
//
// A reason with Depth 0 is taken as a root reason (no cause) created for
// the task's region.
//
// Fault PhaseRegress: a request on a Cancelling task moves it back to
// CancelRequested. Fault ResumeCompleted: a request on a Completed task
// re-opens it as CancelRequested in a new epoch.
//
// It answers nothing but an error: its callers (a task cancel, a region's
// cascade) ask CancelChanged whether the request changed the task, which
// is what decides its scheduling (001 Cascade Law step 5).
func (s *State) RequestTask(task uint8, r Reason, b Budget, log *trace.Log) error {
	t, err := s.task(task)
	if err != nil {
		return err
	}
	if !r.Kind.valid() {
		return fail(BadKind, uint8(r.Kind))
	}
	origin := t.Region
	// Fault RootAtRoot roots every task's reason at the root region.
	if s.Config.Faults.Has(fault.RootAtRoot) {
		origin = 1
	}
	s.request(task, r.rooted(origin, s.Config.Faults), b, log)
	return nil
}

// CancelChanged reports whether a cancel request changed t from before: its
// phase, reason or cleanup budget. Only such a task belongs in the
// cancel-scheduling set of the request (001 Cascade Law step 5).
func (t *Task) CancelChanged(before *Task) bool {
	return t.Phase != before.Phase || t.Reason != before.Reason || t.Budget != before.Budget
}

// request applies T1 to a used task; ids and kind are already valid.
func (s *State) request(task uint8, r Reason, b Budget, log *trace.Log) {
	t := &s.Tasks[task-1]
	faults := s.Config.Faults
	switch {
	case t.Phase == Created || t.Phase == Running:
		// Fault FirstBudgetShutdown grants Shutdown's budget whatever
		// the kind.
		if faults.Has(fault.FirstBudgetShutdown) {
			b = BudgetFor(Shutdown, 0)
		}
		epoch := t.Epoch
		t.enterRequested(r, b)
		// Fault EpochStalls keeps the old cancel_epoch.
		if faults.Has(fault.EpochStalls) {
			t.Epoch = epoch
		}
		log.Emit(s.cancelEvent(trace.CancelRequested, task))
	// Fault StrengthenCompleted strengthens a Completed task's cancel too.
	case t.Phase.cancelActive() || t.Phase == Completed && faults.Has(fault.StrengthenCompleted):
		t.Reason = t.Reason.Strengthen(r, faults)
		// Fault RepeatKeepsBudget ignores the new request's budget.
		if !faults.Has(fault.RepeatKeepsBudget) {
			t.Budget = t.Budget.Combine(b, faults)
		}
		if t.Phase == Cancelling && faults.Has(fault.PhaseRegress) {
			t.Phase = CancelRequested
		}
		// Fault SilentStrengthen leaves the request out of the trace.
		if !faults.Has(fault.SilentStrengthen) {
			log.Emit(s.cancelEvent(trace.CancelStrengthened, task))
		}
	case faults.Has(fault.ResumeCompleted):
		t.enterRequested(r, b)
		t.Outcome = None
		log.Emit(s.cancelEvent(trace.CancelRequested, task))
	}
	// Otherwise T5: Completed absorbs the request.
}

// enterRequested is the Created/Running -> CancelRequested half of T1:
// cancel_epoch increments on a new cancellation epoch (saturating).
func (t *Task) enterRequested(r Reason, b Budget) {
	t.Phase = CancelRequested
	t.Reason = r
	t.Budget = b
	t.CancelPending = true
	if t.Epoch < 255 {
		t.Epoch++
	}
}

// Checkpoint is where task code observes cancellation (T2, B2, B3). With a
// cancel requested and mask depth 0 it acknowledges: CancelRequested ->
// Cancelling (CancelAcknowledged) and acked is true. Under a mask the cancel
// stays pending (CancelDeferredMasked); a later Unmask lets the next
// checkpoint acknowledge. In any other phase a checkpoint does nothing.
//
// Fault AckWhileMasked: the checkpoint acknowledges under a mask. Fault
// AckAgain: a Cancelling task's checkpoint takes the acknowledge path
// again.
func (s *State) Checkpoint(task uint8, log *trace.Log) (acked bool, err error) {
	t, err := s.runningTask(task)
	if err != nil {
		return false, err
	}
	if t.Phase != CancelRequested && (t.Phase != Cancelling || !s.Config.Faults.Has(fault.AckAgain)) {
		return false, nil
	}
	// Fault DeferUnmasked reads the mask test as >= 0.
	if (t.Mask > 0 || s.Config.Faults.Has(fault.DeferUnmasked)) && !s.Config.Faults.Has(fault.AckWhileMasked) {
		// Fault SilentDefer leaves the deferral unannounced.
		if !s.Config.Faults.Has(fault.SilentDefer) {
			log.Emit(s.cancelEvent(trace.CancelDeferredMasked, task))
		}
		return false, nil
	}
	// Fault AckAnnouncedEarly emits the acknowledgement before the phase
	// moves.
	if s.Config.Faults.Has(fault.AckAnnouncedEarly) {
		log.Emit(s.cancelEvent(trace.CancelAcknowledged, task))
	}
	t.Phase = Cancelling
	if !s.Config.Faults.Has(fault.AckAnnouncedEarly) {
		log.Emit(s.cancelEvent(trace.CancelAcknowledged, task))
	}
	// Fault AckAbortsObligations aborts what the task holds before its
	// cleanup could resolve it.
	if s.Config.Faults.Has(fault.AckAbortsObligations) {
		s.abortHeld(task, log)
	}
	return true, nil
}

// Mask enters a masked section (B3): mask depth + 1, at most MaxMaskDepth.
// Fault MaskNotCounted announces the section but loses the increment.
func (s *State) Mask(task uint8, log *trace.Log) error {
	t, err := s.runningTask(task)
	if err != nil {
		return err
	}
	if t.Mask >= MaxMaskDepth {
		return fail(MaskTooDeep, task)
	}
	if !s.Config.Faults.Has(fault.MaskNotCounted) {
		t.Mask++
	}
	s.emitMask(trace.MaskEntered, task, log)
	// Fault MaskEntersTwice enters a second level when there is room.
	if s.Config.Faults.Has(fault.MaskEntersTwice) && t.Mask < MaxMaskDepth {
		t.Mask++
		s.emitMask(trace.MaskEntered, task, log)
	}
	return nil
}

// Unmask leaves a masked section (B3); below depth 0 is an error.
func (s *State) Unmask(task uint8, log *trace.Log) error {
	t, err := s.runningTask(task)
	if err != nil {
		return err
	}
	if t.Mask == 0 {
		return fail(MaskUnderflow, task)
	}
	t.Mask--
	// Fault UnmaskClearsDepth leaves every nested section at once.
	if s.Config.Faults.Has(fault.UnmaskClearsDepth) {
		t.Mask = 0
	}
	s.emitMask(trace.MaskExited, task, log)
	return nil
}

// emitMask reports the new mask depth (at most MaxMaskDepth < 100, so
// strconv returns a constant string and nothing is allocated).
func (s *State) emitMask(k trace.Kind, task uint8, log *trace.Log) {
	e := s.taskEvent(k, task)
	i := int(task) - 1
	// Fault MaskDepthOtherTask reads the next task's depth.
	if s.Config.Faults.Has(fault.MaskDepthOtherTask) {
		i = int(task) % len(s.Tasks)
	}
	e.AttrKey, e.AttrVal = attrMaskDepth, strconv.Itoa(int(s.Tasks[i].Mask))
	log.Emit(e)
}

// CleanupDone is T3: Cancelling -> Finalizing once the cleanup path ran.
func (s *State) CleanupDone(task uint8, log *trace.Log) error {
	t, err := s.task(task)
	switch {
	case err != nil:
		return err
	case t.Phase == Completed:
		return fail(TaskCompleted, task)
	case t.Phase != Cancelling:
		return fail(NotCancelling, task)
	}
	// Fault CleanupKeepsCancelling leaves the phase as it was.
	if !s.Config.Faults.Has(fault.CleanupKeepsCancelling) {
		t.Phase = Finalizing
	}
	log.Emit(s.cancelEvent(trace.CleanupDone, task))
	return nil
}

// FinalizeDone is T4: Finalizing -> Completed(Cancelled(reason)). The
// task may have been the last thing its region waited for, so the regions
// advance. Fault NoAdvanceOnFinalize skips that, leaving the region
// quiescent but never closed.
func (s *State) FinalizeDone(task uint8, log *trace.Log) error {
	t, err := s.task(task)
	switch {
	case err != nil:
		return err
	case t.Phase == Completed:
		return fail(TaskCompleted, task)
	case t.Phase != Finalizing:
		return fail(NotFinalizing, task)
	}
	s.complete(task, Cancelled, log)
	if !s.Config.Faults.Has(fault.NoAdvanceOnFinalize) {
		s.advanceRegions(log)
	}
	return nil
}

// Complete is a task returning Ok or Err. Before any cancel (Created,
// Running) that outcome stands; once the cancel protocol is active
// (CancelRequested, Cancelling, Finalizing) the task completes as
// Cancelled(reason) (R2, "completion must resolve to Cancelled").
//
// A late return (from Cancelling or Finalizing) ends the cleanup or the
// finalizer early, so what the task still holds is aborted as on any
// Cancelled completion: the cleanup that would have resolved it never
// finished.
//
// Fault OutcomeIgnoresCancel keeps the returned outcome; fault
// ErrEscapesCancel keeps an Err; fault LateReturnKeepsOutcome keeps it
// after the acknowledgement; fault LateReturnKeepsHeld leaves a late
// return's obligations Reserved.
func (s *State) Complete(task uint8, o Outcome, log *trace.Log) error {
	t, err := s.task(task)
	if err != nil {
		return err
	}
	late := t.Phase == Cancelling || t.Phase == Finalizing
	switch {
	case o != Ok && o != Err:
		return fail(BadOutcome, uint8(o))
	case t.Phase == Completed:
		return fail(TaskCompleted, task)
	// Fault LateReturnKeepsOutcome turns only a return before the
	// acknowledgement into Cancelled.
	case t.Phase.cancelActive() && (t.Phase == CancelRequested || !s.Config.Faults.Has(fault.LateReturnKeepsOutcome)):
		if !s.Config.Faults.Has(fault.OutcomeIgnoresCancel) && (o != Err || !s.Config.Faults.Has(fault.ErrEscapesCancel)) {
			o = Cancelled
		}
	}
	// Fault LateReturnKeepsHeld completes a late return as if its cleanup
	// had resolved what it holds.
	if late && s.Config.Faults.Has(fault.LateReturnKeepsHeld) {
		s.finish(task, o, log)
	} else {
		s.complete(task, o, log)
	}
	s.advanceRegions(log)
	return nil
}

// complete moves a live task to Completed(o). A task completing Cancelled
// aborts the obligations it still holds (AbortedCancel), so cancellation
// never leaks them ("no obligation leaks"). One completing Ok or Err
// leaves them Reserved: it broke them, and its region reports them Leaked
// when it finalizes (the semantics notes' violation).
//
// Fault LeakObligationOnCancel: the obligations stay Reserved. Fault
// CompletionHidesLeak aborts them on an Ok or Err completion too, fault
// ErrReturnAbortsHeld on an Err completion.
func (s *State) complete(task uint8, o Outcome, log *trace.Log) {
	s.finish(task, o, log)
	hides := s.Config.Faults.Has(fault.CompletionHidesLeak) || o == Err && s.Config.Faults.Has(fault.ErrReturnAbortsHeld)
	if o != Cancelled && !hides || s.Config.Faults.Has(fault.LeakObligationOnCancel) {
		return
	}
	s.abortHeld(task, log)
}

// finish is the record half of complete: Completed(o), announced by
// task_completed. CancelPending (CxInner.cancel_requested) stays as it
// was: set, it records that the task was cancelled (T1 sets it, and
// nothing clears it). Fault CompletionClearsCancelRequested clears it.
func (s *State) finish(task uint8, o Outcome, log *trace.Log) {
	t := &s.Tasks[task-1]
	t.Phase = Completed
	t.Outcome = o
	if s.Config.Faults.Has(fault.CompletionClearsCancelRequested) {
		t.CancelPending = false
	}
	e := s.taskEvent(trace.TaskCompleted, task)
	e.AttrKey, e.AttrVal = attrOutcome, o.String()
	// Fault OutcomeKeyResult misnames the attribute.
	if s.Config.Faults.Has(fault.OutcomeKeyResult) {
		e.AttrKey = "result"
	}
	log.Emit(e)
}

// abortHeld aborts (AbortedCancel) every obligation task still holds.
func (s *State) abortHeld(task uint8, log *trace.Log) {
	for i := range s.Obligations {
		if ob := &s.Obligations[i]; ob.Used && ob.Task == task && ob.State == Reserved {
			s.resolve(uint8(i+1), AbortedCancel, log)
		}
	}
}
