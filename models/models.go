// Package models is the registry of checkable systems: the one place that
// names each of them, so that adding a system touches only its own
// packages and one line here.
package models

import (
	"modelcheck/counterexamples"
	"modelcheck/internal/suggest"
	asupersync "modelcheck/invariants/asupersync"
	sthira "modelcheck/invariants/sthira"
	vm "modelcheck/invariants/vm"
)

// all lists the systems, the default first: each system's model.Spec,
// behind the pipeline that explores, shrinks, writes and replays it.
var all = []counterexamples.System{
	counterexamples.New(asupersync.Spec()),
	counterexamples.New(vm.Spec()),
	counterexamples.New(sthira.Spec()),
}

// All returns every registered system, the default first.
func All() []counterexamples.System { return append([]counterexamples.System(nil), all...) }

// Default is the system used when none is named.
func Default() counterexamples.System { return all[0] }

// Names lists the registered systems' names, the default first.
func Names() []string {
	names := make([]string, len(all))
	for i, s := range all {
		names[i] = s.Name()
	}
	return names
}

// Lookup finds a system by name; the error lists the known names.
func Lookup(name string) (counterexamples.System, error) {
	for _, s := range all {
		if s.Name() == name {
			return s, nil
		}
	}
	return nil, suggest.Unknown("model", name, Names())
}
