package asupersync

// hostOriginInvariants: host-turn checks each transition's host_turn_id and
// microtask_batch_id against the pump's counters before it, so it cannot
// see where the counting starts. 000 S6 asks for metadata stable across
// replays, and the fixtures (testdata/fixtures) start it at host turn 1 and
// batch 0: the page's script runs in the first host turn, before any pump
// turn. Until a task exists no pump can be queued and no timer armed, so
// no host turn can have passed; that fact, read from the task table,
// pins the origin without the pump's counters.
var hostOriginInvariants = []Invariant{
	{"host-turn-origin", []string{"wasm-browser-scheduler-semantics-v1/S6", "wasm-browser-scheduler-semantics-v1/trace-observability"},
		"on the browser, until the first task exists, every event carries host_turn_id 1 and microtask_batch_id 0 (host turns count from the page's first, batches from none)", hostTurnOrigin},
}

func hostTurnOrigin(c *Context) bool {
	if c.Scenario.Native {
		return false
	}
	for i := range kern(c.Before).Cancel.Tasks {
		if kern(c.Before).Cancel.Tasks[i].Used {
			return false
		}
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.HostTurn != 1 || e.Batch != 0 {
			return true
		}
	}
	return false
}
