package wheel

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// ref is the naive reference wheel: every registration in order with its
// deadline and liveness. collect(now) fires every live timer with
// deadline <= now, earliest deadline first, registration order within a
// deadline, at most max of them.
type ref struct {
	now             uint64
	maxTimer        uint64
	nextID, nextGen uint64
	timers          []refTimer
}

type refTimer struct {
	h        Handle
	deadline uint64
	live     bool
}

func (r *ref) register(deadline uint64) (Handle, bool) {
	if deadline > r.now && deadline-r.now > r.maxTimer {
		return Handle{}, false
	}
	h := Handle{r.nextID, r.nextGen}
	r.nextID++
	r.nextGen++
	r.timers = append(r.timers, refTimer{h, deadline, true})
	return h, true
}

func (r *ref) cancel(h Handle) bool {
	for i := range r.timers {
		if r.timers[i].live && r.timers[i].h == h {
			r.timers[i].live = false
			return true
		}
	}
	return false
}

func (r *ref) collect(now uint64, max int) []Handle {
	r.now = maxU64(r.now, now)
	var due []int
	for i, tm := range r.timers {
		if tm.live && tm.deadline <= r.now {
			due = append(due, i)
		}
	}
	slices.SortStableFunc(due, func(a, b int) int {
		switch da, db := r.timers[a].deadline, r.timers[b].deadline; {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	if max > 0 && len(due) > max {
		due = due[:max]
	}
	var out []Handle
	for _, i := range due {
		r.timers[i].live = false
		out = append(out, r.timers[i].h)
	}
	return out
}

func (r *ref) live(h Handle) bool {
	for _, tm := range r.timers {
		if tm.live && tm.h == h {
			return true
		}
	}
	return false
}

func (r *ref) nextDeadline() (uint64, bool) {
	var best uint64
	found := false
	for _, tm := range r.timers {
		if tm.live && (!found || tm.deadline < best) {
			best, found = tm.deadline, true
		}
	}
	return best, found
}

func (r *ref) len() int {
	n := 0
	for _, tm := range r.timers {
		if tm.live {
			n++
		}
	}
	return n
}

// drawSpan is a duration from one of several scales: a few ms, within
// level 0, level 1, level 2, level 3, past the overflow threshold, past
// max_timer_duration. One draw in four of a scale that reaches past a
// level's range (256^k ms) falls within 300 ms under the largest such
// range: a delta there lands in the slot under its level's cursor, which
// the wheel next visits a full turn on, and a uniform draw almost never
// makes it (a window of 256 in 70,000 for level 1).
func drawSpan(t *rapid.T, label string, scales int) uint64 {
	spans := []uint64{3, 300, 70_000, 20_000_000, 2 * day, 8 * day}
	s := rapid.IntRange(0, scales-1).Draw(t, label+"Scale")
	var edge uint64
	for r := uint64(SlotsPerLevel); r <= spans[s] && r < 1<<32; r *= SlotsPerLevel {
		edge = r
	}
	if edge > 0 && rapid.IntRange(0, 3).Draw(t, label+"Edge") == 0 {
		return edge - rapid.Uint64Range(1, min(edge, 300)).Draw(t, label+"Under")
	}
	return rapid.Uint64Range(0, spans[s]).Draw(t, label)
}

// wheelOp is one drawn operation.
type wheelOp struct {
	kind     string // register, cancel, collect
	deadline uint64
	target   int    // cancel: index into the handles seen, or -1 for forged
	forged   Handle // cancel of a made-up handle
	max      int
}

func (o wheelOp) String() string {
	switch o.kind {
	case "register":
		return fmt.Sprintf("register %d", o.deadline)
	case "cancel":
		if o.target < 0 {
			return fmt.Sprintf("cancel %v", o.forged)
		}
		return fmt.Sprintf("cancel #%d", o.target)
	}
	return fmt.Sprintf("collect %d max=%d", o.deadline, o.max)
}

func drawOp(t *rapid.T, w *State, handles int, scales int) wheelOp {
	for {
		switch rapid.IntRange(0, 9).Draw(t, "op") {
		case 0, 1, 2, 3:
			if w.Free() == 0 {
				continue // the model never offers a registration then
			}
			d := w.Now + drawSpan(t, "after", scales)
			if rapid.IntRange(0, 9).Draw(t, "past") == 0 {
				d = w.Now - min(w.Now, drawSpan(t, "before", 2))
			}
			return wheelOp{kind: "register", deadline: d}
		case 4, 5:
			if handles == 0 || rapid.IntRange(0, 5).Draw(t, "forge") == 0 {
				return wheelOp{kind: "cancel", target: -1, forged: Handle{rapid.Uint64Range(0, 3).Draw(t, "id"), rapid.Uint64Range(0, 3).Draw(t, "gen")}}
			}
			return wheelOp{kind: "cancel", target: rapid.IntRange(0, handles-1).Draw(t, "target")}
		default:
			return wheelOp{kind: "collect", deadline: w.Now + drawSpan(t, "advance", scales), max: rapid.IntRange(0, 3).Draw(t, "max")}
		}
	}
}

// TestMatchesReference: over random register/cancel/collect sequences with
// deadlines from ms to days, the wheel fires exactly what the naive
// reference fires, in the same order, and agrees on liveness, Len and
// NextDeadline; its structural invariants hold after every operation.
func TestMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := Config{
			MaxWheelDuration: rapid.SampledFrom([]uint64{0, 1000, 100_000, 20 * hour, PhysicalRange}).Draw(t, "maxWheel"),
			MaxTimerDuration: rapid.SampledFrom([]uint64{0, day}).Draw(t, "maxTimer"),
		}
		if rapid.Bool().Draw(t, "nearWrap") {
			cfg.FirstID, cfg.FirstGen = math.MaxUint64-2, math.MaxUint64-4
		}
		start := rapid.Uint64Range(0, 1<<33).Draw(t, "start")
		w := New(cfg, start)
		r := ref{now: start, maxTimer: w.Config.MaxTimerDuration, nextID: cfg.FirstID, nextGen: cfg.FirstGen}
		var handles []Handle
		var history []string
		var log trace.Log
		fail := func(format string, args ...any) {
			t.Fatalf("after %s: %s", strings.Join(history, "; "), fmt.Sprintf(format, args...))
		}
		for range rapid.IntRange(1, 60).Draw(t, "steps") {
			o := drawOp(t, &w, len(handles), 6)
			history = append(history, o.String())
			log.Reset()
			switch o.kind {
			case "register":
				h, err := w.TryRegister(o.deadline, 1, &log)
				rh, ok := r.register(o.deadline)
				if (err == nil) != ok || h != rh {
					fail("register: wheel %v %v, reference %v %v", h, err, rh, ok)
				}
				if ok {
					handles = append(handles, h)
				}
			case "cancel":
				h := o.forged
				if o.target >= 0 {
					h = handles[o.target]
				}
				if got, want := w.Cancel(h, &log), r.cancel(h); got != want {
					fail("cancel %v: wheel %v, reference %v", h, got, want)
				}
			case "collect":
				n := w.Collect(o.deadline, o.max, &log)
				want := r.collect(o.deadline, o.max)
				if got := firedHandles(&log); !slices.Equal(got, want) || n != len(want) {
					fail("collect: wheel fired %v (%d), reference %v\n%s", got, n, want, events(&log))
				}
			}
			if bad := checkState(&w); len(bad) > 0 {
				fail("invariants: %s", strings.Join(bad, "; "))
			}
			if w.Len() != r.len() {
				fail("len %d, reference %d", w.Len(), r.len())
			}
			gd, gok := w.NextDeadline()
			rd, rok := r.nextDeadline()
			if gd != rd || gok != rok {
				fail("next deadline %d %v, reference %d %v", gd, gok, rd, rok)
			}
			for _, h := range handles {
				if w.Live(h) != r.live(h) {
					fail("live(%v) %v, reference %v", h, w.Live(h), r.live(h))
				}
			}
		}
	})
}

var wheelFaults = []fault.Fault{
	fault.CancelIgnoresGeneration, fault.FireCancelled, fault.UnstableSlotOrder, fault.UncheckedDuration,
	fault.NoPurge, fault.SaturatingIDs, fault.CascadeKeepsDead, fault.ExclusiveDeadline,
}

// TestJumpEqualsStepwise: advancing by jumps gives exactly the events and
// the state of upstream's own loop, which stops at every level-0 wrap,
// with any faults and coalescing on or off.
func TestJumpEqualsStepwise(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := Config{
			MaxWheelDuration: rapid.SampledFrom([]uint64{0, 300, 1000, 100_000, 5_000_000}).Draw(t, "maxWheel"),
			Coalesce:         rapid.Bool().Draw(t, "coalesce"),
			CoalesceWindow:   rapid.Uint64Range(0, 600).Draw(t, "window"),
			MinGroupSize:     uint8(rapid.IntRange(0, 3).Draw(t, "minGroup")),
		}
		for _, f := range wheelFaults {
			if rapid.IntRange(0, 5).Draw(t, f.Name()) == 0 {
				cfg.Faults = cfg.Faults.With(f)
			}
		}
		if cfg.Faults.Has(fault.SaturatingIDs) {
			cfg.FirstID, cfg.FirstGen = math.MaxUint64-1, math.MaxUint64-1
		}
		start := rapid.Uint64Range(0, 1<<26).Draw(t, "start")
		jumpsMatch(t, cfg, start, 4, "stepwise", (*State).collectStepwise)
	})
}

// jumpsMatch runs a random sequence of registrations, cancels and collects
// (deadlines up to span levels ahead, as drawOp draws them) on two wheels
// from start: one advancing by Collect's jumps, the other by the reference
// collect; after each operation both must have answered alike, emitted the
// same events and hold the same state.
func jumpsMatch(t *rapid.T, cfg Config, start uint64, span int, reference string,
	collect func(w *State, now uint64, max int, log *trace.Log) int) {
	jump, ref := New(cfg, start), New(cfg, start)
	var run twinRun
	for range rapid.IntRange(1, 40).Draw(t, "steps") {
		a, b := run.step(t, &jump, &ref, span, collect)
		if ea, eb := events(&run.logA), events(&run.logB); a != b || ea != eb || jump != ref {
			t.Fatalf("after %s:\nanswers %s, %s\njump events:\n%s%s events:\n%sjump state %+v\n%s state %+v",
				run.history(), a, b, ea, reference, eb, jump, reference, ref)
		}
	}
}

// twinRun drives two wheels through the same random operations, for the
// tests that compare a wheel with a variant of itself.
type twinRun struct {
	handles    []Handle
	ops        []string
	logA, logB trace.Log
}

// step draws one operation (deadlines up to span levels ahead) on a and
// runs it on both wheels, b's collect by collectB; it returns each wheel's
// answer, and leaves each one's events in logA and logB.
func (r *twinRun) step(t *rapid.T, a, b *State, span int,
	collectB func(w *State, now uint64, max int, log *trace.Log) int) (answerA, answerB string) {
	o := drawOp(t, a, len(r.handles), span)
	r.ops = append(r.ops, o.String())
	r.logA.Reset()
	r.logB.Reset()
	switch o.kind {
	case "register":
		h, err := a.TryRegister(o.deadline, 1, &r.logA)
		hb, errb := b.TryRegister(o.deadline, 1, &r.logB)
		if err == nil {
			r.handles = append(r.handles, h)
		}
		return fmt.Sprint(h, err), fmt.Sprint(hb, errb)
	case "cancel":
		h := o.forged
		if o.target >= 0 {
			h = r.handles[o.target]
		}
		return fmt.Sprint(a.Cancel(h, &r.logA)), fmt.Sprint(b.Cancel(h, &r.logB))
	default:
		return fmt.Sprint(a.Collect(o.deadline, o.max, &r.logA)), fmt.Sprint(collectB(b, o.deadline, o.max, &r.logB))
	}
}

// history is the operations run so far.
func (r *twinRun) history() string { return strings.Join(r.ops, "; ") }

// TestUnplacedSlotUnread: the slot a ready or overflow entry keeps is never
// read. Two wheels run the same random operations, coalescing on or off,
// and before each one every ready and overflow entry of the second gets a
// random slot; both must answer alike, emit the same events and end in the
// same state once those slots are set aside. The model's Encode leaves the
// slot out for such entries on the strength of this (model/asupersync).
func TestUnplacedSlotUnread(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := Config{
			MaxWheelDuration: rapid.SampledFrom([]uint64{0, 300, 100_000}).Draw(t, "maxWheel"),
			Coalesce:         rapid.Bool().Draw(t, "coalesce"),
			CoalesceWindow:   rapid.Uint64Range(0, 600).Draw(t, "window"),
			MinGroupSize:     uint8(rapid.IntRange(0, 3).Draw(t, "minGroup")),
		}
		start := rapid.Uint64Range(0, 1<<26).Draw(t, "start")
		w, twin := New(cfg, start), New(cfg, start)
		var run twinRun
		for range rapid.IntRange(1, 40).Draw(t, "steps") {
			for i := range twin.Entries {
				if e := &twin.Entries[i]; e.Used && e.Level >= Levels {
					e.Slot = uint8(rapid.IntRange(1, 255).Draw(t, "slot"))
				}
			}
			a, b := run.step(t, &w, &twin, 4, (*State).Collect)
			if ea, eb := events(&run.logA), events(&run.logB); a != b || ea != eb || unplacedSlotsZero(w) != unplacedSlotsZero(twin) {
				t.Fatalf("after %s:\nanswers %s, %s\nevents:\n%stwin's events:\n%sstate %+v\ntwin's %+v",
					run.history(), a, b, ea, eb, w, twin)
			}
		}
	})
}

// unplacedSlotsZero is w with the slot of every ready or overflow entry 0.
func unplacedSlotsZero(w State) State {
	for i := range w.Entries {
		if w.Entries[i].Level >= Levels {
			w.Entries[i].Slot = 0
		}
	}
	return w
}
