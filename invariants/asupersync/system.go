package asupersync

import (
	"modelcheck/model"
	am "modelcheck/model/asupersync"
)

// System is the asupersync system as the command line lists it. It lives
// here, not in model/asupersync, because its invariants and faults are
// this package's.
type System struct{}

// Name is the system's name on the command line.
func (System) Name() string { return am.Name }

// Doc says what the system models.
func (System) Doc() string {
	return "the asupersync runtime (contracts 000, 001, 004): kernel, cancellation, microtask pump, channel, timer wheel, work stealing"
}

// Scenarios lists the named scenarios, the default first.
func (System) Scenarios() []model.Scenario {
	var out []model.Scenario
	for _, sc := range am.Scenarios() {
		out = append(out, model.Scenario{Name: sc.Name, Doc: sc.Doc})
	}
	return out
}

// Invariants lists the checks in check order.
func (System) Invariants() []model.Invariant {
	var out []model.Invariant
	for _, inv := range all {
		out = append(out, model.Invariant{Name: inv.Name, ContractIDs: inv.ContractIDs, Rule: inv.Doc})
	}
	return out
}

// Faults lists the fault catalogue.
func (System) Faults() []model.Fault {
	var out []model.Fault
	for _, fc := range faults {
		out = append(out, model.Fault{Name: fc.Fault.Name(), Doc: fc.Fault.Doc(), Scenario: fc.Scenario, Trips: fc.Trips})
	}
	return out
}
