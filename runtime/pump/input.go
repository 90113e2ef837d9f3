package pump

import (
	"fmt"
	"strings"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// String spells the input as a test file does.
func (in Input) String() string {
	switch in.Host {
	case RunMicrotask, RunHostTask:
		return hostNames[in.Host]
	case TimerTurn:
		return in.K.String()
	case Callback:
		return fmt.Sprintf("callback t%d via=%s", in.K.Task, in.Cap)
	}
	return in.K.String()
}

// ParseInput reads a host event (microtask, host-task, callback tN
// via=CAP) or a kernel operation.
func ParseInput(line string) (Input, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Input{}, fmt.Errorf("empty operation")
	}
	switch f[0] {
	case "microtask", "host-task":
		if len(f) != 1 {
			return Input{}, fmt.Errorf("%s: takes no operands", f[0])
		}
		if f[0] == "microtask" {
			return Input{Host: RunMicrotask}, nil
		}
		return Input{Host: RunHostTask}, nil
	case "callback":
		if len(f) != 3 || !strings.HasPrefix(f[2], "via=") {
			return Input{}, fmt.Errorf("callback: want callback tN via=CAPABILITY")
		}
		k, err := kernel.ParseInput("wake " + f[1])
		if err != nil {
			return Input{}, fmt.Errorf("callback: %w", err)
		}
		c, err := ParseCapability(strings.TrimPrefix(f[2], "via="))
		if err != nil {
			return Input{}, fmt.Errorf("callback: %w", err)
		}
		return Input{Host: Callback, Cap: c, K: k}, nil
	}
	k, err := kernel.ParseInput(line)
	if err != nil {
		return Input{}, err
	}
	return Input{K: k}, nil
}

// Drive runs a kernel operation the way an idle browser host would get
// there: before a dispatch it runs whatever pump is queued, queueing a
// microtask first if none is. It lets one backend-neutral script run on
// both backends; the host events it adds are host-only.
func (s *State) Drive(k kernel.Input, log *trace.Log) error {
	if k.Op == kernel.Dispatch {
		if s.Mode == Idle {
			from := len(log.Events)
			s.schedule(Microtask, log)
			s.tag(log, from)
		}
		if s.Mode == Scheduled {
			host := RunMicrotask
			if s.Source == HostTask {
				host = RunHostTask
			}
			if err := s.Apply(Input{Host: host}, log); err != nil {
				return err
			}
		}
	}
	return s.Apply(Input{K: k}, log)
}
