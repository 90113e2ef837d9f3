package asupersync

import (
	"strings"
	"testing"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestSpawnedIsTheStateAfterSpawns: a scenario's Spawned tasks make its
// initial state the one the same scenario without them reaches by that
// many spawns into the root region, the ghost and Awaiting included, so
// a scenario with Spawned explores a subtree of the one without, on the
// native backend and the browser's.
func TestSpawnedIsTheStateAfterSpawns(t *testing.T) {
	for _, name := range []string{"chan-cascade", "default"} {
		sc := lookup(t, name)
		sc.Spawned = 0
		without := New(sc, nil)
		s := without.Init()
		var log trace.Log
		for k := uint8(0); k <= sc.Tasks; k++ {
			with := sc
			with.Spawned = k
			if err := with.Validate(); err != nil {
				t.Fatalf("%s spawned=%d: %v", name, k, err)
			}
			if got := New(with, nil).Init(); got != s {
				t.Errorf("%s spawned=%d: the initial state is not the state after %d spawns", name, k, k)
			}
			if k < sc.Tasks {
				if err := without.Apply(&s, Input{K: kernel.Input{Op: kernel.Spawn, Region: 1}}, &log); err != nil {
					t.Fatal(err)
				}
			}
		}
		if n := used(&s.P.Kernel, taskIDs); n != int(sc.Tasks) {
			t.Errorf("%s: %d tasks after %d spawns", name, n, sc.Tasks)
		}
	}
}

// TestSpawnedBeyondTasksIsRefused: a scenario cannot spawn more tasks
// before the first step than it may create.
func TestSpawnedBeyondTasksIsRefused(t *testing.T) {
	sc := lookup(t, "chan-cascade")
	sc.Spawned = sc.Tasks + 1
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "spawned=4 exceeds tasks=3") {
		t.Fatalf("Validate: %v, want spawned=4 exceeds tasks=3", err)
	}
}

// stopAtSpawn is a checker that reports invariant 7 on the n-th spawn it
// is asked about and records the refusals it is told of.
type stopAtSpawn struct {
	n, spawns, refused int
}

func (c *stopAtSpawn) Check(_ *State, in Input, _ *State, _ []trace.Event) int {
	if in.K.Op != kernel.Spawn {
		return 0
	}
	if c.spawns++; c.spawns == c.n {
		return 7
	}
	return 0
}
func (c *stopAtSpawn) Refused(*State, Input) int { c.refused++; return 0 }
func (c *stopAtSpawn) Origin(*State) int         { return 0 }
func (c *stopAtSpawn) Stuck(*State) int          { return 0 }
func (c *stopAtSpawn) Fork() Checker             { return c }

// TestInitChecksItsSpawns: the spawns before the first step are steps of
// the runtime like any other, so Init asks the checker about each; the
// first it reports ends the spawning, InitViolation returns it, and the
// state is the one that spawn left. A refused spawn, with the checker not
// reporting refusals, is no step.
func TestInitChecksItsSpawns(t *testing.T) {
	sc := lookup(t, "chan-cascade")
	c := &stopAtSpawn{n: 2}
	m := New(sc, c)
	s := m.Init()
	if v, n := m.InitViolation(), used(&s.P.Kernel, taskIDs); v != 7 || n != 2 || c.spawns != 2 {
		t.Fatalf("InitViolation %d with %d tasks after %d checked spawns; want 7, with the 2 the breaking spawn left", v, n, c.spawns)
	}
	c = &stopAtSpawn{}
	m = New(sc, c)
	if s = m.Init(); m.InitViolation() != 0 || used(&s.P.Kernel, taskIDs) != int(sc.Spawned) {
		t.Fatalf("a clean Init reports %d", m.InitViolation())
	}
	// One spawn more than the runtime's task table holds is refused.
	sc.Tasks, sc.Spawned = kernel.MaxTasks+1, kernel.MaxTasks+1
	c = &stopAtSpawn{}
	m = New(sc, c)
	if s = m.Init(); c.refused != 1 || m.InitViolation() != 0 || used(&s.P.Kernel, taskIDs) != kernel.MaxTasks {
		t.Fatalf("refused %d, InitViolation %d, %d tasks; want the last spawn refused and no step", c.refused, m.InitViolation(), used(&s.P.Kernel, taskIDs))
	}
}
