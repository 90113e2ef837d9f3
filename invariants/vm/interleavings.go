package vm

import (
	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// This file is steps-offered, a check of the nondeterministic scheduler's
// own machinery. Every other check judges the steps the scheduler takes,
// so a scheduler that leaves some steps out would pass them all: a
// coroutine hidden while others run never leaves a stuck state for
// sessions-complete to see.

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
