package vm

import (
	"runtime/debug"
	"testing"

	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// TestCheckSurvivesMalformedEvents: a VM whose round emits an event naming
// a coroutine, session, role or edge outside its tables is reported, not a
// crash of the checker. Every event kind with every id at 255, alone and
// nine times over (more releases than the ready queue holds), in every
// run of every scenario, after one load, on a round (or a step).
func TestCheckSurvivesMalformedEvents(t *testing.T) {
	for _, sc := range mvm.Scenarios() {
		e, err := NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := e.Init()
		ins := e.Enabled(&s, nil)
		next := s
		e.Step(&s, ins[0], &next)
		s = next
		ins = e.Enabled(&s, ins[:0])
		var in mvm.Input
		for _, x := range ins {
			if x.Kind != mvm.Load {
				in = x
				break
			}
		}
		for k := rt.Kind(0); int(k) < rt.NumKinds; k++ {
			ev := rt.Event{Tick: s.Runs[0].VM.Clock + 1, Kind: k, Coro: 255, Session: 255, Role: 255, Edge: 255, Label: 255}
			for _, n := range []int{1, rt.MaxCoros} {
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s: %s x%d naming 255: %v\n%s", sc.Name, k, n, r, debug.Stack())
						}
					}()
					for r := range e.M.Events {
						e.M.Events[r] = e.M.Events[r][:0]
						for range n {
							e.M.Events[r] = append(e.M.Events[r], ev)
						}
					}
					after := s
					if e.C.transition(e.M, &s, in, &after) == 0 {
						t.Errorf("%s: %s x%d naming 255 passed", sc.Name, k, n)
					}
				}()
			}
		}
	}
}
