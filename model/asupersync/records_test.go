package asupersync

import (
	"testing"

	"modelcheck/runtime/cancel"
)

// TestCancelChangedByField: the model's own CancelChanged sees a change
// in each of the three things its comment names (phase, reason, cleanup
// budget), each alone, and nothing in an identical record: a cancel that
// only tightens a task's budget (a weaker request meeting a stronger
// reason, whose budgets combine) still changed the task, and the ghost's
// wake record must count it.
func TestCancelChangedByField(t *testing.T) {
	var before cancel.Task
	before.Used, before.Phase = true, cancel.CancelRequested
	before.Reason.Kind, before.Budget.PollQuota = cancel.Shutdown, 10
	if CancelChanged(&before, &before) {
		t.Errorf("an identical record changed")
	}
	for name, change := range map[string]func(*cancel.Task){
		"phase":  func(x *cancel.Task) { x.Phase = cancel.Cancelling },
		"reason": func(x *cancel.Task) { x.Reason.At++ },
		"budget": func(x *cancel.Task) { x.Budget.PollQuota-- },
	} {
		after := before
		change(&after)
		if !CancelChanged(&before, &after) {
			t.Errorf("a change of the %s alone is no change", name)
		}
	}
}
