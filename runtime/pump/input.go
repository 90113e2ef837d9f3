package pump

import (
	"fmt"
	"strings"

	"modelcheck/runtime/kernel"
)

// String spells the input as a test file does.
func (in Input) String() string {
	switch in.Host {
	case RunMicrotask, RunHostTask:
		return hostNames[in.Host]
	case TimerTurn:
		return in.K.String()
	case Callback:
		// The wake's operands: the task, and the generation its waker
		// holds when it is not the current one.
		return fmt.Sprintf("callback %s via=%s", strings.TrimPrefix(in.K.String(), "wake "), in.Cap)
	}
	return in.K.String()
}

// ParseInput reads a host event (microtask, host-task, callback tN
// [gen=G] via=CAP) or a kernel operation.
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
		via := f[len(f)-1]
		if len(f) < 3 || len(f) > 4 || !strings.HasPrefix(via, "via=") {
			return Input{}, fmt.Errorf("callback: want callback tN [gen=G] via=CAPABILITY")
		}
		k, err := kernel.ParseInput("wake " + strings.Join(f[1:len(f)-1], " "))
		if err != nil {
			return Input{}, fmt.Errorf("callback: %w", err)
		}
		c, err := ParseCapability(strings.TrimPrefix(via, "via="))
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
