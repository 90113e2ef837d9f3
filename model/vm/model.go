// Package vm composes the coroutine VM of contract 002 (runtime/vm) into a
// checkable system. The environment chooses the programs: it loads one to
// three sessions from a vocabulary of protocols, with the handler's
// response for each. Then either
//   - lockstep: every round runs the VM under each configuration of
//     Configs (three policies, N = 1, 2 and all) side by side, or
//   - interleavings: a nondeterministic scheduler steps any coroutine that
//     can proceed, and the run is compared with a reference run (N = 1,
//     RoundRobin) computed when the first step is taken.
//
// Each run records its normalized per-session trace (runtime/vm
// NormalizeTrace: the events of a session in order, ticks dropped), which the
// invariants (invariants/vm) compare across runs.
package vm

import (
	"fmt"
	"strconv"
	"strings"

	"modelcheck/model"
	rt "modelcheck/runtime/vm"
)

// MaxSessionEvents bounds a recorded per-session trace; the longest a
// protocol makes is eight events (pipeline-3's), and
// TestSessionTracesFitTheRecorder keeps every trace short of the bound,
// where one could be cut.
const MaxSessionEvents = 10

// Recorder is one run's normalized per-session trace: session s's events
// in order, each a packed rt.Event.Body.
type Recorder struct {
	Len [rt.MaxSessions]uint8
	Ev  [rt.MaxSessions][MaxSessionEvents]uint8
}

// Run is one VM run and its trace.
type Run struct {
	VM  rt.State
	Rec Recorder
}

// State is the model's state: every lockstep run, or, under
// interleavings, the explored run (Runs[0]) and the reference trace
// (Runs[1].Rec).
type State struct {
	// Running is 1 once the first round or step has been taken: no
	// session is loaded after that.
	Running uint8
	Runs    [NumConfigs]Run
}

// InputKind is what the environment does.
type InputKind uint8

// The environment's inputs.
const (
	// Load loads a session of Proto with handler response Resp.
	Load InputKind = iota
	// Round runs one round in every lockstep run.
	Round
	// Step steps coroutine Coro (interleavings).
	Step
)

// Input is one environment input.
type Input struct {
	Kind  InputKind
	Proto rt.ProtocolID
	Resp  uint8
	Coro  uint8
}

func (in Input) String() string {
	switch in.Kind {
	case Load:
		s := "load " + in.Proto.String()
		if rt.Protocols[in.Proto].Invokes {
			s += fmt.Sprintf(" resp=%d", in.Resp)
		}
		return s
	case Round:
		return "round"
	}
	return fmt.Sprintf("step c%d", in.Coro)
}

// ParseInput reads an input as String spells it.
func ParseInput(text string) (Input, error) {
	f := strings.Fields(text)
	switch {
	case len(f) == 1 && f[0] == "round":
		return Input{Kind: Round}, nil
	case len(f) == 2 && f[0] == "step" && strings.HasPrefix(f[1], "c"):
		c, err := strconv.Atoi(f[1][1:])
		if err != nil || c < 0 || c >= rt.MaxCoros {
			return Input{}, fmt.Errorf("step: %q is not a coroutine c0..c%d", f[1], rt.MaxCoros-1)
		}
		return Input{Kind: Step, Coro: uint8(c)}, nil
	case len(f) >= 2 && len(f) <= 3 && f[0] == "load":
		p, ok := rt.ProtocolByName(f[1])
		if !ok {
			return Input{}, fmt.Errorf("load: unknown protocol %q", f[1])
		}
		in := Input{Kind: Load, Proto: p}
		if len(f) == 3 {
			resp, isResp := strings.CutPrefix(f[2], "resp=")
			switch {
			case !isResp:
				return Input{}, fmt.Errorf("load %s: unknown argument %q (want resp=0 or resp=1, or none)", f[1], f[2])
			case !rt.Protocols[p].Invokes:
				return Input{}, fmt.Errorf("load %s: takes no resp= (it invokes no handler)", f[1])
			case resp == "1":
				in.Resp = 1
			case resp != "0":
				return Input{}, fmt.Errorf("load %s: want resp=0 or resp=1, got %q", f[1], f[2])
			}
		}
		return in, nil
	}
	return Input{}, fmt.Errorf("unknown input %q (want load PROTOCOL [resp=0|1], round or step cN)", text)
}

// Model is one scenario of the VM system. Its scratch buffers hold each
// run's events of the last Apply, which the checks read.
type Model struct {
	Scenario Scenario
	Configs  [NumConfigs]rt.Config
	// Events[k] are run k's events of the last Apply.
	Events [NumConfigs][]rt.Event
	refEv  []rt.Event
	// norm holds a run's normalized events while they are recorded.
	norm []rt.Norm
	// coverage counts the inputs and events of this worker's steps.
	coverage model.Counter
}

// New builds the model of a scenario.
func New(sc Scenario) *Model {
	m := &Model{Scenario: sc, Configs: Configs(sc.Faults), coverage: model.NewCounter(inputKindNames(), eventKindNames())}
	for k := range m.Events {
		m.Events[k] = make([]rt.Event, 0, 64)
	}
	m.refEv = make([]rt.Event, 0, 64)
	m.norm = make([]rt.Norm, 0, 64)
	return m
}

// Fork returns a model with its own scratch buffers.
func (m *Model) Fork() *Model { return New(m.Scenario) }

// inputKindNames spells the input kinds by number, as inputs begin.
func inputKindNames() []string {
	names := make([]string, numInputKinds)
	names[Load], names[Round], names[Step] = "load", "round", "step"
	return names
}

// InputKind implements model.InputKinder: load, round or step.
func (m *Model) InputKind(in Input) int { return int(in.Kind) }

// NumInputKinds implements model.InputKinder.
func (m *Model) NumInputKinds() int { return numInputKinds }

// numInputKinds counts the input kinds: load, round and step.
const numInputKinds = int(Step) + 1

// eventKindNames spells the event kinds by number, then the waits.
func eventKindNames() []string {
	names := make([]string, int(rt.NumKinds)+numWaits)
	for k := range rt.NumKinds {
		names[k] = rt.Kind(k).String()
	}
	for e := range uint8(rt.MaxEdges) {
		for _, r := range []rt.BlockReason{rt.RecvWait, rt.SendWait} {
			names[waitIndex(r, e)] = fmt.Sprintf("blocked in %s on e%d", r, e)
		}
	}
	for _, r := range []rt.BlockReason{rt.InvokeWait, rt.CloseWait} {
		names[waitIndex(r, 0)] = "blocked in " + r.String()
	}
	return names
}

// numWaits counts the waits coverage tells apart: RecvWait and SendWait
// on each edge, InvokeWait and CloseWait.
const numWaits = 2*rt.MaxEdges + 2

// waitIndex is the coverage index of a blocked event's wait, after the
// event kinds, or -1 for an event no runtime emits (a reason or an edge
// outside the tables). A send's or a receive's wait names its edge: the
// runtime tests each edge's buffer apart, and a scenario that fills only
// e0 never runs the test of e1.
func waitIndex(r rt.BlockReason, edge uint8) int {
	base := int(rt.NumKinds)
	switch {
	case (r == rt.RecvWait || r == rt.SendWait) && edge < rt.MaxEdges:
		return base + int(edge)*2 + int(r-rt.RecvWait)
	case r == rt.InvokeWait || r == rt.CloseWait:
		return base + 2*rt.MaxEdges + int(r-rt.InvokeWait)
	}
	return -1
}

// Count adds a transition that took in, and the events the last Apply
// emitted in every run it stepped, to the coverage: an event kind counts
// once per lockstep configuration that emitted it, and a blocked event
// counts its wait as well.
func (m *Model) Count(in Input) {
	m.coverage.Input(m.InputKind(in))
	for k := range m.Events {
		for _, ev := range m.Events[k] {
			m.coverage.Event(int(ev.Kind))
			if ev.Kind != rt.EvBlocked {
				continue
			}
			if w := waitIndex(rt.BlockReason(ev.Label), ev.Edge); w >= 0 {
				m.coverage.Event(w)
			}
		}
	}
}

// CoverageLabels implements model.Coverer.
func (m *Model) CoverageLabels() []string { return m.coverage.CoverageLabels() }

// AddCoverage implements model.Coverer.
func (m *Model) AddCoverage(into []uint64) { m.coverage.AddCoverage(into) }

// Runs is how many runs the scenario keeps: every lockstep configuration,
// or the explored run alone.
func (m *Model) Runs() int {
	if m.Scenario.Interleavings {
		return 1
	}
	return NumConfigs
}

// Init is the VM with no session loaded.
func (m *Model) Init() State { return State{} }

// Enabled appends the enabled inputs: loads while no round has run (and
// the bounds allow), then a round while some run can still move, or a
// step of each coroutine that can proceed.
func (m *Model) Enabled(s *State, buf []Input) []Input {
	vm := &s.Runs[0].VM
	if s.Running == 0 && vm.NSessions < m.Scenario.MaxSessions {
		for _, p := range m.Scenario.Vocabulary {
			if int(vm.NCoros)+len(rt.Protocols[p].Roles) > rt.MaxCoros {
				continue
			}
			buf = append(buf, Input{Kind: Load, Proto: p})
			if rt.Protocols[p].Invokes {
				buf = append(buf, Input{Kind: Load, Proto: p, Resp: 1})
			}
		}
	}
	if vm.NSessions == 0 {
		return buf
	}
	if m.Scenario.Interleavings {
		for c := range vm.NCoros {
			if rt.CanProceed(vm, c, m.Scenario.Faults) {
				buf = append(buf, Input{Kind: Step, Coro: c})
			}
		}
		return buf
	}
	for k := range NumConfigs {
		if !s.Runs[k].VM.Quiescent() {
			return append(buf, Input{Kind: Round})
		}
	}
	return buf
}

// Apply turns next (a copy of s) into the successor under in, recording
// each run's events in m.Events and its session events in its trace. It
// returns an error only for an input the state does not enable.
func (m *Model) Apply(s *State, in Input, next *State) error {
	for k := range m.Events {
		m.Events[k] = m.Events[k][:0]
	}
	switch in.Kind {
	case Load:
		if s.Running != 0 {
			return fmt.Errorf("load after the first round")
		}
		for k := range m.Runs() {
			if err := rt.Load(&next.Runs[k].VM, in.Proto, in.Resp, m.Scenario.Capacity, m.Scenario.Faults); err != nil {
				return err
			}
		}
	case Round:
		if m.Scenario.Interleavings {
			return fmt.Errorf("round in an interleavings scenario")
		}
		next.Running = 1
		for k := range NumConfigs {
			run := &next.Runs[k]
			if run.VM.Quiescent() {
				continue
			}
			var err error
			if m.Events[k], err = rt.SchedRound(&run.VM, m.Configs[k], m.Events[k]); err != nil {
				return err
			}
			m.record(&run.Rec, m.Events[k])
		}
	case Step:
		if !m.Scenario.Interleavings {
			return fmt.Errorf("step in a lockstep scenario")
		}
		if in.Coro >= s.Runs[0].VM.NCoros || !rt.CanProceed(&s.Runs[0].VM, in.Coro, m.Scenario.Faults) {
			return fmt.Errorf("step c%d: it cannot proceed", in.Coro)
		}
		if s.Running == 0 {
			next.Running = 1
			m.reference(next)
		}
		run := &next.Runs[0]
		m.Events[0] = rt.StepCoroutine(&run.VM, in.Coro, m.Scenario.Faults, m.Events[0])
		m.record(&run.Rec, m.Events[0])
	}
	return nil
}

// maxReferenceRounds bounds the reference run: far above what the
// vocabulary needs (about 20 rounds for two sessions at N = 1).
const maxReferenceRounds = 100

// reference runs the loaded programs to quiescence under the first
// configuration (RoundRobin, N = 1) and keeps its trace in Runs[1].Rec.
func (m *Model) reference(next *State) {
	vm := next.Runs[0].VM
	rec := &next.Runs[1].Rec
	for range maxReferenceRounds {
		if vm.Quiescent() {
			break
		}
		m.refEv, _ = rt.SchedRound(&vm, m.Configs[0], m.refEv[:0])
		m.record(rec, m.refEv)
	}
}

// record appends to rec the session events of ev as the runtime
// normalizes them (rt.NormalizeTrace): the traces the checks compare are
// the contract's normalized traces, filtered by session.
func (m *Model) record(rec *Recorder, ev []rt.Event) {
	m.norm = rt.NormalizeTrace(m.norm[:0], ev, m.Scenario.Faults)
	for _, n := range m.norm {
		if n.Session < rt.MaxSessions && rec.Len[n.Session] < MaxSessionEvents {
			rec.Ev[n.Session][rec.Len[n.Session]] = n.Body
			rec.Len[n.Session]++
		}
	}
}

// Trace spells session sid of rec, one event per element.
func (r *Recorder) Trace(sid int) []string {
	var out []string
	for _, b := range r.Ev[sid][:r.Len[sid]] {
		out = append(out, rt.BodyString(b))
	}
	return out
}
