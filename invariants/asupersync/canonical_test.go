package asupersync

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/trace"
)

// TestFreeTimerSlotLeftoversAreNotState is the argument for encoding a
// free host timer slot as one byte (model.Encode): a fired or reaped
// timer leaves its task, deadline and live flag in its slot, and no one
// reads them until the slot is taken again, which overwrites them. So two
// states that differ only there are one state.
//
// Along seeded walks of every scenario, each state's free slots get their
// task, deadline and live flag scrambled (the generation, which the next
// registration reads, is kept), and the two states must agree in
// everything a run can see: the encoding, the inputs offered, being stuck,
// and, for every input, the events, the encoding of the successor, and
// the verdict of every check, gated or not. Merging them then changes no
// count a user sees but the distinct states (issue 14), and no violation.
func TestFreeTimerSlotLeftoversAreNotState(t *testing.T) {
	const walks, walkDepth = 4, 12
	for _, sc := range model.Scenarios() {
		m := model.New(sc, nil)
		other := model.New(sc, nil)
		rng := rand.New(rand.NewPCG(uint64(len(sc.Name)), 11))
		var otherIns []model.Input
		var log, otherLog trace.Log
		var ctx Context
		compared := 0
		seededWalks(t, m, rng, walks, walkDepth, func(d int, s *model.State, ins []model.Input) {
			scrambled := *s
			free := 0
			for i := range scrambled.P.Kernel.Timers {
				if tm := &scrambled.P.Kernel.Timers[i]; !tm.Used {
					tm.Live, tm.Task, tm.Deadline = rng.IntN(2) == 0, uint8(rng.IntN(9)), rng.Uint32N(100)
					free++
				}
			}
			if free == 0 {
				return
			}
			compared++
			if !bytes.Equal(m.Encode(s, nil), m.Encode(&scrambled, nil)) {
				t.Fatalf("%s depth %d: scrambled free timer slots encode differently", sc.Name, d)
			}
			otherIns = other.Enabled(&scrambled, otherIns[:0])
			if !slices.Equal(ins, otherIns) {
				t.Fatalf("%s depth %d: inputs %v, with scrambled free slots %v", sc.Name, d, ins, otherIns)
			}
			if stuck(&m.Scenario, s) != stuck(&m.Scenario, &scrambled) {
				t.Fatalf("%s depth %d: stuck differs with scrambled free slots", sc.Name, d)
			}
			for _, in := range ins {
				after, otherAfter := *s, scrambled
				log.Reset()
				otherLog.Reset()
				err, otherErr := m.Apply(&after, in, &log), other.Apply(&otherAfter, in, &otherLog)
				if (err == nil) != (otherErr == nil) || !slices.Equal(log.Events, otherLog.Events) {
					t.Fatalf("%s depth %d input %+v: error %v / %v, events differ with scrambled free slots", sc.Name, d, in, err, otherErr)
				}
				if err != nil {
					continue
				}
				if !bytes.Equal(m.Encode(&after, nil), m.Encode(&otherAfter, nil)) {
					t.Fatalf("%s depth %d input %+v: the successors encode differently", sc.Name, d, in)
				}
				if name, v, ok := firstVerdictDiffering(&ctx, &m.Scenario, in, s, &after, log.Events, &scrambled, &otherAfter, otherLog.Events); ok {
					t.Fatalf("%s depth %d input %+v: %s says %v, with scrambled free slots %v", sc.Name, d, in, name, v, !v)
				}
			}
		})
		if compared == 0 && !sc.Kernel.Wheel {
			t.Errorf("%s: no state with a free host timer slot on the walks", sc.Name)
		}
	}
}
