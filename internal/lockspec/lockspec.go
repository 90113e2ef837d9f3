// Package lockspec is a tiny checkable system with a liveness property,
// written against model.Spec and model.Live only: the fixture the tests of
// the lasso pipeline (counterexamples' lasso files, explore --liveness)
// run on, small enough that every lasso in it can be checked by hand.
package lockspec

import (
	"errors"
	"fmt"

	"modelcheck/model"
)

// Spec is the system: two processes and a lock, each going idle ->
// waiting -> critical section -> idle (inputs "p0", "p1"), and an idle
// "tick" that is not fair. Its liveness property "entry" says a waiting
// process eventually enters. In scenario naive a waiting process enters
// whenever the lock is free, so the other can pass it over forever: a
// lasso. In scenario peterson, Peterson's turn variable lets the other
// enter at most once more: none.
type Spec struct{}

// Config is a scenario: whether the lock uses the turn variable.
type Config struct{ Peterson bool }

// State is each process's place (0 idle, 1 waiting, 2 in its critical
// section), the lock, and the turn.
type State struct {
	PC         [2]uint8
	Lock, Turn uint8
}

// Input is the process that moves, or Tick.
type Input uint8

// Tick is the idle input: it changes nothing and is not fair.
const Tick Input = 2

func (in Input) String() string {
	if in == Tick {
		return "tick"
	}
	return fmt.Sprintf("p%d", in)
}

var _ model.Spec[Config, State, Input] = Spec{}

func (Spec) Name() string { return "lock" }
func (Spec) Doc() string  { return "two processes and a lock" }
func (Spec) Scenarios() []model.Scenario {
	return []model.Scenario{{Name: "naive"}, {Name: "peterson"}}
}
func (Spec) Invariants() []model.Invariant {
	return []model.Invariant{{Name: "mutual-exclusion", ContractIDs: []string{"lock/1"}, Rule: "one process at most in its critical section"}}
}
func (Spec) Faults() []model.Fault { return nil }

func (Spec) Config(name string) (Config, error) {
	switch name {
	case "naive":
		return Config{}, nil
	case "peterson":
		return Config{Peterson: true}, nil
	}
	return Config{}, fmt.Errorf("unknown scenario %q (known: naive, peterson)", name)
}

func (Spec) Settings() []model.Setting[Config] {
	return []model.Setting[Config]{{
		Key: "peterson",
		Get: func(c *Config) string { return fmt.Sprint(c.Peterson) },
		Set: func(c *Config, v string) error {
			switch v {
			case "true", "false":
				c.Peterson = v == "true"
				return nil
			}
			return errors.New("want true or false")
		},
	}}
}

func (Spec) WithFault(*Config, string) error { return errors.New("the lock has no faults") }
func (Spec) FaultsOn(*Config) []string       { return nil }

func (Spec) New(c Config, only []string) (model.Traced[State, Input], error) {
	for _, name := range only {
		if name != "mutual-exclusion" {
			return nil, fmt.Errorf("unknown invariant %q (known: mutual-exclusion)", name)
		}
	}
	return &Model{cfg: c}, nil
}

func (Spec) ParseInput(text string) (Input, error) {
	for _, in := range []Input{0, 1, Tick} {
		if in.String() == text {
			return in, nil
		}
	}
	return 0, errors.New("want p0, p1 or tick")
}

func (Spec) Summary(s *State) string {
	return fmt.Sprintf("pc=%v lock=%d turn=%d", s.PC, s.Lock, s.Turn)
}
func (l Spec) Brief(s *State) string { return l.Summary(s) }

// Model is the checked model; it records the last step's events.
type Model struct {
	cfg    Config
	events []string
}

var _ model.Live[State, Input] = (*Model)(nil)

func (m *Model) Init() State                     { return State{} }
func (m *Model) CheckInit(*State) int            { return 0 }
func (m *Model) Invariants() []string            { return []string{"mutual-exclusion"} }
func (m *Model) Stuck(*State) int                { return 0 }
func (m *Model) Fork() model.Model[State, Input] { return &Model{cfg: m.cfg} }
func (m *Model) Events(buf []string) []string    { return append(buf, m.events...) }

func (m *Model) Enabled(s *State, buf []Input) []Input {
	for p := range Input(2) {
		if s.PC[p] != 1 || m.mayEnter(s, p) {
			buf = append(buf, p)
		}
	}
	return append(buf, Tick)
}

func (m *Model) mayEnter(s *State, p Input) bool {
	if m.cfg.Peterson {
		return s.PC[1-p] == 0 || s.Turn == uint8(p)
	}
	return s.Lock == 0
}

func (m *Model) Step(s *State, p Input, next *State) int {
	m.events = m.events[:0]
	if p == Tick {
		return 0
	}
	switch s.PC[p] {
	case 0:
		next.PC[p] = 1
		if m.cfg.Peterson {
			next.Turn = uint8(1 - p)
		}
		m.events = append(m.events, fmt.Sprintf("waiting %v", p))
	case 1:
		next.PC[p], next.Lock = 2, 1
		m.events = append(m.events, fmt.Sprintf("entered %v", p))
	case 2:
		next.PC[p], next.Lock = 0, 0
		m.events = append(m.events, fmt.Sprintf("left %v", p))
	}
	if next.PC == [2]uint8{2, 2} {
		return 1
	}
	return 0
}

func (m *Model) LivenessProperties() []model.Liveness {
	return []model.Liveness{{Name: "entry", ContractIDs: []string{"lock/2"}, Rule: "a waiting process eventually enters"}}
}

func (m *Model) Pending(s *State, _ int) uint64 {
	var bits uint64
	for p := range 2 {
		if s.PC[p] == 1 {
			bits |= 1 << p
		}
	}
	return bits
}

func (m *Model) Fair(_ *State, in Input, _ *State, _ int) bool { return in != Tick }

func (m *Model) Subject(_ *State, _, k int) string { return fmt.Sprintf("process p%d", k) }
