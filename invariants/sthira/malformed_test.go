package sthira

import (
	"testing"

	sm "modelcheck/model/sthira"
	rt "modelcheck/runtime/sthira"
)

// TestCheckSurvivesMalformedEvents: an event naming a task outside the
// slots (0, or past the last) is a broken lifecycle, reported, not a crash
// of the checker (Check's guard before the shadow reads the task). Every event kind, on the empty
// scheduler and after one task is declared, under every scenario.
func TestCheckSurvivesMalformedEvents(t *testing.T) {
	for _, sc := range sm.Scenarios() {
		c, err := NewChecker(sc.Config, nil)
		if err != nil {
			t.Fatal(err)
		}
		empty := rt.New()
		declared := empty
		var log rt.Log
		if err := declared.Apply(&sc.Config, rt.Input{Op: rt.Declare, Task: 1, Prio: rt.Normal}, &log); err != nil {
			t.Fatal(err)
		}
		for _, before := range []rt.State{empty, declared} {
			for k := rt.Kind(0); int(k) < rt.NumKinds; k++ {
				for _, id := range []uint8{0, 255} {
					e := rt.Event{Kind: k, Task: id, Other: id, Scope: id, Limit: id}
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Errorf("%s: %s naming %d: %v", sc.Name, k, id, r)
							}
						}()
						after := before
						if c.Check(&before, rt.Input{Op: rt.Tick}, &after, []rt.Event{e}) == 0 {
							t.Errorf("%s: %s naming task %d passed", sc.Name, k, id)
						}
					}()
				}
			}
		}
	}
}

// TestDiagnosticsThatPanicAreViolations: the checks ask the runtime for
// its §10 signals, which are runtime code under check; when that code
// panics (here: a queue whose length runs past its array, so the
// runtime's own queue walk indexes out of range), the diagnostics check
// reports it instead of crashing the tool.
func TestDiagnosticsThatPanicAreViolations(t *testing.T) {
	sc, err := sm.Lookup("default")
	if err != nil {
		t.Fatal(err)
	}
	var s rt.State
	s.Queues[0].Len = 200
	if _, answered := diagnose(&s, &sc.Config, 1); answered {
		t.Errorf("Diagnose on a queue 200 long answered")
	}
	s = rt.New()
	if d, answered := diagnose(&s, &sc.Config, 1); !answered || d != (rt.Diagnosis{}) {
		t.Errorf("Diagnose of an unqueued task: %+v, answered %v; want the zero answer", d, answered)
	}
	if l, answered := queueLengths(&s, &sc.Config); !answered || l != [3]int{} {
		t.Errorf("QueueLengths of empty queues: %v, answered %v", l, answered)
	}
}
