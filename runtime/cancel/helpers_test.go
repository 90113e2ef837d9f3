package cancel

import (
	"errors"
	"strings"
	"testing"

	"modelcheck/runtime/trace"
)

// must fails the test on an operation error.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// mustID returns a check of an (id, error) result that fails the test on an
// error or a refused (0) id: mustID(t)(s.Spawn(1, &log)).
func mustID(t *testing.T) func(uint8, error) uint8 {
	return func(id uint8, err error) uint8 {
		t.Helper()
		must(t, err)
		if id == 0 {
			t.Fatal("operation refused")
		}
		return id
	}
}

// wantEvents compares the log with the expected events, one rendered
// event per line, and empties the log.
func wantEvents(t *testing.T, log *trace.Log, want ...string) {
	t.Helper()
	got := make([]string, len(log.Events))
	for i, e := range log.Events {
		got[i] = e.String()
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("events:\n%s\nwant:\n%s", g, w)
	}
	log.Reset()
}

// wantCode checks that err is an *Error with code c.
func wantCode(t *testing.T, err error, c Code) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Code != c {
		t.Errorf("error %v, want code %d", err, c)
	}
}

// running spawns a task in region and polls it once.
func running(t *testing.T, s *State, region uint8, log *trace.Log) uint8 {
	t.Helper()
	id := mustID(t)(s.Spawn(region, log))
	must(t, s.Start(id, log))
	return id
}

// noWiderThan reports whether b is at least as tight as o in every
// component: the monotonicity of Non-Negotiable Invariant 3, as the tests
// state it (the runtime itself never compares budgets).
func noWiderThan(b, o Budget) bool {
	deadlineOK := o.Deadline == 0 || (b.Deadline != 0 && b.Deadline <= o.Deadline)
	return deadlineOK && b.PollQuota <= o.PollQuota && b.CostQuota <= o.CostQuota && b.Priority >= o.Priority
}

// terminal reports whether nothing is left in flight: every task is
// Completed and every region is Open or Closed. An Open region counts as
// done because closing it is the environment's choice, not pending work
// (its registered finalizers only run once it closes); a Closing, Draining
// or Finalizing region still has tasks, children or finalizers to wait for.
func terminal(s State) bool {
	for i := range s.Tasks {
		if t := &s.Tasks[i]; t.Used && t.Phase != Completed {
			return false
		}
	}
	for i := range s.Regions {
		if r := &s.Regions[i]; r.Used && r.State != RegionOpen && r.State != RegionClosed {
			return false
		}
	}
	return true
}

// validTransition is exactly the contract's "Legal Transitions" table
// (TaskPhase::is_valid_transition upstream). The self-loops on
// CancelRequested, Cancelling and Finalizing are strengthening requests (R1,
// R3); Completed has no way out (Non-Negotiable Invariant 4, T5). The
// property tests assert every phase change an operation makes passes it;
// the checker keeps its own copy (phase-monotone).
func validTransition(from, to Phase) bool {
	switch from {
	case Created:
		return to == Running || to == CancelRequested || to == Completed
	case Running:
		return to == CancelRequested || to == Completed
	case CancelRequested:
		return to == CancelRequested || to == Cancelling || to == Completed
	case Cancelling:
		return to == Cancelling || to == Finalizing || to == Completed
	case Finalizing:
		return to == Finalizing || to == Completed
	}
	return false
}

// reservedBy counts the obligations task id holds that are still Reserved
// (the tests' own count, read off the table).
func reservedBy(s *State, id uint8) int {
	n := 0
	for i := range s.Obligations {
		if o := &s.Obligations[i]; o.Used && o.Task == id && o.State == Reserved {
			n++
		}
	}
	return n
}
