package asupersync

import (
	"slices"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/wheel"
)

// originInvariants: the derived-field checks (derived.go, metadata.go, the
// *_survivors files) hold each value the runtime carries from step to step
// to its value before, moved by the input and the events. None of them
// sees where a value starts: the runtime's constructor sets it, and no
// transition leads into the initial state. Session 45's audit started
// decision_seq, decision_hash, the cancel streak and the certificate at 1,
// the governor at MeetDeadlines, every worker's generator at 0 and the
// wheel's counters at 1 whatever the scenario said: each explored every
// scenario clean, since every step then agreed with the wrong start. This
// check holds the runtime as constructed, before the scenario's first
// spawn (Model.Init asks Checker.Origin), to the start the contracts and
// the scenario give, spelled here, not read from the runtime's defaults.
var originInvariants = []Invariant{
	{"initial-state", []string{"wasm-browser-scheduler-semantics-v1/S2", "wasm-browser-scheduler-semantics-v1/S6", "INV-SC-05", "sc-rng-tiebreak-001", "004/3.5", "004/3.8", "INV-TM-06"},
		"before any input the runtime is empty and its counters are at their origin: no task, obligation, timer or queued entry, only the root region, Open; clock 0; cancel streak, decision_seq, decision_hash and the fairness certificate 0; governor NoPreference; each worker's generator seeded with its worker id (DetRng::new(worker_id)); the wheel's next id and generation the scenario's first ones; the channel empty with its receiver open; on the browser the pump Idle with nothing pending and burst 0", atOrigin},
}

// atOrigin is false except on the context Origin sets up: every other
// transition's values are the derived checks' to judge.
func atOrigin(c *Context) bool {
	return c.atOrigin && !isOrigin(c.Scenario, c.After)
}

// originIndex is the position of initial-state in all.
var originIndex = indexOf("initial-state")

// Origin checks the runtime as constructed (model.Checker's Origin): 1+
// initial-state's index if it is checked and broken, else 0.
func (c *Checker) Origin(s *model.State) int {
	if !c.enabled[originIndex] {
		return 0
	}
	c.ctx.reset(c.scenario, s, model.Input{}, s, nil)
	c.ctx.atOrigin = true
	if all[originIndex].violated(&c.ctx) {
		return originIndex + 1
	}
	return 0
}

// isOrigin reports whether s is the start sc gives.
func isOrigin(sc *model.Scenario, s *model.State) bool {
	k := kern(s)
	return k.Now == 0 && k.Current == 0 && k.Outer == 0 &&
		cancelAtOrigin(&k.Cancel) && schedAtOrigin(&k.Sched) &&
		timersAtOrigin(sc, s) && poolAtOrigin(sc, s) && channelAtOrigin(sc, s) &&
		(sc.Native || pumpAtOrigin(&s.P))
}

// cancelAtOrigin: no task or obligation, and the root region alone, Open,
// with no parent, reason or finalizer.
func cancelAtOrigin(c *cancel.State) bool {
	for i := range c.Tasks {
		if c.Tasks[i].Used {
			return false
		}
	}
	for i := range c.Obligations {
		if c.Obligations[i].Used {
			return false
		}
	}
	for i := range c.Regions {
		r := &c.Regions[i]
		if i == 0 {
			if !r.Used || r.State != cancel.RegionOpen || r.Parent != 0 || r.HasReason || r.Finalizers != 0 {
				return false
			}
		} else if r.Used {
			return false
		}
	}
	return true
}

// schedAtOrigin: empty lanes, and every counter of 000 S2 and S6 and of
// the fairness certificate (004 3.8) at 0, under NoPreference until a
// governor input says otherwise.
func schedAtOrigin(s *sched.State) bool {
	return s.Cancel.N == 0 && s.Timed.N == 0 && s.Ready.N == 0 && s.Scheduled == 0 &&
		s.Governor == sched.NoPreference && s.Streak == 0 && s.Seq == 0 && s.Hash == 0 &&
		s.Cert == sched.Certificate{}
}

// timersAtOrigin: no host timer, and a wheel (if the scenario has one)
// holding nothing, at time 0, that numbers its first timer with the
// scenario's first id and generation.
func timersAtOrigin(sc *model.Scenario, s *model.State) bool {
	k := kern(s)
	for i := range k.Timers {
		if k.Timers[i].Live {
			return false
		}
	}
	if !sc.Kernel.Wheel {
		return true
	}
	w := &k.Wheel
	return w.Now == 0 && w.ActiveUsed == 0 && w.Occupied == [len(w.Occupied)][4]uint64{} &&
		w.NextID == sc.Kernel.WheelConfig.FirstID && w.NextGen == sc.Kernel.WheelConfig.FirstGen &&
		!slices.ContainsFunc(w.Entries[:], func(e wheel.Entry) bool { return e.Used })
}

// poolAtOrigin: the scenario's workers, each with an empty local queue
// and a generator seeded with its worker id (004 3.5).
func poolAtOrigin(sc *model.Scenario, s *model.State) bool {
	p := &kern(s).Pool
	if p.Workers != sc.Kernel.Workers {
		return false
	}
	for w := range p.Workers {
		if p.Local[w].N != 0 || p.Rng[w].State != uint64(w) {
			return false
		}
	}
	return true
}

// channelAtOrigin: a scenario's channel starts with nothing queued,
// reserved or waiting and its receiver open. Its sender count is
// chan-senders-derived's, which holds it to the scenario's in every state.
func channelAtOrigin(sc *model.Scenario, s *model.State) bool {
	if sc.Kernel.Channel.Capacity == 0 {
		return true
	}
	ch := &kern(s).Chan
	return ch.Len == 0 && ch.Reserved == 0 && ch.NWaiters == 0 && ch.RecvWaiter == 0 && !ch.ReceiverDropped
}

// pumpAtOrigin: no pump turn queued, running or owed, and no burst
// counted. Where host turns and batches count from is host-turn-origin's,
// which reads it from the events.
func pumpAtOrigin(p *pump.State) bool {
	return p.Mode == pump.Idle && !p.Pending && p.Burst == 0
}
