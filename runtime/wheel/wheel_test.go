package wheel

import (
	"errors"
	"math"
	"slices"
	"testing"

	"modelcheck/runtime/trace"
)

const (
	hour = 3_600_000
	day  = 24 * hour
)

// s8 is a slot number: the low byte.
func s8(v uint64) uint8 { return uint8(v) }

func TestNewNormalizesConfig(t *testing.T) {
	w := New(Config{}, 1234)
	want := Config{MaxWheelDuration: DefaultMaxWheelDuration, MaxTimerDuration: DefaultMaxTimerDuration, CoalesceWindow: 1, MinGroupSize: 1}
	if w.Config != want {
		t.Errorf("config %+v, want %+v", w.Config, want)
	}
	if w.Now != 1234 || w.Cursor != [Levels]uint8{1234 % 256, 1234 / 256, 0, 0} {
		t.Errorf("now=%d cursors=%v", w.Now, w.Cursor)
	}
	if w := New(Config{MaxWheelDuration: 100 * day}, 0); w.Config.MaxWheelDuration != PhysicalRange {
		t.Errorf("max wheel duration %d not clamped to the physical range", w.Config.MaxWheelDuration)
	}
	if w := New(Config{FirstID: 7, FirstGen: 9}, 0); w.NextID != 7 || w.NextGen != 9 {
		t.Errorf("counters start at %d/%d", w.NextID, w.NextGen)
	}
	// Bounds above the defaults stand (004 2.7: both are configurable);
	// only the physical range clamps max_wheel_duration.
	long := Config{MaxWheelDuration: 100_000_000, MaxTimerDuration: 8 * day}
	if w := New(long, 0); w.Config.MaxWheelDuration != long.MaxWheelDuration || w.Config.MaxTimerDuration != long.MaxTimerDuration {
		t.Errorf("bounds above the defaults became %d/%d", w.Config.MaxWheelDuration, w.Config.MaxTimerDuration)
	}
	w = New(long, 0)
	if _, err := w.TryRegister(7*day+1, 0, nil); err != nil {
		t.Errorf("7 days + 1 ms under an 8-day bound: %v", err)
	}
	if _, err := w.TryRegister(25*hour, 0, nil); err != nil || w.Entries[1].Level != Level3 {
		t.Errorf("25 h under a 100,000,000 ms wheel bound: %v, level %d", err, w.Entries[1].Level)
	}
}

// TestPlacement: insert_entry's rule, level by level, at both edges of
// each level's range, and the overflow threshold.
func TestPlacement(t *testing.T) {
	const now = 1000
	cases := []struct {
		deadline    uint64
		level, slot uint8
	}{
		{0, Ready, 0},
		{now, Ready, 0},
		{now + 1, Level0, s8(now + 1)},
		{now + 255, Level0, s8(now + 255)},
		{now + 256, Level1, s8((now + 256) >> 8)},
		{now + 65_535, Level1, s8((now + 65_535) >> 8)},
		{now + 65_536, Level2, s8((now + 65_536) >> 16)},
		{now + 1<<24 - 1, Level2, s8((now + 1<<24 - 1) >> 16)},
		{now + 1<<24, Level3, s8((now + 1<<24) >> 24)},
		{now + day - 1, Level3, s8((now + day - 1) >> 24)},
		{now + day, Overflow, 0},
		{now + 7*day, Overflow, 0},
	}
	for _, c := range cases {
		w := New(Config{}, now)
		var log trace.Log
		reg(t, &w, c.deadline, 1, &log)
		e := w.Entries[0]
		if e.Level != c.level || e.Slot != c.slot {
			t.Errorf("deadline now+%d: placed %d/%d, want %d/%d", int64(c.deadline)-now, e.Level, e.Slot, c.level, c.slot)
		}
		ev := log.Events[0]
		if ev.Kind != trace.WheelRegistered || ev.Level != c.level || ev.Slot != c.slot || ev.Deadline != c.deadline || ev.Now != now || ev.Task != 1 {
			t.Errorf("deadline %d: event %v", c.deadline, ev)
		}
		mustCheck(t, &w)
	}
	w := New(Config{MaxWheelDuration: 1000}, 0)
	reg(t, &w, 999, 0, nil)
	reg(t, &w, 1000, 0, nil)
	if w.Entries[0].Level != Level1 || w.Entries[1].Level != Overflow {
		t.Errorf("max_wheel=1000: placed %d and %d", w.Entries[0].Level, w.Entries[1].Level)
	}
}

// TestDurationLimit: INV-TM-04, inclusive at the limit; a past deadline is
// never "too long"; a refusal consumes no id.
func TestDurationLimit(t *testing.T) {
	w := New(Config{}, 5000)
	var log trace.Log
	if _, err := w.TryRegister(5000+DefaultMaxTimerDuration, 2, &log); err != nil {
		t.Fatalf("exactly max_timer_duration refused: %v", err)
	}
	h, err := w.TryRegister(5000+DefaultMaxTimerDuration+1, 3, &log)
	if !errors.Is(err, ErrDurationExceeded) || h != (Handle{}) {
		t.Fatalf("over the limit: %v %v", h, err)
	}
	if ErrDurationExceeded.Class != trace.ErrDurationExceeded {
		t.Errorf("error class %v", ErrDurationExceeded.Class)
	}
	ev := log.Events[1]
	if ev.Kind != trace.WheelRejected || ev.ErrorClass != trace.ErrDurationExceeded || ev.Task != 3 || ev.Now != 5000 {
		t.Errorf("rejection event %v", ev)
	}
	if w.NextID != 1 || w.NextGen != 1 || w.Len() != 1 {
		t.Errorf("a refusal changed the counters: %d/%d len %d", w.NextID, w.NextGen, w.Len())
	}
	if _, err := w.TryRegister(0, 0, &log); err != nil {
		t.Errorf("past deadline refused: %v", err)
	}
	w = New(Config{MaxTimerDuration: 10}, 0)
	if _, err := w.TryRegister(11, 0, nil); err == nil {
		t.Errorf("configured max_timer_duration=10 accepted 11")
	}
}

func TestStorageFull(t *testing.T) {
	w := New(Config{}, 0)
	var hs []Handle
	for i := range MaxEntries {
		hs = append(hs, reg(t, &w, uint64(10+i), 0, nil))
	}
	if w.Free() != 0 {
		t.Fatalf("free %d", w.Free())
	}
	var log trace.Log
	if _, err := w.TryRegister(50, 0, &log); !errors.Is(err, ErrStorageFull) || len(log.Events) != 0 || w.NextID != MaxEntries {
		t.Fatalf("full pool: %v, events %v, next id %d", err, log.Events, w.NextID)
	}
	// A cancelled entry still occupies storage until it is dropped.
	w.Cancel(hs[0], nil)
	if w.Free() != 0 {
		t.Errorf("cancel freed storage eagerly")
	}
	w.Collect(10, 0, &log)
	if w.Free() != 1 || count(&log, trace.WheelDeadDropped) != 1 {
		t.Errorf("after the slot was reached: free %d, events\n%s", w.Free(), events(&log))
	}
	mustCheck(t, &w)
}

// TestInsertFire: the basic path, with the inclusive criterion (INV-TM-08).
func TestInsertFire(t *testing.T) {
	w := New(Config{}, 0)
	var log trace.Log
	h := reg(t, &w, 100, 4, &log)
	if n := w.Collect(99, 0, &log); n != 0 || !w.Live(h) {
		t.Fatalf("fired early")
	}
	log.Reset()
	if n := w.Collect(100, 0, &log); n != 1 || w.Live(h) || w.Len() != 0 {
		t.Fatalf("did not fire at its deadline: %d\n%s", n, events(&log))
	}
	want := trace.Event{Kind: trace.WheelFired, ID: h.ID, Gen: h.Gen, Deadline: 100, Now: 100, Task: 4}
	if len(log.Events) != 1 || log.Events[0] != want {
		t.Errorf("events\n%s", events(&log))
	}
	if w.Collect(200, 0, &log) != 0 {
		t.Errorf("fired twice")
	}
	mustCheck(t, &w)
}

// TestLateCollectFiresEverythingInOrder: one collect far past several
// deadlines on several levels fires them all, deadline order.
func TestLateCollectFiresEverythingInOrder(t *testing.T) {
	w := New(Config{}, 0)
	var hs []Handle
	for _, d := range []uint64{3 * day, 70_000, 5, 300, 20 * hour, 5} {
		hs = append(hs, reg(t, &w, d, 0, nil))
	}
	var log trace.Log
	if n := w.Collect(4*day, 0, &log); n != 6 {
		t.Fatalf("fired %d", n)
	}
	want := []Handle{hs[2], hs[5], hs[3], hs[1], hs[4], hs[0]}
	if got := firedHandles(&log); !slices.Equal(got, want) {
		t.Errorf("fired %v, want %v", got, want)
	}
	mustCheck(t, &w)
}

// TestSameDeadlineRegistrationOrder: INV-TM-03, also when the earlier
// registration reaches level 0 by a cascade after the later one was placed
// there directly.
func TestSameDeadlineRegistrationOrder(t *testing.T) {
	w := New(Config{}, 0)
	a := reg(t, &w, 512, 0, nil) // level 1
	b := reg(t, &w, 512, 0, nil) // level 1
	w.Collect(300, 0, nil)
	c := reg(t, &w, 512, 0, nil) // level 0, directly
	if w.Entries[2].Level != Level0 || w.Entries[0].Level != Level1 {
		t.Fatalf("placements %+v", w.Entries)
	}
	d := reg(t, &w, 511, 0, nil)
	var log trace.Log
	w.Collect(600, 0, &log)
	if got, want := firedHandles(&log), []Handle{d, a, b, c}; !slices.Equal(got, want) {
		t.Errorf("fired %v, want %v\n%s", got, want, events(&log))
	}
}

// TestCancel: exact (id, generation) match (INV-TM-01), false for a stale
// or unknown handle or a second cancel, lazy deletion (INV-TM-02).
func TestCancel(t *testing.T) {
	w := New(Config{}, 0)
	a := reg(t, &w, 100, 1, nil)
	b := reg(t, &w, 100, 2, nil)
	var log trace.Log
	for _, h := range []Handle{{a.ID, a.Gen + 1}, {99, 0}} {
		if w.Cancel(h, &log) {
			t.Errorf("cancel %v accepted", h)
		}
	}
	if !w.Cancel(a, &log) || w.Cancel(a, &log) {
		t.Errorf("cancel twice")
	}
	if w.Live(a) || !w.Live(b) || w.Len() != 1 || w.Free() != MaxEntries-2 {
		t.Errorf("after cancel: live %v %v len %d free %d", w.Live(a), w.Live(b), w.Len(), w.Free())
	}
	kinds := []trace.Kind{trace.WheelCancelRejected, trace.WheelCancelRejected, trace.WheelCancelled, trace.WheelCancelRejected}
	for i, e := range log.Events {
		if e.Kind != kinds[i] || e.Now != 0 {
			t.Errorf("event %d: %v", i, e)
		}
	}
	if e := log.Events[0]; e.ID != a.ID || e.Gen != a.Gen+1 {
		t.Errorf("a rejection reports the handle asked: %v", e)
	}
	log.Reset()
	w.Collect(100, 0, &log)
	if got := firedHandles(&log); !slices.Equal(got, []Handle{b}) || count(&log, trace.WheelDeadDropped) != 1 {
		t.Errorf("events\n%s", events(&log))
	}
	mustCheck(t, &w)
}

// TestPurge: cancelling the last active timer clears all storage
// (INV-TM-05); so does firing the last live one while dead ones remain.
func TestPurge(t *testing.T) {
	w := New(Config{}, 0)
	a := reg(t, &w, 100, 0, nil)
	b := reg(t, &w, 2*day, 0, nil)
	var log trace.Log
	w.Cancel(a, &log)
	if w.Free() != MaxEntries-2 || count(&log, trace.WheelPurged) != 0 {
		t.Fatalf("purged with a timer active")
	}
	w.Cancel(b, &log)
	if w.Free() != MaxEntries || w.Occupied != ([Levels][4]uint64{}) || count(&log, trace.WheelPurged) != 1 {
		t.Fatalf("not purged: %+v\n%s", w, events(&log))
	}
	if e := log.Events[len(log.Events)-1]; e.Kind != trace.WheelPurged || e.Now != 0 {
		t.Errorf("last event %v", e)
	}
	c := reg(t, &w, 10, 0, nil)
	d := reg(t, &w, 5000, 0, nil)
	w.Cancel(d, nil)
	log.Reset()
	w.Collect(10, 0, &log)
	if !slices.Equal(firedHandles(&log), []Handle{c}) || count(&log, trace.WheelPurged) != 1 || w.Free() != MaxEntries {
		t.Errorf("firing the last live timer did not purge:\n%s", events(&log))
	}
	log.Reset()
	w.Collect(20, 0, &log)
	if len(log.Events) != 0 {
		t.Errorf("a collect of an empty wheel emitted\n%s", events(&log))
	}
	mustCheck(t, &w)
}

// TestCascade: a level-1 timer moves to level 0 at the level-0 wrap and
// fires on time; a cancelled one is dropped by the cascade (INV-TM-07).
func TestCascade(t *testing.T) {
	w := New(Config{}, 0)
	a := reg(t, &w, 300, 0, nil)
	b := reg(t, &w, 310, 0, nil)
	w.Cancel(b, nil)
	var log trace.Log
	w.Collect(255, 0, &log)
	if len(log.Events) != 0 {
		t.Fatalf("before the wrap:\n%s", events(&log))
	}
	w.Collect(256, 0, &log)
	want := []trace.Event{
		{Kind: trace.WheelCascaded, ID: a.ID, Gen: a.Gen, Now: 256, Level: Level0, Slot: s8(300)},
		{Kind: trace.WheelDeadDropped, ID: b.ID, Gen: b.Gen, Now: 256},
	}
	if !slices.Equal(log.Events, want) {
		t.Fatalf("cascade events\n%s", events(&log))
	}
	log.Reset()
	w.Collect(299, 0, &log)
	w.Collect(300, 0, &log)
	if !slices.Equal(firedHandles(&log), []Handle{a}) || log.Events[0].Now != 300 {
		t.Errorf("\n%s", events(&log))
	}
	mustCheck(t, &w)
}

// TestSlotUnderTheCursor: an entry placed in the slot its level's cursor
// is on (registered at 10 for 65545: level 1, slot 0, with the level-1
// cursor on 0) is next visited a full turn on, at 65536, and fires at its
// deadline, not a turn later.
func TestSlotUnderTheCursor(t *testing.T) {
	w := New(Config{}, 10)
	a := reg(t, &w, 65545, 0, nil)
	var log trace.Log
	w.Collect(65545, 0, &log)
	if !slices.Equal(firedHandles(&log), []Handle{a}) {
		t.Errorf("\n%s", events(&log))
	}
	mustCheck(t, &w)
}

// TestCascadeAtTheDeadline: an entry whose cascade tick is its deadline
// goes straight to the ready list and fires at that tick.
func TestCascadeAtTheDeadline(t *testing.T) {
	w := New(Config{}, 0)
	a := reg(t, &w, 1<<16, 0, nil) // level 2, cascades at 65536
	var log trace.Log
	w.Collect(1<<16, 0, &log)
	if len(log.Events) != 2 || log.Events[0].Kind != trace.WheelCascaded || log.Events[0].Level != Ready || !slices.Equal(firedHandles(&log), []Handle{a}) {
		t.Errorf("\n%s", events(&log))
	}
}

// TestOverflow: a 25 h timer waits in the overflow heap, enters the wheel
// once its delta drops below max_wheel_duration, and fires at its deadline.
func TestOverflow(t *testing.T) {
	w := New(Config{}, 0)
	a := reg(t, &w, 25*hour, 0, nil)
	if w.Entries[0].Level != Overflow {
		t.Fatalf("placed at %d", w.Entries[0].Level)
	}
	var log trace.Log
	w.Collect(hour, 0, &log)
	if len(log.Events) != 0 || w.Entries[0].Level != Overflow {
		t.Fatalf("left the heap at exactly 24 h of delta:\n%s", events(&log))
	}
	w.Collect(hour+1, 0, &log)
	if len(log.Events) != 1 || log.Events[0].Kind != trace.WheelCascaded || log.Events[0].Level != Level3 || log.Events[0].Now != hour+1 {
		t.Fatalf("refill:\n%s", events(&log))
	}
	log.Reset()
	w.Collect(25*hour-1, 0, &log)
	if w.Len() != 1 || count(&log, trace.WheelFired) != 0 {
		t.Fatalf("early fire:\n%s", events(&log))
	}
	w.Collect(25*hour, 0, &log)
	if !slices.Equal(firedHandles(&log), []Handle{a}) {
		t.Fatalf("did not fire:\n%s", events(&log))
	}
	// Moving in: level 3 -> 2 -> 1 -> 0, each a cascade event; level 0's
	// slot then hands it to the ready list at its deadline.
	if n := count(&log, trace.WheelCascaded); n != 3 {
		t.Errorf("%d cascades\n%s", n, events(&log))
	}
	mustCheck(t, &w)
}

// TestImmediate: a deadline at or before now is ready at once and fires at
// the next collect, at the same now.
func TestImmediate(t *testing.T) {
	w := New(Config{}, 500)
	var log trace.Log
	a := reg(t, &w, 500, 0, &log)
	b := reg(t, &w, 10, 0, &log)
	if log.Events[0].Level != Ready || log.Events[1].Level != Ready {
		t.Fatalf("\n%s", events(&log))
	}
	log.Reset()
	if n := w.Collect(500, 0, &log); n != 2 || !slices.Equal(firedHandles(&log), []Handle{b, a}) {
		t.Errorf("\n%s", events(&log))
	}
}

// TestCollectMax: a bounded collect leaves the rest ready, in order.
func TestCollectMax(t *testing.T) {
	w := New(Config{}, 0)
	var hs []Handle
	for i := range 5 {
		hs = append(hs, reg(t, &w, uint64(10+i%2), 0, nil))
	}
	var log trace.Log
	if n := w.Collect(20, 2, &log); n != 2 {
		t.Fatalf("fired %d", n)
	}
	if n := w.Collect(20, 2, &log); n != 2 {
		t.Fatalf("fired %d", n)
	}
	if n := w.Collect(21, 0, &log); n != 1 {
		t.Fatalf("fired %d", n)
	}
	if got, want := firedHandles(&log), []Handle{hs[0], hs[2], hs[4], hs[1], hs[3]}; !slices.Equal(got, want) {
		t.Errorf("fired %v, want %v", got, want)
	}
}

// TestTimeNeverGoesBack: a collect before the wheel's time is a collect at
// the wheel's time.
func TestTimeNeverGoesBack(t *testing.T) {
	w := New(Config{}, 1000)
	reg(t, &w, 900, 0, nil)
	reg(t, &w, 1001, 0, nil)
	var log trace.Log
	if n := w.Collect(5, 0, &log); n != 1 || w.Now != 1000 {
		t.Errorf("fired %d, now %d", n, w.Now)
	}
	mustCheck(t, &w)
}

// TestCoalescing: with window W, timers due by the next window boundary fire
// together once the group is big enough.
func TestCoalescing(t *testing.T) {
	w := New(Config{Coalesce: true, CoalesceWindow: 10, MinGroupSize: 2}, 0)
	a := reg(t, &w, 12, 0, nil)
	b := reg(t, &w, 17, 0, nil)
	c := reg(t, &w, 25, 0, nil)
	var log trace.Log
	// now=5: boundary 10, nothing within it.
	if w.Collect(5, 0, &log) != 0 {
		t.Fatal("fired early")
	}
	// now=12: boundary 20 holds a and b, a group of 2: both fire.
	if n := w.Collect(12, 0, &log); n != 2 || !slices.Equal(firedHandles(&log), []Handle{a, b}) {
		t.Fatalf("\n%s", events(&log))
	}
	if e := log.Events[0]; e.Kind != trace.WheelCoalesced || e.Count != 2 || e.Now != 12 {
		t.Errorf("coalesced event %v", e)
	}
	// now=21: boundary 30 holds only c: below the group size, c waits for 25.
	log.Reset()
	if w.Collect(21, 0, &log) != 0 || len(log.Events) != 0 {
		t.Fatalf("\n%s", events(&log))
	}
	if w.Entries[0].Level != Ready {
		t.Errorf("c was not promoted to the ready list: %+v", w.Entries[0])
	}
	if w.Collect(25, 0, &log) != 1 || !slices.Equal(firedHandles(&log), []Handle{c}) {
		t.Errorf("\n%s", events(&log))
	}
	// Off by default: a timer 1 ms ahead does not fire.
	w = New(Config{}, 0)
	reg(t, &w, 6, 0, nil)
	if w.Collect(5, 0, nil) != 0 {
		t.Error("coalesced with coalescing off")
	}
	// On with the defaults (window 1, group 1): boundary = now+1.
	w = New(Config{Coalesce: true}, 0)
	reg(t, &w, 6, 0, nil)
	reg(t, &w, 7, 0, nil)
	if w.Collect(5, 0, nil) != 1 {
		t.Error("window 1 did not fire the timer at now+1")
	}
}

// TestCoalescingGroupOfThree: with min_group_size 3 a pair inside the
// window waits for its deadlines; three fire together. Every other test
// and scenario had a threshold of 1 or 2, where a threshold capped at 2
// agreed.
func TestCoalescingGroupOfThree(t *testing.T) {
	w := New(Config{Coalesce: true, CoalesceWindow: 4, MinGroupSize: 3}, 0)
	a := reg(t, &w, 1, 0, nil)
	b := reg(t, &w, 3, 0, nil)
	var log trace.Log
	// now=1: boundary 4 holds a and b, a group of 2: only a, due, fires.
	if n := w.Collect(1, 0, &log); n != 1 || !slices.Equal(firedHandles(&log), []Handle{a}) || count(&log, trace.WheelCoalesced) != 0 {
		t.Fatalf("pair under min group 3:\n%s", events(&log))
	}
	log.Reset()
	if n := w.Collect(3, 0, &log); n != 1 || !slices.Equal(firedHandles(&log), []Handle{b}) {
		t.Fatalf("b at its deadline:\n%s", events(&log))
	}
	w = New(Config{Coalesce: true, CoalesceWindow: 4, MinGroupSize: 3}, 0)
	a, b = reg(t, &w, 1, 0, nil), reg(t, &w, 2, 0, nil)
	c := reg(t, &w, 3, 0, nil)
	log.Reset()
	if n := w.Collect(1, 0, &log); n != 3 || !slices.Equal(firedHandles(&log), []Handle{a, b, c}) {
		t.Fatalf("group of 3:\n%s", events(&log))
	}
	if e := log.Events[0]; e.Kind != trace.WheelCoalesced || e.Count != 3 {
		t.Errorf("coalesced event %v", e)
	}
}

// TestOverflowTiesLeaveInRegistrationOrder: timers with one deadline in
// the overflow heap leave it at one tick, oldest first (004 2.8: deadline,
// then generation).
func TestOverflowTiesLeaveInRegistrationOrder(t *testing.T) {
	w := New(Config{}, 0)
	a := reg(t, &w, 25*hour, 0, nil)
	b := reg(t, &w, 25*hour, 1, nil)
	var log trace.Log
	w.Collect(hour+1, 0, &log)
	if len(log.Events) != 2 || log.Events[0].ID != a.ID || log.Events[1].ID != b.ID {
		t.Fatalf("refill order:\n%s", events(&log))
	}
	mustCheck(t, &w)
}

// TestNextDeadline: the earliest live deadline anywhere.
func TestNextDeadline(t *testing.T) {
	w := New(Config{}, 0)
	if _, ok := w.NextDeadline(); ok {
		t.Error("empty wheel has a deadline")
	}
	a := reg(t, &w, 30*hour, 0, nil)
	b := reg(t, &w, 70_000, 0, nil)
	reg(t, &w, 80_000, 0, nil)
	if d, ok := w.NextDeadline(); !ok || d != 70_000 {
		t.Errorf("next %d %v", d, ok)
	}
	w.Cancel(b, nil)
	if d, _ := w.NextDeadline(); d != 80_000 {
		t.Errorf("next %d after cancelling the earliest", d)
	}
	w.Collect(80_000, 0, nil)
	if d, _ := w.NextDeadline(); d != 30*hour || !w.Live(a) {
		t.Errorf("next %d", d)
	}
}

// TestWrap: INV-TM-06: ids and generations wrap through 2^64 without
// collision, and each handle cancels only its own timer.
func TestWrap(t *testing.T) {
	w := New(Config{FirstID: math.MaxUint64 - 1, FirstGen: math.MaxUint64 - 1}, 0)
	var hs []Handle
	for i := range 4 {
		hs = append(hs, reg(t, &w, uint64(100+i), 0, nil))
	}
	want := []uint64{math.MaxUint64 - 1, math.MaxUint64, 0, 1}
	for i, h := range hs {
		if h.ID != want[i] || h.Gen != want[i] {
			t.Errorf("handle %d = %v, want id=gen=%d", i, h, want[i])
		}
	}
	for i, h := range hs {
		if !w.Cancel(h, nil) || w.Live(h) || w.Len() != 3-i {
			t.Fatalf("cancel %v", h)
		}
		for _, o := range hs[i+1:] {
			if !w.Live(o) {
				t.Fatalf("cancelling %v killed %v", h, o)
			}
		}
		if w.Cancel(h, nil) {
			t.Fatalf("%v cancelled twice", h)
		}
	}
}

// TestReusedIDOldGeneration: a handle with a live id but an old generation
// cannot cancel the live timer.
func TestReusedIDOldGeneration(t *testing.T) {
	w := New(Config{FirstID: 5, FirstGen: 40}, 0)
	a := reg(t, &w, 100, 0, nil)
	old := Handle{ID: a.ID, Gen: a.Gen - 1}
	if w.Cancel(old, nil) || !w.Live(a) {
		t.Error("an old generation cancelled the live timer")
	}
}

// TestEmptyWheelJumps: with nothing active, time just moves.
func TestEmptyWheelJumps(t *testing.T) {
	w := New(Config{}, 0)
	w.Collect(1<<40+12345, 0, nil)
	mustCheck(t, &w)
	a := reg(t, &w, w.Now+3*day, 0, nil)
	var log trace.Log
	w.Collect(w.Now+3*day, 0, &log)
	if !slices.Equal(firedHandles(&log), []Handle{a}) {
		t.Errorf("\n%s", events(&log))
	}
}

// TestAdvanceFiresNothing: Advance is collect_expired's advance alone. It
// cascades on the way and leaves due entries in the ready list, so the
// next Collect, at the same time, fires them in order; an Advance to an
// earlier time changes nothing. A registration after it measures its
// duration from the new time: exactly max_timer_duration is accepted.
func TestAdvanceFiresNothing(t *testing.T) {
	w := New(Config{}, 0)
	a := reg(t, &w, 300, 1, nil) // level 1: cascades at 256
	b := reg(t, &w, 5, 2, nil)
	var log trace.Log
	w.Advance(400, &log)
	if w.Now != 400 || count(&log, trace.WheelFired) != 0 || count(&log, trace.WheelCascaded) != 1 || !w.Live(a) || !w.Live(b) {
		t.Fatalf("now %d, events\n%s", w.Now, events(&log))
	}
	for _, e := range w.Entries[:w.used()] {
		if e.Level != Ready {
			t.Errorf("due entry %+v not in the ready list", e)
		}
	}
	mustCheck(t, &w)
	before := w
	w.Advance(399, &log)
	if w != before {
		t.Errorf("an advance back in time changed the wheel")
	}
	if _, err := w.TryRegister(400+DefaultMaxTimerDuration, 3, nil); err != nil {
		t.Errorf("exactly max_timer_duration after the advance refused: %v", err)
	}
	log.Reset()
	if n := w.Collect(400, 0, &log); n != 2 || !slices.Equal(firedHandles(&log), []Handle{b, a}) {
		t.Errorf("collect after the advance fired %d\n%s", n, events(&log))
	}
	mustCheck(t, &w)
}
