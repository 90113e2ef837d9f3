package cancel

import "strconv"

// Code says what was wrong with an operation: a script or usage error, never
// a contract-mandated refusal (those are events, see Spawn and Reserve).
type Code uint8

// The error codes. The comment says what ID names.
const (
	_                   Code = iota
	UnknownTask              // task id
	UnknownRegion            // region id
	UnknownObligation        // obligation id
	BadKind                  // the Kind value
	BadObligationKind        // the ObligationKind value
	BadOutcome               // the Outcome value
	TaskTableFull            // 0
	RegionTableFull          // 0
	ObligationTableFull      // 0
	TaskNotStarted           // task id: it has never been polled (Created)
	TaskCompleted            // task id: Completed is absorbing (T5)
	NotCancelling            // task id: cleanup_done outside Cancelling (T3)
	NotFinalizing            // task id: finalize_done outside Finalizing (T4)
	MaskTooDeep              // task id: mask depth at MaxMaskDepth
	MaskUnderflow            // task id: unmask with mask depth 0
	ParentNotOpen            // region id of the would-be parent
	RegionNotOpen            // region id: close of a region already closing
	FinalizerRejected        // region id: region not Open
	TooManyFinalizers        // region id
	NoRunningFinalizer       // region id: not Finalizing with a finalizer pending
	HolderCompleted          // obligation id: its task has completed

	codeCount
)

var codeText = [codeCount]string{
	UnknownTask:         "unknown task",
	UnknownRegion:       "unknown region",
	UnknownObligation:   "unknown obligation",
	BadKind:             "unknown cancel kind",
	BadObligationKind:   "unknown obligation kind",
	BadOutcome:          "completion outcome must be Ok or Err",
	TaskTableFull:       "task table full (" + strconv.Itoa(MaxTasks) + " tasks)",
	RegionTableFull:     "region table full (" + strconv.Itoa(MaxRegions) + " regions)",
	ObligationTableFull: "obligation table full (" + strconv.Itoa(MaxObligations) + " obligations)",
	TaskNotStarted:      "task has not been polled yet (Created)",
	TaskCompleted:       "task is Completed",
	NotCancelling:       "cleanup done outside Cancelling",
	NotFinalizing:       "finalize done outside Finalizing",
	MaskTooDeep:         "mask depth limit reached",
	MaskUnderflow:       "unmask without a mask",
	ParentNotOpen:       "parent region is not Open",
	RegionNotOpen:       "region is not Open (already closing)",
	FinalizerRejected:   "finalizers register only on an Open region",
	TooManyFinalizers:   "too many pending finalizers",
	NoRunningFinalizer:  "no finalizer is running (region not Finalizing)",
	HolderCompleted:     "obligation's task has completed",
}

// idPrefix is how the ID of each code prints.
func (c Code) idPrefix() string {
	switch c {
	case UnknownTask, TaskNotStarted, TaskCompleted, NotCancelling, NotFinalizing, MaskTooDeep, MaskUnderflow:
		return "t"
	case UnknownRegion, ParentNotOpen, RegionNotOpen, FinalizerRejected, TooManyFinalizers, NoRunningFinalizer:
		return "r"
	case UnknownObligation, HolderCompleted:
		return "o"
	case BadKind, BadObligationKind, BadOutcome:
		return "value "
	}
	return ""
}

// Error is a script or usage error of one operation. The state and the log
// are unchanged when an operation returns one.
type Error struct {
	Code Code
	ID   uint8
}

func (e *Error) Error() string {
	msg := "cancel: "
	if p := e.Code.idPrefix(); p != "" {
		msg += p + strconv.Itoa(int(e.ID)) + ": "
	}
	if e.Code < codeCount && codeText[e.Code] != "" {
		return msg + codeText[e.Code]
	}
	return msg + "error " + strconv.Itoa(int(e.Code))
}

// errTable holds every possible error value, built once and never written
// afterwards: operations return pointers into it, so even the error path
// allocates nothing (an explorer may probe whether an input is enabled by
// applying it).
var errTable = func() *[codeCount][256]Error {
	var t [codeCount][256]Error
	for c := range t {
		for id := range t[c] {
			t[c][id] = Error{Code: Code(c), ID: uint8(id)}
		}
	}
	return &t
}()

func fail(c Code, id uint8) error { return &errTable[c][id] }
