// Package cancel is the cancellation state machine of contract 001
// (wasm-cancel-state-machine-v1): the task protocol Running ->
// CancelRequested -> Cancelling -> Finalizing -> Completed(Cancelled), the
// region cascade and close/drain/finalize quiescence path, obligations, and
// idempotent, severity-monotone strengthening.
//
// State is a fixed-size value of arrays and small integers: an explorer
// copies it by assignment, and no operation allocates (events go to a
// caller-owned, reused trace.Log; errors are preallocated). Each operation
// validates its ids and the current phase first and returns an *Error
// without touching the state or the log when the script asks for something
// impossible; a refusal the contract mandates (no spawn or obligation in a
// cancelled region) is an event, not an error. Every operation that can
// bring a region closer to quiescence ends with advanceRegions
// ("advance_region_state"), so between operations no region is left Closing
// and no quiescent region is left un-advanced.
//
// Fault switches (package fault, "Cancellation") sit at the real spot of
// each bug: AckWhileMasked in Checkpoint, WeakenSeverity in
// Reason.Strengthen, WidenBudget in Budget.Combine, PhaseRegress and
// ResumeCompleted in RequestTask, CloseWithLiveTask in the quiescence check,
// LeakObligationOnCancel where a cancelled task completes, SpawnAfterCancel
// in Spawn and Reserve, ChildBeforeParent in the cascade order, DoubleResolve
// in Commit and Abort; RequeueUnchangedCancel, ClosingSkipsCascade and
// OwnReasonInCascade in CancelRegion, NoAdvanceOnFinalize in FinalizeDone.
//
// Choices where contract and notes are silent:
//   - Ids are 1-based, 0 is none; region r1 is the root, Open in New's state.
//   - Start on a task that is past Created (Completed included) is a silent
//     no-op: the kernel polls whatever the scheduler hands it.
//   - Checkpoint, Mask, Unmask and Reserve are task code running inside a
//     poll, so they are errors on a Created task (never polled) and on a
//     Completed one. A task cancelled while Created is polled in
//     CancelRequested and may checkpoint then.
//   - The cleanup budget lives only in Task.Budget: it is set by the first
//     request and combined by every later one. The contract's distinction
//     between "applied at ack" and "applied at once in Cancelling/Finalizing"
//     has nothing to act on here, because the model has no separate running
//     poll budget.
//   - A cascade's cancel-scheduling set ("Cascade Law" step 5) is the tasks
//     whose phase, reason or budget the request changed: a repeated request
//     that leaves a task as it was does not reschedule it.
//   - A cascade chains each descendant from the reason its parent received
//     in the same cascade (upstream cancel_request), not from the parent's
//     stored, possibly strengthened, reason.
//   - A Closed region is terminal: a cascade leaves its state and reason
//     alone but still requests cancel on any of its tasks that are live
//     (possible only under CloseWithLiveTask).
//   - Commit and Abort are the holder's acts: an error once the holder has
//     completed, so an obligation of a task that completed Ok or Err stays
//     Reserved and is Leaked when its region finalizes (the semantics
//     notes' violation).
//   - Strengthen breaks a full tie (severity, time) by the smaller message
//     with none first, as the semantics notes say; upstream code prefers a
//     message over none.
//   - A cause chain is cut to fit both MaxChainDepth and MaxChainMemory,
//     the tighter winning (upstream checks memory only when the depth
//     fits). A chain keeps naming its true root (Reason.RootKind,
//     RootRegion) when cut.
//   - A cascade reports each region it reaches with a RegionCancelled event
//     (region_cancelled, as upstream traces it) before RegionClosing.
//   - Opening a child of a region that is not Open is an error, not a
//     refusal: the contract mandates refusals only for spawns and
//     obligations.
//   - Finalizers register only on an Open region (upstream
//     register_*_finalizer; Closing never outlives an operation, so this is
//     also "Open or Closing") and run (FinalizerDone) only while the region
//     is Finalizing.
package cancel

import (
	"strconv"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// Table sizes. Ids run 1..Max.
const (
	MaxTasks       = 8
	MaxRegions     = 4
	MaxObligations = 8
	// MaxMaskDepth bounds nested masks (MAX_MASK_DEPTH upstream), so a
	// mask cannot defer cancellation forever.
	MaxMaskDepth = 64
)

// Outcome is how a task or a region ended.
type Outcome uint8

// The outcomes; None until completion.
const (
	None Outcome = iota
	Ok
	Err
	Cancelled

	outcomeCount
)

var outcomeNames = [outcomeCount]string{"None", "Ok", "Err", "Cancelled"}

func (o Outcome) String() string {
	if o < outcomeCount {
		return outcomeNames[o]
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// Task is one task's cancellation record (TaskRecord plus the CxInner
// fields the protocol reads).
type Task struct {
	Used  bool
	Phase Phase
	// Region owns the task.
	Region uint8
	// Reason and Budget are meaningful once a cancel was requested, and
	// are kept when the task completes.
	Reason Reason
	Budget Budget
	// Epoch is cancel_epoch: 1 from the first request (T1).
	Epoch uint8
	// Mask is mask_depth (B3).
	Mask uint8
	// CancelPending is CxInner.cancel_requested: set by the first request,
	// it routes wakes to the cancel lane (B5). Like upstream's flag it stays
	// set after completion (it records that the task was cancelled), so a
	// router must also check that the task is Live.
	CancelPending bool
	Outcome       Outcome
}

// RegionState is a region's place on the quiescence path.
type RegionState uint8

// The region states, in order. (Prefixed because Finalizing is a Phase.)
const (
	RegionOpen RegionState = iota
	RegionClosing
	RegionDraining
	RegionFinalizing
	RegionClosed

	regionStateCount
)

var regionStateNames = [regionStateCount]string{"Open", "Closing", "Draining", "Finalizing", "Closed"}

func (r RegionState) String() string {
	if r < regionStateCount {
		return regionStateNames[r]
	}
	return "RegionState(" + strconv.Itoa(int(r)) + ")"
}

// Region is one region of the ownership tree.
type Region struct {
	Used  bool
	State RegionState
	// Parent is 0 for the root; Depth is 0 for the root.
	Parent uint8
	Depth  uint8
	// HasReason is set by the first cascade that reaches the region;
	// Reason strengthens with every later one.
	HasReason bool
	Reason    Reason
	// Finalizers is the number of registered finalizers not yet done.
	Finalizers uint8
	// Outcome is set on Closed: Cancelled with a reason, else Ok.
	Outcome Outcome
}

// Config bounds cause chains and selects faults.
type Config struct {
	// MaxChainDepth bounds cause-chain depth; 0 means DefaultMaxChainDepth.
	MaxChainDepth uint8
	// MaxChainMemory bounds the estimated chain size in bytes (a chain of
	// depth D costs 80*D + 8*(D-1)); 0 means DefaultMaxChainMemory.
	MaxChainMemory uint16
	Faults         fault.Set
}

// State is the whole cancellation state: a value, copied by assignment.
type State struct {
	Config      Config
	Tasks       [MaxTasks]Task
	Regions     [MaxRegions]Region
	Obligations [MaxObligations]Obligation
}

// New returns a state with the root region r1 Open and nothing else. Zero
// chain limits in cfg are replaced by the defaults.
func New(cfg Config) State {
	if cfg.MaxChainDepth == 0 {
		cfg.MaxChainDepth = DefaultMaxChainDepth
	}
	if cfg.MaxChainMemory == 0 {
		cfg.MaxChainMemory = DefaultMaxChainMemory
	}
	s := State{Config: cfg}
	s.Regions[0] = Region{Used: true, State: RegionOpen}
	return s
}

// Task returns task id's record, or nil for an id outside 1..MaxTasks. The
// record may be unused (check Used).
func (s *State) Task(id uint8) *Task {
	if id == 0 || id > MaxTasks {
		return nil
	}
	return &s.Tasks[id-1]
}

// Region returns region id's record, or nil for an id outside
// 1..MaxRegions. The record may be unused (check Used).
func (s *State) Region(id uint8) *Region {
	if id == 0 || id > MaxRegions {
		return nil
	}
	return &s.Regions[id-1]
}

// Obligation returns obligation id's record, or nil for an id outside
// 1..MaxObligations. The record may be unused (check Used).
func (s *State) Obligation(id uint8) *Obligation {
	if id == 0 || id > MaxObligations {
		return nil
	}
	return &s.Obligations[id-1]
}

// Live reports whether task id exists and has not completed.
func (s *State) Live(id uint8) bool {
	t := s.Task(id)
	return t != nil && t.Used && t.Phase != Completed
}

// task returns a used task or an UnknownTask error.
func (s *State) task(id uint8) (*Task, error) {
	if t := s.Task(id); t != nil && t.Used {
		return t, nil
	}
	return nil, fail(UnknownTask, id)
}

// runningTask returns a task whose code can run: used, polled at least once
// (not Created) and not Completed.
func (s *State) runningTask(id uint8) (*Task, error) {
	t, err := s.task(id)
	switch {
	case err != nil:
		return nil, err
	case t.Phase == Created:
		return nil, fail(TaskNotStarted, id)
	case t.Phase == Completed:
		return nil, fail(TaskCompleted, id)
	}
	return t, nil
}

// region returns a used region or an UnknownRegion error.
func (s *State) region(id uint8) (*Region, error) {
	if r := s.Region(id); r != nil && r.Used {
		return r, nil
	}
	return nil, fail(UnknownRegion, id)
}

// obligation returns a used obligation or an UnknownObligation error.
func (s *State) obligation(id uint8) (*Obligation, error) {
	if o := s.Obligation(id); o != nil && o.Used {
		return o, nil
	}
	return nil, fail(UnknownObligation, id)
}

// admits reports whether region r accepts new work (tasks, obligations):
// only an Open region without a cancel reason does ("no new spawn after
// cancel", "no new obligation after cancel"). Fault SpawnAfterCancel also
// admits work into a region that is closing but not yet finalizing; fault
// ChildRegionRefuses refuses it in every region but the root.
func (s *State) admits(r *Region) bool {
	// Fault ChildRegionRefuses admits into the root region alone.
	if s.Config.Faults.Has(fault.ChildRegionRefuses) && r.Parent != 0 {
		return false
	}
	if r.State == RegionOpen && !r.HasReason {
		return true
	}
	return s.Config.Faults.Has(fault.SpawnAfterCancel) && r.State < RegionFinalizing
}

// refusal is the error_class of a rejected spawn or reservation. Fault
// RefusalAlwaysClosed answers region_closed for a cancelled region too.
func (s *State) refusal(r *Region) trace.ErrorClass {
	if r.HasReason && !s.Config.Faults.Has(fault.RefusalAlwaysClosed) {
		return trace.ErrRegionCancelled
	}
	return trace.ErrRegionClosed
}

// Event attribute keys.
const (
	attrCancelKind     = "cancel_kind"
	attrOutcome        = "outcome"
	attrObligationKind = "obligation_kind"
	attrAbortReason    = "abort_reason"
	attrParent         = "parent"
	attrMaskDepth      = "mask_depth"
	attrTruncatedAt    = "truncated_at_depth"
)

// regionNames spells region ids for the parent attribute without allocating.
var regionNames = [MaxRegions + 1]string{"", "r1", "r2", "r3", "r4"}
