package cancel

import "modelcheck/runtime/fault"

// Unconstrained is the CostQuota of a budget with no cost limit.
const Unconstrained uint16 = 0xFFFF

// Budget is a cleanup budget (T1 cleanup_budget). Budgets form a meet
// semilattice under Combine; a tighter budget has an earlier deadline, a
// smaller quota and a higher priority (more urgent).
type Budget struct {
	// Deadline is a logical time, 0 for none.
	Deadline  uint32
	PollQuota uint16
	// CostQuota is Unconstrained (0xFFFF) when there is no cost limit.
	CostQuota uint16
	// Priority is the cancel-lane priority of cleanup (B5).
	Priority uint8
}

// cleanupPolls and cleanupPriority are the per-kind cleanup budgets of the
// semantics notes (poll quota / priority): User 1000/200; Timeout, Deadline
// 500/210; PollQuota, CostBudget 300/215; FailFast, RaceLost, LinkedExit,
// ParentCancelled, ResourceUnavailable 200/220; Shutdown 50/255.
var (
	cleanupPolls    = [kindCount]uint16{1000, 500, 500, 300, 300, 200, 200, 200, 200, 200, 50}
	cleanupPriority = [kindCount]uint8{200, 210, 210, 215, 215, 220, 220, 220, 220, 220, 255}
)

// BudgetFor is the cleanup budget a cancel of kind k grants: the more
// severe the kind, the fewer polls and the higher the priority. Upstream
// cleanup budgets carry no deadline and no cost limit, so now does not
// change the result; it is part of the signature so callers need not
// change if a kind ever gets a cleanup deadline. An unknown kind gets the
// tightest budget (Shutdown's).
func BudgetFor(k Kind, now uint32) Budget {
	if !k.valid() {
		k = Shutdown
	}
	return Budget{PollQuota: cleanupPolls[k], CostQuota: Unconstrained, Priority: cleanupPriority[k]}
}

// Combine is the meet of two budgets (T1 budget.combine, R1): the earlier
// deadline (0 = none, so any deadline beats none), the smaller poll and cost
// quotas, the higher priority. The result is no wider than either operand
// (Non-Negotiable Invariant 3, "budget can only tighten"), which the
// checker's budget-monotone recomputes on its own.
//
// Fault WidenBudget: the looser poll quota is kept instead of the tighter.
func (b Budget) Combine(o Budget, faults fault.Set) Budget {
	out := Budget{
		Deadline:  minDeadline(b.Deadline, o.Deadline),
		PollQuota: min(b.PollQuota, o.PollQuota),
		CostQuota: min(b.CostQuota, o.CostQuota),
		Priority:  max(b.Priority, o.Priority),
	}
	if faults.Has(fault.WidenBudget) {
		out.PollQuota = max(b.PollQuota, o.PollQuota)
	}
	return out
}

func minDeadline(a, b uint32) uint32 {
	switch {
	case a == 0:
		return b
	case b == 0:
		return a
	}
	return min(a, b)
}
