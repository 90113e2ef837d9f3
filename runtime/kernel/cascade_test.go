package kernel

import (
	"fmt"
	"slices"
	"testing"

	"modelcheck/runtime/trace"
)

// TestCascadeReachesTheLastTaskID: a region cancel puts every live task of
// the cancelled subtree in the cancel lane, parents' tasks before
// children's, then by task id (001 Cascade Law, 000 S1), up to the last
// task id. No scenario has more than three tasks, so the explorer never
// saw a cascade whose task loop stopped one short of MaxTasks (session
// 44's audit planted `t < MaxTasks` in cancelRegion and it got through
// every scenario). Here the root region holds the even tasks and a child
// region the odd ones, so the last id (MaxTasks, even) sits in the root
// and goes in the first half, and every id is used.
func TestCascadeReachesTheLastTaskID(t *testing.T) {
	s := New(DefaultConfig())
	var log trace.Log
	apply := func(line string) {
		t.Helper()
		in, err := ParseInput(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if err := s.Apply(in, &log); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	apply("open-region r1")
	var root, child []uint8
	for id := uint8(1); id <= MaxTasks; id++ {
		if id%2 == 0 {
			apply("spawn r1")
			root = append(root, id)
		} else {
			apply("spawn r2")
			child = append(child, id)
		}
	}
	log.Events = log.Events[:0]
	apply("cancel r1 kind=Shutdown")
	var got []uint8
	for _, e := range log.Events {
		if e.Kind == trace.Enqueued && e.Lane == "cancel" {
			got = append(got, e.Task)
		}
	}
	want := slices.Concat(root, child)
	if !slices.Equal(got, want) {
		t.Fatalf("cancel-lane enqueues %v, want %v (root's tasks, then the child's, each by id)", got, want)
	}
	// The lane then dispatches them in that order (one Shutdown priority,
	// generation FIFO).
	got = got[:0]
	for range want {
		log.Events = log.Events[:0]
		apply("dispatch")
		for _, e := range log.Events {
			if e.Kind == trace.StepDecision {
				got = append(got, e.Task)
			}
		}
		apply(fmt.Sprintf("complete t%d ok", s.Current))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("cancel-lane dispatches %v, want %v", got, want)
	}
}
