package vm

import "testing"

// TestCloseWaitsForEveryEdgeToDrain: a close goes through only once its
// session has drained, every edge's buffer empty (002 Block Reasons:
// CloseWait), whichever edge holds the message left over. The orphan
// protocol leaves its second message on e0 with B finished, so A waits in
// CloseWait for good; the test moves that message to every other edge
// (orphan-reply leaves its own on e1). In each, the blocked closer is not released, and neither it nor
// the closer ready at its close may be stepped by the nondeterministic
// scheduler; a round that runs the close blocks it again.
//
// A drained that looked at e0 only, or a CanProceed that let a close
// through once its peers had finished, explored clean in every VM
// scenario of session 34: orphan was loaded only in lockstep, where
// CanProceed is not used, and no program left a message on e1. Session
// 36 added protocol orphan-reply (its message left on e1) and scenario
// ill-typed-interleavings, where faults close-reads-first-edge and
// close-offered-undrained are caught; this test still asks every edge.
func TestCloseWaitsForEveryEdgeToDrain(t *testing.T) {
	var orphaned State
	if err := Load(&orphaned, Orphan, 0, 2, 0); err != nil {
		t.Fatal(err)
	}
	var ev []Event
	for !orphaned.Quiescent() {
		var err error
		if ev, err = SchedRound(&orphaned, Config{N: 1, Policy: RoundRobin}, ev[:0]); err != nil {
			t.Fatal(err)
		}
	}
	a := &orphaned.Coros[0]
	if a.Status != Blocked || a.Reason != CloseWait || orphaned.Coros[1].Status != Done ||
		orphaned.Sessions[0].Bufs[0].Len != 1 || orphaned.NBlocked != 1 {
		t.Fatalf("orphan did not end with A in CloseWait and m2 on e0: %+v", orphaned)
	}
	for edge := range uint8(MaxEdges) {
		s := orphaned
		if edge != 0 {
			bufs := &s.Sessions[0].Bufs
			bufs[0], bufs[edge] = bufs[edge], bufs[0]
		}
		if Releasable(&s, 0) {
			t.Errorf("e%d holds a message: the closer's CloseWait is over", edge)
		}
		if CanProceed(&s, 0, 0) {
			t.Errorf("e%d holds a message: the blocked closer may be stepped", edge)
		}
		// The closer ready at its close, as it is under the
		// nondeterministic scheduler, whose steps never block a close:
		// it may not be stepped, and the round that runs it must block it
		// in CloseWait, not close the session.
		s.Coros[0].Status, s.Coros[0].Reason = Ready, NotBlocked
		s.Blocked[0], s.NBlocked = 0, 0
		s.Ready[0], s.NReady = 0, 1
		if CanProceed(&s, 0, 0) {
			t.Errorf("e%d holds a message: the ready closer may be stepped", edge)
		}
		var err error
		if ev, err = SchedRound(&s, Config{N: 1, Policy: RoundRobin}, ev[:0]); err != nil {
			t.Fatal(err)
		}
		if s.Sessions[0].Closed != 0 || s.Coros[0].Status != Blocked || s.Coros[0].Reason != CloseWait {
			t.Errorf("e%d holds a message: the close went through (%v)", edge, ev)
		}
	}
}
