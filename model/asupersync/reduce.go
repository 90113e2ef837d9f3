package asupersync

import (
	"slices"

	"modelcheck/model"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/kernel"
)

// Reductions lists the scenarios one step smaller than sc, most telling
// first: one task, region, obligation or finalizer less; no sleep
// timer, timed tasks, masks, denied or granted callbacks, self-wakes,
// leaky tasks or dropped futures;
// one deadline less; no region cancels; one
// cancel kind, governor suggestion or fault less; a weaker cancel kind
// (the script's cancels of that kind weakened with it); a smaller limit.
//
// It is model.Reducer's Reductions: every reduction but the weaker kinds
// keeps script as it is.
func Reductions(sc *Scenario, script []Input) []model.Reduction[Scenario, Input] {
	var out []model.Reduction[Scenario, Input]
	add := func(change func(sc *Scenario)) {
		r := model.Reduction[Scenario, Input]{Config: cloneScenario(*sc), Script: script}
		change(&r.Config)
		out = append(out, r)
	}
	if sc.Tasks > 0 {
		// A task spawned before the first step goes with it.
		add(func(sc *Scenario) { sc.Tasks, sc.Spawned = sc.Tasks-1, min(sc.Spawned, sc.Tasks-1) })
	}
	if sc.Regions > 1 {
		add(func(sc *Scenario) { sc.Regions-- })
	}
	if sc.Obligations > 0 {
		add(func(sc *Scenario) { sc.Obligations-- })
	}
	if sc.Finalizers > 0 {
		add(func(sc *Scenario) { sc.Finalizers-- })
	}
	for _, flag := range []func(*Scenario) *bool{
		func(sc *Scenario) *bool { return &sc.TimedTasks },
		func(sc *Scenario) *bool { return &sc.Masks },
		func(sc *Scenario) *bool { return &sc.DeniedCallbacks },
		func(sc *Scenario) *bool { return &sc.StaleHandles },
		func(sc *Scenario) *bool { return &sc.ChanTryOps },
		func(sc *Scenario) *bool { return &sc.Callbacks },
		func(sc *Scenario) *bool { return &sc.SelfWakes },
		func(sc *Scenario) *bool { return &sc.LeakyTasks },
		func(sc *Scenario) *bool { return &sc.DropFutures },
		func(sc *Scenario) *bool { return &sc.SpuriousChanWakes },
		func(sc *Scenario) *bool { return &sc.ErrOutcomes },
		func(sc *Scenario) *bool { return &sc.SiblingRegions },
		func(sc *Scenario) *bool { return &sc.NestedMasks },
		func(sc *Scenario) *bool { return &sc.LateReturns },
		func(sc *Scenario) *bool { return &sc.LateTurns },
	} {
		if *flag(sc) {
			add(func(sc *Scenario) { *flag(sc) = false })
		}
	}
	if sc.Sleep != 0 {
		add(func(sc *Scenario) { sc.Sleep = 0 })
	}
	for i := range sc.Sleeps {
		add(func(sc *Scenario) { sc.Sleeps = slices.Delete(sc.Sleeps, i, i+1) })
	}
	for i := range sc.Deadlines {
		add(func(sc *Scenario) { sc.Deadlines = slices.Delete(sc.Deadlines, i, i+1) })
	}
	for i := range sc.Priorities {
		add(func(sc *Scenario) { sc.Priorities = slices.Delete(sc.Priorities, i, i+1) })
	}
	if sc.Kernel.Channel.Capacity > 1 {
		add(func(sc *Scenario) { sc.Kernel.Channel.Capacity-- })
	}
	if !sc.NoRegionCancel {
		add(func(sc *Scenario) { sc.NoRegionCancel, sc.RegionCancelKind = true, 0 })
	}
	for i := range sc.CancelKinds {
		add(func(sc *Scenario) { sc.CancelKinds = slices.Delete(sc.CancelKinds, i, i+1) })
	}
	for i := range sc.Governors {
		add(func(sc *Scenario) { sc.Governors = slices.Delete(sc.Governors, i, i+1) })
	}
	for _, f := range sc.Kernel.Faults.List() {
		add(func(sc *Scenario) {
			sc.Kernel.Faults = without(sc.Kernel.Faults, f)
			sc.Pump.Faults = sc.Kernel.Faults
		})
	}
	out = append(out, weakerKinds(sc, script)...)
	for _, limit := range []func(*Scenario) *uint8{
		func(sc *Scenario) *uint8 { return &sc.Kernel.CancelStreakLimit },
		func(sc *Scenario) *uint8 { return &sc.Kernel.CatchupBatch },
		func(sc *Scenario) *uint8 { return &sc.Pump.BurstLimit },
	} {
		if *limit(sc) > 1 {
			add(func(sc *Scenario) { *limit(sc)-- })
		}
	}
	return out
}

func without(s fault.Set, f fault.Fault) fault.Set {
	var out fault.Set
	for _, g := range s.List() {
		if g != f {
			out = out.With(g)
		}
	}
	return out
}

// weakerKinds replaces the region cancel kind, or one task cancel kind,
// by each less severe kind, weakest first, and rewrites the script's
// cancels of that kind to match: the scenario offers only its own kinds.
func weakerKinds(sc *Scenario, script []Input) []model.Reduction[Scenario, Input] {
	var out []model.Reduction[Scenario, Input]
	if !sc.NoRegionCancel {
		for _, k := range weaker(sc.RegionCancelKind) {
			r := model.Reduction[Scenario, Input]{Config: cloneScenario(*sc)}
			r.Config.RegionCancelKind = k
			r.Script = rekind(script, kernel.CancelRegion, sc.RegionCancelKind, k)
			out = append(out, r)
		}
	}
	for i, old := range sc.CancelKinds {
		for _, k := range weaker(old) {
			r := model.Reduction[Scenario, Input]{Config: cloneScenario(*sc)}
			if slices.Contains(sc.CancelKinds, k) {
				r.Config.CancelKinds = slices.Delete(r.Config.CancelKinds, i, i+1)
			} else {
				r.Config.CancelKinds[i] = k
			}
			r.Script = rekind(script, kernel.CancelTask, old, k)
			out = append(out, r)
		}
	}
	return out
}

// weaker lists the kinds less severe than k, weakest first.
func weaker(k cancel.Kind) []cancel.Kind {
	var out []cancel.Kind
	for sev := uint8(0); sev < k.Severity(); sev++ {
		for w := cancel.Kind(0); w <= cancel.Shutdown; w++ {
			if w.Severity() == sev {
				out = append(out, w)
			}
		}
	}
	return out
}

func rekind(script []Input, op kernel.Op, from, to cancel.Kind) []Input {
	out := slices.Clone(script)
	for i, in := range out {
		if in.K.Op == op && kindOf(in) == from {
			out[i].K.Arg = uint8(to)
		}
	}
	return out
}

func kindOf(in Input) cancel.Kind { return cancel.Kind(in.K.Arg) }

// Size adds up what a scenario lets the environment and the runtime do;
// every reduction lowers it (model.Reducer's Size).
func Size(sc *Scenario) int {
	n := int(sc.Tasks) + int(sc.Regions) + int(sc.Obligations) + int(sc.Finalizers) +
		one(sc.Sleep != 0) + one(sc.TimedTasks) + one(sc.Masks) + one(sc.DeniedCallbacks) +
		one(sc.StaleHandles) + one(sc.ChanTryOps) + one(sc.Callbacks) + one(sc.SelfWakes) +
		one(sc.LeakyTasks) + one(sc.DropFutures) + one(sc.SpuriousChanWakes) + one(sc.ErrOutcomes) + one(sc.SiblingRegions) +
		one(sc.NestedMasks) + one(sc.LateReturns) + one(sc.LateTurns) +
		len(sc.Sleeps) + len(sc.Deadlines) + len(sc.Priorities) + int(sc.Kernel.Channel.Capacity) +
		len(sc.Governors) + len(sc.Kernel.Faults.List()) +
		int(sc.Kernel.CancelStreakLimit) + int(sc.Kernel.CatchupBatch) + int(sc.Pump.BurstLimit)
	if !sc.NoRegionCancel {
		n += 1 + int(sc.RegionCancelKind.Severity())
	}
	for _, k := range sc.CancelKinds {
		n += 1 + int(k.Severity())
	}
	return n
}

// one counts a flag that is set.
func one(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Weight is how "big" an input's operands are: ids, priority, numbers,
// capability and cancel severity (model.Simplifier's Weight). Among inputs
// of one operation, a lighter one is simpler.
func Weight(in Input) int {
	k := in.K
	arg := int(k.Arg)
	if k.Op == kernel.CancelTask || k.Op == kernel.CancelRegion {
		arg = int(kindOf(in).Severity())
	}
	return int(k.Task) + int(k.Region) + int(k.Obligation) + int(k.Priority) + int(k.N) + int(in.Cap) + arg
}

// Alike reports whether b is the same operation as a: the same host event
// and kernel operation (model.Simplifier's Alike).
func Alike(a, b Input) bool { return a.Host == b.Host && a.K.Op == b.K.Op }

// cloneScenario copies a scenario's slices, so a reduction's changes do
// not reach the scenario it came from.
func cloneScenario(sc Scenario) Scenario {
	sc.CancelKinds = slices.Clone(sc.CancelKinds)
	sc.Governors = slices.Clone(sc.Governors)
	sc.Sleeps = slices.Clone(sc.Sleeps)
	sc.Deadlines = slices.Clone(sc.Deadlines)
	sc.Priorities = slices.Clone(sc.Priorities)
	return sc
}
