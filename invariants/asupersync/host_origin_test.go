package asupersync

import (
	"testing"

	"modelcheck/runtime/kernel"
	"modelcheck/runtime/trace"
)

// TestHostTurnOriginCatchesABatchBeforeTheFirstTask proves
// host-turn-origin's batch clause (000 S6: microtask_batch_id counts from
// none, so until the first task exists every event carries batch 0). The
// browser's first step is reached (default: t1 spawned into r1, no task
// before it), then replayed with its first event tagged batch 1, its host
// turn left 1.
func TestHostTurnOriginCatchesABatchBeforeTheFirstTask(t *testing.T) {
	c := lastStep(t, scenarioNamed(t, "default"), []kernel.Input{{Op: kernel.Spawn, Region: 1}})
	if c.Scenario.Native || len(c.Events) == 0 || c.Events[0].HostTurn != 1 || hostTurnOrigin(c) {
		t.Fatalf("setup: want the browser's first spawn at host turn 1, batch 0, got %v", c.Events)
	}
	if !flagsEditedEvents(hostTurnOrigin, c, func(ev []trace.Event) { ev[0].Batch = 1 }) {
		t.Error("an event of microtask batch 1 before the first task is not flagged")
	}
}
