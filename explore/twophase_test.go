package explore

import (
	"fmt"
	"testing"
)

// twoPhase is the two-phase commit protocol of Lamport's TwoPhase TLA+
// specification: a transaction manager and RMs resource managers, with
// the messages sent kept as a set that nothing removes. It is the
// benchmarks' reference model: its transitions cost a few instructions
// and its states are 13 bytes, so a run of it measures the explorer
// itself (visited set, frontier, batching, barriers) apart from the cost of
// a real model's steps and checks, and it is a model other checkers
// (TLC, SPIN) are commonly timed on.
//
// Invariant 0 is TCConsistent: no RM has committed while another aborted.
type twoPhase struct{ RMs uint8 } // 1 to 8

// tpState: rm[i] is RM i's state; tm is the manager's; tmPrepared has bit i
// once the manager got RM i's Prepared message; prepared has bit i once RM
// i sent it; commit and abort say whether that message was sent.
type tpState struct {
	rm                       [8]uint8
	tm, tmPrepared, prepared uint8
	commit, abort            bool
}

// RM states (working is the zero value) and manager states.
const (
	rmWorking uint8 = iota
	rmPrepared
	rmCommitted
	rmAborted
)

const (
	tmInit uint8 = iota
	tmCommitted
	tmAborted
)

// Inputs: an action in the high nibble, the RM it concerns in the low one.
const (
	tpRcvPrepared uint8 = iota << 4 // the manager receives RM i's Prepared
	tpCommit                        // the manager commits
	tpAbort                         // the manager aborts
	tpPrepare                       // RM i prepares
	tpChooseAbort                   // RM i aborts on its own
	tpRcvCommit                     // RM i receives Commit
	tpRcvAbort                      // RM i receives Abort
)

func (m *twoPhase) Init() tpState { return tpState{} }

// CheckInit: TCConsistent holds in the initial state, where every RM works.
func (m *twoPhase) CheckInit(*tpState) int { return 0 }

func (m *twoPhase) Invariants() []string { return []string{"TCConsistent"} }

func (m *twoPhase) Enabled(s *tpState, buf []uint8) []uint8 {
	all := uint8(1<<m.RMs - 1)
	if s.tm == tmInit {
		for i := range m.RMs {
			if s.prepared&(1<<i) != 0 {
				buf = append(buf, tpRcvPrepared|i)
			}
		}
		if s.tmPrepared == all {
			buf = append(buf, tpCommit)
		}
		buf = append(buf, tpAbort)
	}
	for i := range m.RMs {
		if s.rm[i] == rmWorking {
			buf = append(buf, tpPrepare|i, tpChooseAbort|i)
		}
		if s.commit {
			buf = append(buf, tpRcvCommit|i)
		}
		if s.abort {
			buf = append(buf, tpRcvAbort|i)
		}
	}
	return buf
}

func (m *twoPhase) Step(s *tpState, in uint8, next *tpState) int {
	i := in & 0xf
	switch in &^ 0xf {
	case tpRcvPrepared:
		next.tmPrepared |= 1 << i
	case tpCommit:
		next.tm, next.commit = tmCommitted, true
	case tpAbort:
		next.tm, next.abort = tmAborted, true
	case tpPrepare:
		next.rm[i], next.prepared = rmPrepared, next.prepared|1<<i
	case tpChooseAbort:
		next.rm[i] = rmAborted
	case tpRcvCommit:
		next.rm[i] = rmCommitted
	case tpRcvAbort:
		next.rm[i] = rmAborted
	}
	var committed, aborted bool
	for _, r := range next.rm[:m.RMs] {
		committed = committed || r == rmCommitted
		aborted = aborted || r == rmAborted
	}
	if committed && aborted {
		return 1
	}
	return 0
}

// Stuck: every state has an input (the manager can abort until it decides,
// and a decided manager has sent a message every RM can receive), so this
// is never called with a state that has none; none would be stuck.
func (m *twoPhase) Stuck(*tpState) int { return 0 }

func (m *twoPhase) Fork() Model[tpState, uint8] { return m }

// TestTwoPhaseAsReference: the explorer finds what the naive reference BFS
// finds on the benchmark's reference model, so the benchmark times a
// correct exploration, and TCConsistent holds as the protocol promises.
func TestTwoPhaseAsReference(t *testing.T) {
	for _, rms := range []uint8{1, 3, 4} {
		m := &twoPhase{RMs: rms}
		want := referenceBFS[tpState, uint8](m, 0)
		for _, w := range []int{1, 2} {
			got := mustRun(t, m, Options{Workers: w, KeepGoing: true})
			if got.Distinct != want.distinct || got.Generated != want.generated || len(got.Violations) != 0 || len(want.violations) != 0 {
				t.Errorf("%d RMs, %d workers: %d distinct, %d generated, %d violations; reference %d, %d, %d",
					rms, w, got.Distinct, got.Generated, len(got.Violations), want.distinct, want.generated, len(want.violations))
			}
		}
	}
}

// BenchmarkTwoPhase explores two-phase commit with 8 RMs completely, the
// reference for the explorer's own speed: compare its states/s with the
// asupersync model's (invariants/asupersync BenchmarkExplore) to tell the
// engine's cost from the model's.
func BenchmarkTwoPhase(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			benchExplore(b, &twoPhase{RMs: 8}, Options{Workers: w, KeepGoing: true})
		})
	}
}
