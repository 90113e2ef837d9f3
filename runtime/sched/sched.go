// Package sched is the deterministic three-lane scheduler of contract 004
// section 3 and contract 000 rules S1-S3: a cancel lane, a timed lane and a
// ready lane, the governor's lane order, the cancel-streak fairness bound and
// the fairness certificate with its witness hash.
//
// State is a fixed-size value (no pointers, maps or slices inside) so the
// model checker copies it by assignment and fingerprints its bytes.
//
// Choices where the contracts are silent (each also noted at its spot):
//   - A lane queue holds at most MaxTasks entries, one per task: the wake
//     dedup membership set (S3) guarantees it.
//   - Injecting a cancel for a task already waiting in the timed or ready
//     lane moves it to the cancel lane (B5 routes a cancel-pending task to
//     the cancel lane; keeping both entries would duplicate it).
//   - The timed lane holds runnable tasks that carry a deadline, ordered
//     EDF; sleeping is the timers' job (phase 0), not this lane's.
//   - The streak counts after the dispatch it belongs to, so with limit L a
//     run of L cancel dispatches reaches streak L and the next one yields.
package sched

import (
	"modelcheck/runtime/dethash"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// MaxTasks bounds the tasks a scheduler tracks (ids 1..MaxTasks).
const MaxTasks = 8

// DefaultCancelStreakLimit is cancel_streak_limit when not configured.
const DefaultCancelStreakLimit = 16

// Lane is one of the three lanes.
type Lane uint8

// The lanes, highest priority first under NoPreference.
const (
	NoLane Lane = iota
	Cancel
	Timed
	Ready
)

var laneNames = [...]string{"", "cancel", "timed", "ready"}

func (l Lane) String() string { return laneNames[l] }

// Governor is the governor's suggestion (004 3.1).
type Governor uint8

// The suggestions.
const (
	NoPreference Governor = iota
	MeetDeadlines
	DrainObligations
	DrainRegions
)

var governorNames = [...]string{"NoPreference", "MeetDeadlines", "DrainObligations", "DrainRegions"}

func (g Governor) String() string { return governorNames[g] }

// ParseGovernor reads a suggestion by its contract name.
func ParseGovernor(s string) (Governor, bool) {
	for i, n := range governorNames {
		if n == s {
			return Governor(i), true
		}
	}
	return 0, false
}

// Entry is a queued task: SchedulerEntry (priority, generation) in the
// cancel and ready lanes, TimedEntry (deadline, generation) in the timed
// lane. The generation is not stored: a lane keeps its entries in
// insertion order, which is generation order (004 3.4), so an entry's
// position is its generation rank and the state stays small.
type Entry struct {
	Task     uint8
	Priority uint8
	Deadline uint32
}

// queue is a lane: entries in insertion (generation) order, popped by the
// lane's ordering. A scan over at most MaxTasks entries beats a heap at
// this size and keeps the layout canonical.
type queue struct {
	N uint8
	E [MaxTasks]Entry
}

// push appends an entry. Dedup keeps one entry per task, so a lane is
// never full; only fault NoWakeDedup can fill one, and then the extra
// duplicate is dropped rather than overflowing.
func (q *queue) push(e Entry) {
	if int(q.N) < len(q.E) {
		q.E[q.N] = e
		q.N++
	}
}

func (q *queue) remove(i int) Entry {
	e := q.E[i]
	copy(q.E[i:q.N], q.E[i+1:q.N])
	q.N--
	q.E[q.N] = Entry{}
	return e
}

func (q *queue) find(task uint8) int {
	for i := 0; i < int(q.N); i++ {
		if q.E[i].Task == task {
			return i
		}
	}
	return -1
}

// bestByPriority is the SchedulerEntry order: higher priority first, then
// earlier generation (FIFO: the first such entry in the lane). lifo takes
// the last one instead (fault LifoReady).
func (q *queue) bestByPriority(lifo bool) int {
	best := -1
	for i := 0; i < int(q.N); i++ {
		if best < 0 || q.E[i].Priority > q.E[best].Priority || (lifo && q.E[i].Priority == q.E[best].Priority) {
			best = i
		}
	}
	return best
}

// bestByDeadline is the TimedEntry order: earlier deadline, then earlier
// generation (EDF, FIFO within a deadline: the first such entry). A timed
// entry's priority is no key of it; fault TimedTiesByPriority makes it one
// between the deadline and the generation.
func (q *queue) bestByDeadline(byPriority bool) int {
	best := -1
	for i := 0; i < int(q.N); i++ {
		if best < 0 || q.E[i].Deadline < q.E[best].Deadline ||
			byPriority && q.E[i].Deadline == q.E[best].Deadline && q.E[i].Priority > q.E[best].Priority {
			best = i
		}
	}
	return best
}

// Certificate is the FairnessPreemptionCertificate (004 3.8).
type Certificate struct {
	CancelDispatches          uint32
	TimedDispatches           uint32
	ReadyDispatches           uint32
	FallbackCancelDispatches  uint32
	BaseLimitExceedances      uint32
	EffectiveLimitExceedances uint32
	MaxEffectiveLimitObserved uint8
	// MaxStreakObserved is the longest cancel streak seen; the certificate
	// invariant is MaxStreakObserved <= the effective limit in force.
	MaxStreakObserved uint8
}

// WitnessHash is DetHasher over the dispatch counts in declaration order
// (counts as u64, the limit as usize): same dispatch trace, same hash.
func (c Certificate) WitnessHash() uint64 {
	h := dethash.New()
	h.U64(uint64(c.CancelDispatches))
	h.U64(uint64(c.TimedDispatches))
	h.U64(uint64(c.ReadyDispatches))
	h.U64(uint64(c.FallbackCancelDispatches))
	h.U64(uint64(c.BaseLimitExceedances))
	h.U64(uint64(c.EffectiveLimitExceedances))
	h.Size(int(c.MaxEffectiveLimitObserved))
	return h.Sum()
}

// Config is fixed for a run.
type Config struct {
	// CancelStreakLimit is cancel_streak_limit; 0 means 1 (notes).
	CancelStreakLimit uint8
	Faults            fault.Set
}

// State is the scheduler.
type State struct {
	Config   Config
	Cancel   queue
	Timed    queue
	Ready    queue
	Governor Governor
	// Scheduled is the membership set behind wake dedup (S3): bit id-1 is
	// set while the task has an entry in some lane.
	Scheduled uint16
	// NextGen is the monotone generation counter (004 3.4).
	NextGen uint32
	// Streak is the current cancel streak.
	Streak uint8
	Cert   Certificate
	// Seq and Hash are the decision metadata (000 S6): decision_seq counts
	// decisions; decision_hash chains DetHasher over (previous hash, seq,
	// task, lane, streak), so equal decision traces give equal hashes on
	// every backend.
	Seq  uint64
	Hash uint64
}

// New returns an empty scheduler.
//
// Faults DecisionSeqFromOne, DecisionHashFromOne, StreakFromOne,
// CertificateFromOne and GovernorStartsMeet start a counter, or the
// governor, off its origin.
func New(cfg Config) State {
	s := State{Config: cfg}
	if cfg.Faults.Has(fault.DecisionSeqFromOne) {
		s.Seq = 1
	}
	if cfg.Faults.Has(fault.DecisionHashFromOne) {
		s.Hash = 1
	}
	if cfg.Faults.Has(fault.StreakFromOne) {
		s.Streak = 1
	}
	if cfg.Faults.Has(fault.CertificateFromOne) {
		s.Cert.CancelDispatches = 1
	}
	if cfg.Faults.Has(fault.GovernorStartsMeet) {
		s.Governor = MeetDeadlines
	}
	return s
}

// BaseLimit is the configured limit with 0 read as 1.
func (s *State) BaseLimit() uint8 {
	if s.Config.CancelStreakLimit == 0 {
		return 1
	}
	return s.Config.CancelStreakLimit
}

// EffectiveLimit is the base limit, doubled under DrainObligations and
// DrainRegions (S2; fault DrainNotDoubled forgets to double).
func (s *State) EffectiveLimit() uint8 {
	base := s.BaseLimit()
	if (s.Governor == DrainObligations || s.Governor == DrainRegions) && !s.Config.Faults.Has(fault.DrainNotDoubled) {
		return 2 * base
	}
	return base
}

func bit(task uint8) uint16 { return 1 << (task - 1) }

// IsScheduled reports whether the task has an entry in some lane.
func (s *State) IsScheduled(task uint8) bool { return s.Scheduled&bit(task) != 0 }

// Len is the number of entries in a lane.
func (s *State) Len(l Lane) int { return int(s.lane(l).N) }

// Entries returns a lane's entries in insertion order.
func (s *State) Entries(l Lane) []Entry {
	q := s.lane(l)
	return q.E[:q.N]
}

func (s *State) lane(l Lane) *queue {
	switch l {
	case Cancel:
		return &s.Cancel
	case Timed:
		return &s.Timed
	default:
		return &s.Ready
	}
}

// LaneOf returns the lane holding a task, NoLane if none.
func (s *State) LaneOf(task uint8) Lane {
	for l := Cancel; l <= Ready; l++ {
		if s.lane(l).find(task) >= 0 {
			return l
		}
	}
	return NoLane
}

// Empty reports whether no lane holds work. Fault EmptyIgnoresCancelLane
// leaves the cancel lane out.
func (s *State) Empty() bool {
	if s.Config.Faults.Has(fault.EmptyIgnoresCancelLane) {
		return s.Timed.N+s.Ready.N == 0
	}
	return s.Cancel.N+s.Timed.N+s.Ready.N == 0
}

// Inject puts a task into a lane. Wake dedup (S3): a task that already has
// an entry gets no second one (WakeDeduped), except that a cancel injection
// moves an entry from the timed or ready lane to the cancel lane. Fault
// NoWakeDedup skips the membership check.
func (s *State) Inject(l Lane, task, priority uint8, deadline uint32, log *trace.Log) {
	if s.IsScheduled(task) && !s.Config.Faults.Has(fault.NoWakeDedup) {
		cur := s.LaneOf(task)
		// Fault CancelInjectDeduped dedups the cancel injection too;
		// fault WakeRequeues moves a timed or ready wake's entry too.
		move := l == Cancel || s.Config.Faults.Has(fault.WakeRequeues)
		if !move || cur == Cancel || s.Config.Faults.Has(fault.CancelInjectDeduped) {
			// Fault SilentDedup leaves the dedup unannounced.
			if !s.Config.Faults.Has(fault.SilentDedup) {
				log.Emit(trace.Event{Kind: trace.WakeDeduped, Task: task, Lane: cur.String()})
			}
			return
		}
		// A member is in some lane unless the membership set is stale
		// (fault DispatchKeepsMembership); then there is nothing to move.
		if q := s.lane(cur); q.find(task) >= 0 {
			q.remove(q.find(task))
		}
	}
	// Fault CancelGenStalls leaves the counter where it was for the cancel lane.
	if l != Cancel || !s.Config.Faults.Has(fault.CancelGenStalls) {
		s.NextGen++
	}
	s.lane(l).push(Entry{Task: task, Priority: priority, Deadline: deadline})
	s.Scheduled |= bit(task)
	log.Emit(trace.Event{Kind: trace.Enqueued, Task: task, Lane: l.String(), Priority: priority, Gen: uint64(s.NextGen), Deadline: uint64(deadline)})
}

// SetGovernor records a new suggestion and announces it. Fault
// GovernorIgnored loses the assignment and only announces it; fault
// SilentGovernor makes it and announces nothing.
func (s *State) SetGovernor(g Governor, log *trace.Log) {
	if !s.Config.Faults.Has(fault.GovernorIgnored) {
		s.Governor = g
	}
	// Fault SilentGovernor drops the event.
	if !s.Config.Faults.Has(fault.SilentGovernor) {
		log.Emit(trace.Event{Kind: trace.GovernorChanged, AttrKey: "suggestion", AttrVal: g.String()})
	}
}

// Decision is what one scheduler step chose.
type Decision struct {
	Task     uint8
	Lane     Lane
	Fallback bool
	// StreakBefore and Limit are the streak and the effective limit the
	// decision was judged against.
	StreakBefore uint8
	Limit        uint8
}

// order returns the lanes in the order this step polls them (004 3.1):
// MeetDeadlines puts timed first; every other suggestion keeps cancel >
// timed > ready. Fault TimedBeforeCancel polls timed first regardless.
func (s *State) order() [3]Lane {
	if s.Governor == MeetDeadlines || s.Config.Faults.Has(fault.TimedBeforeCancel) {
		return [3]Lane{Timed, Cancel, Ready}
	}
	return [3]Lane{Cancel, Timed, Ready}
}

// Next is one dispatch decision (phases 1-5 of the run loop; phase 0, the
// timers, is the caller's). It pops the chosen entry, updates the streak,
// the certificate and the decision metadata, and reports NoLane when it
// parks. It emits no events: Step records the decision with the caller's
// metadata.
func (s *State) Next() Decision {
	limit := s.EffectiveLimit()
	d := Decision{StreakBefore: s.Streak, Limit: limit}
	other := s.Timed.N+s.Ready.N > 0
	for _, l := range s.order() {
		q := s.lane(l)
		if q.N == 0 {
			continue
		}
		if l == Cancel {
			// Rule S2: past the limit, with timed or ready work
			// waiting, skip the cancel lane for this step.
			if s.Streak >= limit && other && !s.Config.Faults.Has(fault.UnboundedCancelStreak) {
				continue
			}
			// Fault FallbackAnyStreak writes || for &&.
			if (s.Streak >= limit && !other) || (s.Config.Faults.Has(fault.FallbackAnyStreak) && !other) {
				// Phase 5, fallback cancel: only cancel work exists;
				// the dispatch counts itself as a new streak of 1.
				d.Fallback = true
				s.Streak = 0
				s.Cert.FallbackCancelDispatches++
			}
		}
		d.Lane = l
		break
	}
	if d.Lane == NoLane {
		// Phase 6: park; the streak returns to 0.
		s.Streak = 0
		return d
	}
	q := s.lane(d.Lane)
	var i int
	if d.Lane == Timed {
		i = q.bestByDeadline(s.Config.Faults.Has(fault.TimedTiesByPriority))
	} else {
		i = q.bestByPriority(d.Lane == Ready && s.Config.Faults.Has(fault.LifoReady))
	}
	e := q.remove(i)
	if !s.Config.Faults.Has(fault.DispatchKeepsMembership) {
		s.Scheduled &^= bit(e.Task)
	}
	d.Task = e.Task
	s.count(d)
	return d
}

// count updates streak, certificate and decision metadata for a dispatch.
func (s *State) count(d Decision) {
	switch d.Lane {
	case Cancel:
		s.Streak++
		s.Cert.CancelDispatches++
		// Fault BaseExceedanceUncounted never counts one.
		if s.Streak > s.BaseLimit() && !s.Config.Faults.Has(fault.BaseExceedanceUncounted) {
			s.Cert.BaseLimitExceedances++
		}
		if s.Streak > d.Limit {
			s.Cert.EffectiveLimitExceedances++
		}
		if s.Streak > s.Cert.MaxStreakObserved {
			s.Cert.MaxStreakObserved = s.Streak
		}
	case Timed:
		s.Streak = 0
		s.Cert.TimedDispatches++
	case Ready:
		if !s.Config.Faults.Has(fault.ReadyKeepsStreak) {
			s.Streak = 0
		}
		s.Cert.ReadyDispatches++
	}
	if d.Limit > s.Cert.MaxEffectiveLimitObserved {
		s.Cert.MaxEffectiveLimitObserved = d.Limit
	}
	if !s.Config.Faults.Has(fault.DecisionSeqStalls) {
		s.Seq++
	}
	h := dethash.New()
	h.U64(s.Hash)
	h.U64(s.Seq)
	h.Byte(d.Task)
	if !s.Config.Faults.Has(fault.DecisionHashSkipsLane) {
		h.Byte(byte(d.Lane))
	}
	h.Byte(s.Streak)
	s.Hash = h.Sum()
}
