// Package models is the registry of checkable systems: the one place that
// names each of them, so that adding a system touches only its own
// packages and one line here.
package models

import (
	"fmt"
	"strings"

	asupersync "modelcheck/invariants/asupersync"
	"modelcheck/model"
)

// all lists the systems, the default first.
var all = []model.System{
	asupersync.System{},
}

// All returns every registered system, the default first.
func All() []model.System { return append([]model.System(nil), all...) }

// Default is the system used when none is named.
func Default() model.System { return all[0] }

// Lookup finds a system by name; the error lists the known names.
func Lookup(name string) (model.System, error) {
	names := make([]string, len(all))
	for i, s := range all {
		if s.Name() == name {
			return s, nil
		}
		names[i] = s.Name()
	}
	return nil, fmt.Errorf("unknown model %q (known: %s)", name, strings.Join(names, ", "))
}
