package sthira

import (
	"math/bits"
	"slices"
	"testing"

	"modelcheck/model"
	rt "modelcheck/runtime/sthira"
)

// TestReductionsShrink: every reduction of every named scenario is a valid
// scenario of smaller Size with the same faults, or with one of them
// off, and removing a task is offered only when the script does not name
// it.
func TestReductionsShrink(t *testing.T) {
	for _, sc := range Scenarios() {
		if err := WithFault(&sc, "aging"); err != nil {
			t.Fatal(err)
		}
		rs := Reductions(&sc, nil)
		if len(rs) == 0 {
			t.Errorf("%s: no reduction", sc.Name)
		}
		for _, red := range rs {
			r := red.Config
			if err := r.Validate(); err != nil || Size(&r) >= Size(&sc) || r.Config.Faults&^sc.Config.Faults != 0 ||
				bits.OnesCount64(uint64(sc.Config.Faults&^r.Config.Faults)) > 1 {
				t.Errorf("%s: reduction %v (size %d, was %d): %v", sc.Name, r.Spell(), Size(&r), Size(&sc), err)
			}
		}
		every := make([]Input, sc.Config.Tasks)
		for i := range every {
			every[i] = Input{Op: rt.Submit, Task: uint8(i + 1)}
		}
		for _, r := range Reductions(&sc, every) {
			if r.Config.Config.Tasks < sc.Config.Tasks {
				t.Errorf("%s: a task removed though the script names each: %v", sc.Name, r.Config.Spell())
			}
		}
	}
}

// TestReductionsDropAnIdleTask: a declared task the script never names is
// dropped wherever it is declared, the tasks after it move down a slot
// with their specs, and the script follows them; a tick names no task.
func TestReductionsDropAnIdleTask(t *testing.T) {
	sc := Scenario{Config: rt.Config{Tasks: 3, Limit: 1}, Specs: [rt.MaxTasks]TaskSpec{
		{Prio: rt.Normal}, {Prio: rt.High}, {Prio: rt.Low, Scope: 1}}}
	script := []Input{{Op: rt.Declare, Task: 1, Prio: rt.Normal}, {Op: rt.Tick},
		{Op: rt.Declare, Task: 3, Prio: rt.Low, Scope: 1}, {Op: rt.Submit, Task: 3}}
	var got []model.Reduction[Scenario, Input]
	for _, r := range Reductions(&sc, script) {
		if r.Config.Config.Tasks < sc.Config.Tasks {
			got = append(got, r)
		}
	}
	if len(got) != 1 {
		t.Fatalf("%d reductions drop a task, want 1 (t2, the one the script never names)", len(got))
	}
	r := got[0]
	if want := (TaskSpec{Prio: rt.Low, Scope: 1}); r.Config.Specs[1] != want || r.Config.Specs[2] != (TaskSpec{}) {
		t.Errorf("specs after dropping t2: %v, want t3's spec in t2's slot and the third slot empty", r.Config.Specs[:3])
	}
	want := []Input{{Op: rt.Declare, Task: 1, Prio: rt.Normal}, {Op: rt.Tick},
		{Op: rt.Declare, Task: 2, Prio: rt.Low, Scope: 1}, {Op: rt.Submit, Task: 2}}
	if !slices.Equal(r.Script, want) {
		t.Errorf("script after dropping t2: %v, want %v", r.Script, want)
	}
	if script[2].Task != 3 {
		t.Errorf("the reduction rewrote the caller's script in place")
	}
}

func TestFaultsOn(t *testing.T) {
	if got := FaultsOn(&Scenario{Config: rt.Config{Faults: rt.Faults(0).With(rt.RefKept).With(rt.Aging)}}); len(got) != 2 || got[0] != "aging" || got[1] != "ref-kept" {
		t.Errorf("FaultsOn = %v", got)
	}
}
