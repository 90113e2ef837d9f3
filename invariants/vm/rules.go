package vm

import (
	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// withinCapacity: buffer-capacity. The bound is the scenario's capacity,
// not the runtime's copy in each buffer: a Load that set that copy wrong
// would otherwise move the bound along with the bug.
func withinCapacity(s *rt.State, capacity uint8) bool {
	for sid := range s.NSessions {
		for _, b := range s.Sessions[sid].Bufs {
			if b.Len > capacity {
				return false
			}
		}
	}
	return true
}

// queuesMatchStatus: queues-match-status. Each coroutine's status says
// which queue holds it (ready: the ready queue, blocked: the blocked set,
// otherwise neither); each queue must hold exactly those, once each, and
// nothing past its end: the explorer fingerprints the VM's bytes, so a
// stale id there keeps apart two VMs that are the same.
func queuesMatchStatus(s *rt.State) bool {
	if s.NReady > rt.MaxCoros || s.NBlocked > rt.MaxCoros {
		return false
	}
	for _, c := range s.Ready[s.NReady:] {
		if c != 0 {
			return false
		}
	}
	for _, c := range s.Blocked[s.NBlocked:] {
		if c != 0 {
			return false
		}
	}
	var inReady, inBlocked [rt.MaxCoros]uint8
	for _, c := range s.Ready[:s.NReady] {
		if int(c) >= len(inReady) {
			return false
		}
		inReady[c]++
	}
	for _, c := range s.Blocked[:s.NBlocked] {
		if int(c) >= len(inBlocked) {
			return false
		}
		inBlocked[c]++
	}
	for c := range rt.MaxCoros {
		st := s.Coros[c].Status
		wantReady, wantBlocked := uint8(0), uint8(0)
		if c < int(s.NCoros) && st == rt.Ready {
			wantReady = 1
		}
		if c < int(s.NCoros) && st == rt.Blocked {
			wantBlocked = 1
		}
		if inReady[c] != wantReady || inBlocked[c] != wantBlocked {
			return false
		}
	}
	return true
}

// receives counts coroutine c's receives (recv or offer) among ev.
func receives(ev []rt.Event, c uint8) uint8 {
	n := uint8(0)
	for _, e := range ev {
		if e.Coro == c && (e.Kind == rt.EvReceived || e.Kind == rt.EvOffered) {
			n++
		}
	}
	return n
}

// tokensConserved: token-conservation. A coroutine that existed before
// holds its tokens less its receives; one spawned in the step holds its
// role's grant less its receives.
func tokensConserved(before, after *rt.State, ev []rt.Event) bool {
	for c := range after.NCoros {
		had := before.Coros[c].Tokens
		if c >= before.NCoros {
			co := &after.Coros[c]
			had = rt.Protocols[after.Sessions[co.Session].Proto].Roles[co.Role].Tokens
		}
		got := receives(ev, c)
		if got > had || after.Coros[c].Tokens != had-got {
			return false
		}
	}
	return true
}

// receivesNeedTokens: recv-needs-token. Each coroutine picked at a
// receive faults exactly when it held no token. (A coroutine is picked at
// most once per round or step, so its pc and tokens at the pick are those
// before.)
func receivesNeedTokens(before, after *rt.State, ev []rt.Event) bool {
	for _, e := range ev {
		if e.Kind != rt.EvPicked || e.Coro >= before.NCoros {
			continue
		}
		op := before.Instr(e.Coro).Op
		if op != rt.OpRecv && op != rt.OpOffer {
			continue
		}
		faulted := after.Coros[e.Coro].Status == rt.Faulted
		if faulted != (before.Coros[e.Coro].Tokens == 0) {
			return false
		}
	}
	return true
}

// waitOver is the checks' own reading of when a blocked coroutine's wait
// is over (not the runtime's Releasable, which is what they check): its
// edge holds a message (RecvWait) or has room (SendWait), its handler has
// had a round to answer (InvokeWait), or its session has drained: empty
// buffers and every other coroutine of the session finished (CloseWait).
func waitOver(s *rt.State, c uint8) bool {
	co := &s.Coros[c]
	ses := &s.Sessions[co.Session]
	edge := s.Instr(c).Edge
	switch co.Reason {
	case rt.RecvWait:
		return ses.Bufs[edge].Len > 0
	case rt.SendWait:
		return ses.Bufs[edge].Len < ses.Bufs[edge].Cap
	case rt.InvokeWait:
		return true
	case rt.CloseWait:
		for _, b := range ses.Bufs {
			if b.Len > 0 {
				return false
			}
		}
		for o := range s.NCoros {
			other := &s.Coros[o]
			if o != c && other.Session == co.Session && other.Status != rt.Done && other.Status != rt.Faulted {
				return false
			}
		}
		return true
	}
	return false
}

// unblockedInOrder: unblock-order. The round's releases are exactly the
// blocked coroutines whose wait was over, in blocked-set order, and all of
// them come before the round's first pick.
func unblockedInOrder(before *rt.State, ev []rt.Event) bool {
	want := 0
	picked := false
	for _, e := range ev {
		picked = picked || e.Kind == rt.EvPicked
		if e.Kind != rt.EvUnblocked {
			continue
		}
		if picked {
			return false
		}
		for want < int(before.NBlocked) && !waitOver(before, before.Blocked[want]) {
			want++
		}
		if want == int(before.NBlocked) || before.Blocked[want] != e.Coro {
			return false
		}
		want++
	}
	for ; want < int(before.NBlocked); want++ {
		if waitOver(before, before.Blocked[want]) {
			return false
		}
	}
	return true
}

// pickedByPolicy: pick-order. The picks are those the policy makes from
// the queue as the unblock walk left it (before's queue, then the
// releases), and the queues after the round are what the FIFO rules make
// of them.
func pickedByPolicy(before, after *rt.State, ev []rt.Event, cfg rt.Config) bool {
	var queue [rt.MaxCoros]uint8
	n := copy(queue[:], before.Ready[:before.NReady])
	var released [rt.MaxCoros]bool
	for _, e := range ev {
		if e.Kind == rt.EvUnblocked {
			queue[n] = e.Coro
			n++
			released[e.Coro] = true
		}
	}
	// The policy's picks, in order. Tokens are read before the round: a
	// coroutine's tokens change only when it runs, and it runs once.
	var want [rt.MaxCoros]uint8
	k := min(cfg.N, n)
	for i := range k {
		at := 0
		if cfg.Policy == rt.ProgressAware {
			for j := range n {
				if before.Coros[queue[j]].Tokens > 0 {
					at = j
					break
				}
			}
		}
		want[i] = queue[at]
		copy(queue[at:], queue[at+1:n])
		n--
	}
	i := 0
	for _, e := range ev {
		if e.Kind == rt.EvPicked {
			if i == k || e.Coro != want[i] {
				return false
			}
			i++
		}
	}
	if i != k {
		return false
	}
	// The ready queue after (slots past its end hold 0, so that equal
	// queues fingerprint alike): continuing Cooperative picks in front, then
	// the rest in order, then for each pick the coroutines it spawned and
	// itself if it continues.
	var ready [rt.MaxCoros]uint8
	r := 0
	if cfg.Policy == rt.Cooperative {
		for _, c := range want[:k] {
			if after.Coros[c].Status == rt.Ready {
				ready[r] = c
				r++
			}
		}
	}
	r += copy(ready[r:], queue[:n])
	for _, c := range want[:k] {
		for _, e := range ev {
			if e.Kind == rt.EvSpawned && e.Coro == c {
				ready[r] = e.Label
				r++
			}
		}
		if cfg.Policy != rt.Cooperative && after.Coros[c].Status == rt.Ready {
			ready[r] = c
			r++
		}
	}
	if r != int(after.NReady) || ready != after.Ready {
		return false
	}
	// The blocked set after: the unreleased in order, then the picks that
	// blocked, in pick order.
	var blocked [rt.MaxCoros]uint8
	b := 0
	for _, c := range before.Blocked[:before.NBlocked] {
		if !released[c] {
			blocked[b] = c
			b++
		}
	}
	for _, c := range want[:k] {
		if after.Coros[c].Status == rt.Blocked {
			blocked[b] = c
			b++
		}
	}
	return b == int(after.NBlocked) && blocked == after.Blocked
}

// sessionsAgree: session-trace-invariance. Every run's new session events
// match the event at the same position in every other run that has one;
// with complete set, the traces must also be equally long.
func sessionsAgree(s, next *State, runs int, complete bool) bool {
	for k := range runs {
		rk := &next.Runs[k].Rec
		for sid := range rk.Len {
			for i := s.Runs[k].Rec.Len[sid]; i < rk.Len[sid]; i++ {
				for m := range runs {
					rm := &next.Runs[m].Rec
					if rm.Len[sid] > i && rm.Ev[sid][i] != rk.Ev[sid][i] {
						return false
					}
				}
			}
			if complete && rk.Len[sid] != next.Runs[0].Rec.Len[sid] {
				return false
			}
		}
	}
	return true
}

// endpointsAgree: endpoint-trace-invariance. As sessionsAgree, but on
// each endpoint's projection: the j-th event of role r in session s is
// the same in every run that has one.
func endpointsAgree(s, next *State, runs int, complete bool) bool {
	for k := range runs {
		rk := &next.Runs[k].Rec
		for sid := range rk.Len {
			for i := s.Runs[k].Rec.Len[sid]; i < rk.Len[sid]; i++ {
				role := bodyRole(rk.Ev[sid][i])
				j := countRole(rk, sid, role, int(i))
				for m := range runs {
					if b, ok := nthOfRole(&next.Runs[m].Rec, sid, role, j); ok && b != rk.Ev[sid][i] {
						return false
					}
				}
			}
			if complete {
				for role := range uint8(4) {
					if countRole(rk, sid, role, int(rk.Len[sid])) != countRole(&next.Runs[0].Rec, sid, role, int(next.Runs[0].Rec.Len[sid])) {
						return false
					}
				}
			}
		}
	}
	return true
}

// countRole counts role's events among the first n of session sid.
func countRole(r *mvm.Recorder, sid int, role uint8, n int) int {
	c := 0
	for _, b := range r.Ev[sid][:n] {
		if bodyRole(b) == role {
			c++
		}
	}
	return c
}

// nthOfRole is role's j-th event (from 0) in session sid.
func nthOfRole(r *mvm.Recorder, sid int, role uint8, j int) (uint8, bool) {
	for _, b := range r.Ev[sid][:r.Len[sid]] {
		if bodyRole(b) == role {
			if j == 0 {
				return b, true
			}
			j--
		}
	}
	return 0, false
}

// bodyRole is the role of a packed session event, by the layout
// trace-normalized checks (bits 3 and 4), not the runtime's reading.
func bodyRole(b uint8) uint8 { return b >> 3 & 3 }

// idsInTables reports whether every event names a coroutine inside the
// coroutine table and, if it is a session action, a session inside the
// session table.
func idsInTables(ev []rt.Event) bool {
	for _, e := range ev {
		if e.Coro >= rt.MaxCoros || e.InSession() && e.Session >= rt.MaxSessions {
			return false
		}
	}
	return true
}
