package asupersync

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// TestFreeTimerSlotLeftoversAreNotState is the argument for encoding a
// free host timer slot as one byte (model.Encode): a fired or reaped
// timer leaves its task, deadline and live flag in its slot, and no one
// reads them until the slot is taken again, which overwrites them. So two
// states that differ only there are one state. The generation, which the
// next registration reads, is kept.
func TestFreeTimerSlotLeftoversAreNotState(t *testing.T) {
	compared := assertNotState(t, "free timer slots", 4, nil,
		func(rng *rand.Rand, s *model.State) bool {
			free := false
			for i := range s.P.Kernel.Timers {
				if tm := &s.P.Kernel.Timers[i]; !tm.Used {
					tm.Live, tm.Task, tm.Deadline = rng.IntN(2) == 0, uint8(rng.IntN(9)), rng.Uint32N(100)
					free = true
				}
			}
			return free
		})
	for _, sc := range model.Scenarios() {
		if compared[sc.Name] == 0 && !sc.Kernel.Wheel {
			t.Errorf("%s: no state with a free host timer slot on the walks", sc.Name)
		}
	}
}

// TestMessageSendersAreNotState is the argument for leaving a queued
// message's sender out of the encoding (model.Encode): no event names it,
// no check needs it, and the runtime reads it only under fault
// evict-names-oldest-sender, whose runs encode it. So two states whose
// queued messages differ only in their senders are one state: 24% to 36%
// of five channel scenarios' states at depth 12 (channel 333,073 before,
// 251,518 after).
func TestMessageSendersAreNotState(t *testing.T) {
	compared := assertNotState(t, "message senders", 40, []fault.Fault{fault.EvictNamesOldestSender},
		func(rng *rand.Rand, s *model.State) bool {
			ch := &s.P.Kernel.Chan
			for i := range ch.Queue[:ch.Len] {
				ch.Queue[i].From = uint8(rng.IntN(9))
			}
			return ch.Len > 0
		})
	// The scenarios whose depth-12 counts the merge changes.
	requireScrambled(t, compared, "a queued message", "channel", "channel-wide", "chan-senders", "chan-cascade", "chan-drop")
}

// requireScrambled fails the test for each of scenarios whose walks met
// no state with thing to scramble: an argument over no state is none.
func requireScrambled(t *testing.T, compared map[string]int, thing string, scenarios ...string) {
	t.Helper()
	for _, name := range scenarios {
		if compared[name] == 0 {
			t.Errorf("%s: no state with %s on the walks", name, thing)
		}
	}
}

// assertNotState checks that what scramble changes is not state. Along
// seeded walks of every scenario, each state gets scrambled (scramble
// reports whether there was anything to scramble), and the two states
// must agree in everything a run can see: the encoding, the inputs
// offered, being stuck, and, for every input, the events, the encoding of
// the successor, and the verdict of every check, gated or not. The two
// successors differ again only where scramble changes, so by induction
// the two states have the same futures. Merging them then changes no
// count a user sees but the distinct states (issue 14), and no violation.
//
// The same must hold with each fault switch on, in the scenario that
// catches it (faultWalks walks each), except the faults encodedUnder
// names: the runtime reads the field under those, and their runs encode
// it. A step that breaks a check is a dead end for the explorer, so there
// only the verdicts must agree, and a walk ends at one. So a new fault
// that reads the field fails here, when its walks reach the read (a
// sample: mask-depth-other-task's rarely do), until it is named too,
// rather than having the states it tells apart merged. It returns, per
// scenario (and per scenario+fault), how many states it scrambled.
func assertNotState(t *testing.T, what string, walks int, encodedUnder []fault.Fault, scramble func(rng *rand.Rand, s *model.State) bool) map[string]int {
	t.Helper()
	const walkDepth, faultWalks = 12, 8
	compared := map[string]int{}
	type setup struct {
		name  string
		sc    model.Scenario
		walks int
	}
	var setups []setup
	for _, sc := range model.Scenarios() {
		setups = append(setups, setup{sc.Name, sc, walks})
	}
	for _, fc := range faults {
		if slices.Contains(encodedUnder, fc.Fault) {
			continue
		}
		setups = append(setups, setup{fc.Scenario + "+" + fc.Fault.Name(), scenarioWithFault(t, fc.Scenario, fc.Fault), faultWalks})
	}
	for _, su := range setups {
		t.Run(su.name, func(t *testing.T) {
			sc := su.sc
			m := model.New(sc, nil)
			other := model.New(sc, nil)
			var otherIns []model.Input
			var log, otherLog trace.Log
			var ctx Context
			rng := rand.New(rand.NewPCG(uint64(len(su.name)), 11))
			seededWalks(t, m, rng, su.walks, walkDepth, func(d int, s *model.State, ins []model.Input) {
				scrambled := *s
				if !scramble(rng, &scrambled) {
					return
				}
				compared[su.name]++
				if !bytes.Equal(m.Encode(s, nil), m.Encode(&scrambled, nil)) {
					t.Fatalf("%s depth %d: scrambled %s encode differently", su.name, d, what)
				}
				otherIns = other.Enabled(&scrambled, otherIns[:0])
				if !slices.Equal(ins, otherIns) {
					t.Fatalf("%s depth %d: inputs %v, with scrambled %s %v", su.name, d, ins, what, otherIns)
				}
				if stuck(&m.Scenario, s) != stuck(&m.Scenario, &scrambled) {
					t.Fatalf("%s depth %d: stuck differs with scrambled %s", su.name, d, what)
				}
				for _, in := range ins {
					after, otherAfter := *s, scrambled
					log.Reset()
					otherLog.Reset()
					err, otherErr := m.Apply(&after, in, &log), other.Apply(&otherAfter, in, &otherLog)
					if (err == nil) != (otherErr == nil) || !slices.Equal(log.Events, otherLog.Events) {
						t.Fatalf("%s depth %d input %+v: error %v / %v, events differ with scrambled %s", su.name, d, in, err, otherErr, what)
					}
					if err != nil {
						continue
					}
					if name, v, ok := firstVerdictDiffering(&ctx, &m.Scenario, in, s, &after, log.Events, &scrambled, &otherAfter, otherLog.Events); ok {
						t.Fatalf("%s depth %d input %+v: %s says %v, with scrambled %s %v", su.name, d, in, name, v, what, !v)
					}
					// A step that breaks a check is a dead end for the
					// explorer (a fault's, here): its successor is never
					// expanded, so only the verdicts above must agree.
					if anyViolated(&ctx, &m.Scenario, in, s, &after, log.Events) {
						continue
					}
					if !bytes.Equal(m.Encode(&after, nil), m.Encode(&otherAfter, nil)) {
						t.Fatalf("%s depth %d input %+v: the successors encode differently", su.name, d, in)
					}
				}
			})
		})
	}
	return compared
}

// TestCompletedTaskMaskIsNotState is the argument for encoding a completed
// task's mask depth as zero (model.Encode): a task that ran to completion
// is never masked, checkpointed or polled again (a wake naming it is
// stale, 000 F2), so the depth it completed at is read by no one but
// fault mask-depth-other-task, whose runs encode it. States that differ
// only there are one state: 5.8% of the default scenario's at depth 12.
func TestCompletedTaskMaskIsNotState(t *testing.T) {
	compared := assertNotState(t, "completed tasks' masks", 40, []fault.Fault{fault.MaskDepthOtherTask},
		func(rng *rand.Rand, s *model.State) bool {
			return scrambleCompleted(s, func(i int) bool {
				s.P.Kernel.Cancel.Tasks[i].Mask = uint8(rng.IntN(cancel.MaxMaskDepth + 1))
				return true
			})
		})
	requireScrambled(t, compared, "a completed task", "default")
}

// TestClosedRegionReasonIsNotState is the argument for encoding a closed
// region's cancel reason as none (model.Encode): the reason decides the
// region's outcome when it closes, and once closed (final, 001) the region
// takes no cascade, spawn or obligation that would read it again. 2.0% of
// the default scenario's states at depth 12 differed only there.
func TestClosedRegionReasonIsNotState(t *testing.T) {
	compared := assertNotState(t, "closed regions' reasons", 40, nil,
		func(rng *rand.Rand, s *model.State) bool {
			found := false
			for i := range s.P.Kernel.Cancel.Regions {
				if r := &s.P.Kernel.Cancel.Regions[i]; r.Used && r.State == cancel.RegionClosed {
					r.Reason = cancel.Reason{At: rng.Uint32N(100), Kind: cancel.Kind(rng.IntN(3)), Msg: uint8(rng.IntN(3)),
						Origin: uint8(rng.IntN(4)), Depth: uint8(rng.IntN(4)), RootKind: cancel.Kind(rng.IntN(3)), RootRegion: uint8(rng.IntN(4)),
						Truncated: rng.IntN(2) == 0, TruncatedAt: uint8(rng.IntN(3))}
					found = true
				}
			}
			return found
		})
	requireScrambled(t, compared, "a closed region", "default")
}

// TestIdleBurstIsNotState is the argument for encoding the pump's burst
// counter as zero while the pump is not running (model.Encode): the
// counter counts the dispatches of the current drain cycle, and the next
// cycle starts it from zero (000 P1), so what the last cycle left is read
// by no one until then. Only fault idle-settle-strands reads it, and runs
// with that fault encode it. 4.5% of the default scenario's states at
// depth 12 differed only there.
func TestIdleBurstIsNotState(t *testing.T) {
	compared := assertNotState(t, "an idle pump's burst", 40, []fault.Fault{fault.IdleSettleStrands},
		func(rng *rand.Rand, s *model.State) bool {
			if s.P.Mode == pump.Running {
				return false
			}
			// A count the cycle could have reached: burst-limit holds any
			// count past the limit a violation, whenever it is read.
			limit := s.P.Config.BurstLimit
			if limit == 0 {
				limit = pump.DefaultBurstLimit
			}
			s.P.Burst = uint8(rng.IntN(int(limit) + 1))
			return true
		})
	requireScrambled(t, compared, "the pump not running", "default")
}

// TestCompletedTaskDeadlineIsNotState is the argument for encoding a
// completed task's deadline as whether it had one (model.Encode): the
// deadline places the task in the timed lane when it is routed (000 S1),
// and a completed task is never routed again (a wake naming it is stale,
// 000 F2). The model reads only whether a task had one (one timed task
// per run is enough). 13% of edf's states at depth 12 differed only in
// the deadline a completed task had been spawned with.
func TestCompletedTaskDeadlineIsNotState(t *testing.T) {
	compared := assertNotState(t, "completed tasks' deadlines", 40, nil,
		func(rng *rand.Rand, s *model.State) bool {
			return scrambleCompleted(s, func(i int) bool {
				run := &s.P.Kernel.Tasks[i]
				if run.Deadline == 0 {
					return false
				}
				run.Deadline = 1 + rng.Uint32N(100)
				return true
			})
		})
	requireScrambled(t, compared, "a completed timed task", "edf")
}

// scrambleCompleted calls scramble with the index of each completed task
// of s and reports whether it scrambled any (scramble says whether it
// did).
func scrambleCompleted(s *model.State, scramble func(i int) bool) bool {
	found := false
	for i := range s.P.Kernel.Cancel.Tasks {
		if ct := &s.P.Kernel.Cancel.Tasks[i]; ct.Used && ct.Phase == cancel.Completed && scramble(i) {
			found = true
		}
	}
	return found
}
