package sthira

import (
	"math/rand/v2"
	"strings"
	"testing"

	rt "modelcheck/runtime/sthira"
)

// passChecker checks nothing: Refused reports 0, as when
// offered-input-accepted is not checked.
type passChecker struct{}

func (passChecker) Check(*State, Input, *State, []rt.Event) int { return 0 }
func (passChecker) Refused(*State, Input) int                   { return 0 }
func (passChecker) Stuck(*State) int                            { return 0 }
func (passChecker) Fork() Checker                               { return passChecker{} }

// TestRefusedStepLeavesNextAsItWas pins Step's rule for a refusal with
// offered-input-accepted off: "the refused input is no transition: next
// is left as s". The state here has an unused slot's scope outside the
// two scopes (what only a scheduler bug stores), so a declare that the
// runtime takes is refused by OutsideTables after the runtime has written
// the declared task into next; a next kept half-stepped would be explored
// as a successor no transition reaches.
func TestRefusedStepLeavesNextAsItWas(t *testing.T) {
	sc, _ := Lookup("default")
	m := New(sc, passChecker{})
	s := m.Init()
	s.Tasks[rt.MaxTasks-1].Scope = rt.MaxScopes
	next := s
	in := Input{Op: rt.Declare, Task: 1, Prio: sc.Specs[0].Prio, Scope: sc.Specs[0].Scope}
	if v := m.Step(&s, in, &next); v != 0 {
		t.Fatalf("Step = %d with nothing checked", v)
	}
	if next != s {
		t.Errorf("a refused %s left next as %+v, want the state before", in, next.Tasks[0])
	}
	ev := m.Events(nil)
	if len(ev) == 0 || !strings.HasPrefix(ev[len(ev)-1], "refused: ") {
		t.Errorf("events %q do not say the input was refused", ev)
	}
}

// TestCoverageCountsEachStep pins the coverage a Step adds (what
// --coverage prints): one transition for the label of the input's
// operation and one per event emitted for the label of its kind, nothing
// else. The labels are spelled here from the input and the log, "input
// "+operation and "event "+kind, not taken from the model's tables; the
// scenarios walked offer every operation, suspend and resume included.
func TestCoverageCountsEachStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	steps := map[rt.Op]int{}
	for _, sc := range Scenarios() {
		m := New(sc, passChecker{})
		labels := m.CoverageLabels()
		at := map[string]int{}
		for i, l := range labels {
			at[l] = i
		}
		before, after := make([]uint64, len(labels)), make([]uint64, len(labels))
		for range 20 {
			s := m.Init()
			for range 25 {
				ins := m.Enabled(&s, nil)
				if len(ins) == 0 {
					break
				}
				in := ins[rng.IntN(len(ins))]
				clear(before)
				m.AddCoverage(before)
				next := s
				m.Step(&s, in, &next)
				clear(after)
				m.AddCoverage(after)
				want := make([]uint64, len(labels))
				copy(want, before)
				want[at["input "+in.Op.String()]]++
				for _, e := range m.log.Events {
					want[at["event "+e.Kind.String()]]++
				}
				for i := range labels {
					if after[i] != want[i] {
						t.Fatalf("%s: %s with events %v: %s counted %d, want %d", sc.Name, in, m.log.Events, labels[i], after[i], want[i])
					}
				}
				steps[in.Op]++
				s = next
			}
		}
	}
	for op := rt.Declare; int(op) < rt.NumOps; op++ {
		if steps[op] == 0 {
			t.Errorf("no %s was counted", op)
		}
	}
}

// TestTickOfferedWhileAnyQueueHolds pins when time passes: in a scenario
// with ticks, a tick is offered exactly when some task waits in a queue,
// whichever queue. Waiting is read here from the tasks' phases (an
// ATTACHED task after a step is a queued one), not from the queues Enabled
// reads. A tick left out while only LOW tasks wait would hide every
// timeout and starvation count of a LOW task.
func TestTickOfferedWhileAnyQueueHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	lowOnly := 0
	for _, sc := range Scenarios() {
		if !sc.Ticks {
			continue
		}
		m := New(sc, passChecker{})
		var log rt.Log
		for range 40 {
			s := m.Init()
			for range 20 {
				ins := m.Enabled(&s, nil)
				waiting, low := false, true
				for i := range s.Tasks {
					if s.Tasks[i].Phase == rt.Attached {
						waiting = true
						low = low && s.Tasks[i].Prio == rt.Low
					}
				}
				ticks := 0
				for _, in := range ins {
					if in.Op == rt.Tick {
						ticks++
					}
				}
				if want := map[bool]int{false: 0, true: 1}[waiting]; ticks != want {
					t.Fatalf("%s: %d ticks offered with a task waiting %v: %s", sc.Name, ticks, waiting, strings.Join(Summary(&s), "; "))
				}
				if waiting && low {
					lowOnly++
				}
				if len(ins) == 0 {
					break
				}
				log.Reset()
				if err := m.Apply(&s, ins[rng.IntN(len(ins))], &log); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if lowOnly == 0 {
		t.Error("no state with only LOW tasks waiting was reached")
	}
}

// TestOutsideTablesAtEachBound pins every bound OutsideTables tests to the
// array it guards: a queue's length at its slots, a queued id from t1 to
// the last slot, a scope below the two scopes pass, and one past each is
// reported, task id 0 (no task) included. The bounds are the arrays'
// lengths, not the function's comparisons.
func TestOutsideTablesAtEachBound(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(s *State)
		ok   bool
	}{
		{"queue full", func(s *State) {
			s.Queues[2].Len = uint8(len(s.Queues[2].Items))
			for i := range s.Queues[2].Items {
				s.Queues[2].Items[i] = uint8(i + 1)
			}
		}, true},
		{"queue past its slots", func(s *State) { s.Queues[2].Len = uint8(len(s.Queues[2].Items)) + 1 }, false},
		{"last task queued", func(s *State) { s.Queues[1].Len, s.Queues[1].Items[0] = 1, rt.MaxTasks }, true},
		{"first task queued", func(s *State) { s.Queues[1].Len, s.Queues[1].Items[0] = 1, 1 }, true},
		{"task past the slots queued", func(s *State) { s.Queues[1].Len, s.Queues[1].Items[0] = 1, rt.MaxTasks+1 }, false},
		{"task 0 queued", func(s *State) { s.Queues[0].Len, s.Queues[0].Items[0] = 1, 0 }, false},
		{"last scope", func(s *State) { s.Tasks[rt.MaxTasks-1].Scope = rt.MaxScopes - 1 }, true},
		{"scope past the scopes", func(s *State) { s.Tasks[rt.MaxTasks-1].Scope = rt.MaxScopes }, false},
	} {
		s := rt.New()
		c.set(&s)
		if err := OutsideTables(&s); (err == nil) != c.ok {
			t.Errorf("%s: OutsideTables says %v", c.name, err)
		}
	}
}

// TestReductionsReadBackAsThemselves pins what the shrinker relies on when
// it writes a reduced case: every reduction of every named scenario,
// spelled as settings and read back onto its own scenario, is the same
// scenario, so the file replays the configuration that was checked. A
// task dropped from the list but left in the specs past it would read
// back as a different value.
func TestReductionsReadBackAsThemselves(t *testing.T) {
	for _, sc := range Scenarios() {
		for _, red := range Reductions(&sc, nil) {
			r := red.Config
			got, err := Parse(sc, r.Spell())
			if err != nil {
				t.Fatalf("%s: %v", sc.Name, err)
			}
			if got != r {
				t.Errorf("%s: reduction %v read back as %+v, want %+v", sc.Name, r.Spell(), got, r)
			}
		}
	}
}

// TestSummaryReadsTheQueues pins where Summary's wait, starvation and
// "blocked by" come from: the queues, as QueuedAt reads them, not the
// task's phase. A correct scheduler keeps every ATTACHED task queued, so
// the two agree on every state the explorer reaches; on a scheduler bug
// that drops a task from its queue the summary must show it not waiting,
// which is what the counterexample's reader needs to see.
func TestSummaryReadsTheQueues(t *testing.T) {
	s := rt.New()
	s.Tasks[0] = rt.Task{Phase: rt.Attached, Prio: rt.Low, RefValid: true, Waited: 2}
	s.Tasks[1] = rt.Task{Phase: rt.Attached, Prio: rt.High, RefValid: true, Waited: 1}
	s.Queues[rt.High-1].Len, s.Queues[rt.High-1].Items[0] = 1, 2
	lines := Summary(&s)
	for _, c := range []struct {
		task   string
		queued bool
	}{{"t1 ATTACHED", false}, {"t2 ATTACHED", true}} {
		found := false
		for _, l := range lines {
			if strings.HasPrefix(l, c.task) {
				found = true
				if got := strings.Contains(l, " wait="); got != c.queued {
					t.Errorf("%q: shows a wait %v, want %v", l, got, c.queued)
				}
			}
		}
		if !found {
			t.Errorf("summary %q lacks %s", lines, c.task)
		}
	}
}
