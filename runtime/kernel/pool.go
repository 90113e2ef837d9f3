package kernel

import (
	"fmt"

	"modelcheck/runtime/trace"
)

// poolOp pushes a task on a worker's local ready queue or lets a worker
// steal (004 3.6). The pool models the workers' queues beside the kernel's
// own scheduler: it exists to check that stealing scans in the order the
// thief's seeded RNG gives (INV-SC-05).
func (s *State) poolOp(in Input, log *trace.Log) error {
	w := in.Arg
	if s.Config.Workers == 0 {
		return fmt.Errorf("%s: the runtime has no worker pool", in.Op)
	}
	if w >= s.Config.Workers {
		return fmt.Errorf("%s: worker w%d, want w0..w%d", in.Op, w, s.Config.Workers-1)
	}
	if in.Op == PoolPush {
		s.Pool.Push(w, in.Task, 0)
		return nil
	}
	s.Pool.Steal(w, log)
	return nil
}
