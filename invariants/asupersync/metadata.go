package asupersync

import (
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// The decision-metadata checks of issue 10 §4: the fields 000 S6 and its
// trace contract make mandatory (decision_seq, decision_hash, host_turn_id,
// microtask_batch_id, region_id, lane, the fallback flag and counter, the
// channel events' task and message tags) are checked, not just printed.
// decision_seq, decision_hash and the host counters grow without bound and
// stay out of the state encoding, so each is checked per transition
// against its value before: the event's decision_seq is the one before
// plus one, and so on.

var metadataInvariants = []Invariant{
	{"decision-seq", []string{"wasm-browser-scheduler-semantics-v1/S6", "wasm-browser-scheduler-semantics-v1/trace-observability", "wasm-browser-scheduler-semantics-v1/ci-gate-3"},
		"every scheduler_step_decision carries decision_seq, one more than the previous decision's (monotone, gap-free, never absent)", decisionSeq},
	{"decision-hash", []string{"wasm-browser-scheduler-semantics-v1/S6"},
		"every decision's decision_hash is DetHasher over (previous decision_hash, decision_seq, task, lane, cancel_streak) of that decision", decisionHashCheck},
	{"decision-fallback", []string{"sched.browser.fairness.cancel_streak_bound", "wasm-browser-scheduler-semantics-v1/S2", "INV-SC-06", "sc-certificate-001"},
		"a decision is marked fallback exactly when it is a cancel dispatch at or past the effective limit with only cancel work, and fallback_cancel_dispatches grows by exactly those", decisionFallback},
	{"host-turn", []string{"wasm-browser-scheduler-semantics-v1/S6", "wasm-browser-scheduler-semantics-v1/trace-observability", "wasm-browser-scheduler-semantics-v1/ci-gate-3"},
		"on the browser every event carries host_turn_id and microtask_batch_id: the turn grows by one per host task or timer turn, the batch by one per pump turn, never otherwise; native events carry neither", hostTurn},
	{"event-tags", []string{"wasm-browser-scheduler-semantics-v1/trace-observability", "wasm-browser-scheduler-semantics-v1/ci-gate-3"},
		"scheduler, region and channel events carry their mandatory tags: a step's begin, decision, park and end the effective cancel_streak_limit of the governor in force; a decision its task, the task's region_id and its lane; an enqueue its task and lane; a region event its region; a channel operation its task, a message event its msg, a waiter event its waiter id", eventTags},
}

func decisionSeq(c *Context) bool {
	b, a := &kern(c.Before).Sched, &kern(c.After).Sched
	seq := b.Seq
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.StepDecision {
			seq++
			if e.DecisionSeq != seq {
				return true
			}
		}
	}
	return a.Seq != seq
}

func decisionHashCheck(c *Context) bool {
	b, a := &kern(c.Before).Sched, &kern(c.After).Sched
	h := b.Hash
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.Kind == trace.StepDecision {
			h = decisionHash(h, e.DecisionSeq, e.Task, laneByName(e.Lane), e.Streak)
			if e.DecisionHash != h {
				return true
			}
		}
	}
	return a.Hash != h
}

func decisionFallback(c *Context) bool {
	r := c.replayed()
	b, a := &kern(c.Before).Sched, &kern(c.After).Sched
	return r.fallbackBad || a.Cert.FallbackCancelDispatches != b.Cert.FallbackCancelDispatches+r.fallbacks
}

func hostTurn(c *Context) bool {
	if c.Scenario.Native {
		for ei := range c.Events {
			e := &c.Events[ei]
			if e.HostTurn != 0 || e.Batch != 0 {
				return true
			}
		}
		return false
	}
	turn, batch := c.Before.P.HostTurn, c.Before.P.Batch
	switch c.In.Host {
	case pump.RunHostTask:
		turn, batch = turn+1, batch+1
	case pump.RunMicrotask:
		batch++
	case pump.TimerTurn:
		turn++
	case pump.NoHost:
		if c.In.K.Op == kernel.Advance {
			turn++
		}
	}
	if turn == 0 || c.After.P.HostTurn != turn || c.After.P.Batch != batch {
		return true
	}
	for ei := range c.Events {
		e := &c.Events[ei]
		if e.HostTurn != turn || e.Batch != batch {
			return true
		}
	}
	return false
}

func eventTags(c *Context) bool {
	limit := c.effectiveLimit(c.governor())
	for ei := range c.Events {
		e := &c.Events[ei]
		switch e.Kind {
		case trace.StepBegin, trace.StepEnd, trace.Park:
			if e.StreakLimit != limit {
				return true
			}
		case trace.StepDecision:
			if e.Task == 0 || laneByName(e.Lane) == sched.NoLane || e.StreakLimit != limit {
				return true
			}
			if t := model.TaskRecord(&kern(c.Before).Cancel, e.Task); t == nil || !t.Used || e.Region != t.Region {
				return true
			}
		case trace.Enqueued:
			if e.Task == 0 || laneByName(e.Lane) == sched.NoLane {
				return true
			}
		case trace.RegionOpened, trace.RegionCancelled, trace.RegionClosing, trace.RegionDraining, trace.RegionFinalizing, trace.RegionClosed:
			if e.Region == 0 {
				return true
			}
		case trace.ChanReserved, trace.ChanAborted, trace.ChanPermitDropped, trace.ChanRecvPending, trace.ChanReceiverWoken, trace.ChanOpFailed:
			if e.Task == 0 {
				return true
			}
		case trace.ChanSent, trace.ChanReceived, trace.ChanEvicted:
			if e.Task == 0 || e.Msg == 0 {
				return true
			}
		case trace.ChanReservePending, trace.ChanSenderWoken, trace.ChanWaiterRemoved:
			if e.Task == 0 || e.ID == 0 {
				return true
			}
		case trace.ChanMessageDropped:
			if e.Msg == 0 {
				return true
			}
		}
	}
	return false
}
