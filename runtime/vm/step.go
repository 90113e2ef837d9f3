package vm

import "fmt"

// Operation is what an Input does to the VM.
type Operation uint8

// The VM's operations.
const (
	// LoadOp loads a session (Load).
	LoadOp Operation = iota
	// RoundOp runs one scheduling round (SchedRound).
	RoundOp
	// StepOp steps one coroutine under the nondeterministic scheduler
	// (StepCoroutine).
	StepOp
)

// Input is one operation: a load of protocol Proto with handler response
// Resp and edges of capacity Capacity, a round, or a step of coroutine
// Coro.
type Input struct {
	Op       Operation
	Proto    ProtocolID
	Resp     uint8
	Capacity uint8
	Coro     uint8
}

// Step applies in to a copy of s under cfg and returns it with the events
// it emitted: the value entry point every runtime package offers, over
// the contract's own operations (Load, SchedRound, StepCoroutine), which
// the model calls in place. A step of a coroutine that cannot proceed
// (CanProceed) is an error. On an error the state returned may be partly
// updated (a round refused late has advanced the clock).
func Step(cfg Config, s State, in Input) (State, []Event, error) {
	var ev []Event
	var err error
	switch in.Op {
	case LoadOp:
		err = Load(&s, in.Proto, in.Resp, in.Capacity, cfg.Faults)
	case RoundOp:
		ev, err = SchedRound(&s, cfg, nil)
	case StepOp:
		if in.Coro >= s.NCoros || !CanProceed(&s, in.Coro, cfg.Faults) {
			return s, nil, fmt.Errorf("vm: step c%d: it cannot proceed", in.Coro)
		}
		ev = StepCoroutine(&s, in.Coro, cfg.Faults, nil)
	default:
		err = fmt.Errorf("vm: unknown operation %d", in.Op)
	}
	return s, ev, err
}
