package cancel

import (
	"strconv"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// OpenRegion opens a child region of an Open parent.
func (s *State) OpenRegion(parent uint8, log *trace.Log) (uint8, error) {
	p, err := s.region(parent)
	if err != nil {
		return 0, err
	}
	if p.State != RegionOpen {
		return 0, fail(ParentNotOpen, parent)
	}
	id := uint8(0)
	for i := range s.Regions {
		if !s.Regions[i].Used {
			id = uint8(i + 1)
			break
		}
	}
	if id == 0 {
		return 0, fail(RegionTableFull, 0)
	}
	// Fault RegionSlotReused takes the slot before the free one, in use.
	if id > 2 && s.Config.Faults.Has(fault.RegionSlotReused) {
		id--
	}
	depth := p.Depth + 1
	// Fault RegionDepthFlat gives the child its parent's depth.
	if s.Config.Faults.Has(fault.RegionDepthFlat) {
		depth = p.Depth
	}
	s.Regions[id-1] = Region{Used: true, State: RegionOpen, Parent: parent, Depth: depth}
	// Fault OpenedRegionUnrecorded loses the record's use.
	if s.Config.Faults.Has(fault.OpenedRegionUnrecorded) {
		s.Regions[id-1].Used = false
	}
	named := parent
	// Fault ParentNamedRoot names the root region as every region's parent.
	if s.Config.Faults.Has(fault.ParentNamedRoot) {
		named = 1
	}
	log.Emit(trace.Event{Kind: trace.RegionOpened, Region: id, AttrKey: attrParent, AttrVal: regionNames[named]})
	return id, nil
}

// CloseRegion begins a graceful close: Open -> Closing. The region then
// drains (its tasks run to completion, nobody cancels them) and closes Ok
// unless a cascade gives it a reason. Closing twice is an error.
func (s *State) CloseRegion(region uint8, log *trace.Log) error {
	r, err := s.region(region)
	if err != nil {
		return err
	}
	if r.State != RegionOpen {
		return fail(RegionNotOpen, region)
	}
	// Fault SilentClose accepts the close and does nothing.
	if s.Config.Faults.Has(fault.SilentClose) {
		return nil
	}
	// Fault CloseLeavesOpen announces the close but leaves the region Open.
	if !s.Config.Faults.Has(fault.CloseLeavesOpen) {
		r.State = RegionClosing
	}
	// Fault CloseMarksCancelled gives the region a cancel reason flag.
	if s.Config.Faults.Has(fault.CloseMarksCancelled) {
		r.HasReason = true
	}
	log.Emit(trace.Event{Kind: trace.RegionClosing, Region: region})
	s.advanceRegions(log)
	return nil
}

// CancelRegion is cancel_request(region, reason) under the "Cascade Law":
//
//  1. collect the target region and its descendants;
//  2. process them parents before children (depth ascending, then id; R4:
//     the order is deterministic);
//  3. give each its reason, the target a root reason of kind and each
//     descendant ParentCancelled chained from the reason its parent got in
//     this cascade, bounded by the "Cause-Chain Limits" (ChainTruncated when
//     a chain is cut); strengthen the region's reason and mark it Closing
//     if it was Open;
//  4. request cancellation (T1) with the region's reason and BudgetFor its
//     kind on every task of the affected regions that is not Completed;
//  5. return, as a bitmask (bit id-1), the cancel-scheduling set: the tasks
//     whose phase, reason or budget the request changed. A task the request
//     left as it was (its pending reason already at least as strong, its
//     budget already as tight) is not in it, so a repeated request neither
//     requeues a parked task nor wakes one.
//
// A Closed region keeps its state and reason (Closed is terminal); its
// reason in this cascade is still built, for its descendants and any live
// task of it.
//
// Fault ChildBeforeParent: the order is reversed (deepest first), and a
// descendant whose parent has no reason yet in this cascade is chained from
// the target's reason instead, as upstream did before it made that case
// fail loudly. Fault RequeueUnchangedCancel returns every task requested,
// changed or not. Fault ClosingSkipsCascade returns at once when the target
// is already on its close path (Closing or Draining), as if a graceful
// close were a cancel. Fault OwnReasonInCascade requests each task with a
// root reason of the cascade's kind created for the task's own region.
func (s *State) CancelRegion(region uint8, kind Kind, now uint32, log *trace.Log) (tasks uint16, err error) {
	target, err := s.region(region)
	if err != nil {
		return 0, err
	}
	if !kind.valid() {
		return 0, fail(BadKind, uint8(kind))
	}
	if s.Config.Faults.Has(fault.ClosingSkipsCascade) && target.State != RegionOpen && target.State != RegionClosed {
		return 0, nil
	}
	order, n := s.cascadeOrder(region)
	// Fault RegionCancelShutdown takes every region cancel for a shutdown.
	if s.Config.Faults.Has(fault.RegionCancelShutdown) {
		kind = Shutdown
	}
	root := Reason{Kind: kind, At: now, Origin: region, Depth: 1, RootKind: kind, RootRegion: region}
	from := len(log.Events)
	var got [MaxRegions]Reason
	var have, cuts [MaxRegions]bool
	for _, rid := range order[:n] {
		reason, cut := root, false
		if rid != region {
			cause := root
			if p := s.Regions[rid-1].Parent; have[p-1] {
				cause = got[p-1]
			}
			reason, cut = s.Config.chained(rid, cause, now)
		}
		got[rid-1], have[rid-1] = reason, true
		// Fault TruncationAfterRequests reports the cut after the
		// requests.
		late := cut && s.Config.Faults.Has(fault.TruncationAfterRequests)
		s.cancelRegionRecord(rid, reason, cut && !late, log)
		cuts[rid-1] = late
	}
	marked := len(log.Events)
	for _, rid := range order[:n] {
		for i := range s.Tasks {
			t := &s.Tasks[i]
			if !t.Used || t.Region != rid || t.Phase == Completed {
				continue
			}
			before := *t
			reason := got[rid-1]
			if s.Config.Faults.Has(fault.OwnReasonInCascade) {
				reason = Reason{Kind: kind, At: now, Origin: rid, Depth: 1, RootKind: kind, RootRegion: rid}
			}
			s.request(uint8(i+1), reason, BudgetFor(reason.Kind, now), log)
			if t.CancelChanged(&before) || s.Config.Faults.Has(fault.RequeueUnchangedCancel) {
				tasks |= 1 << i
			}
		}
	}
	// Fault TasksBeforeRegion reports the tasks' requests before the
	// regions' marks.
	if s.Config.Faults.Has(fault.TasksBeforeRegion) {
		trace.EffectsFirst(log.Events[from:], marked-from)
	}
	for _, rid := range order[:n] {
		if cuts[rid-1] {
			log.Emit(truncation(rid, got[rid-1]))
		}
	}
	s.advanceRegions(log)
	return tasks, nil
}

// cascadeOrder lists region and its descendants, depth ascending then id
// ascending ("Cascade Law" step 2), reversed under fault ChildBeforeParent.
func (s *State) cascadeOrder(region uint8) (order [MaxRegions]uint8, n int) {
	top := s.Regions[region-1].Depth
	// Fault CascadeIgnoresDepth takes every region in the first pass, so
	// the order is the ids'.
	byID := s.Config.Faults.Has(fault.CascadeIgnoresDepth)
	for d := top; d < top+MaxRegions; d++ {
		for i := range s.Regions {
			if r := &s.Regions[i]; r.Used && (byID && d == top || !byID && r.Depth == d) && s.within(uint8(i+1), region) {
				order[n] = uint8(i + 1)
				n++
			}
		}
	}
	if s.Config.Faults.Has(fault.ChildBeforeParent) {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			order[i], order[j] = order[j], order[i]
		}
	}
	return order, n
}

// within reports whether region id is ancestor or a descendant of it.
func (s *State) within(id, ancestor uint8) bool {
	for id != 0 {
		if id == ancestor {
			return true
		}
		id = s.Regions[id-1].Parent
	}
	// Fault CascadeTakesSiblings counts every region as a descendant.
	return s.Config.Faults.Has(fault.CascadeTakesSiblings)
}

// cancelRegionRecord applies "Cascade Law" step 3 to one region record.
// A cut chain is reported even for a Closed region, because its live tasks
// (if any) and its descendants still carry the truncated reason.
func (s *State) cancelRegionRecord(rid uint8, reason Reason, cut bool, log *trace.Log) {
	r := &s.Regions[rid-1]
	if r.State != RegionClosed {
		// Fault RegionReasonUnrooted records the reason rooted at rid.
		if s.Config.Faults.Has(fault.RegionReasonUnrooted) {
			reason.RootKind, reason.RootRegion = reason.Kind, rid
		}
		if r.HasReason {
			r.Reason = r.Reason.Strengthen(reason, s.Config.Faults)
		} else {
			r.Reason, r.HasReason = reason, true
		}
		named := reason.Kind
		// Fault RegionEventRootKind names the cascade's root kind.
		if s.Config.Faults.Has(fault.RegionEventRootKind) {
			named = reason.RootKind
		}
		// Fault SilentRegionCancel drops the event.
		if !s.Config.Faults.Has(fault.SilentRegionCancel) {
			log.Emit(trace.Event{Kind: trace.RegionCancelled, Region: rid, AttrKey: attrCancelKind, AttrVal: named.String()})
		}
	} else if s.Config.Faults.Has(fault.CancelClosedRegion) {
		// Fault CancelClosedRegion announces a cancel of the Closed region.
		log.Emit(trace.Event{Kind: trace.RegionCancelled, Region: rid, AttrKey: attrCancelKind, AttrVal: reason.Kind.String()})
	}
	if cut {
		log.Emit(truncation(rid, reason))
	}
	if r.State == RegionOpen {
		r.State = RegionClosing
		// Fault SilentCascadeClosing drops the event.
		if !s.Config.Faults.Has(fault.SilentCascadeClosing) {
			log.Emit(trace.Event{Kind: trace.RegionClosing, Region: rid, AttrKey: attrCancelKind, AttrVal: reason.Kind.String()})
		}
	}
}

// truncation is the cause_chain_truncated event of region rid's cut chain
// (the "Cause-Chain Limits": truncation is explicit).
func truncation(rid uint8, reason Reason) trace.Event {
	return trace.Event{Kind: trace.ChainTruncated, Region: rid, AttrKey: attrTruncatedAt, AttrVal: strconv.Itoa(int(reason.TruncatedAt))}
}

// RegisterFinalizer adds a pending finalizer to an Open region; it runs when
// the region is Finalizing ("finalizers drained" is part of "Quiescence
// Completion").
func (s *State) RegisterFinalizer(region uint8, log *trace.Log) error {
	r, err := s.region(region)
	switch {
	case err != nil:
		return err
	case r.State != RegionOpen:
		return fail(FinalizerRejected, region)
	case r.Finalizers == 255:
		return fail(TooManyFinalizers, region)
	}
	r.Finalizers++
	log.Emit(trace.Event{Kind: trace.FinalizerRegistered, Region: region})
	return nil
}

// FinalizerDone reports one finalizer of a Finalizing region finished; the
// last one lets the region close.
func (s *State) FinalizerDone(region uint8, log *trace.Log) error {
	r, err := s.region(region)
	if err != nil {
		return err
	}
	if r.State != RegionFinalizing || r.Finalizers == 0 {
		return fail(NoRunningFinalizer, region)
	}
	r.Finalizers--
	log.Emit(trace.Event{Kind: trace.FinalizerDone, Region: region})
	s.advanceRegions(log)
	return nil
}

// advanceRegions is advance_region_state() over the whole tree ("Quiescence
// Completion"): Closing -> Draining while the region still has live tasks
// or unclosed children; Closing/Draining -> Finalizing once it has none,
// where its still-Reserved obligations become Leaked (the semantics notes'
// violation, error_class obligation_leaked), so pending obligations are 0;
// Finalizing -> Closed once its finalizers are drained, with outcome
// Cancelled if it has a cancel reason, else Ok. Deeper regions go first so
// a whole quiescent tree closes in one call.
//
// It runs at the end of every operation that can make a region quiescent or
// start a close (CloseRegion, CancelRegion, Complete, FinalizeDone,
// FinalizerDone); no other operation completes a task, closes a child,
// drops a finalizer or begins a close.
func (s *State) advanceRegions(log *trace.Log) {
	for d := MaxRegions - 1; d >= 0; d-- {
		for i := range s.Regions {
			if r := &s.Regions[i]; r.Used && int(r.Depth) == d {
				s.advanceRegion(uint8(i+1), log)
			}
		}
	}
}

func (s *State) advanceRegion(id uint8, log *trace.Log) {
	r := &s.Regions[id-1]
	leaks := -1 // where the leaks this call marks begin in the log
	if r.State == RegionClosing || r.State == RegionDraining {
		switch {
		case s.quiescent(id):
			r.State = RegionFinalizing
			log.Emit(trace.Event{Kind: trace.RegionFinalizing, Region: id})
			leaks = len(log.Events)
			for i := range s.Obligations {
				// Fault LeakUnmarked leaves them Reserved; fault
				// LeakWaitsForFinalizers, while finalizers remain.
				if o := &s.Obligations[i]; o.Used && o.Region == id && o.State == Reserved && !s.Config.Faults.Has(fault.LeakUnmarked) &&
					(r.Finalizers == 0 || !s.Config.Faults.Has(fault.LeakWaitsForFinalizers)) {
					s.resolve(uint8(i+1), Leaked, log)
				}
			}
		// Fault ClosingRests leaves a region that is not quiescent Closing.
		// Fault DrainingAgain takes a Draining region down this path too.
		case (r.State == RegionClosing || s.Config.Faults.Has(fault.DrainingAgain)) && !s.Config.Faults.Has(fault.ClosingRests):
			// Fault DrainingUnrecorded announces the move without making it.
			if !s.Config.Faults.Has(fault.DrainingUnrecorded) {
				r.State = RegionDraining
			}
			log.Emit(trace.Event{Kind: trace.RegionDraining, Region: id})
		}
	}
	if r.State == RegionFinalizing && r.Finalizers == 0 {
		r.State = RegionClosed
		r.Outcome = Ok
		// Fault CancelledRegionClosesOk forgets the reason.
		if r.HasReason && !s.Config.Faults.Has(fault.CancelledRegionClosesOk) {
			r.Outcome = Cancelled
		}
		// Fault SilentRegionClose skips the event.
		if !s.Config.Faults.Has(fault.SilentRegionClose) {
			log.Emit(trace.Event{Kind: trace.RegionClosed, Region: id, AttrKey: attrOutcome, AttrVal: r.Outcome.String()})
			// Fault LeakedAfterClose reports the leaks after the close.
			if leaks >= 0 && s.Config.Faults.Has(fault.LeakedAfterClose) {
				trace.EffectsFirst(log.Events[leaks:], len(log.Events)-1-leaks)
			}
		}
	}
}

// quiescent reports whether region id may finalize: every task in it is
// Completed and every child region is Closed.
//
// Fault CloseWithLiveTask: live tasks are ignored.
func (s *State) quiescent(id uint8) bool {
	if !s.Config.Faults.Has(fault.CloseWithLiveTask) {
		for i := range s.Tasks {
			if t := &s.Tasks[i]; t.Used && t.Region == id && t.Phase != Completed {
				return false
			}
		}
	}
	for i := range s.Regions {
		if r := &s.Regions[i]; r.Used && r.Parent == id && r.State != RegionClosed {
			return false
		}
	}
	return true
}
