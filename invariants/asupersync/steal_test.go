package asupersync

import (
	"testing"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// poolStep is a real step of the worker pool (stealing: t1 pushed on w0,
// t2 on w1, then last) and the index of its one event of kind k.
func poolStep(t *testing.T, last kernel.Input, k trace.Kind) (*Context, int) {
	t.Helper()
	c := lastStep(t, scenarioNamed(t, "stealing"), []kernel.Input{
		{Op: kernel.PoolPush, Arg: 0, Task: 1}, {Op: kernel.PoolPush, Arg: 1, Task: 2}, last,
	})
	at := eventsOf(c.Events, k)
	if len(at) != 1 || c.Events[at[0]].Task != 1 {
		t.Fatalf("setup: want one %v of t1, got %v", k, c.Events)
	}
	return c, at[0]
}

// popOfT1 is poolStep's pop by w0, which takes t1 and names worker w0,
// unflagged by local-pop-order.
func popOfT1(t *testing.T) (*Context, int) {
	t.Helper()
	c, at := poolStep(t, kernel.Input{Op: kernel.PoolPop, Arg: 0}, trace.PoppedLocal)
	if localPopOrder(c) {
		t.Fatalf("setup: the correct pop is flagged: %v", c.Events)
	}
	return c, at
}

// stealOfT1 is poolStep's steal by w2, which takes t1 from w0 (the thief's
// first draw starts its scan at w0) and names w0 in from_worker, unflagged
// by steal-order.
func stealOfT1(t *testing.T) (*Context, int) {
	t.Helper()
	c, at := poolStep(t, kernel.Input{Op: kernel.PoolSteal, Arg: 2}, trace.Stolen)
	if c.Events[at].AttrVal != "w0" || stealOrder(c) {
		t.Fatalf("setup: want a correct steal from w0, got %v", c.Events)
	}
	return c, at
}

// TestLocalPopOrderCatchesAPopWithoutItsWorkerKey proves local-pop-order's
// key clause: popped_local names the popping worker under the attribute
// worker (004 3.5: the pop is the worker's own, its RNG seeded by its id).
// A real pop is reached (popOfT1), then replayed with the event's
// attribute key "from_worker", its value still w0.
func TestLocalPopOrderCatchesAPopWithoutItsWorkerKey(t *testing.T) {
	c, at := popOfT1(t)
	if !flagsEditedEvents(localPopOrder, c, func(ev []trace.Event) { ev[at].AttrKey = "from_worker" }) {
		t.Error("a popped_local whose worker is not under worker is not flagged")
	}
}

// TestLocalPopOrderCatchesAPopNamingAnotherWorker proves local-pop-order's
// worker clause: popped_local names the worker that popped (004 3.5). A
// real pop by w0 is reached (popOfT1), then replayed naming w1.
func TestLocalPopOrderCatchesAPopNamingAnotherWorker(t *testing.T) {
	c, at := popOfT1(t)
	if !flagsEditedEvents(localPopOrder, c, func(ev []trace.Event) { ev[at].AttrVal = "w1" }) {
		t.Error("a popped_local naming another worker is not flagged")
	}
}

// TestLocalPopOrderCatchesAPopOfAnotherTask proves local-pop-order's task
// clause: the entry popped is the one at rng_hint % count among the
// worker's tied entries (004 3.5). A real pop of t1, w0's only entry, is
// reached (popOfT1), then replayed with its popped_local naming t2, w1's
// entry, the queues after left as the pop of t1 leaves them.
func TestLocalPopOrderCatchesAPopOfAnotherTask(t *testing.T) {
	c, at := popOfT1(t)
	if !flagsEditedEvents(localPopOrder, c, func(ev []trace.Event) { ev[at].Task = 2 }) {
		t.Error("a popped_local naming a task other than the one drawn is not flagged")
	}
}

// TestLocalPopOrderCatchesTwoPops proves local-pop-order's count clause: a
// pop takes one entry, none from an empty queue (004 3.5: select the entry
// at idx, push the others back). A real pop is reached (popOfT1), then
// replayed with its popped_local emitted twice: the same task, so only the
// count tells.
func TestLocalPopOrderCatchesTwoPops(t *testing.T) {
	c, at := popOfT1(t)
	twice := append(append([]trace.Event(nil), c.Events[:at+1]...), c.Events[at:]...)
	if !flagsWithEvents(localPopOrder, c, twice) {
		t.Error("a pop announced twice is not flagged")
	}
}

// TestStealOrderCatchesAStealWithoutItsFromWorkerKey proves steal-order's
// key clause: stolen names its victim under the attribute from_worker (004
// 3.6, INV-SC-05: the scan order is observable and reproducible). A real
// steal is reached (stealOfT1), then replayed with the event's attribute
// key "worker", its value still w0.
func TestStealOrderCatchesAStealWithoutItsFromWorkerKey(t *testing.T) {
	c, at := stealOfT1(t)
	if !flagsEditedEvents(stealOrder, c, func(ev []trace.Event) { ev[at].AttrKey = "worker" }) {
		t.Error("a stolen whose victim is not under from_worker is not flagged")
	}
}

// TestStealOrderCatchesAStealFromAnotherWorker proves steal-order's victim
// clause: from_worker is the first non-empty worker of the thief's
// circular scan (004 3.6, sc-steal-001). A real steal from w0 is reached
// (stealOfT1), then replayed naming w1, which also holds an entry, the
// task stolen still t1.
func TestStealOrderCatchesAStealFromAnotherWorker(t *testing.T) {
	c, at := stealOfT1(t)
	if !flagsEditedEvents(stealOrder, c, func(ev []trace.Event) { ev[at].AttrVal = "w1" }) {
		t.Error("a stolen naming a worker other than the scan's victim is not flagged")
	}
}
