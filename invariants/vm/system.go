package vm

import (
	"modelcheck/model"
	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

type rtEvent = rt.Event

// FaultCase is a fault switch, the scenario that catches it and the
// invariants it must trip there first.
type FaultCase struct {
	Fault    rt.Fault
	Scenario string
	Trips    []string
}

var faults = []FaultCase{
	{rt.HandlerReadsTick, "handlers", []string{"endpoint-trace-invariance", "reference-derived"}},
	{rt.HandlerCrossSession, "handlers", []string{"endpoint-trace-invariance", "exec-instr-derived", "reference-derived"}},
	{rt.UnblockReversed, "default", []string{"unblock-order"}},
	{rt.ProgressAwareLosesToken, "default", []string{"token-conservation"}},
	{rt.ZeroNAccepted, "default", []string{"n-zero-rejected"}},
	{rt.RecvWithoutToken, "default", []string{"recv-needs-token"}},
	{rt.BufferOverflow, "backpressure", []string{"buffer-capacity"}},
	{rt.ProgressAwareIgnoresTokens, "default", []string{"pick-order"}},
	{rt.OfferBranchInverted, "handlers", []string{"exec-instr-derived"}},
	{rt.BlockedNeverStepped, "handlers", []string{"sessions-complete", "steps-offered"}},
	{rt.NormalizeSharedSeq, "default", []string{"trace-normalized"}},
	{rt.CapacityZeroAccepted, "default", []string{"load-refused"}},
	{rt.StepTakesHead, "interleavings", []string{"queues-match-status"}},
	{rt.LastCoroutineDeferred, "interleavings", []string{"steps-offered"}},
	{rt.UnblockToFront, "interleavings", []string{"reference-derived"}},
	{rt.StaleBlockedSlot, "interleavings", []string{"queues-match-status"}},
	{rt.SessionBoundShort, "default", []string{"offered-input-accepted"}},
	{rt.CloseIgnoresBuffers, "ill-typed", []string{"exec-instr-derived"}},
	{rt.ChooseIgnoresBackpressure, "backpressure", []string{"buffer-capacity", "exec-instr-derived"}},
	{rt.SenderReleasedWhenEmpty, "backpressure-2", []string{"unblock-order"}},
	{rt.OfferWithoutToken, "ill-typed", []string{"recv-needs-token"}},
	{rt.ZeroNCooperative, "default", []string{"n-zero-rejected"}},
	{rt.ZeroNRefusedLate, "default", []string{"n-zero-rejected"}},
	{rt.LargeNTruncated, "default", []string{"pick-order"}},
	{rt.CloseReadsFirstEdge, "ill-typed", []string{"exec-instr-derived"}},
	{rt.CloseOfferedUndrained, "ill-typed-interleavings", []string{"steps-offered", "exec-instr-derived"}},
	{rt.SendReadsFirstEdge, "backpressure", []string{"exec-instr-derived", "buffer-capacity"}},
	{rt.ChooseOfferedWhenFull, "backpressure-interleavings", []string{"steps-offered", "exec-instr-derived"}},
	{rt.CoroBoundIgnored, "default", []string{"load-refused"}},
	{rt.OfferReadsFirstEdge, "default", []string{"exec-instr-derived"}},
	{rt.FaultNamesFirstEdge, "ill-typed", []string{"exec-instr-derived"}},
	{rt.InvokeCountSaturates, "handlers", []string{"reference-derived", "exec-instr-derived"}},
	{rt.NegativeNAccepted, "default", []string{"n-zero-rejected"}},
	{rt.ResponseRefusedAsCapacity, "default", []string{"load-refused"}},
	{rt.HandlerCountsPerRole, "handlers", []string{"reference-derived", "exec-instr-derived"}},
	{rt.LaterSessionTakesFirstCapacity, "default", []string{"load-refused"}},
	{rt.RefusedLoadWritesProtocol, "default", []string{"load-refused"}},
	{rt.CoroBoundOneShort, "default", []string{"load-refused"}},
	{rt.SessionWideBackpressure, "backpressure", []string{"exec-instr-derived"}},
}

// System is the VM system as the command line lists it.
type System struct{}

// Name is the system's name on the command line.
func (System) Name() string { return mvm.Name }

// Doc says what the system models.
func (System) Doc() string {
	return "the coroutine VM (contract 002): session-typed coroutines, per-edge buffers, the round scheduler under three policies and any N, and N-invariance"
}

// Scenarios lists the named scenarios, the default first.
func (System) Scenarios() []model.Scenario {
	var out []model.Scenario
	for _, sc := range mvm.Scenarios() {
		out = append(out, model.Scenario{Name: sc.Name, Doc: sc.Doc})
	}
	return out
}

// Invariants lists the checks in check order.
func (System) Invariants() []model.Invariant {
	var out []model.Invariant
	for _, inv := range all {
		out = append(out, model.Invariant{Name: inv.Name, ContractIDs: inv.ContractIDs, Rule: inv.Doc})
	}
	return out
}

// Faults lists the fault catalogue.
func (System) Faults() []model.Fault {
	var out []model.Fault
	for _, fc := range faults {
		out = append(out, model.Fault{Name: fc.Fault.Name(), Doc: fc.Fault.Doc(), Scenario: fc.Scenario, Trips: fc.Trips})
	}
	return out
}
