package cancel

import (
	"testing"

	"modelcheck/runtime/fault"
)

func TestBudgetFor(t *testing.T) {
	want := map[Kind][2]int{
		User: {1000, 200}, Timeout: {500, 210}, Deadline: {500, 210},
		PollQuota: {300, 215}, CostBudget: {300, 215},
		FailFast: {200, 220}, RaceLost: {200, 220}, ParentCancelled: {200, 220},
		ResourceUnavailable: {200, 220}, LinkedExit: {200, 220},
		Shutdown: {50, 255},
	}
	if len(want) != int(kindCount) {
		t.Fatalf("table covers %d kinds, want %d", len(want), kindCount)
	}
	for k, w := range want {
		got := BudgetFor(k, 77)
		exp := Budget{PollQuota: uint16(w[0]), CostQuota: Unconstrained, Priority: uint8(w[1])}
		if got != exp {
			t.Errorf("BudgetFor(%v) = %+v, want %+v", k, got, exp)
		}
	}
}

// TestCombine is cancel.task.budget_combine_monotone: a meet.
func TestCombine(t *testing.T) {
	tests := []struct {
		name    string
		a, b    Budget
		want    Budget
		widened Budget // under fault WidenBudget
	}{
		{"min quotas, max priority",
			Budget{PollQuota: 500, CostQuota: 40, Priority: 210}, Budget{PollQuota: 200, CostQuota: 90, Priority: 220},
			Budget{PollQuota: 200, CostQuota: 40, Priority: 220}, Budget{PollQuota: 500, CostQuota: 40, Priority: 220}},
		{"deadline none is unconstrained",
			Budget{Deadline: 0, PollQuota: 1}, Budget{Deadline: 30, PollQuota: 1},
			Budget{Deadline: 30, PollQuota: 1}, Budget{Deadline: 30, PollQuota: 1}},
		{"earlier deadline wins",
			Budget{Deadline: 40}, Budget{Deadline: 30},
			Budget{Deadline: 30}, Budget{Deadline: 30}},
		{"both unconstrained",
			BudgetFor(User, 0), BudgetFor(Shutdown, 0),
			Budget{PollQuota: 50, CostQuota: Unconstrained, Priority: 255}, Budget{PollQuota: 1000, CostQuota: Unconstrained, Priority: 255}},
	}
	widen := fault.Set{}.With(fault.WidenBudget)
	for _, tc := range tests {
		if got := tc.a.Combine(tc.b, fault.Set{}); got != tc.want {
			t.Errorf("%s: Combine = %+v, want %+v", tc.name, got, tc.want)
		}
		if got := tc.a.Combine(tc.b, widen); got != tc.widened {
			t.Errorf("%s: Combine under widen-budget = %+v, want %+v", tc.name, got, tc.widened)
		}
	}
}

func TestNoWiderThanHelper(t *testing.T) {
	base := Budget{Deadline: 30, PollQuota: 200, CostQuota: 100, Priority: 220}
	tests := []struct {
		name string
		b    Budget
		want bool
	}{
		{"equal", base, true},
		{"tighter everywhere", Budget{Deadline: 20, PollQuota: 100, CostQuota: 50, Priority: 255}, true},
		{"deadline dropped", Budget{Deadline: 0, PollQuota: 200, CostQuota: 100, Priority: 220}, false},
		{"later deadline", Budget{Deadline: 31, PollQuota: 200, CostQuota: 100, Priority: 220}, false},
		{"more polls", Budget{Deadline: 30, PollQuota: 201, CostQuota: 100, Priority: 220}, false},
		{"more cost", Budget{Deadline: 30, PollQuota: 200, CostQuota: 101, Priority: 220}, false},
		{"lower priority", Budget{Deadline: 30, PollQuota: 200, CostQuota: 100, Priority: 219}, false},
	}
	for _, tc := range tests {
		if got := noWiderThan(tc.b, base); got != tc.want {
			t.Errorf("%s: noWiderThan = %v, want %v", tc.name, got, tc.want)
		}
	}
	if !noWiderThan(base, Budget{PollQuota: 1000, CostQuota: Unconstrained}) {
		t.Error("a deadline is no wider than none")
	}
}
