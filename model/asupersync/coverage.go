package asupersync

import (
	"modelcheck/model"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// The input kinds coverage counts: the kernel's operations by number (a
// host timer turn spells and counts as advance, like the native kernel's),
// then the host's pump runs and callbacks.
const (
	microtaskKind = kernel.NumOps + iota
	hostTaskKind
	callbackKind
	numInputKinds
)

// inputKindNames spells the input kinds as inputs begin: an input's first
// word, except that cancel is split by what it cancels.
func inputKindNames() []string {
	names := make([]string, numInputKinds)
	for op := kernel.Spawn; int(op) < kernel.NumOps; op++ {
		names[op] = op.String()
	}
	names[kernel.CancelTask], names[kernel.CancelRegion] = "cancel task", "cancel region"
	names[microtaskKind], names[hostTaskKind], names[callbackKind] = "microtask", "host-task", "callback"
	return names
}

// eventKindNames spells the event kinds by number; Invalid is no kind.
func eventKindNames() []string {
	names := make([]string, trace.NumKinds)
	for k := trace.Kind(1); int(k) < trace.NumKinds; k++ {
		names[k] = k.String()
	}
	return names
}

func newCounter() model.Counter { return model.NewCounter(inputKindNames(), eventKindNames()) }

// inputKind numbers in as inputKindNames lists it.
func inputKind(in Input) int {
	switch in.Host {
	case pump.RunMicrotask:
		return microtaskKind
	case pump.RunHostTask:
		return hostTaskKind
	case pump.Callback:
		return callbackKind
	case pump.TimerTurn:
		return int(kernel.Advance)
	}
	return int(in.K.Op)
}

// count adds a step that took in and emitted events to the coverage.
func (m *Model) count(in Input, events []trace.Event) {
	m.coverage.Input(inputKind(in))
	for i := range events {
		m.coverage.Event(int(events[i].Kind))
	}
}

// CoverageLabels implements model.Coverer.
func (m *Model) CoverageLabels() []string { return m.coverage.CoverageLabels() }

// AddCoverage implements model.Coverer.
func (m *Model) AddCoverage(into []uint64) { m.coverage.AddCoverage(into) }

// InputKind implements model.InputKinder: in's kind as coverage counts it.
func (m *Model) InputKind(in Input) int { return inputKind(in) }

// NumInputKinds implements model.InputKinder.
func (m *Model) NumInputKinds() int { return numInputKinds }
