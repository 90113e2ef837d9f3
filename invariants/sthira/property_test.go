package sthira

import (
	"testing"

	"pgregory.net/rapid"

	sm "modelcheck/model/sthira"
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
