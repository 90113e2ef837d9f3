package counterexamples

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cockroachdb/datadriven"

	model "modelcheck/model/asupersync"
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

// setting is one scenario key: how to spell its value and how to set it.
type setting struct {
	key string
	// group is the line of the scenario directive's output it is listed on.
	group int
	get   func(*model.Scenario) string
	set   func(*model.Scenario, string) error
}

var settings = []setting{
	{"backend", 0, spellBackend, setBackend},
	number("tasks", 0, 0, kernel.MaxTasks, func(sc *model.Scenario) *uint8 { return &sc.Tasks }),
	number("regions", 0, 1, cancel.MaxRegions, func(sc *model.Scenario) *uint8 { return &sc.Regions }),
	number("obligations", 0, 0, cancel.MaxObligations, func(sc *model.Scenario) *uint8 { return &sc.Obligations }),
	number("finalizers", 0, 0, 255, func(sc *model.Scenario) *uint8 { return &sc.Finalizers }),
	{"sleep", 0, func(sc *model.Scenario) string { return strconv.FormatUint(uint64(sc.Sleep), 10) },
		func(sc *model.Scenario, v string) error {
			n, err := parseNumber(v, 0, 1<<31)
			sc.Sleep = uint32(n)
			return err
		}},
	boolean("timed_tasks", 0, func(sc *model.Scenario) *bool { return &sc.TimedTasks }),
	boolean("masks", 0, func(sc *model.Scenario) *bool { return &sc.Masks }),
	boolean("denied_callbacks", 0, func(sc *model.Scenario) *bool { return &sc.DeniedCallbacks }),
	{"cancel_kinds", 1, spellCancelKinds, setCancelKinds},
	{"region_cancel", 1, spellRegionCancel, setRegionCancel},
	{"governors", 1, spellGovernors, setGovernors},
	// Limits start at 1: the runtime reads 0 as "use the default", which
	// is not a smaller limit.
	number("cancel_streak_limit", 2, 1, 127, func(sc *model.Scenario) *uint8 { return &sc.Kernel.CancelStreakLimit }),
	number("catchup_batch", 2, 1, kernel.MaxTimers, func(sc *model.Scenario) *uint8 { return &sc.Kernel.CatchupBatch }),
	number("max_chain_depth", 2, 1, 255, func(sc *model.Scenario) *uint8 { return &sc.Kernel.MaxChainDepth }),
	{"max_chain_memory", 2, func(sc *model.Scenario) string { return strconv.Itoa(int(sc.Kernel.MaxChainMemory)) },
		func(sc *model.Scenario, v string) error {
			n, err := parseNumber(v, 1, 65535)
			sc.Kernel.MaxChainMemory = uint16(n)
			return err
		}},
	number("burst_limit", 2, 1, 255, func(sc *model.Scenario) *uint8 { return &sc.Pump.BurstLimit }),
	{"caps", 2, spellCaps, setCaps},
	{"faults", 2, spellFaults, setFaults},
	number("channel", 3, 0, channel.MaxCapacity, func(sc *model.Scenario) *uint8 { return &sc.Kernel.Channel.Capacity }),
	number("senders", 3, 0, kernel.MaxTasks-1, func(sc *model.Scenario) *uint8 { return &sc.Kernel.Channel.Senders }),
	boolean("tracked_permits", 3, func(sc *model.Scenario) *bool { return &sc.Kernel.TrackPermits }),
	boolean("chan_try_ops", 3, func(sc *model.Scenario) *bool { return &sc.ChanTryOps }),
	boolean("wheel", 3, func(sc *model.Scenario) *bool { return &sc.Kernel.Wheel }),
	{"sleeps", 3, spellSleeps, setSleeps},
	boolean("stale_handles", 3, func(sc *model.Scenario) *bool { return &sc.StaleHandles }),
	wide("wheel_first_id", 3, func(sc *model.Scenario) *uint64 { return &sc.Kernel.WheelConfig.FirstID }),
	wide("wheel_first_gen", 3, func(sc *model.Scenario) *uint64 { return &sc.Kernel.WheelConfig.FirstGen }),
	number("workers", 3, 0, sched.MaxWorkers, func(sc *model.Scenario) *uint8 { return &sc.Kernel.Workers }),
	number("pool_tasks", 3, 0, kernel.MaxTasks, func(sc *model.Scenario) *uint8 { return &sc.PoolTasks }),
	// Group 4 is written only for scenarios that use one of its keys (see
	// describeScenario).
	{"deadlines", 4, spellDeadlines, setDeadlines},
	boolean("callbacks", 4, func(sc *model.Scenario) *bool { return &sc.Callbacks }),
	boolean("self_wakes", 4, func(sc *model.Scenario) *bool { return &sc.SelfWakes }),
	{"coalesce_window", 4, spellCoalesce, setCoalesce},
	number("min_group", 4, 0, 255, func(sc *model.Scenario) *uint8 { return &sc.Kernel.WheelConfig.MinGroupSize }),
}

// extrasGroup is the group of keys added after the first counterexample
// files were committed.
const extrasGroup = 4

// usesExtras: the scenario sets a key of extrasGroup. A scenario that does
// not is described without that line, so the files of the scenarios
// before it keep their bytes.
func usesExtras(sc *model.Scenario) bool {
	wc := &sc.Kernel.WheelConfig
	return len(sc.Deadlines) > 0 || sc.Callbacks || sc.SelfWakes || wc.Coalesce || wc.MinGroupSize != 0
}

func spellDeadlines(sc *model.Scenario) string {
	if len(sc.Deadlines) == 0 {
		return "none"
	}
	out := make([]string, len(sc.Deadlines))
	for i, d := range sc.Deadlines {
		out[i] = strconv.FormatUint(uint64(d), 10)
	}
	return strings.Join(out, ",")
}

func setDeadlines(sc *model.Scenario, v string) (err error) {
	sc.Deadlines, err = parseList(v, func(s string) (uint32, error) {
		n, err := parseNumber(s, 1, 1<<31)
		return uint32(n), err
	})
	return err
}

// spellCoalesce is the wheel's coalescing window, 0 when coalescing is off.
func spellCoalesce(sc *model.Scenario) string {
	if !sc.Kernel.WheelConfig.Coalesce {
		return "0"
	}
	return strconv.FormatUint(sc.Kernel.WheelConfig.CoalesceWindow, 10)
}

func setCoalesce(sc *model.Scenario, v string) error {
	n, err := parseNumber(v, 0, 1<<31)
	sc.Kernel.WheelConfig.Coalesce, sc.Kernel.WheelConfig.CoalesceWindow = n != 0, n
	return err
}

func wide(key string, group int, field func(*model.Scenario) *uint64) setting {
	return setting{key, group,
		func(sc *model.Scenario) string { return strconv.FormatUint(*field(sc), 10) },
		func(sc *model.Scenario, v string) error {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("want a number in 0..%d", uint64(math.MaxUint64))
			}
			*field(sc) = n
			return nil
		}}
}

func spellSleeps(sc *model.Scenario) string {
	if len(sc.Sleeps) == 0 {
		return "none"
	}
	out := make([]string, len(sc.Sleeps))
	for i, d := range sc.Sleeps {
		out[i] = strconv.FormatUint(uint64(d), 10)
	}
	return strings.Join(out, ",")
}

func setSleeps(sc *model.Scenario, v string) (err error) {
	sc.Sleeps, err = parseList(v, func(s string) (uint32, error) {
		n, err := parseNumber(s, 1, 1<<31)
		return uint32(n), err
	})
	return err
}

func number(key string, group int, lo, hi uint64, field func(*model.Scenario) *uint8) setting {
	return setting{key, group,
		func(sc *model.Scenario) string { return strconv.Itoa(int(*field(sc))) },
		func(sc *model.Scenario, v string) error {
			n, err := parseNumber(v, lo, hi)
			*field(sc) = uint8(n)
			return err
		}}
}

func parseNumber(v string, lo, hi uint64) (uint64, error) {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a number in %d..%d", lo, hi)
	}
	return n, nil
}

func boolean(key string, group int, field func(*model.Scenario) *bool) setting {
	return setting{key, group,
		func(sc *model.Scenario) string { return strconv.FormatBool(*field(sc)) },
		func(sc *model.Scenario, v string) error {
			switch v {
			case "true", "false":
				*field(sc) = v == "true"
				return nil
			}
			return fmt.Errorf("want true or false")
		}}
}

func spellBackend(sc *model.Scenario) string {
	if sc.Native {
		return "native"
	}
	return "browser"
}

func setBackend(sc *model.Scenario, v string) error {
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
// empty).
func parseList[T comparable](v string, parse func(string) (T, error)) ([]T, error) {
	if v == "none" {
		return nil, nil
	}
	var out []T
	for _, name := range strings.Split(v, ",") {
		x, err := parse(name)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, x) {
			return nil, fmt.Errorf("%q is listed twice", name)
		}
		out = append(out, x)
	}
	return out, nil
}

func spellCancelKinds(sc *model.Scenario) string { return list(sc.CancelKinds) }

func setCancelKinds(sc *model.Scenario, v string) (err error) {
	sc.CancelKinds, err = parseList(v, cancel.ParseKind)
	return err
}

func spellRegionCancel(sc *model.Scenario) string {
	if sc.NoRegionCancel {
		return "none"
	}
	return sc.RegionCancelKind.String()
}

func setRegionCancel(sc *model.Scenario, v string) error {
	if v == "none" {
		sc.NoRegionCancel, sc.RegionCancelKind = true, 0
		return nil
	}
	k, err := cancel.ParseKind(v)
	sc.NoRegionCancel, sc.RegionCancelKind = false, k
	return err
}

func spellGovernors(sc *model.Scenario) string { return list(sc.Governors) }

func setGovernors(sc *model.Scenario, v string) (err error) {
	sc.Governors, err = parseList(v, func(name string) (sched.Governor, error) {
		if g, ok := sched.ParseGovernor(name); ok {
			return g, nil
		}
		return 0, fmt.Errorf("unknown governor suggestion %q (want NoPreference, MeetDeadlines, DrainObligations or DrainRegions)", name)
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

func spellCaps(sc *model.Scenario) string {
	var held []pump.Capability
	for _, c := range allCaps() {
		if sc.Pump.Caps&c != 0 {
			held = append(held, c)
		}
	}
	return list(held)
}

func setCaps(sc *model.Scenario, v string) error {
	caps, err := parseList(v, pump.ParseCapability)
	sc.Pump.Caps = 0
	for _, c := range caps {
		sc.Pump.Caps |= c
	}
	return err
}

func spellFaults(sc *model.Scenario) string { return list(sc.Kernel.Faults.List()) }

// setFaults sets the kernel's and the pump's faults alike, as the command
// line does.
func setFaults(sc *model.Scenario, v string) error {
	fs, err := parseList(v, fault.Parse)
	var set fault.Set
	for _, f := range fs {
		set = set.With(f)
	}
	sc.Kernel.Faults, sc.Pump.Faults = set, set
	return err
}

// scenarioArgs spells a scenario as the scenario directive's arguments:
// base=NAME, then every key whose value differs from the base's.
func scenarioArgs(base string, sc *model.Scenario) ([]string, error) {
	b, err := model.Lookup(base)
	if err != nil {
		return nil, err
	}
	args := []string{"base=" + base}
	for _, s := range settings {
		if v := s.get(sc); v != s.get(&b) {
			args = append(args, s.key+"="+v)
		}
	}
	return args, nil
}

// parseScenario reads the scenario directive's arguments: the base
// scenario, then the overrides in the order given. The error says which
// key and what was expected; the caller adds the file and line.
func parseScenario(args []datadriven.CmdArg) (string, model.Scenario, error) {
	base := ""
	for _, a := range args {
		if a.Key == "base" {
			base = strings.Join(a.Vals, ",")
		}
	}
	if base == "" {
		return "", model.Scenario{}, fmt.Errorf("scenario: missing base=NAME (a named scenario, see 'modelcheck list')")
	}
	sc, err := model.Lookup(base)
	if err != nil {
		return "", sc, fmt.Errorf("scenario: base: %w", err)
	}
	seen := map[string]bool{}
	for _, a := range args {
		if seen[a.Key] {
			return "", sc, fmt.Errorf("scenario: %s is given twice", a.Key)
		}
		seen[a.Key] = true
		if a.Key == "base" {
			continue
		}
		i := slices.IndexFunc(settings, func(s setting) bool { return s.key == a.Key })
		if i < 0 {
			return "", sc, fmt.Errorf("scenario: unknown key %q (known: base, %s)", a.Key, strings.Join(settingKeys(), ", "))
		}
		v := strings.Join(a.Vals, ",")
		if err := settings[i].set(&sc, v); err != nil {
			return "", sc, fmt.Errorf("scenario: %s=%q: %w", a.Key, v, err)
		}
	}
	if err := kernel.Validate(sc.Kernel); err != nil {
		return "", sc, fmt.Errorf("scenario: %w", err)
	}
	if err := sc.Validate(); err != nil {
		return "", sc, fmt.Errorf("scenario: %w", err)
	}
	return base, sc, nil
}

func settingKeys() []string {
	keys := make([]string, len(settings))
	for i, s := range settings {
		keys[i] = s.key
	}
	return keys
}

// describeScenario is the scenario directive's output: every key with its
// value, the base's included, so the file records the whole scenario and
// a change to the base shows up as a diff.
func describeScenario(sc *model.Scenario) string {
	var b strings.Builder
	extras := usesExtras(sc)
	for i, s := range settings {
		if s.group == extrasGroup && !extras {
			continue
		}
		switch {
		case i == 0:
		case s.group != settings[i-1].group:
			b.WriteString("\n")
		default:
			b.WriteString(" ")
		}
		b.WriteString(s.key + "=" + s.get(sc))
	}
	b.WriteString("\n")
	return b.String()
}
