package cancel

import (
	"fmt"
	"strconv"
	"strings"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// ObligationKind is what an obligation reserves (semantics notes).
type ObligationKind uint8

// The obligation kinds.
const (
	SendPermit ObligationKind = iota
	Ack
	Lease
	IoOp
	SemaphorePermit
	Transaction

	obligationKindCount
)

var obligationKindNames = [obligationKindCount]string{"SendPermit", "Ack", "Lease", "IoOp", "SemaphorePermit", "Transaction"}

func (k ObligationKind) String() string {
	if k < obligationKindCount {
		return obligationKindNames[k]
	}
	return "ObligationKind(" + strconv.Itoa(int(k)) + ")"
}

// ParseObligationKind reads an obligation kind by name, ignoring case, '_'
// and '-' (send_permit, SendPermit).
func ParseObligationKind(s string) (ObligationKind, error) {
	for k := ObligationKind(0); k < obligationKindCount; k++ {
		if sameName(s, obligationKindNames[k]) {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown obligation kind %q (known: %s)", s, strings.Join(obligationKindNames[:], ", "))
}

// ObligationState is Reserved until exactly one resolution (semantics
// notes): Committed, Aborted(Cancel | Error | Explicit), or Leaked.
type ObligationState uint8

// The obligation states. AbortedError is contract vocabulary for printing
// and parsing states; no operation here produces it, because an Err
// completion leaves obligations Reserved (they leak when the region
// finalizes, as upstream reports a leak for a task that completes with
// obligations held).
const (
	Reserved ObligationState = iota
	Committed
	AbortedCancel
	AbortedError
	AbortedExplicit
	Leaked

	obligationStateCount
)

var obligationStateNames = [obligationStateCount]string{"Reserved", "Committed", "AbortedCancel", "AbortedError", "AbortedExplicit", "Leaked"}

func (o ObligationState) String() string {
	if o < obligationStateCount {
		return obligationStateNames[o]
	}
	return "ObligationState(" + strconv.Itoa(int(o)) + ")"
}

// abortReasons names the abort_reason attribute of ObligationAborted.
var abortReasons = [obligationStateCount]string{AbortedCancel: "cancel", AbortedError: "error", AbortedExplicit: "explicit"}

// Obligation is a resource a task reserved and must resolve.
type Obligation struct {
	Used  bool
	Kind  ObligationKind
	State ObligationState
	// Region and Task are where it was reserved and who holds it.
	Region, Task uint8
	// Resolutions counts resolutions: at most 1, more only under fault
	// DoubleResolve.
	Resolutions uint8
}

// Reserve reserves an obligation of kind k for task in the task's region.
// A region that is not Open or has a cancel reason refuses it
// ("cancel.region.no_new_obligation_after_cancel"): ObligationRejected and
// id 0 with no error. Fault SpawnAfterCancel lets it through as it does
// spawns.
func (s *State) Reserve(task uint8, k ObligationKind, log *trace.Log) (uint8, error) {
	t, err := s.runningTask(task)
	if err != nil {
		return 0, err
	}
	if k >= obligationKindCount {
		return 0, fail(BadObligationKind, uint8(k))
	}
	// Fault ReserveIgnored returns as if the checked path had failed.
	if s.Config.Faults.Has(fault.ReserveIgnored) {
		return 0, nil
	}
	r := &s.Regions[t.Region-1]
	if !s.admits(r) {
		log.Emit(trace.Event{Kind: trace.ObligationRejected, Task: task, Region: t.Region,
			AttrKey: attrObligationKind, AttrVal: k.String(), ErrorClass: s.refusal(r)})
		return 0, nil
	}
	id := uint8(0)
	for i := range s.Obligations {
		if !s.Obligations[i].Used {
			id = uint8(i + 1)
			break
		}
	}
	if id == 0 {
		return 0, fail(ObligationTableFull, 0)
	}
	// Fault ObligationSlotReused takes the slot before the free one, in use.
	if id > 1 && s.Config.Faults.Has(fault.ObligationSlotReused) {
		id--
	}
	s.Obligations[id-1] = Obligation{Used: true, Kind: k, State: Reserved, Region: t.Region, Task: task}
	// Fault ObligationInRoot records the root region, fault
	// ObligationKindSlips the next kind.
	if s.Config.Faults.Has(fault.ObligationInRoot) {
		s.Obligations[id-1].Region = 1
	}
	if s.Config.Faults.Has(fault.ObligationKindSlips) {
		s.Obligations[id-1].Kind = (k + 1) % obligationKindCount
	}
	log.Emit(s.obligationEvent(trace.ObligationReserved, id))
	// Fault ReserveUnrecorded announces the reservation and drops the record.
	if s.Config.Faults.Has(fault.ReserveUnrecorded) {
		s.Obligations[id-1] = Obligation{}
	}
	return id, nil
}

// Commit resolves a Reserved obligation as Committed.
func (s *State) Commit(ob uint8, log *trace.Log) error {
	return s.holderResolves(ob, Committed, log)
}

// Abort resolves a Reserved obligation as AbortedExplicit.
func (s *State) Abort(ob uint8, log *trace.Log) error {
	return s.holderResolves(ob, AbortedExplicit, log)
}

// holderResolves is a resolution by the holder task: a script error once
// the holder has completed. Resolving an already resolved obligation is
// the error the notes name ("resolving twice is an error"): an error the
// task observes, so it is an ObligationRejected event with error_class
// already_resolved and no state change, not a broken script.
//
// Fault DoubleResolve: a resolved obligation is resolved again, and
// Resolutions counts it.
func (s *State) holderResolves(ob uint8, to ObligationState, log *trace.Log) error {
	o, err := s.obligation(ob)
	switch {
	case err != nil:
		return err
	case s.Tasks[o.Task-1].Phase == Completed:
		return fail(HolderCompleted, ob)
	case o.State != Reserved && !s.Config.Faults.Has(fault.DoubleResolve):
		e := s.obligationEvent(trace.ObligationRejected, ob)
		e.ErrorClass = trace.ErrAlreadyResolved
		// Fault SilentResolveRefusal refuses without the event.
		if !s.Config.Faults.Has(fault.SilentResolveRefusal) {
			log.Emit(e)
		}
		return nil
	}
	s.resolve(ob, to, log)
	return nil
}

// resolve records one resolution of obligation ob and emits its event.
func (s *State) resolve(ob uint8, to ObligationState, log *trace.Log) {
	o := &s.Obligations[ob-1]
	o.State = to
	// Fault ResolutionUncounted leaves the counter as it was.
	if o.Resolutions < 255 && !s.Config.Faults.Has(fault.ResolutionUncounted) {
		o.Resolutions++
	}
	switch to {
	case Committed:
		log.Emit(s.obligationEvent(trace.ObligationCommitted, ob))
	case Leaked:
		e := s.obligationEvent(trace.ObligationLeaked, ob)
		// Fault LeakUnclassed leaves the error class out.
		if !s.Config.Faults.Has(fault.LeakUnclassed) {
			e.ErrorClass = trace.ErrLeaked
		}
		// Fault LeakNamesNoHolder leaves the holder out.
		if s.Config.Faults.Has(fault.LeakNamesNoHolder) {
			e.Task = trace.None
		}
		// Fault SilentLeak drops the event.
		if !s.Config.Faults.Has(fault.SilentLeak) {
			log.Emit(e)
		}
	default:
		e := s.obligationEvent(trace.ObligationAborted, ob)
		e.AttrKey, e.AttrVal = attrAbortReason, abortReasons[to]
		// Fault SilentObligationAbort drops the event.
		if !s.Config.Faults.Has(fault.SilentObligationAbort) {
			log.Emit(e)
		}
	}
}

func (s *State) obligationEvent(k trace.Kind, ob uint8) trace.Event {
	o := &s.Obligations[ob-1]
	kind := o.Kind
	// Fault ObligationKindZero names the zero kind, SendPermit.
	if s.Config.Faults.Has(fault.ObligationKindZero) {
		kind = SendPermit
	}
	return trace.Event{Kind: k, Task: o.Task, Region: o.Region, Obligation: ob,
		AttrKey: attrObligationKind, AttrVal: kind.String()}
}
