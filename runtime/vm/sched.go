package vm

// SchedRound runs one scheduling round with concurrency cfg.N under
// cfg.Policy (contract 002 schedRound): the clock advances by one,
// tryUnblockReceivers moves released coroutines to the ready queue, then
// pickReady picks up to N ready coroutines and each executes one
// instruction, in pick order, its events appended in that order with the
// round's tick. N = 0 is an error; N at or above the queue length runs
// every ready coroutine.
func SchedRound(s *State, cfg Config, ev []Event) ([]Event, error) {
	refuse := (cfg.N == 0 || cfg.N < 0 && !cfg.Faults.Has(NegativeNAccepted)) && !cfg.Faults.Has(ZeroNAccepted) &&
		!(cfg.Policy == Cooperative && cfg.Faults.Has(ZeroNCooperative))
	late := cfg.Faults.Has(ZeroNRefusedLate)
	if refuse && !late {
		return ev, ErrZeroN
	}
	s.Clock++
	ev = tryUnblockReceivers(s, cfg.Faults, ev)
	if refuse {
		return ev, ErrZeroN
	}
	var picks [MaxCoros]uint8
	n := pickReady(s, max(cfg.N, 0), cfg.Policy, cfg.Faults, &picks)
	var front [MaxCoros]uint8
	nfront := 0
	for _, c := range picks[:n] {
		ev = append(ev, Event{Tick: s.Clock, Kind: EvPicked, Coro: c, Session: s.Coros[c].Session, Role: s.Coros[c].Role})
		var res result
		ev, res = execInstr(s, c, cfg.Faults, ev)
		if handleResult(s, c, res, cfg.Policy) {
			front[nfront] = c
			nfront++
		}
	}
	if nfront > 0 {
		// Cooperative: the coroutines that continue keep the front of the
		// queue, in pick order, until they yield.
		copy(s.Ready[nfront:], s.Ready[:s.NReady])
		copy(s.Ready[:], front[:nfront])
		s.NReady += uint8(nfront)
	}
	return ev, nil
}

// tryUnblockReceivers walks the blocked set in order and moves each
// coroutine whose wait is over (Releasable) to the back of the ready
// queue; the others keep their order in the blocked set.
func tryUnblockReceivers(s *State, f Faults, ev []Event) []Event {
	var released [MaxCoros]bool
	for k := range s.NBlocked {
		i := k
		if f.Has(UnblockReversed) {
			i = s.NBlocked - 1 - k
		}
		c := s.Blocked[i]
		if !Releasable(s, c) || f.Has(SenderReleasedWhenEmpty) && s.Coros[c].Reason == SendWait && !sendBufferEmpty(s, c) {
			continue
		}
		released[i] = true
		s.Coros[c].Status, s.Coros[c].Reason = Ready, NotBlocked
		if f.Has(UnblockToFront) {
			copy(s.Ready[1:], s.Ready[:s.NReady])
			s.Ready[0] = c
		} else {
			s.Ready[s.NReady] = c
		}
		s.NReady++
		ev = append(ev, Event{Tick: s.Clock, Kind: EvUnblocked, Coro: c, Session: s.Coros[c].Session, Role: s.Coros[c].Role})
	}
	kept := uint8(0)
	for i := range s.NBlocked {
		if !released[i] {
			s.Blocked[kept] = s.Blocked[i]
			kept++
		}
	}
	for i := kept; i < s.NBlocked; i++ {
		s.Blocked[i] = 0
	}
	s.NBlocked = kept
	return ev
}

// pickReady takes up to n coroutines off the ready queue into picks and
// returns how many. Cooperative and RoundRobin take the first in queue
// order; ProgressAware takes the first in queue order that holds a
// progress token, else the first. The rest keep their order.
func pickReady(s *State, n int, p Policy, f Faults, picks *[MaxCoros]uint8) int {
	if f.Has(LargeNTruncated) {
		n = int(uint8(n))
	}
	k := min(n, int(s.NReady))
	for i := range k {
		at := 0
		if p == ProgressAware && !f.Has(ProgressAwareIgnoresTokens) {
			for j := range s.NReady {
				if s.Coros[s.Ready[j]].Tokens > 0 {
					at = int(j)
					if f.Has(ProgressAwareLosesToken) {
						s.Coros[s.Ready[j]].Tokens--
					}
					break
				}
			}
		}
		picks[i] = s.Ready[at]
		removeReady(s, at)
	}
	return k
}

func removeReady(s *State, at int) {
	copy(s.Ready[at:], s.Ready[at+1:s.NReady])
	s.NReady--
	s.Ready[s.NReady] = 0
}

// handleResult files a stepped coroutine by its result: one that blocks
// joins the end of the blocked set, one that finished or faulted leaves
// the scheduler, one that continues goes to the back of the ready queue,
// except under Cooperative, where handleResult returns true and the
// caller puts it back at the front.
func handleResult(s *State, c uint8, res result, p Policy) (front bool) {
	switch res {
	case continues:
		if p == Cooperative {
			return true
		}
		s.Ready[s.NReady] = c
		s.NReady++
	case blocks:
		s.Blocked[s.NBlocked] = c
		s.NBlocked++
	}
	return false
}

// CanProceed reports whether the nondeterministic scheduler may step
// coroutine c now: it is ready or blocked, and its instruction would not
// block again (a wait not over, or a buffer full or empty).
func CanProceed(s *State, c uint8, f Faults) bool {
	if f.Has(LastCoroutineDeferred) && c+1 == s.NCoros {
		for o := range c {
			if CanProceed(s, o, f) {
				return false
			}
		}
	}
	co := &s.Coros[c]
	switch co.Status {
	case Blocked:
		return Releasable(s, c) && !f.Has(BlockedNeverStepped)
	case Ready:
	default:
		return false
	}
	in, ok := s.instr(c)
	if !ok {
		return true
	}
	ses := &s.Sessions[co.Session]
	switch in.Op {
	case OpSend, OpChoose:
		if in.Op == OpChoose && f.Has(ChooseOfferedWhenFull) {
			return true
		}
		return ses.Bufs[in.Edge].Len < ses.Bufs[in.Edge].Cap
	case OpRecv, OpOffer:
		return co.Tokens == 0 || ses.Bufs[in.Edge].Len > 0
	case OpClose:
		if f.Has(CloseOfferedUndrained) {
			return othersFinished(s, co.Session, c)
		}
		return drained(s, co.Session, c)
	}
	return true
}

// StepCoroutine is one step of the nondeterministic scheduler, which may
// run any coroutine that CanProceed, in any order: the clock advances, c
// is released if it was blocked, and it executes one instruction. Every
// schedule of rounds, for every N and policy, is a sequence of such steps
// (steps that only block leave nothing observable), so a property of every
// sequence of steps holds for every N and policy.
func StepCoroutine(s *State, c uint8, f Faults, ev []Event) []Event {
	s.Clock++
	for i := range s.NBlocked {
		if s.Blocked[i] == c {
			copy(s.Blocked[i:], s.Blocked[i+1:s.NBlocked])
			s.NBlocked--
			// Fault StaleBlockedSlot leaves the vacated slot as it was.
			if !f.Has(StaleBlockedSlot) {
				s.Blocked[s.NBlocked] = 0
			}
			s.Coros[c].Status, s.Coros[c].Reason = Ready, NotBlocked
			ev = append(ev, Event{Tick: s.Clock, Kind: EvUnblocked, Coro: c, Session: s.Coros[c].Session, Role: s.Coros[c].Role})
			break
		}
	}
	for i := range s.NReady {
		// Fault StepTakesHead takes the head out instead.
		if s.Ready[i] == c || f.Has(StepTakesHead) {
			removeReady(s, int(i))
			break
		}
	}
	ev = append(ev, Event{Tick: s.Clock, Kind: EvPicked, Coro: c, Session: s.Coros[c].Session, Role: s.Coros[c].Role})
	ev, res := execInstr(s, c, f, ev)
	handleResult(s, c, res, RoundRobin)
	return ev
}
