package asupersync

import (
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// pumpModeInvariants: the pump's life in 000's trace (P1, S4): a pump is
// queued (pump_scheduled via a microtask, host_handoff to a host task),
// runs (pump_running) and goes idle (pump_idle, or the authorization_denied
// of a hand-off that fails closed), each announced. The checks that read
// the pump's mode (burst-limit, pump-non-reentrant, the host-turn counters)
// trust it; here it is derived from the mode before and the step's events,
// so a turn that starts, or a pump that is queued, without its event is
// caught where it happens. pump-idle-announced covers the idle side alone.
var pumpModeInvariants = []Invariant{
	{"pump-mode-derived", []string{"wasm-browser-scheduler-semantics-v1/P1", "wasm-browser-scheduler-semantics-v1/S4", "wasm-browser-scheduler-semantics-v1/trace-observability"},
		"on the browser the pump's mode (and what it is queued as) after a transition is its mode before, moved by the step's events: pump_scheduled queues a microtask, host_handoff a host task, pump_running runs it, pump_idle or a fail-closed hand-off's authorization_denied idles it", pumpModeDerived},
	// burst-limit bounds a drain cycle from above; this is P1's other
	// half: the hand-off comes at the limit, not before, and only with
	// work left to hand off.
	{"burst-handoff-at-limit", []string{"wasm-browser-scheduler-semantics-v1/P1"},
		"scheduler_burst_limit_reached (and the hand-off it begins) comes only once the drain cycle has run microtask_burst_limit scheduler steps (the derived count) and runnable work remains: a lane entry or a live timer due", burstHandoffAtLimit},
}

func pumpModeDerived(c *Context) bool {
	if c.Scenario.Native {
		return false
	}
	mode, src := c.Before.P.Mode, c.Before.P.Source
	for ei := range c.Events {
		e := &c.Events[ei]
		mode = pumpModeAfter(mode, e)
		switch e.Kind {
		case trace.PumpScheduled:
			src = pump.Microtask
		case trace.HostHandoff:
			src = pump.HostTask
		}
	}
	a := &c.After.P
	return a.Mode != mode || (mode == pump.Scheduled && a.Source != src)
}

// pumpModeAfter is the pump's mode after event e, from its mode before
// it: pump_scheduled and host_handoff queue the pump, pump_running runs
// it, pump_idle or a fail-closed hand-off's authorization_denied idles it.
func pumpModeAfter(mode pump.Mode, e *trace.Event) pump.Mode {
	switch {
	case e.Kind == trace.PumpScheduled, e.Kind == trace.HostHandoff:
		return pump.Scheduled
	case e.Kind == trace.PumpRunning:
		return pump.Running
	case e.Kind == trace.PumpIdle, e.Kind == trace.AuthorizationDenied && e.AttrVal == "message" && e.Task == 0:
		return pump.Idle
	}
	return mode
}

func burstHandoffAtLimit(c *Context) bool {
	if c.Scenario.Native || c.firstIndex(trace.BurstLimitReached) < 0 {
		return false
	}
	if c.burst() < scenarioBurstLimit(c.Scenario) {
		return true
	}
	return !hasWork(c.Scenario, kern(c.After))
}

// handoffInvariants: where a hand-off goes. P1 hands the pump off "via
// task queue (MessageChannel preferred, setTimeout(0) fallback)", and P3
// routes every browser API "through capability-scoped handles", so the
// route a host_handoff names follows from the capabilities the scenario
// grants the adapter, read here from the scenario rather than from the
// pump. pump-mode-derived follows the hand-off's effect on the mode; no
// check read its route, so a hand-off through MessageChannel without its
// handle passed (fault handoff-via-message). It comes late in the check
// order, so the older faults keep their first reports.
var handoffInvariants = []Invariant{
	{"handoff-route", []string{"wasm-browser-scheduler-semantics-v1/P1", "wasm-browser-scheduler-semantics-v1/P3"},
		"a host_handoff names its route (via): message_channel when the adapter holds the message capability, else set_timeout when it holds the timer capability; with neither it fails closed and never hands off, and with either its hand-off is never denied", handoffRoute},
}

func handoffRoute(c *Context) bool {
	if c.Scenario.Native {
		return false
	}
	caps := c.Scenario.Pump.Caps
	want := ""
	switch {
	case caps&pump.CapMessage != 0:
		want = "message_channel"
	case caps&pump.CapTimer != 0:
		want = "set_timeout"
	}
	atLimit := false
	for ei := range c.Events {
		e := &c.Events[ei]
		switch {
		case e.Kind == trace.HostHandoff && (want == "" || e.AttrKey != "via" || e.AttrVal != want):
			return true
		case e.Kind == trace.BurstLimitReached:
			atLimit = true
		case atLimit && e.Kind == trace.AuthorizationDenied && want != "":
			// The hand-off denied, with a route to take.
			return true
		}
	}
	return false
}
