package vm

import (
	"fmt"
	"strconv"
	"strings"

	rt "modelcheck/runtime/vm"
)

// A counterexample file spells its scenario as a named base scenario plus
// key=value overrides, so that a shrunk scenario (fewer sessions, a
// smaller vocabulary) can be written down and replayed. One table drives
// both directions, so every value spelled here parses back.

// Setting is one scenario key: its spelling, the output line it is listed
// on, and how it is read back.
type Setting struct {
	Key   string
	Line  int
	Unset string
	Get   func(sc *Scenario) string
	Set   func(sc *Scenario, value string) error
}

// Settings lists the scenario keys in output order.
func Settings() []Setting {
	return []Setting{
		{Key: "scheduler", Line: 0, Get: spellScheduler, Set: setScheduler},
		{Key: "protocols", Line: 0, Get: spellVocabulary, Set: setVocabulary},
		{Key: "sessions", Line: 0, Get: func(sc *Scenario) string { return strconv.Itoa(sc.MaxSessions) },
			Set: func(sc *Scenario, v string) error {
				n, err := number(v, 1, rt.MaxSessions)
				sc.MaxSessions = n
				return err
			}},
		{Key: "capacity", Line: 0, Get: func(sc *Scenario) string { return strconv.Itoa(int(sc.Capacity)) },
			Set: func(sc *Scenario, v string) error {
				n, err := number(v, 1, rt.MaxCapacity)
				sc.Capacity = uint8(n)
				return err
			}},
		{Key: "claim", Line: 0, Get: func(sc *Scenario) string { return strconv.FormatBool(sc.Claim) },
			Set: func(sc *Scenario, v string) error {
				b, err := strconv.ParseBool(v)
				if err != nil || (v != "true" && v != "false") {
					return fmt.Errorf("want true or false")
				}
				sc.Claim = b
				return nil
			}},
		{Key: "faults", Line: 0, Get: spellFaults, Set: setFaults},
	}
}

func number(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a number in %d..%d", lo, hi)
	}
	return n, nil
}

func spellScheduler(sc *Scenario) string {
	if sc.Interleavings {
		return "interleavings"
	}
	return "lockstep"
}

func setScheduler(sc *Scenario, v string) error {
	switch v {
	case "lockstep", "interleavings":
		sc.Interleavings = v == "interleavings"
		return nil
	}
	return fmt.Errorf("want lockstep or interleavings")
}

func spellVocabulary(sc *Scenario) string {
	var names []string
	for _, p := range sc.Vocabulary {
		names = append(names, p.String())
	}
	return strings.Join(names, ",")
}

func setVocabulary(sc *Scenario, v string) error {
	var ps []rt.ProtocolID
	for _, name := range strings.Split(v, ",") {
		p, ok := rt.ProtocolByName(name)
		if !ok {
			var known []string
			for _, q := range rt.Protocols {
				known = append(known, q.Name)
			}
			return fmt.Errorf("unknown protocol %q (known: %s)", name, strings.Join(known, ", "))
		}
		for _, q := range ps {
			if q == p {
				return fmt.Errorf("protocol %s listed twice", name)
			}
		}
		ps = append(ps, p)
	}
	sc.Vocabulary = ps
	return nil
}

// FaultNames lists the faults a scenario turns on.
func FaultNames(sc *Scenario) []string {
	var names []string
	for _, f := range rt.AllFaults() {
		if sc.Faults.Has(f) {
			names = append(names, f.Name())
		}
	}
	return names
}

func spellFaults(sc *Scenario) string {
	if sc.Faults == 0 {
		return "none"
	}
	return strings.Join(FaultNames(sc), ",")
}

func setFaults(sc *Scenario, v string) error {
	sc.Faults = 0
	if v == "none" {
		return nil
	}
	for _, name := range strings.Split(v, ",") {
		if err := WithFault(sc, name); err != nil {
			return err
		}
	}
	return nil
}

// WithFault turns on the named fault switch; the error lists the known
// ones.
func WithFault(sc *Scenario, name string) error {
	f, ok := rt.FaultByName(name)
	if !ok {
		var known []string
		for _, g := range rt.AllFaults() {
			known = append(known, g.Name())
		}
		return fmt.Errorf("unknown vm fault %q (known: %s)", name, strings.Join(known, ", "))
	}
	sc.Faults = sc.Faults.With(f)
	return nil
}
