package counterexamples

import (
	"context"
	"fmt"
	"strings"
	"testing"

	model "modelcheck/model/asupersync"
)

// TestTargetedScenariosReachTheirRules: each small scenario added to reach
// a rule the broad scenarios miss offers a path to it: the script runs
// (every input offered by the model, no violation) and some step emits the
// event that only that rule emits.
func TestTargetedScenariosReachTheirRules(t *testing.T) {
	for _, c := range []struct {
		scenario string
		script   []string
		event    string
		// absent, if set, is an event no step may emit.
		absent string
	}{
		{"deep-regions", []string{"open-region r1", "open-region r2", "spawn r3", "cancel r1 kind=Shutdown"}, "cause_chain_truncated", ""},
		{"finalizers", []string{"open-region r1", "register-finalizer r2", "close r2", "finalizer-done r2"}, "finalizer_done", ""},
		{"coalescing", []string{"spawn r1", "spawn r1", "dispatch", "sleep t1 1", "dispatch", "sleep t2 3", "advance 1", "dispatch"}, "wheel_coalesced", ""},
		{"edf", []string{"spawn r1 deadline=3", "spawn r1 deadline=2", "dispatch"}, "scheduler_step_decision task=t2 region=r1 lane=timed", ""},
		{"self-wake", []string{"spawn r1", "dispatch", "wake t1", "pending t1"}, "enqueued task=t1", ""},
		// Three 1 ms timers fall due in one turn; catchup_batch 2 fires two.
		{"timer-burst", []string{"spawn r1", "spawn r1", "spawn r1", "microtask", "dispatch", "sleep t1 1", "dispatch", "sleep t2 1",
			"host-task", "dispatch", "sleep t3 1", "advance 1", "microtask", "dispatch"}, "timer_fired task=t2", "timer_fired task=t3"},
		// A third message queues without a receive.
		{"channel-wide", []string{"spawn r1", "spawn r1", "spawn r1", "dispatch", "chan-reserve t1", "chan-send t1",
			"chan-reserve t1", "chan-send t1", "chan-reserve t1", "chan-send t1"}, "chan_sent task=t1 msg=m3", ""},
		// A granted callback re-queues the parked task.
		{"callbacks", []string{"spawn r1", "microtask", "dispatch", "pending t1", "callback t1 via=message"}, "enqueued task=t1 lane=ready gen=2", ""},
		// Memory 256 holds r3's 3-link chain exactly and cuts r4's to 3.
		{"chain-memory", []string{"open-region r1", "open-region r2", "open-region r3", "cancel r1 kind=Shutdown"},
			"cause_chain_truncated region=r4 truncated_at_depth=3", "cause_chain_truncated region=r3"},
		{"chain-one-link", []string{"open-region r1", "cancel r1 kind=Shutdown"}, "cause_chain_truncated region=r2 truncated_at_depth=1", ""},
		// t1 fills the queue and waits; a receive wakes it; its retry
		// takes the slot as the queued head, naming its waiter id.
		{"chan-retry", []string{"spawn r1", "dispatch", "chan-reserve t1", "chan-send t1", "chan-reserve t1", "spawn r1", "dispatch",
			"chan-recv t2", "yield t2", "dispatch", "chan-reserve t1"}, "chan_reserved task=t1 waiter=1", ""},
		// t1 holds the only slot: t2's eviction is refused (a reserved
		// slot is never evicted).
		{"chan-senders", []string{"spawn r1", "spawn r1", "dispatch", "chan-reserve t1", "yield t1", "dispatch", "chan-evict t2"},
			"chan_op_failed task=t2 op=send_evict_oldest error_class=full", ""},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			text := fmt.Sprintf("scenario base=%s\n----\n\nrun\n%s\n----\n", c.scenario, strings.Join(c.script, "\n"))
			f, err := asu.Parse(c.scenario+".txt", []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			var all []string
			found := false
			see := func(_ model.Input, events []string, _ *model.State) {
				for _, e := range events {
					found = found || strings.Contains(e, c.event)
					if c.absent != "" && strings.Contains(e, c.absent) {
						t.Errorf("event %q emitted", e)
					}
					all = append(all, e)
				}
			}
			out, err := asu.execute(context.Background(), f.Case.Scenario, nil, f.Case.Script, see)
			if err != nil {
				t.Fatal(err)
			}
			if out.Violation != nil {
				t.Fatalf("violation %s at step %d", out.Violation.Invariant.Name, out.Violation.Step)
			}
			if !found {
				t.Errorf("no event %q; the run emitted:\n%s", c.event, strings.Join(all, "\n"))
			}
		})
	}
}
