package asupersync

import (
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/sched"
)

// TaskRecord, RegionRecord and ObligationRecord are a cancellation
// table's record for an id, or nil for an id outside the table (0 is no
// id). The model and the checks read the tables through these, not
// through cancel.State's own accessors (Task, Region, Obligation): those
// are runtime code under check, and a bug in one (a bound off by one, a
// guard negated) would otherwise move what the model offers and what the
// checks see, or crash the tool, instead of being reported. Session 15's
// exhaustive run of runtime/cancel had 21 such mutants "killed by crash"
// in the checks.
func TaskRecord(cs *cancel.State, id uint8) *cancel.Task {
	if id == 0 || int(id) > len(cs.Tasks) {
		return nil
	}
	return &cs.Tasks[id-1]
}

// RegionRecord is region id's record in cs, or nil (see TaskRecord).
func RegionRecord(cs *cancel.State, id uint8) *cancel.Region {
	if id == 0 || int(id) > len(cs.Regions) {
		return nil
	}
	return &cs.Regions[id-1]
}

// ObligationRecord is obligation id's record in cs, or nil (see
// TaskRecord).
func ObligationRecord(cs *cancel.State, id uint8) *cancel.Obligation {
	if id == 0 || int(id) > len(cs.Obligations) {
		return nil
	}
	return &cs.Obligations[id-1]
}

// CancelChanged reports whether a step moved a task's cancellation state
// (phase, reason or cleanup budget) from before to after: the tasks a
// cancel request changed, which 001 Cascade Law step 5 schedules. It is
// the model's own comparison, not cancel.Task.CancelChanged, which the
// runtime uses to decide whom to schedule: the ghost's wake record
// (notified-derived) and the checks must not agree with a bug there.
func CancelChanged(before, after *cancel.Task) bool {
	return before.Phase != after.Phase || before.Reason != after.Reason || before.Budget != after.Budget
}

// LaneEntries is lane l's entries in insertion order, read from the
// scheduler's fields, not through sched.State.Entries (runtime code under
// check, whose bug would otherwise move the encoding and what the checks
// see along with it). Step has checked each lane's length against its
// array (OutsideTables), so the slice is in bounds on any visited state;
// an l that names no lane has none.
func LaneEntries(s *sched.State, l sched.Lane) []sched.Entry {
	switch l {
	case sched.Cancel:
		return s.Cancel.E[:s.Cancel.N]
	case sched.Timed:
		return s.Timed.E[:s.Timed.N]
	case sched.Ready:
		return s.Ready.E[:s.Ready.N]
	}
	return nil
}

// PoolEntries is worker w's local queue in insertion order, read from the
// pool's fields, not through sched.Pool.Len, for LaneEntries' reason; the
// queue's length is checked against its array as the lanes' are.
func PoolEntries(p *sched.Pool, w uint8) []sched.Entry {
	return p.Local[w].E[:p.Local[w].N]
}
