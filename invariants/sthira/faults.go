package sthira

import rt "modelcheck/runtime/sthira"

// FaultCase is one fault switch, the scenario that catches it and the
// invariants it trips there (the first one reported is among them).
type FaultCase struct {
	Fault    rt.Fault
	Scenario string
	Trips    []string
}

var faults = []FaultCase{
	{rt.LimitOffByOne, "default", []string{"limit"}},
	{rt.ScopeLimitIgnored, "scopes", []string{"limit"}},
	{rt.PreemptRunning, "default", []string{"no-preemption"}},
	{rt.LIFOQueue, "default", []string{"activation-order"}},
	{rt.NormalBeforeHigh, "default", []string{"activation-order"}},
	{rt.LazyActivation, "default", []string{"work-conservation"}},
	{rt.HeadOfLine, "scopes", []string{"work-conservation"}},
	{rt.Aging, "starvation", []string{"no-reprioritization"}},
	{rt.SilentOverflow, "overflow", []string{"no-silent-drop"}},
	{rt.RefKept, "overflow", []string{"no-silent-drop"}},
	{rt.OverflowDropsOldest, "overflow", []string{"drop-policy"}},
	{rt.TimeoutEarly, "timeout", []string{"drop-policy"}},
	{rt.DropViaDisposing, "overflow", []string{"lifecycle"}},
	{rt.RetryDefaultPriority, "reject", []string{"retry-new-task"}},
	{rt.RetryReusesRef, "reject", []string{"retry-new-task"}},
	{rt.RetryDropped, "timeout", []string{"retry-new-task"}},
	{rt.BlockersMissed, "default", []string{"diagnostics"}},
	{rt.OutcomeLost, "reject", []string{"observable-state"}},
	{rt.LowQueueUncounted, "default", []string{"diagnostics"}},
	{rt.RetryIgnored, "reject", []string{"retry-new-task"}},
	{rt.QueuedCountSkipsLow, "default", []string{"drop-policy"}},
	{rt.CancelSkipsLow, "default", []string{"offered-input-accepted"}},
	{rt.SuspendIgnored, "suspend-ticks", []string{"offered-input-accepted"}},
	{rt.ActivatedBeforeDisposed, "default", []string{"limit"}},
	{rt.LimitReportedTwice, "default", []string{"lifecycle"}},
	{rt.FailedReportedTwice, "reject", []string{"lifecycle"}},
	{rt.ScopeLimitOne, "wide", []string{"work-conservation", "diagnostics"}},
	// Session 45's audit of contract 003: bugs every scenario explored
	// clean before, each now stopped where named.
	{rt.ScopeLimitUnspelled, "scopes", []string{"diagnostics"}},
	{rt.MaxWaitSaturated, "maxwait-cap", []string{"drop-policy"}},
	{rt.ScanTwoPerQueue, "deep-queue", []string{"work-conservation"}},
	{rt.RemoveSwapsLast, "deep-queue", []string{"diagnostics", "observable-state"}},
	{rt.TickLowFirst, "timeout", []string{"drop-policy"}},
	{rt.TickFromTail, "timeout", []string{"drop-policy"}},
	{rt.RetryTakesLastSlot, "reject", []string{"retry-new-task"}},
	{rt.RetryOfRetryRefused, "retry-twice", []string{"offered-input-accepted"}},
	{rt.RetryTakesDisposedSlot, "retry-twice", []string{"retry-new-task"}},
	{rt.RecycleKeepsRecord, "recycle-retry", []string{"observable-state"}},
	{rt.WaitCapFive, "starvation", []string{"diagnostics"}},
	{rt.GlobalLimitMisnumbered, "default", []string{"diagnostics"}},
}

// Faults returns the catalogue: every fault of runtime/sthira with the
// scenario that catches it.
func Faults() []FaultCase { return append([]FaultCase(nil), faults...) }
