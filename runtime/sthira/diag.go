package sthira

// §10 Visibility & Diagnostics: read-only signals over a state. None of
// them changes the scheduler.

// WaitReason is why a queued task waits.
type WaitReason uint8

// The reasons a task waits; NotWaiting for a task in no queue.
const (
	NotWaiting WaitReason = iota
	// WaitGlobalLimit: every slot of the global maxConcurrentTasks is held.
	WaitGlobalLimit
	// WaitScopeLimit: a global slot is free, its scope's are all held.
	WaitScopeLimit
)

func (w WaitReason) String() string {
	switch w {
	case WaitGlobalLimit:
		return "global_limit"
	case WaitScopeLimit:
		return "scope_limit"
	}
	return "not_waiting"
}

// Diagnosis is what DevTools must display about a task (§10): why it
// waits, which queue it belongs to, what higher-priority tasks block it,
// and its wait time and starvation duration in ticks.
type Diagnosis struct {
	Why WaitReason
	// WhyShown is Why as DevTools displays it ("global_limit",
	// "scope_limit"); empty for a task that is not waiting. It is the
	// display §10 says DevTools MUST show, so it is checked apart from
	// the value: a spelling that loses a case shows a waiting task as
	// not waiting while Why is right.
	WhyShown string
	// Queue is the task's queue (its priority); Position its place, 0 at
	// the head.
	Queue    Priority
	Position int
	// BlockedBy has bit k set for the higher-priority task t(k+1).
	BlockedBy uint8
	Waited    uint8
	Starved   uint8
}

// QueueLengths returns the lengths of Q_HIGH, Q_NORMAL and Q_LOW (§10
// "queue lengths").
func (s *State) QueueLengths(cfg *Config) [3]int {
	l := [3]int{int(s.Queues[0].Len), int(s.Queues[1].Len), int(s.Queues[2].Len)}
	if cfg.Faults.Has(LowQueueUncounted) {
		l[2] = 0
	}
	return l
}

// Diagnose describes task id; a task in no queue is NotWaiting, with
// nothing shown.
func (s *State) Diagnose(cfg *Config, id uint8) Diagnosis {
	d := s.diagnosis(cfg, id)
	if d.Why != NotWaiting {
		d.WhyShown = d.Why.String()
		// Fault ScopeLimitUnspelled loses the scope_limit spelling.
		if d.Why == WaitScopeLimit && cfg.Faults.Has(ScopeLimitUnspelled) {
			d.WhyShown = NotWaiting.String()
		}
	}
	return d
}

// diagnosis is Diagnose's values, before the reason is spelled.
func (s *State) diagnosis(cfg *Config, id uint8) Diagnosis {
	q, pos, ok := s.Queued(id)
	if !ok {
		return Diagnosis{}
	}
	t := s.Task(id)
	why := WaitScopeLimit
	if s.Active >= cfg.Limit {
		why = WaitGlobalLimit
	}
	return Diagnosis{Why: why, Queue: q, Position: pos, BlockedBy: t.BlockedBy, Waited: t.Waited, Starved: t.Starved}
}

// TaskSet spells a set of tasks (bit k for t(k+1)) as {t1,t3}: §10's
// "what higher-priority tasks block it" as DevTools displays it.
func TaskSet(set uint8) string { return string(AppendTaskSet(nil, set)) }

// AppendTaskSet appends TaskSet's spelling of set to dst. It is the one
// spelling, and appends without allocating once dst has room, so that the
// checker can read the display on every state it explores.
func AppendTaskSet(dst []byte, set uint8) []byte {
	dst = append(dst, '{')
	first := true
	for k := range MaxTasks {
		if set&(1<<k) != 0 {
			if !first {
				dst = append(dst, ',')
			}
			dst = append(dst, 't', byte('1'+k))
			first = false
		}
	}
	return append(dst, '}')
}
