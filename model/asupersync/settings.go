package asupersync

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"modelcheck/internal/suggest"
	"modelcheck/model"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
)

// A counterexample file spells its scenario as a named base scenario plus
// overrides (`scenario base=default tasks=2 sleep=0 faults=lifo-ready`), so
// that a shrunk scenario, which no longer matches any named one, can be
// written down and replayed. One table drives both directions, so every
// value the writer spells the reader accepts.

// setting is one scenario key.
type setting = model.Setting[Scenario]

// Settings lists the scenario keys (model.Spec's Settings).
func Settings() []model.Setting[Scenario] { return append([]setting(nil), settings...) }

var settings = []setting{
	{Key: "backend", Line: 0, Get: spellBackend, Set: setBackend},
	model.Number("tasks", 0, 0, kernel.MaxTasks, func(sc *Scenario) *uint8 { return &sc.Tasks }),
	model.Number("regions", 0, 1, cancel.MaxRegions, func(sc *Scenario) *uint8 { return &sc.Regions }),
	model.Number("obligations", 0, 0, cancel.MaxObligations, func(sc *Scenario) *uint8 { return &sc.Obligations }),
	model.Number("finalizers", 0, 0, 255, func(sc *Scenario) *uint8 { return &sc.Finalizers }),
	model.Number("sleep", 0, 0, 1<<31, func(sc *Scenario) *uint32 { return &sc.Sleep }),
	model.Flag("timed_tasks", 0, func(sc *Scenario) *bool { return &sc.TimedTasks }),
	model.Flag("masks", 0, func(sc *Scenario) *bool { return &sc.Masks }),
	model.Flag("denied_callbacks", 0, func(sc *Scenario) *bool { return &sc.DeniedCallbacks }),
	{Key: "cancel_kinds", Line: 1, Get: spellCancelKinds, Set: setCancelKinds},
	{Key: "region_cancel", Line: 1, Get: spellRegionCancel, Set: setRegionCancel},
	{Key: "governors", Line: 1, Get: spellGovernors, Set: setGovernors},
	// Limits start at 1: the runtime reads 0 as "use the default", which
	// is not a smaller limit. cancel_streak_limit alone may be 0, which
	// semantics-notes reads as 1 (scenario streak-zero).
	model.Number("cancel_streak_limit", 2, 0, 127, func(sc *Scenario) *uint8 { return &sc.Kernel.CancelStreakLimit }),
	model.Number("catchup_batch", 2, 1, kernel.MaxTimers, func(sc *Scenario) *uint8 { return &sc.Kernel.CatchupBatch }),
	model.Number("max_chain_depth", 2, 1, 255, func(sc *Scenario) *uint8 { return &sc.Kernel.MaxChainDepth }),
	model.Number("max_chain_memory", 2, 1, 65535, func(sc *Scenario) *uint16 { return &sc.Kernel.MaxChainMemory }),
	model.Number("burst_limit", 2, 1, 255, func(sc *Scenario) *uint8 { return &sc.Pump.BurstLimit }),
	{Key: "caps", Line: 2, Get: spellCaps, Set: setCaps},
	{Key: "faults", Line: 2, Get: spellFaults, Set: setFaults},
	model.Number("channel", 3, 0, channel.MaxCapacity, func(sc *Scenario) *uint8 { return &sc.Kernel.Channel.Capacity }),
	model.Number("senders", 3, 0, kernel.MaxTasks-1, func(sc *Scenario) *uint8 { return &sc.Kernel.Channel.Senders }),
	model.Flag("tracked_permits", 3, func(sc *Scenario) *bool { return &sc.Kernel.TrackPermits }),
	model.Flag("chan_try_ops", 3, func(sc *Scenario) *bool { return &sc.ChanTryOps }),
	model.Flag("wheel", 3, func(sc *Scenario) *bool { return &sc.Kernel.Wheel }),
	{Key: "sleeps", Line: 3, Get: spellSleeps, Set: setSleeps},
	model.Flag("stale_handles", 3, func(sc *Scenario) *bool { return &sc.StaleHandles }),
	wide("wheel_first_id", 3, func(sc *Scenario) *uint64 { return &sc.Kernel.WheelConfig.FirstID }),
	wide("wheel_first_gen", 3, func(sc *Scenario) *uint64 { return &sc.Kernel.WheelConfig.FirstGen }),
	model.Number("workers", 3, 0, sched.MaxWorkers, func(sc *Scenario) *uint8 { return &sc.Kernel.Workers }),
	model.Number("pool_tasks", 3, 0, kernel.MaxTasks, func(sc *Scenario) *uint8 { return &sc.PoolTasks }),
	// Line 4 holds the keys added after the first counterexample files
	// were committed: each has an Unset value, so a scenario that uses none
	// of them is described without the line and those files keep their
	// bytes.
	unset("none", setting{Key: "deadlines", Line: 4, Get: spellDeadlines, Set: setDeadlines}),
	unset("false", model.Flag("callbacks", 4, func(sc *Scenario) *bool { return &sc.Callbacks })),
	unset("false", model.Flag("self_wakes", 4, func(sc *Scenario) *bool { return &sc.SelfWakes })),
	unset("0", setting{Key: "coalesce_window", Line: 4, Get: spellCoalesce, Set: setCoalesce}),
	unset("0", model.Number("min_group", 4, 0, 255, func(sc *Scenario) *uint8 { return &sc.Kernel.WheelConfig.MinGroupSize })),
	// Line 5 likewise, for keys added after line 4's files.
	unset("0", model.Number("spawned", 5, 0, kernel.MaxTasks, func(sc *Scenario) *uint8 { return &sc.Spawned })),
	// Line 6 likewise, for keys added after line 5's files.
	unset("false", model.Flag("leaky_tasks", 6, func(sc *Scenario) *bool { return &sc.LeakyTasks })),
	// Line 7 likewise, for keys added after line 6's files.
	unset("false", model.Flag("drop_futures", 7, func(sc *Scenario) *bool { return &sc.DropFutures })),
	// Line 8 likewise, for keys added after line 7's files.
	unset("false", model.Flag("err_outcomes", 8, func(sc *Scenario) *bool { return &sc.ErrOutcomes })),
	// Line 9 likewise, for keys added after line 8's files.
	unset("false", model.Flag("sibling_regions", 9, func(sc *Scenario) *bool { return &sc.SiblingRegions })),
	// Line 10 likewise, for keys added after line 9's files.
	unset("none", setting{Key: "priorities", Line: 10, Get: spellPriorities, Set: setPriorities}),
	// Line 11 likewise: the wheel's bounds (004 2.7), 0 for the defaults.
	unset("0", wide("max_wheel_duration", 11, func(sc *Scenario) *uint64 { return &sc.Kernel.WheelConfig.MaxWheelDuration })),
	unset("0", wide("max_timer_duration", 11, func(sc *Scenario) *uint64 { return &sc.Kernel.WheelConfig.MaxTimerDuration })),
	// Line 12 likewise, for keys added after line 11's files.
	unset("false", model.Flag("spurious_chan_wakes", 12, func(sc *Scenario) *bool { return &sc.SpuriousChanWakes })),
	// Line 13 likewise, for keys added after line 12's files.
	unset("false", model.Flag("nested_masks", 13, func(sc *Scenario) *bool { return &sc.NestedMasks })),
	unset("false", model.Flag("late_returns", 13, func(sc *Scenario) *bool { return &sc.LateReturns })),
	// Line 14 likewise, for keys added after line 13's files.
	unset("false", model.Flag("late_turns", 14, func(sc *Scenario) *bool { return &sc.LateTurns })),
}

// unset gives s the value that means "not used".
func unset(value string, s setting) setting {
	s.Unset = value
	return s
}

func spellDeadlines(sc *Scenario) string {
	if len(sc.Deadlines) == 0 {
		return "none"
	}
	out := make([]string, len(sc.Deadlines))
	for i, d := range sc.Deadlines {
		out[i] = strconv.FormatUint(uint64(d), 10)
	}
	return strings.Join(out, ",")
}

// MaxDeadlines and MaxPriorities bound the deadlines and priorities
// lists: a task carries one deadline and one priority, and a run holds at
// most kernel.MaxTasks tasks, so MaxTasks distinct values already give
// every order the tasks of one run can meet in (the named scenarios use
// two). A longer list adds no behaviour, only inputs offered at every
// spawn, and shrinking tries one candidate per value, each a copy of the
// list: a 9000-value list took minutes to shrink.
const (
	MaxDeadlines  = kernel.MaxTasks
	MaxPriorities = kernel.MaxTasks
)

// MaxSleeps bounds the sleeps list: the kernel's timer table holds
// kernel.MaxTimers timers, so that many distinct durations let every
// timer pending at once differ (the named scenarios use three). A longer
// list adds inputs at every step and shrink candidates, not behaviour.
const MaxSleeps = kernel.MaxTimers

func setDeadlines(sc *Scenario, v string) (err error) {
	sc.Deadlines, err = parseList(v, MaxDeadlines, "a run holds at most that many tasks, each with one deadline", func(s string) (uint32, error) {
		n, err := parseNumber(s, 1, 1<<31)
		return uint32(n), err
	})
	return err
}

func spellPriorities(sc *Scenario) string {
	if len(sc.Priorities) == 0 {
		return "none"
	}
	out := make([]string, len(sc.Priorities))
	for i, p := range sc.Priorities {
		out[i] = strconv.Itoa(int(p))
	}
	return strings.Join(out, ",")
}

func setPriorities(sc *Scenario, v string) (err error) {
	sc.Priorities, err = parseList(v, MaxPriorities, "a run holds at most that many tasks, each with one priority", func(s string) (uint8, error) {
		n, err := parseNumber(s, 1, 255)
		return uint8(n), err
	})
	return err
}

// spellCoalesce is the wheel's coalescing window, 0 when coalescing is off
// and "default" when it is on with the window unset (the wheel's 1 ms).
func spellCoalesce(sc *Scenario) string {
	switch {
	case !sc.Kernel.WheelConfig.Coalesce:
		return "0"
	case sc.Kernel.WheelConfig.CoalesceWindow == 0:
		return "default"
	}
	return strconv.FormatUint(sc.Kernel.WheelConfig.CoalesceWindow, 10)
}

func setCoalesce(sc *Scenario, v string) error {
	if v == "default" {
		sc.Kernel.WheelConfig.Coalesce, sc.Kernel.WheelConfig.CoalesceWindow = true, 0
		return nil
	}
	n, err := parseNumber(v, 0, 1<<31)
	sc.Kernel.WheelConfig.Coalesce, sc.Kernel.WheelConfig.CoalesceWindow = n != 0, n
	return err
}

func wide(key string, group int, field func(*Scenario) *uint64) setting {
	return setting{Key: key, Line: group,
		Get: func(sc *Scenario) string { return strconv.FormatUint(*field(sc), 10) },
		Set: func(sc *Scenario, v string) error {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("want a number in 0..%d", uint64(math.MaxUint64))
			}
			*field(sc) = n
			return nil
		}}
}

func spellSleeps(sc *Scenario) string {
	if len(sc.Sleeps) == 0 {
		return "none"
	}
	out := make([]string, len(sc.Sleeps))
	for i, d := range sc.Sleeps {
		out[i] = strconv.FormatUint(uint64(d), 10)
	}
	return strings.Join(out, ",")
}

func setSleeps(sc *Scenario, v string) (err error) {
	sc.Sleeps, err = parseList(v, MaxSleeps, "the timer table holds at most that many timers", func(s string) (uint32, error) {
		n, err := parseNumber(s, 1, 1<<31)
		return uint32(n), err
	})
	return err
}

func parseNumber(v string, lo, hi uint64) (uint64, error) {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a number in %d..%d", lo, hi)
	}
	return n, nil
}

func spellBackend(sc *Scenario) string {
	if sc.Native {
		return "native"
	}
	return "browser"
}

func setBackend(sc *Scenario, v string) error {
	switch v {
	case "native", "browser":
		sc.Native = v == "native"
		return nil
	}
	return fmt.Errorf("want browser or native")
}

// list spells a list, "none" when empty.
func list[T fmt.Stringer](xs []T) string {
	if len(xs) == 0 {
		return "none"
	}
	names := make([]string, len(xs))
	for i, x := range xs {
		names[i] = x.String()
	}
	return strings.Join(names, ",")
}

// parseList reads a comma-separated list without duplicates ("none":
// empty) of at most most values, why being the reason. The count is checked before a value is
// parsed, so a hostile list costs at most most+1 parses, and the
// duplicate check stays small.
func parseList[T comparable](v string, most int, why string, parse func(string) (T, error)) ([]T, error) {
	if v == "none" {
		return nil, nil
	}
	var out []T
	for i, name := range strings.Split(v, ",") {
		if i == most {
			return nil, fmt.Errorf("lists more than %d values (at most %d distinct ones: %s)", most, most, why)
		}
		x, err := parse(name)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, x) {
			return nil, fmt.Errorf("%s is listed twice", suggest.Quote(name))
		}
		out = append(out, x)
	}
	return out, nil
}

// parseNames is parseList for a list of names: their vocabulary bounds it,
// since a name listed twice is refused, so a list longer than the
// vocabulary fails at its first repeat.
func parseNames[T comparable](v string, parse func(string) (T, error)) ([]T, error) {
	return parseList(v, math.MaxInt, "", parse)
}

func spellCancelKinds(sc *Scenario) string { return list(sc.CancelKinds) }

func setCancelKinds(sc *Scenario, v string) (err error) {
	sc.CancelKinds, err = parseNames(v, cancel.ParseKind)
	return err
}

func spellRegionCancel(sc *Scenario) string {
	if sc.NoRegionCancel {
		return "none"
	}
	return sc.RegionCancelKind.String()
}

func setRegionCancel(sc *Scenario, v string) error {
	if v == "none" {
		sc.NoRegionCancel, sc.RegionCancelKind = true, 0
		return nil
	}
	k, err := cancel.ParseKind(v)
	sc.NoRegionCancel, sc.RegionCancelKind = false, k
	return err
}

func spellGovernors(sc *Scenario) string { return list(sc.Governors) }

func setGovernors(sc *Scenario, v string) (err error) {
	sc.Governors, err = parseNames(v, func(name string) (sched.Governor, error) {
		if g, ok := sched.ParseGovernor(name); ok {
			return g, nil
		}
		return 0, fmt.Errorf("unknown governor suggestion %s (want NoPreference, MeetDeadlines, DrainObligations or DrainRegions)", suggest.Quote(name))
	})
	return err
}

// allCaps lists the capabilities one by one, in their bit order.
func allCaps() []pump.Capability {
	var out []pump.Capability
	for c := pump.Capability(1); c != 0 && c <= pump.AllCaps; c <<= 1 {
		out = append(out, c)
	}
	return out
}

func spellCaps(sc *Scenario) string {
	var held []pump.Capability
	for _, c := range allCaps() {
		if sc.Pump.Caps&c != 0 {
			held = append(held, c)
		}
	}
	return list(held)
}

func setCaps(sc *Scenario, v string) error {
	caps, err := parseNames(v, pump.ParseCapability)
	sc.Pump.Caps = 0
	for _, c := range caps {
		sc.Pump.Caps |= c
	}
	return err
}

func spellFaults(sc *Scenario) string { return list(sc.Kernel.Faults.List()) }

// setFaults sets the kernel's and the pump's faults alike, as the command
// line does.
func setFaults(sc *Scenario, v string) error {
	fs, err := parseNames(v, fault.Parse)
	var set fault.Set
	for _, f := range fs {
		set = set.With(f)
	}
	sc.Kernel.Faults, sc.Pump.Faults = set, set
	return err
}
