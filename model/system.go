package model

// System is what a checkable system says about itself to the command line:
// its name and what it models, its named scenarios, its invariants and its
// fault switches. The registry (package models) holds one per system, so
// that `modelcheck list` shows every system and `--model` selects one
// without naming any.
type System interface {
	// Name is the system's name on the command line (--model) and in
	// counterexample files.
	Name() string
	// Doc says in a line what the system models.
	Doc() string
	// Scenarios lists the named scenarios, the default first.
	Scenarios() []Scenario
	// Invariants lists the checks in check order: the order of
	// Model.Invariants for every scenario.
	Invariants() []Invariant
	// Faults lists the fault switches, each with the scenario that catches
	// it and the invariants it must trip there.
	Faults() []Fault
}

// Scenario names one bound of a system's environment (how many tasks,
// timers, ...).
type Scenario struct {
	Name string
	Doc  string
}

// Invariant is one named check: violations carry its name, and a reader
// looks up its contract IDs and rule.
type Invariant struct {
	Name        string
	ContractIDs []string
	// Rule is the invariant in words, in the contracts' vocabulary.
	Rule string
}

// Fault is a deliberate bug a system's runtime can switch on, so that the
// checker proves its invariants can fail: in Scenario the explorer must
// catch it, with one of Trips as the first violation.
type Fault struct {
	Name     string
	Doc      string
	Scenario string
	Trips    []string
}
