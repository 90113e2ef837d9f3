package vm

import (
	"fmt"
	"strings"

	"modelcheck/internal/suggest"
	"modelcheck/model"
	rt "modelcheck/runtime/vm"
)

// A counterexample file spells its scenario as a named base scenario plus
// key=value overrides, so that a shrunk scenario (fewer sessions, a
// smaller vocabulary) can be written down and replayed. One table drives
// both directions, so every value spelled here parses back.

// Settings lists the scenario keys in output order (model.Spec's
// Settings).
func Settings() []model.Setting[Scenario] {
	return []model.Setting[Scenario]{
		{Key: "scheduler", Line: 0, Get: spellScheduler, Set: setScheduler},
		{Key: "protocols", Line: 0, Get: spellVocabulary, Set: setVocabulary},
		model.Number("sessions", 0, 1, rt.MaxSessions, func(sc *Scenario) *uint8 { return &sc.MaxSessions }),
		model.Number("capacity", 0, 1, rt.MaxCapacity, func(sc *Scenario) *uint8 { return &sc.Capacity }),
		model.Flag("claim", 0, func(sc *Scenario) *bool { return &sc.Claim }),
		{Key: "faults", Line: 0, Get: spellFaults, Set: setFaults},
	}
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
			return fmt.Errorf("unknown protocol %s (known: %s)", suggest.Quote(name), strings.Join(known, ", "))
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
		return suggest.UnknownOf("vm", "fault", name, known)
	}
	sc.Faults = sc.Faults.With(f)
	return nil
}
