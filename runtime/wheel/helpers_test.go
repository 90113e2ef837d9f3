package wheel

import (
	"fmt"
	"strings"
	"testing"

	"modelcheck/runtime/trace"
)

// checkState returns the structural invariants a State breaks, none
// without faults: a compact pool in registration order, cursors derived
// from Now, bitmaps equal to the occupied slots, every active handle backed
// by an entry, and every live entry in the place its deadline says.
func checkState(w *State) []string {
	var bad []string
	n := w.used()
	for i := range w.Entries {
		e := w.Entries[i]
		if i >= n && e != (Entry{}) {
			bad = append(bad, fmt.Sprintf("entry %d beyond the compact prefix: %+v", i, e))
		}
		if i > 0 && i < n && e.Seq <= w.Entries[i-1].Seq {
			bad = append(bad, fmt.Sprintf("entry %d out of registration order", i))
		}
	}
	for k := range Levels {
		if w.Cursor[k] != uint8(w.Now>>(8*k)) {
			bad = append(bad, fmt.Sprintf("cursor %d = %d at now=%d", k, w.Cursor[k], w.Now))
		}
		var want [4]uint64
		for _, e := range w.Entries[:n] {
			if int(e.Level) == k {
				want[e.Slot/64] |= 1 << (e.Slot % 64)
			}
		}
		if want != w.Occupied[k] {
			bad = append(bad, fmt.Sprintf("level %d bitmap %x, entries say %x", k, w.Occupied[k], want))
		}
	}
	for i := range w.Active {
		if w.ActiveUsed&(1<<i) == 0 {
			if w.Active[i] != (Handle{}) {
				bad = append(bad, fmt.Sprintf("unused active %d not zero", i))
			}
			continue
		}
		h := w.Active[i]
		found := false
		for _, e := range w.Entries[:n] {
			found = found || e.Handle == h
		}
		if !found {
			bad = append(bad, fmt.Sprintf("active %v has no entry", h))
		}
		if j := w.activeIndex(h.ID); j != i {
			bad = append(bad, fmt.Sprintf("active id %d twice", h.ID))
		}
	}
	for _, e := range w.Entries[:n] {
		if !w.isLive(e.Handle) {
			continue
		}
		switch {
		case e.Level == Level0:
			if e.Deadline <= w.Now || e.Slot != uint8(e.Deadline) {
				bad = append(bad, fmt.Sprintf("live %+v misplaced at now=%d", e, w.Now))
			}
		case e.Level < Levels:
			shift := 8 * uint(e.Level)
			if (e.Deadline>>shift)<<shift <= w.Now || e.Slot != uint8(e.Deadline>>shift) {
				bad = append(bad, fmt.Sprintf("live %+v misplaced at now=%d", e, w.Now))
			}
		case e.Level == Overflow:
			if e.Deadline <= w.Now || e.Deadline-w.Now < w.Config.MaxWheelDuration {
				bad = append(bad, fmt.Sprintf("live overflow %+v should have entered at now=%d", e, w.Now))
			}
		case e.Level == Ready:
			if e.Deadline > w.Now && !w.Config.Coalesce {
				bad = append(bad, fmt.Sprintf("live ready %+v not due at now=%d", e, w.Now))
			}
		default:
			bad = append(bad, fmt.Sprintf("bad placement %+v", e))
		}
	}
	return bad
}

func mustCheck(t testing.TB, w *State) {
	t.Helper()
	if bad := checkState(w); len(bad) > 0 {
		t.Fatalf("state invariants broken:\n  %s\nstate: %+v", strings.Join(bad, "\n  "), *w)
	}
}

// events renders a log, one event a line.
func events(log *trace.Log) string {
	var b strings.Builder
	for _, e := range log.Events {
		b.WriteString(e.String() + "\n")
	}
	return b.String()
}

// firedHandles lists the handles of the WheelFired events in a log.
func firedHandles(log *trace.Log) []Handle {
	var out []Handle
	for _, e := range log.Events {
		if e.Kind == trace.WheelFired {
			out = append(out, Handle{e.ID, e.Gen})
		}
	}
	return out
}

func count(log *trace.Log, k trace.Kind) int {
	n := 0
	for _, e := range log.Events {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// reg registers or fails the test.
func reg(t testing.TB, w *State, deadline uint64, task uint8, log *trace.Log) Handle {
	t.Helper()
	h, err := w.TryRegister(deadline, task, log)
	if err != nil {
		t.Fatalf("register deadline=%d at now=%d: %v", deadline, w.Now, err)
	}
	return h
}
