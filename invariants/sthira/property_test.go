package sthira

import (
	"testing"

	"pgregory.net/rapid"

	sm "modelcheck/model/sthira"
	rt "modelcheck/runtime/sthira"
)

// TestDeepWalksClean: random runs of up to 80 steps, far past the explorer's
// depth, in every scenario, break no invariant in the correct runtime.
func TestDeepWalksClean(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		scs := sm.Scenarios()
		sc := scs[rapid.IntRange(0, len(scs)-1).Draw(t, "scenario")]
		e, err := NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := e.Init()
		var buf []sm.Input
		for step := range rapid.IntRange(1, 80).Draw(t, "steps") {
			buf = e.Enabled(&s, buf[:0])
			if len(buf) == 0 {
				if v := e.Stuck(&s); v != 0 {
					t.Fatalf("%s: stuck state breaks %s", sc.Name, Names()[v-1])
				}
				return
			}
			in := buf[rapid.IntRange(0, len(buf)-1).Draw(t, "input")]
			next := s
			if v := e.Step(&s, in, &next); v != 0 {
				t.Fatalf("%s: step %d (%s) breaks %s", sc.Name, step, in, Names()[v-1])
			}
			s = next
		}
	})
}

// TestRandomScenariosClean: random runs in random scenarios (any limits,
// policy, tasks and operations) break no invariant in the correct
// runtime, so the checks hold for the contract, not for the named
// scenarios alone.
func TestRandomScenariosClean(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var sc sm.Scenario
		sc.Name = "random"
		c := &sc.Config
		c.Limit = uint8(rapid.IntRange(1, 3).Draw(t, "limit"))
		c.ScopeLimit[0] = uint8(rapid.IntRange(0, 2).Draw(t, "s1"))
		c.ScopeLimit[1] = uint8(rapid.IntRange(0, 2).Draw(t, "s2"))
		c.QueueLimit = uint8(rapid.IntRange(0, 3).Draw(t, "queue_limit"))
		c.MaxWait = uint8(rapid.IntRange(0, rt.WaitCap-1).Draw(t, "max_wait"))
		c.Reject = rapid.Bool().Draw(t, "reject")
		c.Recycle = rapid.Bool().Draw(t, "recycle")
		c.Tasks = uint8(rapid.IntRange(1, rt.MaxTasks).Draw(t, "tasks"))
		for i := range c.Tasks {
			sc.Specs[i] = sm.TaskSpec{
				Prio:  rt.Priority(rapid.IntRange(int(rt.High), int(rt.Low)).Draw(t, "prio")),
				Scope: uint8(rapid.IntRange(0, rt.MaxScopes-1).Draw(t, "scope")),
			}
		}
		sc.Errors = rapid.Bool().Draw(t, "errors")
		if sc.Errors {
			sc.Retries = uint8(rapid.IntRange(0, rt.MaxTasks-int(c.Tasks)).Draw(t, "retries"))
		}
		sc.Suspend = rapid.Bool().Draw(t, "suspend")
		sc.Cancel = rapid.Bool().Draw(t, "cancel")
		sc.Ticks = rapid.Bool().Draw(t, "ticks")
		e, err := NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := e.Init()
		var buf []sm.Input
		for step := range rapid.IntRange(1, 60).Draw(t, "steps") {
			buf = e.Enabled(&s, buf[:0])
			if len(buf) == 0 {
				if v := e.Stuck(&s); v != 0 {
					t.Fatalf("stuck state breaks %s", Names()[v-1])
				}
				return
			}
			in := buf[rapid.IntRange(0, len(buf)-1).Draw(t, "input")]
			next := s
			if v := e.Step(&s, in, &next); v != 0 {
				t.Fatalf("%v: step %d (%s) breaks %s", sc.Spell(), step, in, Names()[v-1])
			}
			s = next
		}
	})
}
