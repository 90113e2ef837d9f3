package asupersync

import (
	"math/rand/v2"
	"slices"
	"testing"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// enabledRule is one rule of Enabled's comments, read on a state and the
// inputs offered there: it returns "" or what the offer breaks.
type enabledRule struct {
	name  string
	check func(m *Model, s *State, offered []Input) string
}

func offers(offered []Input, in Input) bool { return slices.Contains(offered, in) }

// enabledRules restate, from Enabled's comments and the contracts, what
// must be offered (the paths the invariants watch) and what must not (an
// input the runtime would refuse for no contract's reason), each from
// the state's own fields rather than through Enabled's helpers.
var enabledRules = []enabledRule{
	{"a late cancel of every task in use, whatever its phase (T5)", func(m *Model, s *State, offered []Input) string {
		for id := uint8(1); id <= cancel.MaxTasks; id++ {
			if !TaskRecord(&s.P.Kernel.Cancel, id).Used {
				continue
			}
			for _, k := range m.Scenario.CancelKinds {
				if !offers(offered, Input{K: kernel.Input{Op: kernel.CancelTask, Task: id, Arg: uint8(k)}}) {
					return "no cancel of a task in use"
				}
			}
		}
		return ""
	}},
	{"a stale wake of a completed task, and a stale waker's wake of any task not polled", func(m *Model, s *State, offered []Input) string {
		k := &s.P.Kernel
		for id := uint8(1); id <= cancel.MaxTasks; id++ {
			tk := TaskRecord(&k.Cancel, id)
			if !tk.Used || id == k.Current {
				continue
			}
			if tk.Phase == cancel.Completed && !offers(offered, Input{K: kernel.Input{Op: kernel.Wake, Task: id}}) {
				return "no wake of a completed task"
			}
			if m.Scenario.StaleHandles && !offers(offered, Input{K: kernel.Input{Op: kernel.Wake, Task: id, N: staleGen}}) {
				return "no stale waker's wake"
			}
		}
		return ""
	}},
	{"a polled task, Running or cancel requested, holding nothing, may return Ok", func(m *Model, s *State, offered []Input) string {
		k := &s.P.Kernel
		t := k.Current
		if t == 0 || k.Tasks[t-1].Waits != kernel.WaitsNothing {
			return ""
		}
		holds := k.Tasks[t-1].Permit != 0
		for i := range k.Cancel.Obligations {
			if o := &k.Cancel.Obligations[i]; o.Used && o.Task == t && o.State == cancel.Reserved {
				holds = true
			}
		}
		ok := Input{K: kernel.Input{Op: kernel.Complete, Task: t, Arg: uint8(cancel.Ok)}}
		switch ph := TaskRecord(&k.Cancel, t).Phase; {
		case (ph == cancel.Running || ph == cancel.CancelRequested) && !holds && !offers(offered, ok):
			return "no Ok return"
		case k.Tasks[t-1].Permit != 0 && offers(offered, ok):
			return "an Ok return holding a channel permit"
		}
		return ""
	}},
	{"a host timer turn to the earliest pending deadline while the pump is not running", func(m *Model, s *State, offered []Input) string {
		k := &s.P.Kernel
		if k.Config.Wheel || (!m.Scenario.Native && s.P.Mode == pump.Running) {
			return ""
		}
		earliest := uint32(0)
		for _, tm := range k.Timers {
			if tm.Used && tm.Deadline > k.Now && (earliest == 0 || tm.Deadline < earliest) {
				earliest = tm.Deadline
			}
		}
		if earliest != 0 && !offers(offered, Input{Host: pump.TimerTurn, K: kernel.Input{Op: kernel.Advance, N: earliest - k.Now}}) {
			return "no timer turn to the earliest deadline"
		}
		return ""
	}},
	{"a wheel timer turn to any live deadline ahead", func(m *Model, s *State, offered []Input) string {
		k := &s.P.Kernel
		if !k.Config.Wheel || (!m.Scenario.Native && s.P.Mode == pump.Running) {
			return ""
		}
		if d, ok := earliestLiveDeadline(&k.Wheel); ok && d > uint64(k.Now) &&
			!offers(offered, Input{Host: pump.TimerTurn, K: kernel.Input{Op: kernel.Advance, N: uint32(d) - k.Now}}) {
			return "no timer turn to the earliest live deadline"
		}
		return ""
	}},
	{"a close of every Open region but the root", func(m *Model, s *State, offered []Input) string {
		for r := uint8(2); r <= cancel.MaxRegions; r++ {
			if reg := RegionRecord(&s.P.Kernel.Cancel, r); reg.Used && reg.State == cancel.RegionOpen &&
				!offers(offered, Input{K: kernel.Input{Op: kernel.CloseRegion, Region: r}}) {
				return "no close of an Open region"
			}
		}
		return ""
	}},
	{"a finalizer done in a Finalizing region with one registered", func(m *Model, s *State, offered []Input) string {
		for r := uint8(1); r <= cancel.MaxRegions; r++ {
			if reg := RegionRecord(&s.P.Kernel.Cancel, r); reg.Used && reg.State == cancel.RegionFinalizing && reg.Finalizers > 0 &&
				!offers(offered, Input{K: kernel.Input{Op: kernel.FinalizerDone, Region: r}}) {
				return "no finalizer done"
			}
		}
		return ""
	}},
	{"a callback through each capability to a parked task, granted or denied as the scenario lets", func(m *Model, s *State, offered []Input) string {
		k := &s.P.Kernel
		for id := uint8(1); id <= cancel.MaxTasks; id++ {
			if id == k.Current || s.Awaiting&(1<<(id-1)) == 0 {
				continue
			}
			for _, c := range []pump.Capability{pump.CapMessage, pump.CapTimer} {
				granted := s.P.Config.Caps&c != 0
				want := granted && m.Scenario.Callbacks || !granted && m.Scenario.DeniedCallbacks
				if got := offers(offered, Input{Host: pump.Callback, Cap: c, K: kernel.Input{Op: kernel.Wake, Task: id}}); got != want {
					return "a callback offered against the scenario"
				}
			}
		}
		return ""
	}},
	{"a timed spawn (TimedTasks: one timed task) only while no task has a deadline", func(m *Model, s *State, offered []Input) string {
		k := &s.P.Kernel
		if len(m.Scenario.Deadlines) > 0 { // any number of timed tasks
			return ""
		}
		for i := range k.Tasks {
			if k.Cancel.Tasks[i].Used && k.Tasks[i].Deadline != 0 && offers(offered, Input{K: kernel.Input{Op: kernel.Spawn, Region: 1, N: 2}}) {
				return "a second timed task"
			}
		}
		return ""
	}},
	{"a steal by every worker of a pool of two or more", func(m *Model, s *State, offered []Input) string {
		k := &s.P.Kernel
		for w := uint8(0); k.Config.Workers > 1 && w < k.Config.Workers; w++ {
			if !offers(offered, Input{K: kernel.Input{Op: kernel.PoolSteal, Arg: w}}) {
				return "no steal"
			}
		}
		return ""
	}},
	{"channel: the receiver's operations only while it is not dropped; evictions by a sender with try-ops", func(m *Model, s *State, offered []Input) string {
		k := &s.P.Kernel
		if k.Config.Channel.Capacity == 0 || k.Current == 0 || k.Tasks[k.Current-1].Waits != kernel.WaitsNothing || k.Tasks[k.Current-1].Permit != 0 {
			return ""
		}
		t, senders := k.Current, k.Config.Channel.Senders
		if t == senders+1 && k.Chan.ReceiverDropped && offers(offered, Input{K: kernel.Input{Op: kernel.ChanRecv, Task: t}}) {
			return "a receive after the receiver dropped"
		}
		if t <= senders && m.Scenario.ChanTryOps && !offers(offered, Input{K: kernel.Input{Op: kernel.ChanEvict, Task: t}}) {
			return "no eviction by a sender"
		}
		return ""
	}},
	{"a stale timer cancel only of a task with a live wheel timer", func(m *Model, s *State, offered []Input) string {
		w := &s.P.Kernel.Wheel
		for id := uint8(1); id <= cancel.MaxTasks; id++ {
			live := false
			for i := range w.Entries {
				if e := &w.Entries[i]; e.Used && e.Task == id && wheelHolds(w, e.Handle) {
					live = true
				}
			}
			if got := offers(offered, Input{K: kernel.Input{Op: kernel.TimerCancelStale, Task: id}}); got != (live && m.Scenario.StaleHandles) {
				return "a stale timer cancel offered against the wheel"
			}
		}
		return ""
	}},
}

// TestEnabledKeepsItsRules: on random paths of every scenario, the inputs
// offered in each state keep every rule of enabledRules. Each rule is
// shown to bite by a planted bug in Enabled (the s36 audit).
func TestEnabledKeepsItsRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log trace.Log
		var offered []Input
		for range 20 {
			s := m.Init()
			for range 30 {
				offered = m.Enabled(&s, offered[:0])
				for _, r := range enabledRules {
					if msg := r.check(m, &s, offered); msg != "" {
						t.Fatalf("%s: %s: %s in\n%s", sc.Name, r.name, msg, Summary(&s))
					}
				}
				if len(offered) == 0 {
					break
				}
				log.Reset()
				if err := m.Apply(&s, offered[rng.IntN(len(offered))], &log); err != nil {
					t.Fatalf("%s: %v", sc.Name, err)
				}
			}
		}
	}
}
