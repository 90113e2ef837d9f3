package vm

import (
	"fmt"

	rt "modelcheck/runtime/vm"
)

// OutsideTables returns an error naming the first count or id of a run's
// VM that lies outside the array or table it counts or indexes, or nil:
// the session, coroutine, ready and blocked counts, a session's protocol
// and its buffers' lengths, a coroutine's session and role, an id in the
// ready or blocked queue. Only a bug in the VM can store one, and the
// model's encoding, the environment's choices and the checks would index
// past an array on it, a crash of the tool with no counterexample; Step
// reports such a successor the way it reports a refused input instead.
// The fields are read here, not through the VM's accessors.
func OutsideTables(s *State) error {
	for r := range s.Runs {
		if err := vmOutsideTables(&s.Runs[r].VM); err != nil {
			return fmt.Errorf("run %d: %w", r, err)
		}
	}
	return nil
}

// vmOutsideTables is OutsideTables for one run's VM.
func vmOutsideTables(v *rt.State) error {
	counts := [...]struct {
		name   string
		n, max int
	}{
		{"sessions", int(v.NSessions), len(v.Sessions)},
		{"coroutines", int(v.NCoros), len(v.Coros)},
		{"ready coroutines", int(v.NReady), len(v.Ready)},
		{"blocked coroutines", int(v.NBlocked), len(v.Blocked)},
	}
	for _, c := range counts {
		if c.n > c.max {
			return fmt.Errorf("the step left %d %s, past the %d slots", c.n, c.name, c.max)
		}
	}
	for i := range v.Sessions[:v.NSessions] {
		ses := &v.Sessions[i]
		if ses.Proto >= rt.NumProtocols {
			return fmt.Errorf("the step left session %d on protocol %d, past the %d protocols", i, ses.Proto, rt.NumProtocols)
		}
		for e := range ses.Bufs {
			if b := &ses.Bufs[e]; int(b.Len) > len(b.Msgs) {
				return fmt.Errorf("the step left session %d's edge %d holding %d messages, past its %d slots", i, e, b.Len, len(b.Msgs))
			}
		}
	}
	for i := range v.Coros[:v.NCoros] {
		co := &v.Coros[i]
		if co.Session >= v.NSessions {
			return fmt.Errorf("the step left coroutine %d in session %d of %d", i, co.Session, v.NSessions)
		}
		if roles := len(rt.Protocols[v.Sessions[co.Session].Proto].Roles); int(co.Role) >= roles {
			return fmt.Errorf("the step left coroutine %d in role %d of its protocol's %d", i, co.Role, roles)
		}
	}
	for _, q := range [...][]uint8{v.Ready[:v.NReady], v.Blocked[:v.NBlocked]} {
		for _, c := range q {
			if c >= v.NCoros {
				return fmt.Errorf("the step left coroutine %d queued, of %d", c, v.NCoros)
			}
		}
	}
	return nil
}
