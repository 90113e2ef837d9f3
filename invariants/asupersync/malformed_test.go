package asupersync

import (
	"fmt"
	"math/rand/v2"
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

// TestChecksSurviveMalformedEventsOnWalks carries the test above past the
// initial state: a check may read a record only once a task is spawned, a
// region closes or a channel holds something, and only under some input.
// Along a seeded walk of every scenario, each real step's events are
// replayed with one event's ids set to 0 or 255 at a time, and with an
// event of every kind carrying such ids appended, on the step's real
// states and input; and with the state after holding such an id.
func TestChecksSurviveMalformedEventsOnWalks(t *testing.T) {
	const walkDepth, samples = 9, 3
	for _, sc := range model.Scenarios() {
		m := model.New(sc, nil)
		s := m.Init()
		rng := rand.New(rand.NewPCG(uint64(len(sc.Name)), 7))
		var log trace.Log
		var ctx Context
		var ins []model.Input
		for d := 0; d < walkDepth; d++ {
			ins = m.Enabled(&s, ins[:0])
			if len(ins) == 0 {
				break
			}
			for n := 0; n < samples && n < len(ins); n++ {
				in := ins[rng.IntN(len(ins))]
				after := s
				log.Reset()
				if err := m.Apply(&after, in, &log); err != nil {
					t.Fatalf("%s: depth %d: %v", sc.Name, d, err)
				}
				real := append([]trace.Event(nil), log.Events...)
				try := func(events []trace.Event, what string) {
					for i := range all {
						func() {
							defer func() {
								if r := recover(); r != nil {
									t.Errorf("%s depth %d input %+v: %s on %s: %v", sc.Name, d, in, all[i].Name, what, r)
								}
							}()
							ctx.reset(&m.Scenario, &s, in, &after, events)
							all[i].violated(&ctx)
						}()
					}
				}
				for j := range real {
					for _, id := range []uint8{0, 255} {
						bad := append([]trace.Event(nil), real...)
						e := &bad[j]
						e.Task, e.Region, e.Obligation, e.Timer, e.Level, e.Slot, e.Epoch, e.Count = id, id, id, id, id, id, id, id
						try(bad, fmt.Sprintf("event %d (%s) with ids %d", j, real[j].Kind, id))
					}
				}
				for k := trace.Kind(0); int(k) < trace.NumKinds; k++ {
					for _, id := range []uint8{0, 255} {
						e := trace.Event{Kind: k, Task: id, Region: id, Obligation: id, Timer: id, Level: id, Slot: id, Epoch: id, Count: id}
						try(append(real[:len(real):len(real)], e), fmt.Sprintf("an appended %s with ids %d", k, id))
					}
				}
				clean := after
				for _, bad := range corruptIDs(&clean) {
					after = bad.state
					try(real, bad.what)
					if bad.reportedBy != "" {
						ctx.reset(&m.Scenario, &s, in, &after, real)
						if !all[indexOf(bad.reportedBy)].violated(&ctx) {
							t.Errorf("%s depth %d input %+v: %s is not reported by %s", sc.Name, d, in, bad.what, bad.reportedBy)
						}
					}
				}
				after = clean
			}
			in := ins[rng.IntN(len(ins))]
			log.Reset()
			if err := m.Apply(&s, in, &log); err != nil {
				t.Fatalf("%s: depth %d: %v", sc.Name, d, err)
			}
		}
	}
}

// corrupted is a state after with one record's id field set outside the
// tables, and which.
type corrupted struct {
	state model.State
	what  string
	// reportedBy, if set, is the check that must report the step: a
	// region's parent is fixed at its open, so region-tree-derived
	// reports any other.
	reportedBy string
}

// corruptIDs returns s with, in turn, each used task's region, each used
// region's parent and each used obligation's task and region set to 0 and
// to 255, and each used region's parent set to itself: a runtime bug that
// stores an id it never allocated, or a cycle a tree cannot have.
func corruptIDs(s *model.State) []corrupted {
	var out []corrupted
	cs := &kern(s).Cancel
	for _, id := range []uint8{0, 255} {
		for i := range cs.Tasks {
			if cs.Tasks[i].Used {
				bad := *s
				kern(&bad).Cancel.Tasks[i].Region = id
				out = append(out, corrupted{state: bad, what: fmt.Sprintf("task %d's region %d", i+1, id)})
			}
		}
		for i := range cs.Regions {
			if !cs.Regions[i].Used {
				continue
			}
			// Parent 0 is a root, no corruption; the region's own id
			// makes a parent cycle.
			parent := id
			if id == 0 {
				parent = uint8(i + 1)
			}
			bad := *s
			kern(&bad).Cancel.Regions[i].Parent = parent
			out = append(out, corrupted{bad, fmt.Sprintf("region %d's parent %d", i+1, parent), "region-tree-derived"})
		}
		for i := range cs.Obligations {
			if cs.Obligations[i].Used {
				bad := *s
				kern(&bad).Cancel.Obligations[i].Task = id
				out = append(out, corrupted{state: bad, what: fmt.Sprintf("obligation %d's task %d", i+1, id)})
				bad = *s
				kern(&bad).Cancel.Obligations[i].Region = id
				out = append(out, corrupted{state: bad, what: fmt.Sprintf("obligation %d's region %d", i+1, id)})
			}
		}
	}
	return out
}
