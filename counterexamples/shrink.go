package counterexamples

import (
	"context"
	"slices"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
)

// Shrink makes a case as small as it can while the same invariant still
// fails, going beyond the explorer's shortest path: it drops inputs (delta
// debugging), shrinks the scenario (fewer tasks, regions, timers,
// obligations, cancel kinds, governors, faults; weaker cancel kinds;
// smaller limits), simplifies inputs (lower ids, weaker kinds, smaller
// numbers) and searches the shrunk scenario for a shorter path. Every
// candidate is replayed with the case's checks and kept only if it
// violates the same invariant, through inputs the model itself would have
// given; the script is cut at that violation.
//
// The result is 1-minimal: dropping any single input, or applying any one
// of the scenario reductions (one task, region, timer, obligation ... less),
// makes the violation disappear. Shrinking is deterministic and idempotent:
// the result is a fixed point of every pass, so shrinking it again changes
// nothing.
//
// When ctx is done, Shrink stops within one candidate's replay and returns
// ctx's error.
func Shrink(ctx context.Context, c Case) (Case, error) {
	o, err := execute(ctx, c.Scenario, c.Only, c.Script, nil)
	if err != nil {
		return c, err
	}
	if o.Violation == nil {
		return c, errNoViolation
	}
	if c.Origin.Command == "" {
		c.Origin.Command = byHand
	}
	if c.Origin.Length == 0 {
		c.Origin.Length = len(c.Script)
	}
	c.Script = o.Inputs
	s := shrinker{ctx: ctx, target: o.Violation.Index, cur: c}
	for !s.stopped() && (s.dropInputs() || s.reduceScenario() || s.simplifyInputs() || s.research()) {
	}
	if err := ctx.Err(); err != nil {
		return c, err
	}
	return s.cur, nil
}

// shrinker holds the smallest reproducing case found so far.
type shrinker struct {
	// ctx stops the shrink: once it is done, every candidate fails and
	// the passes end.
	ctx    context.Context
	target int
	cur    Case
}

// stopped reports whether ctx is done; the passes check it between
// candidates, whose replays check it between steps.
func (s *shrinker) stopped() bool { return s.ctx.Err() != nil }

// try replays a candidate and keeps it if it breaks the target invariant
// and, cut at the violation, is smaller than the current case. Requiring
// "smaller" in one well-founded order makes every pass terminate.
func (s *shrinker) try(c Case) bool {
	o, err := execute(s.ctx, c.Scenario, c.Only, c.Script, nil)
	if err != nil || o.Violation == nil || o.Violation.Index != s.target {
		return false
	}
	c.Script = o.Inputs
	if !smaller(&c, &s.cur) {
		return false
	}
	s.cur = c
	return true
}

// smaller orders cases by script length, then scenario size, then the
// weight of the script's inputs.
func smaller(a, b *Case) bool {
	return slices.Compare(
		[]int{len(a.Script), scenarioSize(&a.Scenario), scriptWeight(a.Script)},
		[]int{len(b.Script), scenarioSize(&b.Scenario), scriptWeight(b.Script)}) < 0
}

// scenarioSize adds up what a scenario lets the environment and the
// runtime do; every scenario reduction lowers it.
func scenarioSize(sc *model.Scenario) int {
	n := int(sc.Tasks) + int(sc.Regions) + int(sc.Obligations) + int(sc.Finalizers) +
		flag(sc.Sleep != 0) + flag(sc.TimedTasks) + flag(sc.Masks) + flag(sc.DeniedCallbacks) +
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

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

func scriptWeight(script []model.Input) int {
	n := 0
	for _, in := range script {
		n += weight(in)
	}
	return n
}

// weight is how "big" an input's operands are: ids, priority, numbers,
// capability and cancel severity. Among inputs of one operation, a lighter
// one is simpler.
func weight(in model.Input) int {
	k := in.K
	arg := int(k.Arg)
	if k.Op == kernel.CancelTask || k.Op == kernel.CancelRegion {
		arg = int(kindOf(in).Severity())
	}
	return int(k.Task) + int(k.Region) + int(k.Obligation) + int(k.Priority) + int(k.N) + int(in.Cap) + arg
}

// cloneScenario copies a scenario's slices, so a candidate's changes do not
// reach the case it came from.
func cloneScenario(sc model.Scenario) model.Scenario {
	sc.CancelKinds = slices.Clone(sc.CancelKinds)
	sc.Governors = slices.Clone(sc.Governors)
	sc.Sleeps = slices.Clone(sc.Sleeps)
	sc.Deadlines = slices.Clone(sc.Deadlines)
	return sc
}
