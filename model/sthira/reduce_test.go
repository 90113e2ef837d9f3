package sthira

import (
	"testing"

	rt "modelcheck/runtime/sthira"
)

// TestReductionsShrink: every reduction of every named scenario is a valid
// scenario of smaller Size with the same faults, and removing a task is
// offered only when the script does not name it.
func TestReductionsShrink(t *testing.T) {
	for _, sc := range Scenarios() {
		if err := WithFault(&sc, "aging"); err != nil {
			t.Fatal(err)
		}
		rs := Reductions(&sc, nil)
		if len(rs) == 0 {
			t.Errorf("%s: no reduction", sc.Name)
		}
		for _, r := range rs {
			if err := r.Validate(); err != nil || Size(&r) >= Size(&sc) || r.Config.Faults != sc.Config.Faults {
				t.Errorf("%s: reduction %v (size %d, was %d): %v", sc.Name, r.Spell(), Size(&r), Size(&sc), err)
			}
		}
		last := []Input{{Op: rt.Submit, Task: sc.Config.Tasks}}
		for _, r := range Reductions(&sc, last) {
			if r.Config.Tasks < sc.Config.Tasks {
				t.Errorf("%s: task t%d removed though the script names it", sc.Name, sc.Config.Tasks)
			}
		}
	}
	if got := FaultsOn(&Scenario{Config: rt.Config{Faults: rt.Faults(0).With(rt.RefKept).With(rt.Aging)}}); len(got) != 2 || got[0] != "aging" || got[1] != "ref-kept" {
		t.Errorf("FaultsOn = %v", got)
	}
}
