package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// A gate says when an invariant can fire at all, so that Check calls it
// only then. Most checks return false at once unless the scenario has a
// channel, a wheel or a pump, the input is of one kind, or the step
// emitted an event of some kind; with about a hundred checks a transition,
// those calls were most of the checks' time. A gate never changes what a
// check accepts or rejects: it may skip a check only where the check's
// own code returns false, which each entry below restates from the
// check's first lines, and TestGatesSkipOnlyQuietChecks confirms over
// random reachable transitions of every fault's scenario.
//
// Gates are kept apart from the invariant table, by name, so the table's
// format is unchanged: an invariant with no gate always runs.
type gate struct {
	// applies, if set, is false for the scenarios the check can never
	// fire in (it reads configuration the kernel copies from the scenario
	// and never changes).
	applies func(sc *model.Scenario) bool
	// inputs and events, if either is non-empty, are the transitions the
	// check can fire on: those whose input is in inputs or which emitted
	// an event of a kind in events.
	inputs inputSet
	events kindSet
}

// dynamic reports whether the gate looks at the transition at all.
func (g *gate) dynamic() bool { return !g.inputs.empty() || !g.events.empty() }

// open reports whether a transition with input class in and event kinds
// ev can make the check fire.
func (g *gate) open(in model.Input, ev *kindSet) bool {
	return g.inputs.has(in) || g.events.meets(ev)
}

// kindSet is a set of event kinds.
type kindSet [2]uint64

func kinds(ks ...trace.Kind) kindSet {
	var s kindSet
	for _, k := range ks {
		s.add(k)
	}
	return s
}

func (s *kindSet) add(k trace.Kind) { s[k>>6&1] |= 1 << (k & 63) }

func (s *kindSet) empty() bool { return s[0]|s[1] == 0 }

func (s *kindSet) meets(o *kindSet) bool { return s[0]&o[0]|s[1]&o[1] != 0 }

// eventKinds is the set of kinds among a transition's events.
func eventKinds(events []trace.Event) kindSet {
	var s kindSet
	for i := range events {
		s.add(events[i].Kind)
	}
	return s
}

// inputSet is a set of inputs by kind: kernel operations given with no
// host event (ops, by Op) and host events (hosts, by HostOp).
type inputSet struct {
	ops   uint64
	hosts uint8
}

// ops is the set of kernel operations given with no host event.
func ops(os ...kernel.Op) inputSet {
	var s inputSet
	for _, o := range os {
		s.ops |= 1 << o
	}
	return s
}

// opsAnyHost is ops(os...) plus every host event, for a check that tests
// the kernel operation whatever the host event.
func opsAnyHost(os ...kernel.Op) inputSet {
	s := ops(os...)
	s.hosts = ^uint8(0)
	return s
}

func (s inputSet) empty() bool { return s.ops == 0 && s.hosts == 0 }

func (s inputSet) has(in model.Input) bool {
	if in.Host != pump.NoHost {
		return in.Host >= 8 || s.hosts&(1<<in.Host) != 0
	}
	return in.K.Op >= 64 || s.ops&(1<<in.K.Op) != 0
}

func withWheel(sc *model.Scenario) bool    { return sc.Kernel.Wheel }
func withoutWheel(sc *model.Scenario) bool { return !sc.Kernel.Wheel }
func withChannel(sc *model.Scenario) bool  { return sc.Kernel.Channel.Capacity > 0 }
func withPump(sc *model.Scenario) bool     { return !sc.Native }
func withPool(sc *model.Scenario) bool     { return sc.Kernel.Workers > 0 }

// gates are the invariants' gates by name, each with the first lines of
// the check that justify it.
var gates = map[string]gate{
	// wheels(c) is false without a wheel (kern(After).Config.Wheel).
	"wheel-handle-exact":       {applies: withWheel},
	"wheel-lazy-cancel":        {applies: withWheel},
	"wheel-insertion-order":    {applies: withWheel},
	"wheel-duration-bound":     {applies: withWheel},
	"wheel-purge":              {applies: withWheel},
	"wheel-wrap-safe":          {applies: withWheel},
	"wheel-cascade-drops-dead": {applies: withWheel},
	"wheel-fire-inclusive":     {applies: withWheel},
	"wheel-occupancy":          {applies: withWheel},
	"wheel-active-derived":     {applies: withWheel},
	// !a.Config.Wheel -> false.
	"wheel-placement":       {applies: withWheel},
	"wheel-purge-announced": {applies: withWheel},
	// !Scenario.Kernel.Wheel or not a (no-host) sleep -> false.
	"wheel-accepts-valid": {applies: withWheel, inputs: ops(kernel.Sleep)},
	// !Scenario.Kernel.Wheel or not a (no-host) dispatch -> false.
	"wheel-coalesce-window": {applies: withWheel, inputs: ops(kernel.Dispatch)},
	// not a (no-host) TimerCancelStale -> false.
	"wheel-cancel-answered": {inputs: ops(kernel.TimerCancelStale)},
	// The host-table timer checks: a.Config.Wheel (b's for
	// host-timer-due) -> false.
	"timers-derived":      {applies: withoutWheel},
	"timer-slots-derived": {applies: withoutWheel},
	"timer-gen-derived":   {applies: withoutWheel, events: kinds(trace.TimerRegistered)},
	"host-timer-due":      {applies: withoutWheel, events: kinds(trace.TimerFired)},

	// chans(c) is false without a channel (kern(After).HasChannel()).
	"chan-capacity":                  {applies: withChannel},
	"chan-fifo":                      {applies: withChannel},
	"chan-waiter-fifo":               {applies: withChannel},
	"chan-receiver-dropped-monotone": {applies: withChannel},
	"chan-sender-count-monotone":     {applies: withChannel},
	"chan-permit-linear":             {applies: withChannel},
	"chan-reserved-derived":          {applies: withChannel},
	"chan-recv-waker-derived":        {applies: withChannel},
	"chan-waiter-ids-derived":        {applies: withChannel},
	"chan-queue-derived":             {applies: withChannel},
	"chan-senders-derived":           {applies: withChannel},
	// No channel, or K.Op not ChanTryReserve (any host), -> false.
	"chan-try-reserve-fair": {applies: withChannel, inputs: opsAnyHost(kernel.ChanTryReserve)},
	// No channel, or K.Op not ChanReserve / ChanRecv (any host) -> false.
	"chan-cancelled-reserve": {applies: withChannel, inputs: opsAnyHost(kernel.ChanReserve)},
	"chan-cancelled-recv":    {applies: withChannel, inputs: opsAnyHost(kernel.ChanRecv)},
	// No channel or no chan_permit_dropped -> false.
	"chan-permit-drop": {applies: withChannel, events: kinds(trace.ChanPermitDropped)},
	// No channel or not a (no-host) try_reserve -> false.
	"chan-try-reserve-answered": {applies: withChannel, inputs: ops(kernel.ChanTryReserve)},
	// Scenario.Kernel.Channel.Capacity == 0 -> false.
	"chan-roles":     {applies: withChannel},
	"permit-derived": {applies: withChannel},
	// ... or not a (no-host) recv or try_recv.
	"chan-recv-outcome": {applies: withChannel, inputs: ops(kernel.ChanRecv, kernel.ChanTryRecv)},
	// Not a (no-host) op of their own -> false.
	"chan-abort-announced": {inputs: ops(kernel.ChanAbort)},
	"chan-recv-answered":   {inputs: ops(kernel.ChanRecv)},
	"chan-evict":           {inputs: ops(kernel.ChanEvict)},
	// Only chan_op_failed events are read.
	"chan-cancelled-needs-cancel": {events: kinds(trace.ChanOpFailed)},

	// b.Workers == 0 (the pool's worker count, set from the scenario) ->
	// false.
	"pool-derived": {applies: withPool},
	// K.Op not PoolSteal (any host) -> false.
	"steal-order": {inputs: opsAnyHost(kernel.PoolSteal)},
	// Not a (no-host) PoolPop -> false.
	"local-pop-order": {inputs: ops(kernel.PoolPop)},

	// Scenario.Native -> false.
	"deferred-wake-gets-turn": {applies: withPump},
	"pump-idle-announced":     {applies: withPump},
	"burst-limit":             {applies: withPump},
	"burst-derived":           {applies: withPump},
	"pump-runs-with-work":     {applies: withPump},
	"pump-pending-derived":    {applies: withPump},

	// Not a (no-host) region cancel -> false.
	"region-cancel-effective": {inputs: ops(kernel.CancelRegion)},
	"cascade-reason":          {inputs: ops(kernel.CancelRegion)},
	"cascade-order":           {inputs: ops(kernel.CancelRegion)},
	"region-cancel-announced": {inputs: ops(kernel.CancelRegion)},
	// Not a (no-host) op of their own -> false.
	"task-cancel-reason": {inputs: ops(kernel.CancelTask)},
	"pending-parks":      {inputs: ops(kernel.Pending)},
	"sleep-deadline":     {inputs: ops(kernel.Sleep)},
	// Not a host callback -> false.
	"capability-fail-closed": {inputs: inputSet{hosts: 1 << pump.Callback}},

	// Only events of these kinds are read, and none of them -> false.
	"stale-timer":                {events: kinds(trace.TimerFired)},
	"timer-order":                {events: kinds(trace.TimerFired)}, // last stays 0
	"catchup-bounded":            {events: kinds(trace.TimerFired, trace.WheelFired)},
	"ack-unmasked":               {events: kinds(trace.CancelAcknowledged)},
	"no-spawn-after-cancel":      {events: kinds(trace.TaskSpawned)},
	"no-obligation-after-cancel": {events: kinds(trace.ObligationReserved)},
	"pump-scheduled-microtask":   {events: kinds(trace.PumpScheduled)},
	// No scheduler_step_begin -> false (decision() finds none).
	"pump-non-reentrant": {events: kinds(trace.StepBegin)},
	"phase0-first":       {events: kinds(trace.StepBegin)},
	"lane-order":         {events: kinds(trace.StepBegin)},
	"fairness-bound":     {events: kinds(trace.StepBegin)},
}
