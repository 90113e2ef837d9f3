package vm

import (
	"testing"
)

// TestSessionTracesFitTheRecorder: a session's recorded trace never
// reaches MaxSessionEvents, the recorder's bound, on the states of every
// scenario: a trace that reached it could have been cut, and the checks
// would compare what was left. A session's trace is its protocol's
// session actions, whatever the interleaving, so every state of the
// lockstep scenarios (every protocol but dual-invoke, each handler
// response) and of the small interleaved ones is visited, and the first
// 20,000 (depth first) of the large interleaved ones. The longest trace
// met is logged.
func TestSessionTracesFitTheRecorder(t *testing.T) {
	const sample = 20_000
	longest, where := 0, ""
	for _, sc := range Scenarios() {
		m := New(sc)
		seen := map[State]bool{}
		stack := []State{m.Init()}
		var buf []Input
		for len(stack) > 0 && (!sc.Interleavings || len(seen) < sample) {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[s] {
				continue
			}
			seen[s] = true
			for _, run := range s.Runs {
				for sid, n := range run.Rec.Len {
					if int(n) >= MaxSessionEvents {
						t.Fatalf("%s: session %d's trace reached the recorder's bound of %d events: %v", sc.Name, sid, MaxSessionEvents, run.Rec.Trace(sid))
					}
					if int(n) > longest {
						longest, where = int(n), sc.Name
					}
				}
			}
			buf = m.Enabled(&s, buf[:0])
			for _, in := range buf {
				next := s
				if err := m.Apply(&s, in, &next); err != nil {
					t.Fatalf("%s: %s: %v", sc.Name, in, err)
				}
				stack = append(stack, next)
			}
		}
	}
	t.Logf("longest session trace: %d events (%s)", longest, where)
}
