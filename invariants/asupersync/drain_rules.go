package asupersync

// drainInvariants are duties of a drain that make mutate -tests (seed 2)
// showed no check enforced: the mutant changed the state counts and every
// scenario stayed clean.
//
// Phase 0's collect is the host timer table's drain: a cancelled timer
// whose deadline has passed is dropped there, its slot freed (004 2.4
// step 3). timer-slots-derived lets such a timer leave silently but never
// required it to, so a collect that skipped dead entries without freeing
// them (their slots held for good on the native backend) passed.
//
// The checks read the state before (the table's liveness and deadlines,
// checked by timers-derived) and the step's events.
var drainInvariants = []Invariant{
	{"dead-timers-dropped", []string{"INV-TM-02", "004/2.4", "sc-timer-phase0-001"},
		"a scheduler step's phase 0 drops every cancelled host-table timer whose deadline has passed: after a step with a scheduler_step_begin, no timer that was dead and due before it still holds its slot", deadTimersDropped},
}

// deadTimersDropped is 004 2.4 step 3 ("dead entries ... silently dropped
// during cascade and drain") for the host table, whose phase 0 is the
// drain: a dead entry it skips but keeps is a slot lost for good where no
// host callback reaps it (the native backend), and a second late callback
// for one timer on the browser. A dispatch does not move the clock, so
// the state after's time is the one phase 0 collected at, and it neither
// cancels nor registers a timer, so a slot dead and due before is one
// phase 0 met.
func deadTimersDropped(c *Context) bool {
	b, a := kern(c.Before), kern(c.After)
	if a.Config.Wheel || !c.mayHold(stepBegins) {
		return false
	}
	for i := range b.Timers {
		if tm := &b.Timers[i]; tm.Used && !tm.Live && tm.Deadline <= a.Now && a.Timers[i].Used {
			return true
		}
	}
	return false
}
