package cancel

import "testing"

// TestValidTransitionTable checks all 36 phase pairs against the contract's
// "Legal Transitions" table.
func TestValidTransitionTable(t *testing.T) {
	legal := map[Phase][]Phase{
		Created:         {Running, CancelRequested, Completed},
		Running:         {CancelRequested, Completed},
		CancelRequested: {CancelRequested, Cancelling, Completed},
		Cancelling:      {Cancelling, Finalizing, Completed},
		Finalizing:      {Finalizing, Completed},
		Completed:       {},
	}
	n := 0
	for from := Created; from <= Completed; from++ {
		for to := Created; to <= Completed; to++ {
			want := false
			for _, p := range legal[from] {
				want = want || p == to
			}
			if got := validTransition(from, to); got != want {
				t.Errorf("validTransition(%v, %v) = %v, want %v", from, to, got, want)
			}
			n++
		}
	}
	if n != 36 {
		t.Fatalf("checked %d pairs, want 36", n)
	}
	if validTransition(phaseCount, Completed) || validTransition(Created, phaseCount) {
		t.Error("an unknown phase has a legal transition")
	}
}

func TestPhaseStrings(t *testing.T) {
	want := []string{"Created", "Running", "CancelRequested", "Cancelling", "Finalizing", "Completed"}
	for p := Created; p <= Completed; p++ {
		if p.String() != want[p] {
			t.Errorf("Phase(%d).String() = %q, want %q", p, p.String(), want[p])
		}
	}
	if got := phaseCount.String(); got != "Phase(6)" {
		t.Errorf("unknown phase prints %q", got)
	}
}
