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
		sc, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
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
	sc, err := Lookup("chan-cascade")
	if err != nil {
		t.Fatal(err)
	}
	sc.Spawned = sc.Tasks + 1
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "spawned=4 exceeds tasks=3") {
		t.Fatalf("Validate: %v, want spawned=4 exceeds tasks=3", err)
	}
}
