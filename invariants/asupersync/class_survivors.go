package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// classSurvivorInvariants close what the mutation classes added in session
// 9 (make mutate -ops bits,bool,not,step -tests, all 322 of them) found
// unchecked: each mutant changed the state counts and every scenario
// stayed clean.
//
// A runtime that refused all work passed: with admits' not dropped (or its
// true made false) every spawn was refused with region_closed, every
// scenario explored one state or a few, and refusal-class, which asks
// which class a refusal names, accepted region_closed for an Open region.
// Nothing asked that work offered to an Open region be taken.
//
// A sent or dropped message's sequence number was checked only against
// the queue: a drop that did not use up its number (the next message
// reused it) passed, since a dropped message never reaches the queue.
//
// Two more came from seed 20's sample of all eight classes. The runtime's
// tests caught them and no count changed, which the earlier sessions read
// as "out of the scenarios' reach"; but the default scenario reaches both
// at depth 2 (open-region, then cancel r1). A cascade that marked a region
// Closing without region_closing passed, changes-announced asking only
// for the event of the state a step ends in, and the region ended
// Finalizing or Closed. A region that closed Ok after a cancel passed:
// nothing read a region's outcome.
//
// Seed 20's sample also left 'NextGen++ -> NextGen--' (found first by the
// -ops run) reached and unchecked: generations are not encoded, so no
// count moved, and enqueued reported them running backwards.
//
// Session 10's seed 22 left kernel.go's 'in.Op == Commit -> !=': a commit
// aborted its obligation and an abort committed it. Every state count
// stayed the same, since a holder is offered both, so the two inputs only
// swapped successors; every event matched the state it left, and nothing
// asked that a commit commit. Its channel twin, a permit's obligation
// resolved the other way by send and abort (seed 23's kernel/channel.go
// 'in.Op != ChanAbort -> =='), moved no count either.
//
// Seed 27 left collect.go:309 '|| -> &&' in promote: every entry went to
// the ready list at a coalescing collect, however far from due, and waited
// there; the counts moved and nothing failed, since an entry fires only
// once due wherever it waits, and wheel-placement asks where an entry
// goes only in the step that places it.
//
// They come last but for stuck, so the older faults keep their first
// reports.
var classSurvivorInvariants = []Invariant{
	{"open-region-admits", []string{"cancel.region.no_new_spawn_after_cancel", "cancel.region.no_new_obligation_after_cancel", "wasm-cancel-state-machine-v1/regions"},
		"a spawn or a reservation is refused (spawn_rejected, obligation_rejected with region_closed or region_cancelled) only by a region that is no longer Open or has a cancel reason: before its cancel or close a region takes new work", openRegionAdmits},
	{"chan-seq-derived", []string{"INV-CH-01", "ch-fifo-001"},
		"each message a send queues (chan_sent) or drops (chan_message_dropped) gets the channel's next sequence number, in event order, and uses it up: the next number after the step is the one before plus the messages the step sent or dropped, so no two messages share a number; a message queued before the step may be dropped only after the step's chan_receiver_closed (004 1.10)", chanSeqDerived},
	{"leaving-open-announced", []string{"001/Cascade Law", "wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/trace"},
		"a region leaves Open only through Closing, and says so: a region Open before a step and not after it is named by a region_closing in the step (a close-region's, or the cascade's, which marks regions closing, 001 Cascade Law step 3), however far on the step takes it", leavingOpenAnnounced},
	{"region-outcome", []string{"wasm-cancel-state-machine-v1/regions", "wasm-cancel-state-machine-v1/quiescence-completion"},
		"a region closes Cancelled if it had a cancel reason, else Ok: its region_closed says outcome=Cancelled or outcome=Ok, and its record keeps that outcome", regionOutcome},
	{"enqueue-gen-derived", []string{"004/3.4", "wasm-browser-scheduler-semantics-v1/S3"},
		"every lane insertion (enqueued) records the next generation of the scheduler's monotone counter, in event order, and uses it up: the counter after the step is the one before plus the step's insertions, so no two entries share a generation (004 3.4)", enqueueGenDerived},
	{"resolution-follows-act", []string{"wasm-cancel-state-machine-v1/obligations"},
		"a holder's commit resolves its Reserved obligation Committed and its abort resolves it Aborted(Explicit); on an obligation already resolved either leaves it as it was (resolving twice is an error); a send or try_send that consumes a tracked permit commits its SendPermit obligation, and an abort of the permit aborts it (Explicit)", resolutionFollowsAct},
	{"wheel-ready-due", []string{"004/2.4", "004/2.7"},
		"every entry waiting in the wheel's ready list is due: its deadline is at most the wheel's time or, with coalescing on, the boundary of the window the time is in, (now/window + 1)*window; a collect promotes no entry beyond it", wheelReadyDue},
}

// openRegionAdmits reads the region each refusal names from the state
// before, by its fields, as refusal-class does; admission is 001's rule,
// not the runtime's admits.
func openRegionAdmits(c *Context) bool {
	b := &kern(c.Before).Cancel
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.SpawnRejected && (e.Kind != trace.ObligationRejected || e.ErrorClass == trace.ErrAlreadyResolved) {
			continue
		}
		if r := model.RegionRecord(b, e.Region); r != nil && r.Used && r.State == cancel.RegionOpen && !r.HasReason {
			return true
		}
	}
	return false
}

// chanSeqDerived tells a new message from an old one by its number: a
// chan_message_dropped naming a message queued before the step, or sent
// in it, is the receiver's close draining the queue (004 1.10), not a send.
// It must come after the step's chan_receiver_closed: only the receiver's
// close drops queued messages, and a last sender's drop that discards
// them (Drain-After-Sender-Drop says the receiver drains them) names
// messages queued before the step with no close before it.
func chanSeqDerived(c *Context) bool {
	b, a, ok := chans(c)
	if !ok {
		return false
	}
	next := b.NextSeq
	closing := false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.ChanReceiverClosed:
			closing = true
		case e.Kind == trace.ChanMessageDropped && closing && (queuedBefore(b, e.Msg) || b.NextSeq <= e.Msg && e.Msg < next):
		case e.Kind == trace.ChanSent, e.Kind == trace.ChanMessageDropped:
			if e.Msg != next {
				return true
			}
			next++
		}
	}
	return a.NextSeq != next
}

// queuedBefore reports whether message seq was in the channel's queue.
func queuedBefore(ch *channel.State, seq uint32) bool {
	for _, m := range ch.Queue[:ch.Len] {
		if m.Seq == seq {
			return true
		}
	}
	return false
}

func leavingOpenAnnounced(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for i := range b.Regions {
		if rb, ra := &b.Regions[i], &a.Regions[i]; rb.Used && rb.State == cancel.RegionOpen && ra.State != cancel.RegionOpen &&
			!announced(c.Events, trace.RegionClosing, 0, uint8(i+1)) {
			return true
		}
	}
	return false
}

// regionOutcome spells the outcomes itself rather than through the
// runtime's String, which the event's attribute is made with.
func regionOutcome(c *Context) bool {
	a := &kern(c.After).Cancel
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.RegionClosed {
			continue
		}
		r := model.RegionRecord(a, e.Region)
		if r == nil {
			return true
		}
		want, spelled := cancel.Ok, "Ok"
		if r.HasReason {
			want, spelled = cancel.Cancelled, "Cancelled"
		}
		if r.Outcome != want || e.AttrVal != spelled {
			return true
		}
	}
	return false
}

func enqueueGenDerived(c *Context) bool {
	next := kern(c.Before).Sched.NextGen
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind != trace.Enqueued {
			continue
		}
		next++
		if e.Gen != uint64(next) {
			return true
		}
	}
	return kern(c.After).Sched.NextGen != next
}

// resolutionFollowsAct reads the obligation's record before and after the
// holder's commit or abort, or a tracked permit's before and after the
// send or abort that consumes it. A task's Reserved SendPermit obligation
// is its channel permit: the model reserves Lease obligations alone, and
// resolves a permit only through the channel.
func resolutionFollowsAct(c *Context) bool {
	if c.In.Host != pump.NoHost {
		return false
	}
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	switch op := c.In.K.Op; op {
	case kernel.Commit, kernel.Abort:
		i := int(c.In.K.Obligation) - 1
		if i < 0 || i >= len(b.Obligations) {
			return false
		}
		if ob := &b.Obligations[i]; ob.State != cancel.Reserved {
			return a.Obligations[i].State != ob.State
		}
		return a.Obligations[i].State != resolvedBy(op == kernel.Commit)
	case kernel.ChanSend, kernel.ChanTrySend, kernel.ChanAbort:
		want := resolvedBy(op != kernel.ChanAbort)
		for i := range b.Obligations {
			ob := &b.Obligations[i]
			if ob.Used && ob.Task == c.In.K.Task && ob.Kind == cancel.SendPermit && ob.State == cancel.Reserved && a.Obligations[i].State != want {
				return true
			}
		}
	}
	return false
}

// resolvedBy is the state a holder's act leaves: a commit Committed, an
// abort Aborted(Explicit).
func resolvedBy(commit bool) cancel.ObligationState {
	if commit {
		return cancel.Committed
	}
	return cancel.AbortedExplicit
}

// resolutionCauseInvariants: resolution-follows-act the other way round.
// That check asks what a holder's act does to the obligation it names;
// nothing asked why an obligation left Reserved on a step with no such
// act. A runtime that aborted a task's obligations when it acknowledged a
// cancel, before the cleanup that may commit them, changed no count in
// any scenario (the aborted obligation and the one still held by a
// cancelling task are one state apiece) and passed every check. It comes
// late in the check order, so the older faults keep their first reports.
var resolutionCauseInvariants = []Invariant{
	{"resolution-has-cause", []string{"wasm-cancel-state-machine-v1/obligations", "wasm-cancel-state-machine-v1/no-obligation-leaks", "001/T2"},
		"an obligation leaves Reserved only for a cause the step shows: Committed by its holder's commit naming it, or a send or try_send of its tracked permit; Aborted(Explicit) by its holder's abort naming it, or an abort of its permit; Aborted(Cancel) by its holder completing Cancelled in the step; Leaked by its region reaching Finalizing in the step. An acknowledged cancel resolves nothing (001 T2: the move to Cancelling and the cleanup budget), so the cleanup may still commit what the task holds", resolutionHasCause},
}

// resolutionHasCause reads the records before and after and the input:
// the holder's phase and outcome, the region's state and the act, not the
// resolution events.
func resolutionHasCause(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for i := range a.Obligations {
		ob, oa := &b.Obligations[i], &a.Obligations[i]
		if !oa.Used || oa.State == cancel.Reserved || (ob.Used && ob.State != cancel.Reserved) {
			continue
		}
		if !c.resolutionCaused(uint8(i+1), oa) {
			return true
		}
	}
	return false
}

// resolutionCaused reports whether the step shows a cause for obligation
// id's move from Reserved to oa.State.
func (c *Context) resolutionCaused(id uint8, oa *cancel.Obligation) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	act := c.In.Host == pump.NoHost && c.In.K.Task == oa.Task
	op := c.In.K.Op
	switch oa.State {
	case cancel.Committed, cancel.AbortedExplicit:
		commit := oa.State == cancel.Committed
		if act && c.In.K.Obligation == id && op == holderAct(commit) {
			return true
		}
		return act && oa.Kind == cancel.SendPermit && (commit && (op == kernel.ChanSend || op == kernel.ChanTrySend) || !commit && op == kernel.ChanAbort)
	case cancel.AbortedCancel:
		tb, ta := model.TaskRecord(b, oa.Task), model.TaskRecord(a, oa.Task)
		return tb != nil && tb.Phase != cancel.Completed && ta.Phase == cancel.Completed && ta.Outcome == cancel.Cancelled
	case cancel.Leaked:
		rb, ra := model.RegionRecord(b, oa.Region), model.RegionRecord(a, oa.Region)
		return rb != nil && !finalizingOrClosed(rb.State) && finalizingOrClosed(ra.State)
	}
	return false
}

// obligationRecordInvariants: the checks of obligations read a record's
// state, region and holder, and trusted the reservation that wrote them. A
// reservation that recorded the root region instead of the holder's, or
// the next kind, changed no count (one state apiece) and passed every
// check: the region that finalizes over the obligation is the one its
// record names. It comes late in the check order, so the older faults keep
// their first reports.
var obligationRecordInvariants = []Invariant{
	{"obligation-record", []string{"wasm-cancel-state-machine-v1/obligations", "wasm-browser-scheduler-semantics-v1/purpose-1"},
		"an obligation is what its reservation asked for, and stays so: one new in a step is Reserved, unresolved, held by the task whose reserve ran (of the kind asked) or whose session-tracked channel reserve ran (a SendPermit), in that task's region; a step moves an older one's state and resolution count alone, never its kind, region or holder", obligationRecord},
}

// obligationRecord reads the records before and after and the input: the
// holder's region comes from its task record before the step.
func obligationRecord(c *Context) bool {
	b, a := &kern(c.Before).Cancel, &kern(c.After).Cancel
	for i := range a.Obligations {
		ob, oa := &b.Obligations[i], &a.Obligations[i]
		switch {
		case ob.Used:
			if !oa.Used || oa.Kind != ob.Kind || oa.Region != ob.Region || oa.Task != ob.Task {
				return true
			}
		case oa.Used:
			if !c.reservedBy(oa) {
				return true
			}
		}
	}
	return false
}

// reservedBy reports whether the step's input is the reservation that
// makes oa.
func (c *Context) reservedBy(oa *cancel.Obligation) bool {
	if c.In.Host != pump.NoHost || c.In.K.Task != oa.Task || oa.State != cancel.Reserved || oa.Resolutions != 0 {
		return false
	}
	if t := model.TaskRecord(&kern(c.Before).Cancel, oa.Task); t == nil || !t.Used || t.Region != oa.Region {
		return false
	}
	switch c.In.K.Op {
	case kernel.Reserve:
		return oa.Kind == cancel.ObligationKind(c.In.K.Arg)
	case kernel.ChanReserve, kernel.ChanTryReserve:
		return c.Scenario.Kernel.TrackPermits && oa.Kind == cancel.SendPermit
	}
	return false
}

// holderAct is the holder's act that leaves an obligation Committed
// (commit) or Aborted(Explicit), resolvedBy the other way round.
func holderAct(commit bool) kernel.Op {
	if commit {
		return kernel.Commit
	}
	return kernel.Abort
}

// finalizingOrClosed reports whether a region has reached Finalizing.
func finalizingOrClosed(s cancel.RegionState) bool {
	return s == cancel.RegionFinalizing || s == cancel.RegionClosed
}

// wheelReadyDue bounds the ready list by the wheel's time and, with
// coalescing on, the window's boundary of the kernel's time
// (coalesceBoundary, as wheel-coalesce-window reads it). Both only grow,
// so an entry promoted at an earlier collect stays within the bound.
func wheelReadyDue(c *Context) bool {
	a := kern(c.After)
	if !c.Scenario.Kernel.Wheel {
		return false
	}
	w := &a.Wheel
	bound := w.Now
	if cfg := &c.Scenario.Kernel.WheelConfig; cfg.Coalesce {
		bound = max(bound, coalesceBoundary(cfg.CoalesceWindow, uint64(a.Now)))
	}
	for i := range w.Entries {
		if e := &w.Entries[i]; e.Used && e.Level == wheel.Ready && e.Deadline > bound {
			return true
		}
	}
	return false
}
