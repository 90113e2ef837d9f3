package wheel

import (
	"math"
	"slices"
	"testing"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// faultCases pairs each wheel fault with a scenario and the check it must
// break: without the fault the check holds, with it the check fails, so
// each fault is observable where the invariant it names looks.
var faultCases = []struct {
	fault fault.Fault
	cfg   Config
	// run returns "" when the contract's behaviour was seen, else what broke.
	run func(t *testing.T, w *State, log *trace.Log) string
}{
	{fault.CancelIgnoresGeneration, Config{FirstID: 5, FirstGen: 40}, func(t *testing.T, w *State, log *trace.Log) string {
		a := reg(t, w, 100, 0, log)
		if w.Cancel(Handle{a.ID, a.Gen - 1}, log) || !w.Live(a) {
			return "an old generation cancelled the live timer (INV-TM-01)"
		}
		return ""
	}},
	{fault.FireCancelled, Config{}, func(t *testing.T, w *State, log *trace.Log) string {
		a := reg(t, w, 100, 0, log)
		b := reg(t, w, 100, 0, log)
		w.Cancel(a, log)
		w.Collect(100, 0, log)
		if got := firedHandles(log); !slices.Equal(got, []Handle{b}) {
			return "a cancelled timer fired (INV-TM-02)"
		}
		return ""
	}},
	{fault.UnstableSlotOrder, Config{}, func(t *testing.T, w *State, log *trace.Log) string {
		a := reg(t, w, 100, 0, log)
		b := reg(t, w, 100, 0, log)
		w.Collect(100, 0, log)
		if got := firedHandles(log); !slices.Equal(got, []Handle{a, b}) {
			return "equal deadlines fired out of insertion order (INV-TM-03)"
		}
		return ""
	}},
	{fault.UncheckedDuration, Config{}, func(t *testing.T, w *State, log *trace.Log) string {
		if _, err := w.TryRegister(8*day, 0, log); err == nil {
			return "an 8-day timer was accepted (INV-TM-04)"
		}
		return ""
	}},
	{fault.NoPurge, Config{}, func(t *testing.T, w *State, log *trace.Log) string {
		a := reg(t, w, 100, 0, log)
		b := reg(t, w, 5*hour, 0, log)
		w.Cancel(a, log)
		w.Cancel(b, log)
		if w.Free() != MaxEntries || w.Occupied != ([Levels][4]uint64{}) || count(log, trace.WheelPurged) != 1 {
			return "all cancelled but storage kept (INV-TM-05)"
		}
		return ""
	}},
	{fault.SaturatingIDs, Config{FirstID: math.MaxUint64, FirstGen: math.MaxUint64}, func(t *testing.T, w *State, log *trace.Log) string {
		a := reg(t, w, 100, 0, log)
		b := reg(t, w, 200, 0, log)
		w.Collect(200, 0, log)
		if a == b || len(firedHandles(log)) != 2 {
			return "handles repeated across the wrap (INV-TM-06)"
		}
		return ""
	}},
	{fault.CascadeKeepsDead, Config{}, func(t *testing.T, w *State, log *trace.Log) string {
		a := reg(t, w, 300, 0, log)
		reg(t, w, 400, 0, log)
		w.Cancel(a, log)
		log.Reset()
		w.Collect(256, 0, log)
		for _, e := range log.Events {
			if e.Kind == trace.WheelCascaded && e.ID == a.ID && e.Gen == a.Gen {
				return "a cancelled entry was cascaded (INV-TM-07)"
			}
		}
		return ""
	}},
	{fault.ExclusiveDeadline, Config{}, func(t *testing.T, w *State, log *trace.Log) string {
		reg(t, w, 100, 0, log)
		if w.Collect(100, 0, log) != 1 {
			return "a timer did not fire at deadline == now (INV-TM-08)"
		}
		return ""
	}},
}

func TestFaultsBreakTheirInvariant(t *testing.T) {
	seen := map[fault.Fault]bool{}
	for _, c := range faultCases {
		seen[c.fault] = true
		t.Run(c.fault.Name(), func(t *testing.T) {
			var log trace.Log
			w := New(c.cfg, 0)
			if broke := c.run(t, &w, &log); broke != "" {
				t.Fatalf("without the fault: %s\n%s", broke, events(&log))
			}
			mustCheck(t, &w)
			log.Reset()
			cfg := c.cfg
			cfg.Faults = cfg.Faults.With(c.fault)
			w = New(cfg, 0)
			if broke := c.run(t, &w, &log); broke == "" {
				t.Fatalf("fault %s changed nothing here\n%s", c.fault.Name(), events(&log))
			}
		})
	}
	for _, f := range wheelFaults {
		if !seen[f] {
			t.Errorf("no case for fault %s", f.Name())
		}
	}
}

// TestFaultDetails pins what some faults do beyond their headline.
func TestFaultDetails(t *testing.T) {
	// ExclusiveDeadline: the entry stays ready and fires a tick later.
	w := New(Config{Faults: fault.Set{}.With(fault.ExclusiveDeadline)}, 0)
	a := reg(t, &w, 100, 0, nil)
	w.Collect(100, 0, nil)
	if !w.Live(a) || w.Entries[0].Level != Ready {
		t.Errorf("exclusive deadline: %+v", w.Entries[0])
	}
	if w.Collect(101, 0, nil) != 1 {
		t.Error("exclusive deadline: never fired")
	}
	// SaturatingIDs: the repeated handle shares one active entry, so firing
	// the first drops the second silently.
	w = New(Config{FirstID: math.MaxUint64, FirstGen: math.MaxUint64, Faults: fault.Set{}.With(fault.SaturatingIDs)}, 0)
	h1 := reg(t, &w, 100, 0, nil)
	h2 := reg(t, &w, 200, 0, nil)
	if h1 != h2 || w.Len() != 1 {
		t.Errorf("saturating: %v %v len %d", h1, h2, w.Len())
	}
	// CancelIgnoresGeneration: the rejected-handle event still reports the
	// handle asked.
	w = New(Config{Faults: fault.Set{}.With(fault.CancelIgnoresGeneration)}, 0)
	b := reg(t, &w, 100, 0, nil)
	var log trace.Log
	w.Cancel(Handle{b.ID, 77}, &log)
	if e := log.Events[0]; e.Kind != trace.WheelCancelled || e.Gen != 77 {
		t.Errorf("cancel event %v", e)
	}
	// NoPurge: the dead entries stay, and a later timer still fires on time
	// past them.
	w = New(Config{Faults: fault.Set{}.With(fault.NoPurge)}, 0)
	c := reg(t, &w, 300, 0, nil)
	w.Cancel(c, nil)
	w.Collect(10_000, 0, nil) // nothing active: a jump, the dead entry stays
	if w.Free() != MaxEntries-1 {
		t.Errorf("no purge: free %d", w.Free())
	}
	d := reg(t, &w, 66_000, 0, nil) // level 1 slot 1, beside the dead entry
	log.Reset()
	w.Collect(70_000, 0, &log)
	if !slices.Equal(firedHandles(&log), []Handle{d}) || count(&log, trace.WheelDeadDropped) != 1 {
		t.Errorf("no purge, later timer:\n%s", events(&log))
	}
}
