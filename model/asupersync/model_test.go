package asupersync

import (
	"testing"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// refuseAll is a checker that reports invariant 3 for every refusal and
// nothing else.
type refuseAll struct{}

func (refuseAll) Check(*State, Input, *State, []trace.Event) int { return 0 }
func (refuseAll) Refused(*State, Input) int                      { return 3 }
func (refuseAll) Origin(*State) int                              { return 0 }
func (refuseAll) Stuck(*State) int                               { return 0 }
func (c refuseAll) Fork() Checker                                { return c }

// TestStepOutsideTablesIsNoStep: a step the runtime accepts but that
// leaves a count outside its table is reported as a refusal, and its
// successor is the state before it, not the half-made one: the time an
// advance moved is moved back with the rest.
func TestStepOutsideTablesIsNoStep(t *testing.T) {
	sc := lookup(t, "native")
	m := New(sc, refuseAll{})
	s := m.Init()
	s.P.Kernel.Chan.NWaiters = uint8(len(s.P.Kernel.Chan.Waiters) + 1) // no channel: the runtime never reads it
	next := s
	if v := m.Step(&s, Input{K: kernel.Input{Op: kernel.Advance, N: 1}}, &next); v != 3 {
		t.Fatalf("Step = %d, want the refusal's 3", v)
	}
	if next != s {
		t.Errorf("the refused step's successor is not the state before it (now %d, was %d)", next.P.Kernel.Now, s.P.Kernel.Now)
	}
}

// TestInitForgetsTheLastViolation: InitViolation speaks of the last Init
// only: a model whose first Init's spawns broke an invariant reports
// nothing after a second Init whose spawns broke none, or that spawned
// nothing (a model whose scenario lost its Spawned tasks in between).
func TestInitForgetsTheLastViolation(t *testing.T) {
	sc := lookup(t, "chan-cascade")
	c := &stopAtSpawn{n: 1}
	m := New(sc, c)
	m.Init()
	if m.InitViolation() != 7 {
		t.Fatalf("first Init: InitViolation %d, want 7", m.InitViolation())
	}
	m.Init() // spawns 2 to 4 by the checker's count: none breaks
	if v := m.InitViolation(); v != 0 {
		t.Errorf("second Init: InitViolation %d, want 0", v)
	}
	// Again after a breaking Init, now with nothing to spawn: no check is
	// asked, and the answer must still be the new Init's.
	m = New(sc, &stopAtSpawn{n: 1})
	m.Init()
	m.Scenario.Spawned = 0
	m.Init()
	if v := m.InitViolation(); v != 0 {
		t.Errorf("an Init with no spawns after a breaking one: InitViolation %d, want 0", v)
	}
}
