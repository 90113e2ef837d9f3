package asupersync

import (
	"reflect"
	"slices"
	"testing"

	"modelcheck/model"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
)

// TestEveryReductionIsValidAndSmaller: each reduction of every named
// scenario is a scenario the model can run (Validate accepts it: a task
// spawned before the first step goes with the task), lowers no limit to
// 0 (which the runtime reads as its default, not a smaller limit), and
// is smaller by Size, as model.Reducer requires so that the shrinker ends
// and takes it: the shrinker keeps a candidate only if it is smaller
// (script length, then Size), so a reduction Size is blind to is never
// taken.
func TestEveryReductionIsValidAndSmaller(t *testing.T) {
	for _, sc := range Scenarios() {
		for i, r := range Reductions(&sc, nil) {
			c := r.Config
			if err := c.Validate(); err != nil {
				t.Errorf("%s: reduction %d: %v", sc.Name, i, err)
			}
			for _, l := range [][2]uint8{
				{sc.Kernel.CancelStreakLimit, c.Kernel.CancelStreakLimit},
				{sc.Kernel.CatchupBatch, c.Kernel.CatchupBatch},
				{sc.Pump.BurstLimit, c.Pump.BurstLimit},
			} {
				if l[0] != 0 && l[1] == 0 {
					t.Errorf("%s: reduction %d lowers a limit of %d to 0, the default", sc.Name, i, l[0])
				}
			}
			if Size(&c) >= Size(&sc) {
				t.Errorf("%s: reduction %d is not smaller: Size %d, the scenario's %d", sc.Name, i, Size(&c), Size(&sc))
			}
		}
	}
}

// TestReductionsLeaveTheScenarioAlone: listing the reductions changes
// neither the scenario they come from nor one another: each deletes from
// its own copy of the scenario's lists.
func TestReductionsLeaveTheScenarioAlone(t *testing.T) {
	for _, sc := range Scenarios() {
		// A copy made here, not by cloneScenario, which is under test.
		keep := sc
		keep.Sleeps, keep.Deadlines, keep.Priorities = slices.Clone(sc.Sleeps), slices.Clone(sc.Deadlines), slices.Clone(sc.Priorities)
		keep.CancelKinds, keep.Governors = slices.Clone(sc.CancelKinds), slices.Clone(sc.Governors)
		rs := Reductions(&sc, nil)
		if !reflect.DeepEqual(sc, keep) {
			t.Errorf("%s: listing its reductions changed the scenario", sc.Name)
		}
		for i, r := range rs {
			for _, list := range [][2]int{
				{len(r.Config.Sleeps), len(sc.Sleeps)},
				{len(r.Config.Deadlines), len(sc.Deadlines)},
				{len(r.Config.Priorities), len(sc.Priorities)},
				{len(r.Config.CancelKinds), len(sc.CancelKinds)},
				{len(r.Config.Governors), len(sc.Governors)},
			} {
				if list[0] < list[1]-1 {
					t.Errorf("%s: reduction %d drops more than one entry of a list", sc.Name, i)
				}
			}
		}
	}
}

// TestEveryOptionHasAReduction: for a scenario with every option the
// Reductions comment lists switched on, each is switched off, alone, by
// some reduction.
func TestEveryOptionHasAReduction(t *testing.T) {
	sc := lookup(t, "default")
	options := map[string]func(*Scenario) *bool{
		"timed_tasks":         func(sc *Scenario) *bool { return &sc.TimedTasks },
		"masks":               func(sc *Scenario) *bool { return &sc.Masks },
		"denied_callbacks":    func(sc *Scenario) *bool { return &sc.DeniedCallbacks },
		"stale_handles":       func(sc *Scenario) *bool { return &sc.StaleHandles },
		"chan_try_ops":        func(sc *Scenario) *bool { return &sc.ChanTryOps },
		"callbacks":           func(sc *Scenario) *bool { return &sc.Callbacks },
		"self_wakes":          func(sc *Scenario) *bool { return &sc.SelfWakes },
		"leaky_tasks":         func(sc *Scenario) *bool { return &sc.LeakyTasks },
		"drop_futures":        func(sc *Scenario) *bool { return &sc.DropFutures },
		"spurious_chan_wakes": func(sc *Scenario) *bool { return &sc.SpuriousChanWakes },
		"err_outcomes":        func(sc *Scenario) *bool { return &sc.ErrOutcomes },
		"sibling_regions":     func(sc *Scenario) *bool { return &sc.SiblingRegions },
	}
	for _, f := range options {
		*f(&sc) = true
	}
	rs := Reductions(&sc, nil)
	for name, f := range options {
		want := cloneScenario(sc)
		*f(&want) = false
		if !slices.ContainsFunc(rs, func(r model.Reduction[Scenario, Input]) bool { return reflect.DeepEqual(r.Config, want) }) {
			t.Errorf("no reduction switches %s off alone", name)
		}
	}
}

// TestWeakerKindsByHand: weaker lists the kinds of lower severity only,
// weakest first (User has none below it; FailFast, severity 3, has
// User, then Timeout and Deadline, then PollQuota and CostBudget), and a
// task cancel kind weakened rewrites the script's task cancels of that
// kind only: a User cancel and a region cancel stay as they were.
func TestWeakerKindsByHand(t *testing.T) {
	if got := weaker(cancel.User); len(got) != 0 {
		t.Errorf("weaker(User) = %v, want none", got)
	}
	want := []cancel.Kind{cancel.User, cancel.Timeout, cancel.Deadline, cancel.PollQuota, cancel.CostBudget}
	if got := weaker(cancel.FailFast); !slices.Equal(got, want) {
		t.Errorf("weaker(FailFast) = %v, want %v", got, want)
	}
	sc := Scenario{Tasks: 2, Regions: 1, CancelKinds: []cancel.Kind{cancel.User, cancel.FailFast}, RegionCancelKind: cancel.FailFast}
	script := []Input{
		{K: kernel.Input{Op: kernel.CancelTask, Task: 1, Arg: uint8(cancel.User)}},
		{K: kernel.Input{Op: kernel.CancelTask, Task: 2, Arg: uint8(cancel.FailFast)}},
		{K: kernel.Input{Op: kernel.CancelRegion, Region: 1, Arg: uint8(cancel.FailFast)}},
	}
	found := false
	for _, r := range weakerKinds(&sc, script) {
		if !slices.Equal(r.Config.CancelKinds, []cancel.Kind{cancel.User, cancel.Timeout}) {
			continue
		}
		found = true
		want := slices.Clone(script)
		want[1].K.Arg = uint8(cancel.Timeout)
		if !slices.Equal(r.Script, want) {
			t.Errorf("FailFast -> Timeout rewrites the script to %v, want %v", r.Script, want)
		}
	}
	if !found {
		t.Errorf("no reduction weakens the task kind FailFast to Timeout")
	}
}

// TestWeightAndAlikeByHand: an input's weight grows with its ids (wake t2
// is heavier than wake t1), and only inputs of one host event and one
// kernel operation are alike: a microtask run and a host task run (both
// with no kernel operation), or a timer turn and a plain advance, are not.
func TestWeightAndAlikeByHand(t *testing.T) {
	w1 := Input{K: kernel.Input{Op: kernel.Wake, Task: 1}}
	w2 := Input{K: kernel.Input{Op: kernel.Wake, Task: 2}}
	if Weight(w1) >= Weight(w2) || !Alike(w1, w2) {
		t.Errorf("wake t1 weighs %d, wake t2 %d, alike %v: want lighter and alike", Weight(w1), Weight(w2), Alike(w1, w2))
	}
	for _, c := range [][2]Input{
		{{Host: pump.RunMicrotask}, {Host: pump.RunHostTask}},
		{{Host: pump.TimerTurn, K: kernel.Input{Op: kernel.Advance, N: 1}}, {K: kernel.Input{Op: kernel.Advance, N: 1}}},
	} {
		if Alike(c[0], c[1]) {
			t.Errorf("%s and %s are alike, want not", c[0], c[1])
		}
	}
}
