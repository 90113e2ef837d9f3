package kernel

import (
	"fmt"

	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// poolOp pushes a task, with its priority, on a worker's local ready queue, lets a worker pop
// its own queue (004 3.5) or steal (004 3.6). The pool models the workers'
// queues beside the kernel's own scheduler: it exists to check that a
// local pop picks among the tied entries by the worker's seeded RNG and
// that stealing scans in the order the thief's RNG gives (INV-SC-05).
func (s *State) poolOp(in Input, log *trace.Log) error {
	w := in.Arg
	if s.Config.Workers == 0 {
		return fmt.Errorf("%s: the runtime has no worker pool", in.Op)
	}
	if w >= s.Config.Workers {
		return fmt.Errorf("%s: worker w%d, want w0..w%d", in.Op, w, s.Config.Workers-1)
	}
	switch in.Op {
	case PoolPush:
		s.Pool.Push(w, in.Task, in.Priority)
	case PoolPop:
		if t, _, _, ok := s.Pool.PopLocal(w); ok {
			log.Emit(trace.Event{Kind: trace.PoppedLocal, Task: t, AttrKey: "worker", AttrVal: sched.WorkerName(w)})
		}
	default:
		s.Pool.Steal(w, log)
	}
	return nil
}
