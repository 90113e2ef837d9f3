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
