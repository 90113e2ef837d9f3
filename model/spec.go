package model

// Spec is a checkable system as the whole pipeline sees it: beside what
// the command line lists (System), everything the counterexample pipeline
// (package counterexamples) needs to explore one of its scenarios, shrink
// a violation, write it as a datadriven file, read that file back and
// replay it. A system implements Spec once and registers it with one line
// in package models, counterexamples.New(yoursystem.Spec()), where Spec
// returns the value as a model.Spec[C, S, I] so that New infers the types;
// explore, counterexamples and cmd/modelcheck then work for it without
// knowing them. counterexamples/example_model_test.go is a whole small
// system written this way.
//
// C is the system's scenario configuration: a value that says everything a
// scenario bounds (how many processes, which faults are on, its limits).
// S is its state and I its input, as in Model.
//
// A counterexample file spells a configuration as key=value settings
// against a named base scenario (`scenario base=default procs=2
// faults=lost-ack`) and its script as one input per line (I's String);
// reading the file back goes through Config, Settings and ParseInput, so
// every value the system spells must parse back to the same value.
//
// What only some systems need is optional: a Spec may also implement
// Validator (a check of a whole configuration), Reducer (smaller
// scenarios for the shrinker), Simplifier (lighter inputs) and Renumberer
// (ids that shift when an input that created one is dropped). Without them
// the pipeline still shrinks by dropping inputs and searching for a
// shorter path.
type Spec[C, S any, I Input] interface {
	System
	// Config returns the configuration of a named scenario (one of
	// Scenarios); the error names the known ones. The pipeline changes a
	// configuration only through Setting.Set and WithFault, which must
	// not write through memory it shares with another (a slice of a named
	// scenario's: replace it, do not modify it).
	Config(scenario string) (C, error)
	// Settings lists the configuration's keys, in the order and on the
	// lines the scenario directive's output shows them. Every field that
	// tells two configurations apart must be behind a key: a file records
	// only the keys whose value differs from its base scenario's.
	Settings() []Setting[C]
	// WithFault turns on the named fault switch (one of Faults) in c; the
	// error names the known ones.
	WithFault(c *C, name string) error
	// FaultsOn lists the fault switches c turns on, in a fixed order.
	FaultsOn(c *C) []string
	// New builds the checked model of c, checking only the named
	// invariants (all if only is empty); an unknown name is an error that
	// lists the known ones. Invariants() of the result is the whole list,
	// in System.Invariants' order, whatever only says.
	New(c C, only []string) (Traced[S, I], error)
	// ParseInput reads an input as its String spells it. Two inputs that
	// Enabled offers in one state never spell the same.
	ParseInput(text string) (I, error)
	// Summary describes a state for a reader, one fact a line (no trailing
	// newline needed): it ends every counterexample file ("state after").
	Summary(s *S) string
	// Brief is a state on one line, printed after every step of a replay.
	Brief(s *S) string
}

// Input is what a system's input type must be: comparable (the explorer
// stores paths of them) and spelled by String in a counterexample file,
// on one line.
type Input interface {
	comparable
	String() string
}

// Traced is a checked model that can say what its last Step did, in the
// contract's vocabulary: the event trace a counterexample file records
// after each input (`> input`, then one event a line). The explorer never
// asks, so a model may record the events anyway and hand them out here.
type Traced[S any, I comparable] interface {
	Model[S, I]
	// Events appends the events the last Step emitted, one line each (no
	// newline), to buf and returns it.
	Events(buf []string) []string
}

// Setting is one key of a scenario configuration: how its value is
// spelled and how it is set from its spelling.
type Setting[C any] struct {
	Key string
	// Line is the line of the scenario directive's output the key is
	// listed on; keys of one line are adjacent in Settings.
	Line int
	// Unset, when not "", is the value of a key the configuration does not
	// use. A line whose keys all have an Unset and all have it is left out
	// of the output, so that keys added on a new line keep the bytes of
	// files written before them.
	Unset string
	// Get spells the key's value in c: a name, a number, or a
	// comma-separated list of them ("none" for an empty list, by
	// convention). It must not contain spaces.
	Get func(c *C) string
	// Set sets the key in c from its spelling. The error says what was
	// expected ("want a number in 0..3"); the pipeline adds the file, the
	// line and the key.
	Set func(c *C, value string) error
}

// Validator is implemented by a Spec whose keys can each be valid while
// their combination is not (a sleep with no timer to end it): Validate
// refuses such a configuration, read from a file, before it is run.
type Validator[C any] interface {
	Validate(c *C) error
}

// Reducer is implemented by a Spec whose scenarios the shrinker can make
// smaller: fewer processes, fewer faults, lower limits.
type Reducer[C any, I comparable] interface {
	// Reductions lists the configurations one step smaller than c, most
	// telling first (the shrinker keeps the first that still breaks the
	// same invariant), each with the script rewritten to match where the
	// reduction changes what an input may say (a weaker cancel kind), or
	// script itself. A reduction must not change c or script in place.
	Reductions(c *C, script []I) []Reduction[C, I]
	// Size is a measure every reduction lowers: the shrinker orders cases
	// by script length, then Size, then input weight, so that it always
	// ends.
	Size(c *C) int
}

// Reduction is one smaller configuration with its script.
type Reduction[C any, I comparable] struct {
	Config C
	Script []I
}

// Simplifier is implemented by a Spec whose inputs carry operands the
// shrinker can make smaller (a lower id, a weaker kind): it tries, for
// each input, the offered inputs Alike it that weigh less.
type Simplifier[I comparable] interface {
	// Weight is how big an input's operands are; among Alike inputs, a
	// lighter one is simpler.
	Weight(in I) int
	// Alike reports whether b is the same operation as a, so that b may
	// replace a in a script.
	Alike(a, b I) bool
}

// Renumberer is implemented by a Spec whose inputs name things by ids
// handed out in creation order (t1, t2, ...): when the shrinker drops an
// input that created one, every later id of that kind moves down, and
// Renumber rewrites the later inputs to follow.
type Renumberer[S any, I comparable] interface {
	// Created appends to ids what the step from before to after created.
	Created(before, after *S, ids []ID) []ID
	// Renumber rewrites in for the ids in gone no longer existing: an id
	// above gone ones moves down by as many. It fails if in names a gone
	// id.
	Renumber(in I, gone []ID) (I, bool)
}

// ID is a thing a Renumberer's inputs name: its kind (the system's own
// numbering: task, region, ...) and its number.
type ID struct {
	Kind uint8
	N    uint8
}

// Scoped is implemented by a checked model (what Spec.New returns) that
// leaves some of its system's invariants unchecked in some scenarios: a
// rule that only a scenario built for it exercises, or a claim of the
// contract known to be false, kept out of the default run so that run
// stays a regression gate. Unchecked names them, so that a clean run
// reports what it did not check instead of counting it as holding.
type Scoped interface {
	Unchecked() []string
}
