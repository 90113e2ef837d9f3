// Package asupersync is the asupersync model: it composes the runtime
// packages (kernel, pump, channel, wheel) into one checkable system. A
// Model says, for a Scenario, which environment inputs are enabled in a
// state, how a state is canonically encoded for fingerprinting, and how an
// input is spelled; it implements explore.Model (structurally: this package
// imports neither explore nor invariants, so the imports point one way).
// Its checks and fault catalogue are in modelcheck/invariants/asupersync.
//
// The package also holds the parts of the system's model.Spec that speak
// the model's own vocabulary: the scenario keys a counterexample file
// spells (settings.go), the shrinker's scenario reductions, input weights
// and id renumbering (reduce.go, renumber.go), and the state summaries a
// file and a replay print (summary.go). invariants/asupersync assembles
// them with the checks into the Spec, because only there can a scenario
// be built into a checked model.
//
// The default model, asupersync, is the browser backend (package pump over
// the kernel) so that pump turns are inputs too; a scenario can choose the
// native backend, where the same kernel runs without a pump.
package asupersync

import (
	"fmt"

	"modelcheck/model"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// Name is the model's name on the command line.
const Name = "asupersync"

// State is a runtime state plus what the environment must remember to stay
// honest: which tasks are parked waiting for an external wake (a task that
// returned Pending on its own), so the environment wakes only those — a
// task parked for any other reason must be woken by the runtime itself.
type State struct {
	P pump.State
	// Awaiting has bit id-1 set while task id waits for an external wake.
	Awaiting uint16
	// Ghost is the memory some invariants keep across transitions.
	Ghost Ghost
}

// Input is a host event or a kernel operation.
type Input = pump.Input

// Checker checks one transition: it returns 0 or 1+the index of the first
// violated invariant. Package invariants provides it.
type Checker interface {
	Check(before *State, in Input, after *State, events []trace.Event) int
	// Refused is asked instead of Check when the runtime refused an input
	// Enabled offered: 1+the index of the invariant that reports it, or 0
	// if that invariant is not checked.
	Refused(before *State, in Input) int
	// Origin checks the runtime as constructed, before the scenario's
	// first spawn: 1+the index of the invariant it breaks, or 0. The
	// checks of each step hold a carried value to its value before, so
	// none of them sees where it starts.
	Origin(s *State) int
	// Stuck checks a state with nothing enabled; 0 if terminal.
	Stuck(s *State) int
	// Fork returns a checker for another worker (own scratch space).
	Fork() Checker
}

// Model is one scenario of the asupersync model, with a worker's scratch
// buffers.
type Model struct {
	Scenario Scenario
	Checker  Checker
	log      trace.Log
	// inputs is HasInput's scratch list.
	inputs []Input
	// coverage counts the inputs and events of this worker's steps.
	coverage model.Counter
	// refusal is the runtime's error if it refused the last Step's input.
	refusal error
	// initViolation is what the last Init's spawns broke (see Init).
	initViolation int
}

// New returns a model of a scenario checked by c.
func New(sc Scenario, c Checker) *Model {
	return &Model{Scenario: sc, Checker: c, coverage: newCounter()}
}

// Init is the scenario's initial state: the runtime as configured, with
// the scenario's Spawned tasks spawned into the root region, one input
// after another as the environment would (Apply, so the environment's
// ghost sees them too).
//
// The runtime as configured is checked first (Checker.Origin); if it
// breaks an invariant, InitViolation reports it and no task is spawned.
//
// Each spawn is a step of the runtime like any other, so the checker
// checks it like one: the first invariant a spawn breaks, or the refusal
// of a spawn (a runtime that refuses or panics on it; a scenario Validate
// accepted never asks for more tasks than the runtime holds), ends the
// spawning, and InitViolation reports it, for the explorer to report as a
// violation in the initial state. The state returned is the one the
// breaking spawn left. A model with no checker (a test's) panics instead:
// there is nobody to report to.
func (m *Model) Init() State {
	s := State{P: pump.New(m.Scenario.Pump, m.Scenario.Kernel)}
	m.initViolation = 0
	if m.Checker != nil {
		if m.initViolation = m.Checker.Origin(&s); m.initViolation != 0 {
			return s
		}
	}
	for range m.Scenario.Spawned {
		in := Input{K: kernel.Input{Op: kernel.Spawn, Region: 1}}
		next := s
		m.log.Events = m.log.Events[:0]
		err := m.applyGuarded(&next, in)
		if err == nil {
			err = OutsideTables(&next)
		}
		m.refusal = err
		switch {
		case m.Checker == nil && err != nil:
			panic(fmt.Sprintf("model %s/%s: spawning before the first step: %v", Name, m.Scenario.Name, err))
		case m.Checker == nil:
		case err != nil:
			m.initViolation = m.Checker.Refused(&s, in)
		default:
			m.initViolation = m.Checker.Check(&s, in, &next, m.log.Events)
		}
		if err != nil && m.initViolation == 0 {
			// With offered-input-accepted off, a refused spawn is no
			// step, as in Step: the rest are refused alike.
			break
		}
		s = next
		if m.initViolation != 0 {
			break
		}
	}
	return s
}

// InitViolation is 0, or 1+the index of the invariant the last Init's
// spawns broke (a refused spawn included).
func (m *Model) InitViolation() int { return m.initViolation }

// Fork gives another worker its own scratch log and coverage counts.
func (m *Model) Fork() *Model {
	return &Model{Scenario: m.Scenario, Checker: m.Checker.Fork(), coverage: m.coverage.Fork()}
}

// Apply applies an input to s in place, appending its events to log. Native
// scenarios apply kernel operations to the kernel directly.
func (m *Model) Apply(s *State, in Input, log *trace.Log) error {
	from, p := len(log.Events), before(&s.P.Kernel)
	running := !m.Scenario.Native && s.P.Mode == pump.Running
	var err error
	if m.Scenario.Native {
		switch in.Host {
		case pump.NoHost, pump.TimerTurn:
			err = s.P.Kernel.Apply(in.K, log)
		case pump.Callback:
			if pump.Authorize(s.P.Config.Caps, in.Cap, in.K.Task, s.P.Config.Faults, log) {
				err = s.P.Kernel.Wake(in.K.Task, in.K.N, log)
			}
		}
	} else {
		err = s.P.Apply(in, log)
	}
	if err != nil {
		return err
	}
	m.track(s, in)
	s.Ghost.observe(in, p, running, &s.P.Kernel, m.Scenario.Kernel.Channel, log.Events[from:])
	return nil
}

// track keeps Awaiting: a task that returns Pending by itself waits for an
// external wake; a wake or callback that reaches it delivers that wake (a
// stale waker's, naming a generation the task never had, delivers
// nothing); completion ends the wait.
func (m *Model) track(s *State, in Input) {
	t := in.K.Task
	if t == 0 {
		return
	}
	bit := uint16(1) << (t - 1)
	switch {
	case in.Host == pump.Callback && s.P.Config.Caps&in.Cap == 0, in.K.Op == kernel.Wake && in.K.N == staleGen:
		// A denied callback, or a stale waker, delivers nothing.
	case in.Host == pump.Callback, in.K.Op == kernel.Wake:
		s.Awaiting &^= bit
	case in.K.Op == kernel.Pending:
		s.Awaiting |= bit
	case in.K.Op == kernel.Complete, in.K.Op == kernel.FinalizeDone:
		s.Awaiting &^= bit
	}
}

// Step turns next, a copy of s, into the successor and checks the
// transition.
//
// Enabled offers only what the contracts let a caller do where they say
// the runtime accepts it, reading the roles and bounds from the
// configuration rather than asking the runtime, so a runtime that refuses
// an offered input, panics on it, or leaves a count or id outside its
// table (OutsideTables) is a finding about the runtime
// (offered-input-accepted), not a crash of the tool. With that check off,
// the refused input is no transition: next is left as s, a state already
// visited.
func (m *Model) Step(s *State, in Input, next *State) int {
	// The log is emptied here, not by trace.Log.Reset: the runtime's code,
	// called outside applyGuarded's recover.
	m.log.Events = m.log.Events[:0]
	m.refusal = nil
	err := m.applyGuarded(next, in)
	if err == nil {
		err = OutsideTables(next)
	}
	if err != nil {
		m.refusal = err
		*next = *s
		return m.Checker.Refused(s, in)
	}
	m.count(in, m.log.Events)
	return m.Checker.Check(s, in, next, m.log.Events)
}

// applyGuarded is Apply into the model's log, with a panic of the runtime
// (an index out of range, say) returned as its error: a runtime that
// crashes on an offered input has refused it, and the path that crashes it
// is worth a counterexample, not a dead process.
func (m *Model) applyGuarded(next *State, in Input) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return m.Apply(next, in, &m.log)
}

// Stuck checks a state with no enabled input.
func (m *Model) Stuck(s *State) int { return m.Checker.Stuck(s) }

// Events appends the events the last Step emitted, spelled, to buf: the
// trace a counterexample file records (model.Traced). A refused input's
// trace ends with the runtime's error, after what it emitted before
// refusing.
func (m *Model) Events(buf []string) []string {
	for _, e := range m.log.Events {
		buf = append(buf, e.String())
	}
	if m.refusal != nil {
		buf = append(buf, "refused: "+m.refusal.Error())
	}
	return buf
}
