package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/trace"
)

// TestChecksSurviveMalformedEvents: a runtime's events are what the checks
// read, and a buggy runtime may emit an event whose ids lie outside its
// tables (0, or past the last task, region, obligation, timer, level or
// slot). Every check must answer on such an event, not crash the checker:
// a crash stops the explorer with no counterexample. Each event kind is
// tried with every id field at 0 and at 255, alone and in pairs of the
// same kind, on the initial state of every scenario.
func TestChecksSurviveMalformedEvents(t *testing.T) {
	for _, sc := range model.Scenarios() {
		m := model.New(sc, nil)
		s := m.Init()
		var ctx Context
		for k := trace.Kind(0); int(k) < trace.NumKinds; k++ {
			for _, id := range []uint8{0, 255} {
				e := trace.Event{Kind: k, Task: id, Region: id, Obligation: id, Timer: id, Level: id, Slot: id, Epoch: id, Count: id}
				for _, events := range [][]trace.Event{{e}, {e, e}} {
					for i := range all {
						func() {
							defer func() {
								if r := recover(); r != nil {
									t.Errorf("%s: %s on %s with ids %d: %v", sc.Name, all[i].Name, k, id, r)
								}
							}()
							ctx.reset(&m.Scenario, &s, model.Input{}, &s, events)
							all[i].violated(&ctx)
						}()
					}
				}
			}
		}
	}
}
