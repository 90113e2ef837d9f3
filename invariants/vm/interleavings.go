package vm

import (
	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// This file is steps-offered and reference-derived: the two checks of
// the nondeterministic scheduler's own machinery. Every other check judges
// the steps the scheduler takes and compares them with the reference run,
// so a scheduler that leaves some steps out, or a reference that is not
// the run it claims to be, would pass them all: a coroutine hidden while
// others run never leaves a stuck state for sessions-complete to see, and
// a reference that is another valid schedule agrees with every
// interleaving endpoint by endpoint.

// stepsOffered: steps-offered. The steps offered in state s (the inputs
// the model enables there) are of exactly the coroutines that can
// proceed, by the checks' own reading (canProceed), each once.
func stepsOffered(s *rt.State, offered []mvm.Input) bool {
	var want, got uint16
	for c := range s.NCoros {
		if canProceed(s, c) {
			want |= 1 << c
		}
	}
	for _, in := range offered {
		if in.Kind != mvm.Step {
			continue
		}
		if in.Coro >= s.NCoros || got&(1<<in.Coro) != 0 {
			return false
		}
		got |= 1 << in.Coro
	}
	return got == want
}

// canProceed is the checks' reading of which coroutines a step may run
// (the rule exec-instr-derived holds each step to): a ready coroutine, or
// a blocked one whose wait is over (waitOver), released, whose
// instruction, applied to a copy of the state as its code reads
// (instrEvents), does not block, unless it is an invoke waiting for its
// handler's answer. It reads the coroutines and buffers, which
// exec-instr-derived has verified against its shadow, never the runtime's
// own CanProceed, Releasable or queues.
func canProceed(s *rt.State, c uint8) bool {
	switch s.Coros[c].Status {
	case rt.Blocked:
		if !waitOver(s, c) {
			return false
		}
	case rt.Ready:
	default:
		return false
	}
	sh := *s
	sh.Coros[c].Status, sh.Coros[c].Reason = rt.Ready, rt.NotBlocked
	var ev [maxStepEvents]rt.Event
	n := instrEvents(&sh, c, &ev)
	return n == 0 || ev[0].Kind != rt.EvBlocked || ev[0].Label == uint8(rt.InvokeWait)
}

// referenceKept: reference-derived, for a load or a step of the
// nondeterministic scheduler from s to next. The first step records the
// reference trace: it must be what the checks derive for the loaded
// programs (roundRobinTrace from s, the state after the loads, which
// exec-instr-derived verified load by load). Before it the reference is
// empty, after it it stays as recorded.
func referenceKept(s, next *State, in mvm.Input) bool {
	if in.Kind != mvm.Step || s.Running != 0 {
		return next.Runs[1].Rec == s.Runs[1].Rec
	}
	var want mvm.Recorder
	return roundRobinTrace(&s.Runs[0].VM, &want) && want == next.Runs[1].Rec
}

// maxDerivedRounds bounds the derived reference run, far above what the
// vocabulary needs: a run that has not ended by then is a violation.
const maxDerivedRounds = 255

// roundRobinTrace writes into rec the per-session trace of the N = 1
// RoundRobin run of the loaded state, as the checks read contract 002: a
// round moves the blocked set's coroutines whose wait is over, in order,
// to the back of the ready queue (tryUnblockReceivers, ready.push); with
// N = 1 the queue's head executes one instruction (instrEvents); the
// coroutines it spawned, then itself if it continues, join the back of the
// queue, and itself if it blocks the back of the blocked set (RoundRobin,
// handle_result). The run ends when the queue is empty after the
// releases. It reports false for a run that does not end.
func roundRobinTrace(loaded *rt.State, rec *mvm.Recorder) bool {
	sh := *loaded
	for range maxDerivedRounds {
		sh.Clock++
		releaseWaitsOver(&sh)
		if sh.NReady == 0 {
			return true
		}
		c := sh.Ready[0]
		copy(sh.Ready[:], sh.Ready[1:sh.NReady])
		sh.NReady--
		sh.Ready[sh.NReady] = 0
		var ev [maxStepEvents]rt.Event
		for _, e := range ev[:instrEvents(&sh, c, &ev)] {
			if e.Kind <= rt.EvFaulted && e.Session < rt.MaxSessions && rec.Len[e.Session] < mvm.MaxSessionEvents {
				rec.Ev[e.Session][rec.Len[e.Session]] = packBody(e)
				rec.Len[e.Session]++
			}
		}
		switch sh.Coros[c].Status {
		case rt.Ready:
			sh.Ready[sh.NReady] = c
			sh.NReady++
		case rt.Blocked:
			sh.Blocked[sh.NBlocked] = c
			sh.NBlocked++
		}
	}
	return false
}

// releaseWaitsOver moves the shadow's blocked coroutines whose wait is
// over, in blocked-set order, to the back of the ready queue; the others
// keep their order.
func releaseWaitsOver(sh *rt.State) {
	kept := uint8(0)
	for _, c := range sh.Blocked[:sh.NBlocked] {
		if !waitOver(sh, c) {
			sh.Blocked[kept] = c
			kept++
			continue
		}
		sh.Coros[c].Status, sh.Coros[c].Reason = rt.Ready, rt.NotBlocked
		sh.Ready[sh.NReady] = c
		sh.NReady++
	}
	for i := kept; i < sh.NBlocked; i++ {
		sh.Blocked[i] = 0
	}
	sh.NBlocked = kept
}

// packBody is a session event as a normalized trace keeps it, by the
// checks' own reading of the layout: three bits of kind, two of role, one
// of edge and two of label (tick and coroutine dropped).
func packBody(e rt.Event) uint8 {
	return uint8(e.Kind)<<5 | e.Role<<3 | e.Edge<<2 | e.Label
}
