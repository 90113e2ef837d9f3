package asupersync

import (
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// drainInvariants are duties of a drain that make mutate -tests (seeds 2
// and 5) showed no check enforced: each mutant changed the state counts
// and every scenario stayed clean.
//
// Phase 0's collect is the host timer table's drain: a cancelled timer
// whose deadline has passed is dropped there, its slot freed (004 2.4
// step 3). timer-slots-derived lets such a timer leave silently but never
// required it to, so a collect that skipped dead entries without freeing
// them (their slots held for good on the native backend) passed.
//
// A microtask drain cycle that ends queues another pump turn only for a
// wake deferred while it ran (000 S4); with none owed it goes Idle.
// pump-runs-with-work, burst-handoff-at-limit and deferred-wake-gets-turn
// cover the cycle's other ends (run on, hand off, go Idle), so a cycle
// that queued itself again with nothing owed, a pump that never goes
// Idle, passed.
//
// The wheel's drain has the same duty for its ready list (004 2.4 step
// 3): a dead entry it meets is dropped (wheel_dead_dropped). A drain that
// passed over dead entries kept them stored until a purge; the storage
// and active-map checks follow the events, which said nothing, so it
// passed too.
//
// The checks read the state before (the table's liveness and deadlines,
// checked by timers-derived; the pump's mode, by pump-mode-derived), the
// ghost's owed turn (model.Ghost, kept from the events) and the step's
// events.
var drainInvariants = []Invariant{
	{"dead-timers-dropped", []string{"INV-TM-02", "004/2.4", "sc-timer-phase0-001"},
		"a scheduler step's phase 0 drops every cancelled host-table timer whose deadline has passed: after a step with a scheduler_step_begin, no timer that was dead and due before it still holds its slot", deadTimersDropped},
	{"pump-requeue-owed", []string{"wasm-browser-scheduler-semantics-v1/S4", "wasm-browser-scheduler-semantics-v1/P1", "sched.browser.reentrancy.defer_not_reenter"},
		"a Running pump queues another microtask (pump_scheduled) only to pay a turn a deferred wake is owed (a reentrancy_deferred since the last turn was queued), so a drain cycle that owes none ends Idle or hands off", pumpRequeueOwed},
	{"wheel-ready-drops-dead", []string{"INV-TM-02", "004/2.4"},
		"a dispatch whose wheel drain fired fewer than its catch-up batch met every entry in the ready list, so none it leaves there is dead: an entry whose handle the active map held neither before nor after the step", wheelReadyDropsDead},
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
	if c.Scenario.Kernel.Wheel || !c.mayHold(stepBegins) {
		return false
	}
	for i := range b.Timers {
		if tm := &b.Timers[i]; tm.Used && !tm.Live && tm.Deadline <= a.Now && a.Timers[i].Used {
			return true
		}
	}
	return false
}

// pumpRequeueOwed follows the pump's mode through the step's events from
// its mode before (pump-mode-derived checks that replay) and what is owed
// from the ghost (which remembers the deferrals and the turns queued from
// the events, not from the pump's pending flag). It is 000 S4's "if a wake
// arrives during Running, adapter sets a pending flag and exits current
// loop normally; it must schedule another pump turn": the one reason a
// running pump queues itself. A pump that queues itself again after a
// cycle that owed nothing never goes Idle: each microtask parks and queues
// the next, the "perpetual microtask monopolization" P1 exists to prevent.
// A cycle that owes a turn may pay it while work is still runnable, its
// burst not spent (the same mutant did so): P1 runs "up to"
// microtask_burst_limit steps a cycle and S4 has the adapter exit the
// loop, so that is a legal variation and not checked here.
func pumpRequeueOwed(c *Context) bool {
	if c.Scenario.Native {
		return false
	}
	running, owed := c.Before.P.Mode == pump.Running, c.Before.Ghost.OwedTurn
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.ReentrancyDeferred:
			owed = true
		case e.Kind == trace.BurstLimitReached:
			owed = false
		case e.Kind == trace.PumpScheduled:
			if running && !owed {
				return true
			}
			running, owed = false, false
		case e.Kind == trace.PumpRunning:
			running = true
		case e.Kind == trace.HostHandoff, e.Kind == trace.PumpIdle,
			e.Kind == trace.AuthorizationDenied && e.AttrVal == "message" && e.Task == 0:
			running = false
		}
	}
	return false
}

// wheelReadyDropsDead is 004 2.4 step 3 for the wheel's drain. Phase 0
// runs before every scheduler_step_begin, and its drain walks the whole
// ready list unless it stops at the catch-up batch (CatchupBatch fires,
// 1 when unset: the kernel's own default, 000 F3), so with fewer fires it
// met every entry it leaves there. Liveness is read from the active map
// before and after (wheel-active-derived follows both from the events):
// a handle in neither was dead all through the step.
func wheelReadyDropsDead(c *Context) bool {
	b, a, ok := wheels(c)
	if !ok || !c.mayHold(stepBegins) {
		return false
	}
	batch, fired := max(int(c.Scenario.Kernel.CatchupBatch), 1), 0
	for ei := range c.Events {
		if c.Events[ei].Kind == trace.WheelFired {
			fired++
		}
	}
	if fired >= batch {
		return false
	}
	for i := range a.Entries {
		if e := &a.Entries[i]; e.Used && e.Level == wheel.Ready && !activeHolds(b, e.Handle) && !activeHolds(a, e.Handle) {
			return true
		}
	}
	return false
}
