package sched

import (
	"testing"

	"modelcheck/runtime/trace"
)

// TestFallbackCancelDispatch: at the streak limit with only cancel work,
// the fallback cancel dispatch runs, counts itself as a streak of 1 and is
// recorded in the certificate (semantics-notes, phase 5); a park resets the
// streak.
func TestFallbackCancelDispatch(t *testing.T) {
	s := New(Config{CancelStreakLimit: 1})
	var log trace.Log
	s.Inject(Cancel, 1, 200, 0, &log)
	s.Inject(Cancel, 2, 200, 0, &log)
	if d := s.Next(); d.Task != 1 || d.Fallback || s.Streak != 1 {
		t.Fatalf("first: %+v streak %d", d, s.Streak)
	}
	if d := s.Next(); d.Task != 2 || !d.Fallback || s.Streak != 1 || s.Cert.FallbackCancelDispatches != 1 {
		t.Fatalf("second: %+v streak %d cert %+v", d, s.Streak, s.Cert)
	}
	if s.Cert.BaseLimitExceedances != 0 || s.Cert.EffectiveLimitExceedances != 0 {
		t.Fatalf("fallback counted as an exceedance: %+v", s.Cert)
	}
	if d := s.Next(); d.Lane != NoLane || s.Streak != 0 {
		t.Fatalf("park: %+v streak %d", d, s.Streak)
	}
}

// TestZeroLimitMeansOne (semantics-notes: a configured 0 means 1).
func TestZeroLimitMeansOne(t *testing.T) {
	s := New(Config{})
	if s.BaseLimit() != 1 || s.EffectiveLimit() != 1 {
		t.Fatalf("limit 0 read as %d/%d", s.BaseLimit(), s.EffectiveLimit())
	}
	s.Governor = DrainObligations
	if s.EffectiveLimit() != 2 {
		t.Fatalf("drain limit %d, want 2", s.EffectiveLimit())
	}
}

// TestCancelInjectionPromotes: a cancel for a task waiting in the ready
// lane moves it to the cancel lane instead of duplicating it.
func TestCancelInjectionPromotes(t *testing.T) {
	s := New(Config{CancelStreakLimit: 2})
	var log trace.Log
	s.Inject(Ready, 1, 0, 0, &log)
	s.Inject(Cancel, 1, 200, 0, &log)
	s.Inject(Ready, 1, 0, 0, &log)
	if s.Len(Ready) != 0 || s.Len(Cancel) != 1 || s.LaneOf(1) != Cancel {
		t.Fatalf("lanes cancel=%d ready=%d", s.Len(Cancel), s.Len(Ready))
	}
	if last := log.Events[len(log.Events)-1]; last.Kind != trace.WakeDeduped {
		t.Fatalf("a ready wake of a cancel-lane task: %v, want wake_deduped", last)
	}
}

// TestStreakBoundAtEveryLimit (000 S2): with ready work waiting, the
// cancel lane runs exactly the effective limit of dispatches in a row (the
// configured limit, twice that under a drain governor), then yields one
// step to the ready lane, after which a new streak begins. The explorer's
// scenarios reach streaks of 4 at most within depth 12 (limit 2 under a
// drain governor; streak-three's 6 lies deeper), so a limit capped at 4
// passes them all; this drives limits 3 and 16 through Next. The expected
// count is worked out here, not read from EffectiveLimit.
func TestStreakBoundAtEveryLimit(t *testing.T) {
	for _, limit := range []uint8{3, 16} {
		for _, g := range []Governor{NoPreference, MeetDeadlines, DrainObligations, DrainRegions} {
			want := int(limit)
			if g == DrainObligations || g == DrainRegions {
				want *= 2
			}
			s := New(Config{CancelStreakLimit: limit})
			s.Governor = g
			var log trace.Log
			s.Inject(Ready, 2, 0, 0, &log)
			for i := 1; i <= want; i++ {
				s.Inject(Cancel, 1, 200, 0, &log)
				if d := s.Next(); d.Lane != Cancel || d.Task != 1 || d.Fallback {
					t.Fatalf("limit %d, %s: cancel dispatch %d of %d: %+v", limit, g, i, want, d)
				}
			}
			s.Inject(Cancel, 1, 200, 0, &log)
			if d := s.Next(); d.Lane != Ready || d.Task != 2 {
				t.Fatalf("limit %d, %s: after %d cancel dispatches with ready work waiting: %+v, want the ready task", limit, g, want, d)
			}
			if d := s.Next(); d.Lane != Cancel || s.Streak != 1 {
				t.Fatalf("limit %d, %s: after the ready step: %+v streak %d, want a new cancel streak of 1", limit, g, d, s.Streak)
			}
		}
	}
}
