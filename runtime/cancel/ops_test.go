package cancel

import (
	"fmt"

	"modelcheck/runtime/trace"
)

// opCode names one public operation, so tests can script and generate
// operation sequences and print them when a property fails.
type opCode uint8

// The order matters to rapid, which prefers small values: task lifecycle
// operations come first, the region-wide ones that end whole runs (cancel,
// close) last.
const (
	opSpawn opCode = iota
	opStart
	opCheckpoint
	opMask
	opUnmask
	opReserve
	opCommit
	opAbort
	opComplete
	opRequest
	opCleanupDone
	opFinalizeDone
	opOpenRegion
	opRegisterFinalizer
	opFinalizerDone
	opCancelRegion
	opCloseRegion

	opCount
)

var opNames = [opCount]string{
	"spawn", "start", "checkpoint", "mask", "unmask", "reserve", "commit",
	"abort", "complete", "request", "cleanup-done", "finalize-done",
	"open-region", "register-finalizer", "finalizer-done", "cancel-region",
	"close-region",
}

// opMix weights the operations a run draws: task operations four times as
// often as the region-wide ones, so a run rarely closes everything early.
var opMix = func() []opCode {
	var mix []opCode
	for c := range opCount {
		n := 4
		if c >= opOpenRegion {
			n = 1
		}
		for range n {
			mix = append(mix, c)
		}
	}
	return mix
}()

// op is one operation: id is the task, region or obligation it names; arg
// is a Kind, Outcome or ObligationKind; at is a logical time; deadline is
// the deadline of a requested budget.
type op struct {
	code     opCode
	id, arg  uint8
	at       uint32
	deadline uint32
}

func (o op) String() string {
	return fmt.Sprintf("%s(%d, arg=%d, at=%d, dl=%d)", opNames[o.code], o.id, o.arg, o.at, o.deadline)
}

// apply runs o through the public API.
func apply(s *State, o op, log *trace.Log) error {
	var err error
	switch o.code {
	case opSpawn:
		_, err = s.Spawn(o.id, log)
	case opOpenRegion:
		_, err = s.OpenRegion(o.id, log)
	case opStart:
		err = s.Start(o.id, log)
	case opRequest:
		b := BudgetFor(Kind(o.arg), o.at)
		b.Deadline = o.deadline
		err = s.RequestTask(o.id, Reason{Kind: Kind(o.arg), At: o.at, Msg: uint8(o.at % 3)}, b, log)
	case opCancelRegion:
		_, err = s.CancelRegion(o.id, Kind(o.arg), o.at, log)
	case opCheckpoint:
		_, err = s.Checkpoint(o.id, log)
	case opMask:
		err = s.Mask(o.id, log)
	case opUnmask:
		err = s.Unmask(o.id, log)
	case opCleanupDone:
		err = s.CleanupDone(o.id, log)
	case opFinalizeDone:
		err = s.FinalizeDone(o.id, log)
	case opComplete:
		err = s.Complete(o.id, Outcome(o.arg), log)
	case opReserve:
		_, err = s.Reserve(o.id, ObligationKind(o.arg), log)
	case opCommit:
		err = s.Commit(o.id, log)
	case opAbort:
		err = s.Abort(o.id, log)
	case opCloseRegion:
		err = s.CloseRegion(o.id, log)
	case opRegisterFinalizer:
		err = s.RegisterFinalizer(o.id, log)
	case opFinalizerDone:
		err = s.FinalizerDone(o.id, log)
	default:
		panic("unknown op")
	}
	return err
}

// drawer is a source of small integers: rapid in property tests, a seeded
// generator in the fault searches.
type drawer interface {
	intn(label string, lo, hi int) int
}

// drawOp draws an operation for state s. Mostly it names an entity that
// exists (regions counted from the deepest, so that rapid's preference for
// small values does not close the root at once); now and then a raw id
// from 0 ("none") to one past the table. Arguments run one past the op's
// largest value; times and deadlines are few so that ties happen.
func drawOp(d drawer, s *State) op {
	o := op{code: opMix[d.intn("op", 0, len(opMix)-1)]}
	kind, argMax := 't', 0
	switch o.code {
	case opSpawn, opOpenRegion, opCloseRegion, opRegisterFinalizer, opFinalizerDone:
		kind = 'r'
	case opCancelRegion:
		kind, argMax = 'r', int(kindCount)
	case opRequest:
		argMax = int(kindCount)
	case opComplete:
		argMax = int(outcomeCount)
	case opReserve:
		argMax = int(obligationKindCount)
	case opCommit, opAbort:
		kind = 'o'
	}
	var used []uint8
	idMax := 0
	switch kind {
	case 't':
		idMax = MaxTasks + 1
		for i := range s.Tasks {
			if s.Tasks[i].Used {
				used = append(used, uint8(i+1))
			}
		}
	case 'o':
		idMax = MaxObligations + 1
		for i := range s.Obligations {
			if s.Obligations[i].Used {
				used = append(used, uint8(i+1))
			}
		}
	case 'r':
		idMax = MaxRegions + 1
		for i := len(s.Regions) - 1; i >= 0; i-- {
			if s.Regions[i].Used {
				used = append(used, uint8(i+1))
			}
		}
	}
	if len(used) > 0 && d.intn("raw-id", 0, 7) != 7 {
		o.id = used[d.intn("pick", 0, len(used)-1)]
	} else {
		o.id = uint8(d.intn("id", 0, idMax))
	}
	o.arg = uint8(d.intn("arg", 0, argMax))
	o.at = uint32(d.intn("at", 0, 4))
	o.deadline = uint32(d.intn("deadline", 0, 3) * 10)
	return o
}

// Property names, one per law the checker enforces.
const (
	propErrorLeavesState       = "error-leaves-state"
	propPhaseValid             = "phase-valid (Legal Transitions, invariant 1)"
	propCompletedAbsorbing     = "completed-absorbing (T5, invariant 4)"
	propSeverityMonotone       = "severity-monotone (invariant 2)"
	propBudgetMonotone         = "budget-monotone (invariant 3)"
	propAckUnmasked            = "ack-unmasked (B3)"
	propSingleResolution       = "single-resolution (obligations)"
	propRegionClosedQuiescent  = "region-closed-quiescent (Quiescence Completion, invariant 5)"
	propRegionMonotone         = "region-monotone"
	propRegionsAdvanced        = "regions-advanced (advance_region_state)"
	propNoWorkAfterCancel      = "no-work-after-cancel (no_new_spawn/no_new_obligation_after_cancel)"
	propCancelAbortsObligation = "cancel-aborts-obligations (no obligation leaks)"
	propCascadeOrder           = "cascade-order (Cascade Law 2, R4)"
)

// check returns the properties violated by one step from before to after.
func check(before, after *State, err error, events []trace.Event) []string {
	var v []string
	add := func(p string, ok bool) {
		if !ok {
			v = append(v, p)
		}
	}
	if err != nil {
		add(propErrorLeavesState, *before == *after && len(events) == 0)
		return v
	}
	for i := range after.Tasks {
		old, cur := &before.Tasks[i], &after.Tasks[i]
		if !old.Used {
			add(propPhaseValid, !cur.Used || cur.Phase == Created)
			if cur.Used {
				r := &before.Regions[cur.Region-1]
				add(propNoWorkAfterCancel, r.State == RegionOpen && !r.HasReason)
			}
			continue
		}
		add(propPhaseValid, cur.Used && (old.Phase == cur.Phase || validTransition(old.Phase, cur.Phase)))
		add(propCompletedAbsorbing, old.Phase != Completed || *old == *cur)
		if old.Phase.cancelActive() {
			add(propSeverityMonotone, cur.Reason.Kind.Severity() >= old.Reason.Kind.Severity())
			add(propBudgetMonotone, noWiderThan(cur.Budget, old.Budget))
		}
		add(propAckUnmasked, !(old.Phase == CancelRequested && cur.Phase == Cancelling && old.Mask > 0))
		if cur.Phase == Completed && cur.Outcome == Cancelled {
			add(propCancelAbortsObligation, reservedBy(after, uint8(i+1)) == 0)
		}
	}
	for i := range after.Obligations {
		old, cur := &before.Obligations[i], &after.Obligations[i]
		if old.Used && old.State != Reserved {
			add(propSingleResolution, *old == *cur)
		}
		add(propSingleResolution, cur.Resolutions <= 1)
		if !old.Used && cur.Used {
			r := &before.Regions[cur.Region-1]
			add(propNoWorkAfterCancel, r.State == RegionOpen && !r.HasReason)
		}
	}
	for i := range after.Regions {
		old, cur := &before.Regions[i], &after.Regions[i]
		id := uint8(i + 1)
		if old.Used {
			add(propRegionMonotone, cur.State >= old.State)
			add(propRegionMonotone, old.State != RegionClosed || *old == *cur)
		}
		if old.HasReason {
			add(propSeverityMonotone, cur.HasReason && cur.Reason.Kind.Severity() >= old.Reason.Kind.Severity())
		}
		if !cur.Used {
			continue
		}
		add(propRegionsAdvanced, cur.State != RegionClosing)
		add(propRegionsAdvanced, cur.State != RegionFinalizing || cur.Finalizers > 0)
		add(propRegionsAdvanced, cur.State != RegionDraining || !after.quiescent(id))
		if cur.State == RegionClosed {
			add(propRegionClosedQuiescent, closedQuiescent(after, id))
		}
	}
	depth := -1
	for _, e := range events {
		if e.Kind == trace.RegionCancelled {
			d := int(after.Regions[e.Region-1].Depth)
			add(propCascadeOrder, d >= depth)
			depth = d
		}
	}
	return v
}

// closedQuiescent is "Quiescence Completion" for a Closed region: no live
// task, no unclosed child, no pending obligation, no pending finalizer.
func closedQuiescent(s *State, id uint8) bool {
	for i := range s.Tasks {
		if t := &s.Tasks[i]; t.Used && t.Region == id && t.Phase != Completed {
			return false
		}
	}
	for i := range s.Regions {
		if r := &s.Regions[i]; r.Used && r.Parent == id && r.State != RegionClosed {
			return false
		}
	}
	for i := range s.Obligations {
		if o := &s.Obligations[i]; o.Used && o.Region == id && o.State == Reserved {
			return false
		}
	}
	return s.Regions[id-1].Finalizers == 0
}
