package asupersync

import (
	"strings"
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
)

// TestRuntimePanicIsRefusal: a runtime that panics on an input (here a
// dispatch from a ready lane whose length lies past its array, which no
// fault reaches: the panic is the point) is reported as
// a violation of offered-input-accepted with the panic in the step's
// trace, and the successor is left as the state before; with the check
// off, the step is no transition and no violation.
func TestRuntimePanicIsRefusal(t *testing.T) {
	sc, err := model.Lookup("channel")
	if err != nil {
		t.Fatal(err)
	}
	for _, only := range [][]string{nil, {"chan-roles"}} {
		c, err := NewChecker(&sc, only)
		if err != nil {
			t.Fatal(err)
		}
		m := model.New(sc, c)
		s := m.Init()
		s.P.Kernel.Sched.Ready.N = 200
		next := s
		v := m.Step(&s, model.Input{K: kernel.Input{Op: kernel.Dispatch}}, &next)
		want := acceptIndex + 1
		if only != nil {
			want = 0
		}
		if v != want {
			t.Fatalf("checking %v: Step reports %d, want %d", only, v, want)
		}
		if next != s {
			t.Fatalf("checking %v: the refused step changed the state", only)
		}
		events := m.Events(nil)
		if len(events) == 0 || !strings.HasPrefix(events[len(events)-1], "refused: panic: runtime error: index out of range") {
			t.Fatalf("checking %v: the step's trace is %q", only, events)
		}
	}
}

// TestInitSpawnRefusalIsViolation: a spawn before the first step that the
// runtime refuses (here one more than its task table holds, which a
// scenario Validate accepted never asks for) is reported in the initial
// state as offered-input-accepted, with the refusal in the trace, rather
// than crashing the tool; with that check off the refused spawn is no
// step.
func TestInitSpawnRefusalIsViolation(t *testing.T) {
	sc, err := model.Lookup("chan-cascade")
	if err != nil {
		t.Fatal(err)
	}
	sc.Tasks, sc.Spawned = kernel.MaxTasks+1, kernel.MaxTasks+1
	for _, only := range [][]string{nil, {"chan-roles"}} {
		c, err := NewChecker(&sc, only)
		if err != nil {
			t.Fatal(err)
		}
		e := Explorable{model.New(sc, c)}
		s := e.Init()
		want := acceptIndex + 1
		if only != nil {
			want = 0
		}
		if v := e.CheckInit(&s); v != want {
			t.Fatalf("checking %v: CheckInit reports %d, want %d", only, v, want)
		}
		events := e.Events(nil)
		if len(events) == 0 || !strings.HasPrefix(events[len(events)-1], "refused: ") {
			t.Fatalf("checking %v: the refused spawn's trace is %q", only, events)
		}
	}
}
