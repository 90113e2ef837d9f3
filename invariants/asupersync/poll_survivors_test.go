package asupersync

import (
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// bracketedDispatch is nativeDispatch (t1 spawned and dispatched: a
// scheduler_step_begin then a step_decision) and the index of its one
// scheduler_step_begin, which step-bracketed passes.
func bracketedDispatch(t *testing.T) (c *Context, begin int) {
	t.Helper()
	c = nativeDispatch(t)
	at := eventsOf(c.Events, trace.StepBegin)
	if len(at) != 1 || len(eventsOf(c.Events, trace.StepDecision)) != 1 || stepBracketed(c) {
		t.Fatalf("setup: want one step_begin and one decision, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// parkedStep is a real park (native: a dispatch with no task spawned:
// scheduler_step_begin, scheduler_park, scheduler_step_end naming no
// task), which step-bracketed passes, and the index of its park.
func parkedStep(t *testing.T) (c *Context, park int) {
	t.Helper()
	c = lastStep(t, scenarioNamed(t, "native"), []kernel.Input{{Op: kernel.Dispatch}})
	at := eventsOf(c.Events, trace.Park)
	if len(at) != 1 || len(c.Events) != 3 || c.Events[0].Kind != trace.StepBegin || c.Events[2].Kind != trace.StepEnd || stepBracketed(c) {
		t.Fatalf("setup: want begin, park, end, unflagged, got %v", c.Events)
	}
	return c, at[0]
}

// withEvent is events with e inserted at index i.
func withEvent(events []trace.Event, i int, e trace.Event) []trace.Event {
	return append(append(append([]trace.Event(nil), events[:i]...), e), events[i:]...)
}

// withoutEvent is events with the event at index i left out.
func withoutEvent(events []trace.Event, i int) []trace.Event {
	return append(append([]trace.Event(nil), events[:i]...), events[i+1:]...)
}

// TestStepBracketedCatchesABeginInsideAStep proves the open-step clause of
// step-bracketed at a scheduler_step_begin: a step begins only once the
// last one was closed (000 trace-observability: each scheduler_step_begin
// is paired with its end). A real dispatch is reached, then replayed with
// its scheduler_step_begin emitted twice; the decision that follows closes
// the step, so only this clause sees it.
func TestStepBracketedCatchesABeginInsideAStep(t *testing.T) {
	c, begin := bracketedDispatch(t)
	if !flagsWithEvents(stepBracketed, c, withEvent(c.Events, begin, c.Events[begin])) {
		t.Error("a step_begin inside an open step is not flagged")
	}
}

// TestStepBracketedCatchesADecisionOutsideAStep proves the no-begin clause
// of step-bracketed at a decision: a step_decision belongs to a step begun
// before it (000 trace-observability). A real dispatch is reached, then
// replayed without its scheduler_step_begin.
func TestStepBracketedCatchesADecisionOutsideAStep(t *testing.T) {
	c, begin := bracketedDispatch(t)
	if !flagsWithEvents(stepBracketed, c, withoutEvent(c.Events, begin)) {
		t.Error("a step_decision with no step_begin is not flagged")
	}
}

// TestStepBracketedCatchesADecisionAfterAPark proves the parked clause of
// step-bracketed at a decision: a step that parked ends with a
// scheduler_step_end naming no task, it decides nothing (000
// trace-observability). A real park is reached, then replayed with a
// step_decision of t1 between the park and the end; the end still closes
// the parked step, so only this clause sees it.
func TestStepBracketedCatchesADecisionAfterAPark(t *testing.T) {
	c, park := parkedStep(t)
	decision := trace.Event{Kind: trace.StepDecision, Task: 1, Region: 1, Lane: "ready"}
	if !flagsWithEvents(stepBracketed, c, withEvent(c.Events, park+1, decision)) {
		t.Error("a step_decision after a park is not flagged")
	}
}

// TestStepBracketedCatchesAParkOutsideAStep proves the no-begin clause of
// step-bracketed at a park: scheduler_park belongs to a step begun before
// it (000 trace-observability). A real park is reached, then replayed
// without its scheduler_step_begin; the end still follows the park.
func TestStepBracketedCatchesAParkOutsideAStep(t *testing.T) {
	c, _ := parkedStep(t)
	if !flagsWithEvents(stepBracketed, c, withoutEvent(c.Events, 0)) {
		t.Error("a scheduler_park with no step_begin is not flagged")
	}
}

// TestStepBracketedCatchesAParkTwice proves the parked clause of
// step-bracketed at a park: a step parks once, then ends (000
// trace-observability). A real park is reached, then replayed with its
// scheduler_park emitted twice.
func TestStepBracketedCatchesAParkTwice(t *testing.T) {
	c, park := parkedStep(t)
	if !flagsWithEvents(stepBracketed, c, withEvent(c.Events, park, c.Events[park])) {
		t.Error("a step that parks twice is not flagged")
	}
}

// TestPollCurrentDerivedCatchesAStoredCurrentAlone proves the Current
// clause of poll-current-derived: the task being polled after a step is
// the one its decision chose (000 S5, 001 B5, INV-SC-07). A real dispatch
// of t1 is reached, then replayed with t2 stored as the task polled.
func TestPollCurrentDerivedCatchesAStoredCurrentAlone(t *testing.T) {
	c := nativeDispatch(t)
	if kern(c.After).Current != 1 || pollCurrentDerived(c) {
		t.Fatalf("setup: want t1 polled after the dispatch, unflagged, got %v", c.Events)
	}
	if !flagsEditedAfter(pollCurrentDerived, c, func(a *model.State) { a.P.Kernel.Current = 2 }) {
		t.Error("a polled task the decision did not choose is not flagged")
	}
}

// TestPollCurrentDerivedCatchesAStoredOuterAlone proves the Outer clause
// of poll-current-derived: a poll is suspended only by a nested decision,
// which only a re-entrant pump makes (000 S4, S5). A real dispatch of t1
// with no poll open before it is reached, then replayed with t1 stored as
// a suspended outer poll too.
func TestPollCurrentDerivedCatchesAStoredOuterAlone(t *testing.T) {
	c := nativeDispatch(t)
	if kern(c.Before).Current != 0 || kern(c.After).Outer != 0 || pollCurrentDerived(c) {
		t.Fatalf("setup: want no poll before the dispatch and none suspended, got %v", c.Events)
	}
	if !flagsEditedAfter(pollCurrentDerived, c, func(a *model.State) { a.P.Kernel.Outer = 1 }) {
		t.Error("a suspended poll no decision made is not flagged")
	}
}
