package wheel

import (
	"testing"

	"modelcheck/runtime/trace"
	"pgregory.net/rapid"
)

// The reference TestJumpEqualsStepwise compares Collect's jumps against:
// upstream's own advance loop, transcribed. It lives with the tests
// because only they run it (the explorer and the kernel always jump), so
// a bug planted in it is a bug in the test's oracle, which that test
// reports, never a behaviour of the runtime.

// collectStepwise is Collect advancing the way upstream's advance_to does:
// tick by tick from one upstreamNextTick to the next.
func (w *State) collectStepwise(now uint64, max int, log *trace.Log) int {
	if now > w.Now && w.ActiveUsed != 0 {
		for w.Now < now {
			w.tick(w.upstreamNextTick(now), log)
		}
	}
	return w.Collect(now, max, log)
}

// upstreamNextTick transcribes upstream's next_skip_tick and the skip in
// advance_to: the tick the loop processes next. It stops at every level-0
// wrap, so it walks empty space 256 ms at a time.
func (w *State) upstreamNextTick(limit uint64) uint64 {
	next := limit
	cur := w.Now
	cursor := uint64(w.Cursor[0])
	next = min(next, cur+(SlotsPerLevel-cursor))
	for s := cursor + 1; s < SlotsPerLevel; s++ {
		if w.Occupied[0][s/64]&(1<<(s%64)) != 0 {
			next = min(next, cur+s-cursor)
			break
		}
	}
	if e := w.minOverflow(); e >= 0 {
		maxRange := w.Config.MaxWheelDuration
		enter := uint64(0)
		if d := w.Entries[e].Deadline; d > maxRange {
			enter = d - maxRange
		}
		if enter < next {
			if enter > cur {
				next = enter
			} else {
				next = cur
			}
		}
	}
	return maxU64(next, cur+1)
}

// collectTickByTick is Collect advancing one tick at a time, the plain
// reading of advance_to with no skipping at all.
func (w *State) collectTickByTick(now uint64, max int, log *trace.Log) int {
	if now > w.Now && w.ActiveUsed != 0 {
		for w.Now < now {
			w.tick(w.Now+1, log)
		}
	}
	return w.Collect(now, max, log)
}

// TestJumpEqualsTickByTick: the jumps skip only ticks where nothing
// happens, so on spans short enough to walk every tick (at most 300 ms a
// step: level-1 cascades, and overflow refills under a small
// max_wheel_duration) they give exactly the events and the state of a
// tick-by-tick walk, with faults and coalescing on or off. With
// TestJumpEqualsStepwise (upstream's own skip, over days) it makes the
// skip-ahead a performance matter only: a jump that skipped a tick where
// something happens would show here.
func TestJumpEqualsTickByTick(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := Config{
			MaxWheelDuration: rapid.SampledFrom([]uint64{0, 2, 100, 300}).Draw(t, "maxWheel"),
			Coalesce:         rapid.Bool().Draw(t, "coalesce"),
			CoalesceWindow:   rapid.Uint64Range(0, 300).Draw(t, "window"),
			MinGroupSize:     uint8(rapid.IntRange(0, 3).Draw(t, "minGroup")),
		}
		for _, f := range wheelFaults {
			if rapid.IntRange(0, 5).Draw(t, f.Name()) == 0 {
				cfg.Faults = cfg.Faults.With(f)
			}
		}
		start := rapid.Uint64Range(0, 1<<20).Draw(t, "start")
		jumpsMatch(t, cfg, start, 2, "tick-by-tick", (*State).collectTickByTick)
	})
}
