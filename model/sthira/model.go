// Package sthira is the Sthira model (contract 003): the priority
// scheduler of runtime/sthira driven by an environment that declares,
// submits, completes, suspends, resumes, cancels and retries tasks and
// lets time pass. A Model says, for a Scenario, which inputs are enabled
// in a state, and how inputs, events and states are spelled; its checks
// and fault catalogue are in modelcheck/invariants/sthira (this package
// imports neither explore nor invariants, so imports point one way).
//
// The state is the runtime's State itself: plain bytes, hashed raw by the
// explorer. The checks need no ghost state: each derives what it relies on
// from the state before, the input and the events, and checks the
// runtime's state after against that derivation, so a wrong update is
// caught the first time it happens.
package sthira

import (
	"fmt"
	"strings"

	"modelcheck/model"
	rt "modelcheck/runtime/sthira"
)

// Name is the model's name on the command line.
const Name = "sthira"

// State is a scheduler state.
type State = rt.State

// Input is an environment event.
type Input = rt.Input

// Checker checks one transition: it returns 0 or 1+the index of the first
// violated invariant. Package invariants/sthira provides it.
type Checker interface {
	Check(before *State, in Input, after *State, events []rt.Event) int
	// Refused is asked instead of Check when the runtime refused (or
	// panicked on) an input Enabled offered: 1+the index of the invariant
	// that reports it, or 0 if that invariant is not checked.
	Refused(before *State, in Input) int
	// Stuck checks a state with nothing enabled; 0 if terminal.
	Stuck(s *State) int
	// Fork returns a checker for another worker (own scratch space).
	Fork() Checker
}

// Model is one scenario of the Sthira model, with a worker's scratch log.
type Model struct {
	Scenario Scenario
	Checker  Checker
	log      rt.Log
	// coverage counts the inputs and events of this worker's steps.
	coverage model.Counter
	// refusal is the runtime's error if it refused the last Step's input.
	refusal error
}

// New returns a model of a scenario checked by c.
func New(sc Scenario, c Checker) *Model {
	return &Model{Scenario: sc, Checker: c, coverage: model.NewCounter(opKindNames(), eventKindNames())}
}

// Init is the empty scheduler.
func (m *Model) Init() State { return rt.New() }

// Fork gives another worker its own log and checker.
func (m *Model) Fork() *Model {
	f := &Model{Scenario: m.Scenario, coverage: m.coverage.Fork()}
	if m.Checker != nil {
		f.Checker = m.Checker.Fork()
	}
	return f
}

// Enabled appends the inputs the environment may give in s: per task slot
// in order, declare, submit, complete (SUCCESS, then ERROR), suspend,
// resume, cancel and retry where its phase allows; then tick, while some
// task is queued (time matters to nothing else).
func (m *Model) Enabled(s *State, buf []Input) []Input {
	sc := &m.Scenario
	cfg := &sc.Config
	for i := range rt.MaxTasks {
		id := uint8(i + 1)
		t := &s.Tasks[i]
		switch t.Phase {
		case rt.Unused:
			if id <= cfg.Tasks {
				sp := sc.Specs[i]
				buf = append(buf, Input{Op: rt.Declare, Task: id, Prio: sp.Prio, Scope: sp.Scope})
			}
		case rt.Init:
			buf = append(buf, Input{Op: rt.Submit, Task: id})
		case rt.Attached:
			if sc.Cancel {
				buf = append(buf, Input{Op: rt.Cancel, Task: id})
			}
		case rt.Running:
			buf = append(buf, Input{Op: rt.Complete, Task: id, Outcome: rt.Success})
			if sc.Errors {
				buf = append(buf, Input{Op: rt.Complete, Task: id, Outcome: rt.Error})
			}
			if sc.Suspend {
				buf = append(buf, Input{Op: rt.Suspend, Task: id})
			}
		case rt.Suspended:
			buf = append(buf, Input{Op: rt.Resume, Task: id})
		case rt.Disposed:
			if cfg.Recycle && id <= cfg.Tasks {
				sp := sc.Specs[i]
				buf = append(buf, Input{Op: rt.Declare, Task: id, Prio: sp.Prio, Scope: sp.Scope})
			}
			if t.Outcome == rt.Error && !t.Retried && m.retrySlotFree(s) {
				buf = append(buf, Input{Op: rt.Retry, Task: id})
			}
		}
	}
	// Time passes only while a task waits, read from the queues, not
	// through the runtime's QueuedCount (a bug there would narrow the
	// inputs).
	if sc.Ticks && s.Queues[0].Len|s.Queues[1].Len|s.Queues[2].Len != 0 {
		buf = append(buf, Input{Op: rt.Tick})
	}
	return buf
}

// retrySlotFree reports whether one of the scenario's retry slots is
// unused.
func (m *Model) retrySlotFree(s *State) bool {
	first := int(m.Scenario.Config.Tasks)
	for i := first; i < first+int(m.Scenario.Retries); i++ {
		if s.Tasks[i].Phase == rt.Unused {
			return true
		}
	}
	return false
}

// Apply applies an input to s in place, appending its events to log.
func (m *Model) Apply(s *State, in Input, log *rt.Log) error {
	return s.Apply(&m.Scenario.Config, in, log)
}

// Step turns next, a copy of s, into the successor and checks the
// transition. Enabled offers only what contract 003 lets a caller do in
// the task's phase, read from the state's fields, so a runtime that
// refuses an offered input, panics on it, or leaves a count or id outside
// its table (OutsideTables) is a finding about the runtime
// (offered-input-accepted), not a crash of the tool. With that
// check off, the refused input is no transition: next is left as s.
func (m *Model) Step(s *State, in Input, next *State) int {
	// The log is emptied here, not by rt.Log.Reset: the runtime's code,
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
	m.coverage.Input(m.InputKind(in))
	for i := range m.log.Events {
		m.coverage.Event(int(m.log.Events[i].Kind))
	}
	return m.Checker.Check(s, in, next, m.log.Events)
}

// applyGuarded is Apply into the model's log, with a panic of the runtime
// returned as its error, so the path that crashes it gets a counterexample.
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

// Summary spells a state for a counterexample's "state after", from the
// state alone: the slots held, the three queues, and each declared task
// with its phase, ref and outcome and, while it waits, its wait time,
// starvation duration and "blocked by" (§10).
func Summary(s *State) []string {
	lines := []string{fmt.Sprintf("active=%d s1=%d s2=%d", s.Active, s.ScopeActive[0], s.ScopeActive[1])}
	for _, p := range rt.Priorities {
		f := &s.Queues[p-1]
		var ids []string
		for _, id := range f.Items[:f.Len] {
			ids = append(ids, fmt.Sprintf("t%d", id))
		}
		lines = append(lines, fmt.Sprintf("%s: [%s]", p.Queue(), strings.Join(ids, " ")))
	}
	var b strings.Builder
	for i := range rt.MaxTasks {
		id := uint8(i + 1)
		t := TaskRecord(s, id)
		if t.Phase == rt.Unused {
			continue
		}
		b.Reset()
		fmt.Fprintf(&b, "t%d %s %s/s%d", id, t.Phase, t.Prio, t.Scope+1)
		if !t.RefValid {
			b.WriteString(" ref=invalid")
		}
		if t.Outcome != rt.NoOutcome {
			fmt.Fprintf(&b, " outcome=%s", t.Outcome)
		}
		if t.Reason != rt.NotDropped {
			fmt.Fprintf(&b, " dropped=%s", t.Reason)
		}
		if _, _, queued := QueuedAt(s, id); queued {
			fmt.Fprintf(&b, " wait=%d starved=%d blocked_by=%s", t.Waited, t.Starved, rt.TaskSet(t.BlockedBy))
		}
		lines = append(lines, b.String())
	}
	return lines
}

// InputKind implements model.InputKinder: the input's operation.
func (m *Model) InputKind(in Input) int { return int(in.Op) }

// NumInputKinds implements model.InputKinder.
func (m *Model) NumInputKinds() int { return rt.NumOps }

// opKindNames spells the operations by number; NoOp is no kind.
func opKindNames() []string {
	names := make([]string, rt.NumOps)
	for op := rt.Declare; int(op) < rt.NumOps; op++ {
		names[op] = op.String()
	}
	return names
}

// eventKindNames spells the event kinds by number; NoKind is no kind.
func eventKindNames() []string {
	names := make([]string, rt.NumKinds)
	for k := rt.TaskDeclared; int(k) < rt.NumKinds; k++ {
		names[k] = k.String()
	}
	return names
}

// CoverageLabels implements model.Coverer.
func (m *Model) CoverageLabels() []string { return m.coverage.CoverageLabels() }

// AddCoverage implements model.Coverer.
func (m *Model) AddCoverage(into []uint64) { m.coverage.AddCoverage(into) }

// Brief is a state on one line: the slots held and the three queues.
func Brief(s *State) string { return strings.Join(Summary(s)[:4], " ") }

// Events appends the last Step's events, one line each, to buf: the trace
// a counterexample file records after each input.
func (m *Model) Events(buf []string) []string {
	for _, e := range m.log.Events {
		buf = append(buf, e.String())
	}
	if m.refusal != nil {
		buf = append(buf, "refused: "+m.refusal.Error())
	}
	return buf
}
