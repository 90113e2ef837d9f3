package sthira

import (
	"modelcheck/model"
	sm "modelcheck/model/sthira"
)

// System is the Sthira system as the command line lists it.
type System struct{}

// Name is the system's name on the command line.
func (System) Name() string { return sm.Name }

// Doc says what the system models.
func (System) Doc() string {
	return "the Sthira priority scheduler (contract 003): three FIFO priority queues, activation under global and per-scope limits, drops, retry, diagnostics"
}

// Scenarios lists the named scenarios, the default first.
func (System) Scenarios() []model.Scenario {
	var out []model.Scenario
	for _, sc := range sm.Scenarios() {
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
