package counterexamples

import (
	"slices"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/kernel"
)

// reduceScenario tries each scenario reduction in turn and keeps the first
// that still reproduces.
func (s *shrinker) reduceScenario() bool {
	for _, c := range reductions(&s.cur) {
		if s.try(c) {
			return true
		}
	}
	return false
}

// reductions lists the scenarios one step smaller than the case's, most
// telling first: one task, region, obligation or finalizer less; no sleep
// timer, timed tasks, masks, denied or granted callbacks or self-wakes;
// one deadline less; no region cancels; one
// cancel kind, governor suggestion or fault less; a weaker cancel kind
// (the script's cancels of that kind weakened with it); a smaller limit.
func reductions(c *Case) []Case {
	var out []Case
	add := func(change func(sc *model.Scenario)) {
		r := *c
		r.Scenario = cloneScenario(c.Scenario)
		change(&r.Scenario)
		out = append(out, r)
	}
	sc := &c.Scenario
	if sc.Tasks > 0 {
		add(func(sc *model.Scenario) { sc.Tasks-- })
	}
	if sc.Regions > 1 {
		add(func(sc *model.Scenario) { sc.Regions-- })
	}
	if sc.Obligations > 0 {
		add(func(sc *model.Scenario) { sc.Obligations-- })
	}
	if sc.Finalizers > 0 {
		add(func(sc *model.Scenario) { sc.Finalizers-- })
	}
	for _, flag := range []func(*model.Scenario) *bool{
		func(sc *model.Scenario) *bool { return &sc.TimedTasks },
		func(sc *model.Scenario) *bool { return &sc.Masks },
		func(sc *model.Scenario) *bool { return &sc.DeniedCallbacks },
		func(sc *model.Scenario) *bool { return &sc.StaleHandles },
		func(sc *model.Scenario) *bool { return &sc.ChanTryOps },
		func(sc *model.Scenario) *bool { return &sc.Callbacks },
		func(sc *model.Scenario) *bool { return &sc.SelfWakes },
	} {
		if *flag(sc) {
			add(func(sc *model.Scenario) { *flag(sc) = false })
		}
	}
	if sc.Sleep != 0 {
		add(func(sc *model.Scenario) { sc.Sleep = 0 })
	}
	for i := range sc.Sleeps {
		add(func(sc *model.Scenario) { sc.Sleeps = slices.Delete(sc.Sleeps, i, i+1) })
	}
	for i := range sc.Deadlines {
		add(func(sc *model.Scenario) { sc.Deadlines = slices.Delete(sc.Deadlines, i, i+1) })
	}
	if sc.Kernel.Channel.Capacity > 1 {
		add(func(sc *model.Scenario) { sc.Kernel.Channel.Capacity-- })
	}
	if !sc.NoRegionCancel {
		add(func(sc *model.Scenario) { sc.NoRegionCancel, sc.RegionCancelKind = true, 0 })
	}
	for i := range sc.CancelKinds {
		add(func(sc *model.Scenario) { sc.CancelKinds = slices.Delete(sc.CancelKinds, i, i+1) })
	}
	for i := range sc.Governors {
		add(func(sc *model.Scenario) { sc.Governors = slices.Delete(sc.Governors, i, i+1) })
	}
	for _, f := range sc.Kernel.Faults.List() {
		add(func(sc *model.Scenario) {
			sc.Kernel.Faults = without(sc.Kernel.Faults, f)
			sc.Pump.Faults = sc.Kernel.Faults
		})
	}
	out = append(out, weakerKinds(c)...)
	for _, limit := range []func(*model.Scenario) *uint8{
		func(sc *model.Scenario) *uint8 { return &sc.Kernel.CancelStreakLimit },
		func(sc *model.Scenario) *uint8 { return &sc.Kernel.CatchupBatch },
		func(sc *model.Scenario) *uint8 { return &sc.Pump.BurstLimit },
	} {
		if *limit(sc) > 1 {
			add(func(sc *model.Scenario) { *limit(sc)-- })
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
func weakerKinds(c *Case) []Case {
	var out []Case
	sc := &c.Scenario
	if !sc.NoRegionCancel {
		for _, k := range weaker(sc.RegionCancelKind) {
			r := *c
			r.Scenario = cloneScenario(c.Scenario)
			r.Scenario.RegionCancelKind = k
			r.Script = rekind(c.Script, kernel.CancelRegion, sc.RegionCancelKind, k)
			out = append(out, r)
		}
	}
	for i, old := range sc.CancelKinds {
		for _, k := range weaker(old) {
			r := *c
			r.Scenario = cloneScenario(c.Scenario)
			if slices.Contains(sc.CancelKinds, k) {
				r.Scenario.CancelKinds = slices.Delete(r.Scenario.CancelKinds, i, i+1)
			} else {
				r.Scenario.CancelKinds[i] = k
			}
			r.Script = rekind(c.Script, kernel.CancelTask, old, k)
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

func rekind(script []model.Input, op kernel.Op, from, to cancel.Kind) []model.Input {
	out := slices.Clone(script)
	for i, in := range out {
		if in.K.Op == op && kindOf(in) == from {
			out[i].K.Arg = uint8(to)
		}
	}
	return out
}

func kindOf(in model.Input) cancel.Kind { return cancel.Kind(in.K.Arg) }
