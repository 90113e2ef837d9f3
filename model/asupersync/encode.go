package asupersync

import (
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/wheel"
)

// Encode appends the canonical encoding of s: every field that can change
// what happens next, and nothing that only records history. Left out, and
// why:
//   - decision_seq, decision_hash and the certificate counters: they
//     accumulate over a run and never steer a decision (the invariants
//     read them per transition, from before and after);
//   - lane entry generations: within a lane, array order is insertion
//     order is generation order, so the position already says it;
//   - timer generations: two entries never share a slot, so the firing
//     order's third key never decides;
//   - a free host timer slot's task, deadline and live flag: a fired or
//     reaped timer leaves them, and nothing reads them (the runtime and
//     the checks read a slot's fields only while it is used, and taking
//     the slot overwrites them; TestFreeTimerSlotLeftoversAreNotState).
//     Encoding them kept apart states that act alike: 2% of the native
//     scenario's states and 45% of timer-slot-reuse's (make mutate seed
//     60's survivor 'timers.go:101: false -> true', a fired timer left
//     live in its freed slot, moved three scenarios' counts unnoticed);
//   - a queued message's sender: no event names it and no check needs
//     it; the runtime reads it only under fault evict-names-oldest-sender,
//     so only runs with that fault encode it (a quarter to a third of the
//     channel scenarios' states; TestMessageSendersAreNotState);
//   - a completed task's mask depth: a task that ran to completion is
//     never masked, checkpointed or polled again, so the depth it ended
//     at is read by no one but fault mask-depth-other-task, whose runs
//     encode it (TestCompletedTaskMaskIsNotState);
//   - a closed region's cancel reason: it decided the region's outcome
//     when the region closed, and a closed region takes no cascade, spawn
//     or obligation that would read it again
//     (TestClosedRegionReasonIsNotState). It and the mask above are
//     encoded as zero: 7.6% of the default scenario's states at depth 12;
//   - a completed task's deadline, but for whether it had one: it places
//     the task in the timed lane when the task is routed, and a completed
//     task is never routed again; the model reads whether it had one (one
//     timed task per run is enough; TestCompletedTaskDeadlineIsNotState;
//     13% of edf's states);
//   - the pump's burst counter while the pump is not running: each drain
//     cycle starts it from zero (000 P1), so what the last cycle left is
//     read by no one but fault idle-settle-strands, whose runs encode it
//     (TestIdleBurstIsNotState; 4.5% of the default scenario's states);
//   - host_turn_id and microtask_batch_id: labels, not state;
//   - the configuration, which is the scenario's and the same in every
//     state.
func (m *Model) Encode(s *State, b []byte) []byte {
	p := &s.P
	k := &p.Kernel
	burst := p.Burst
	if p.Mode != pump.Running && !p.Config.Faults.Has(fault.IdleSettleStrands) {
		burst = 0
	}
	b = append(b, byte(p.Mode), byte(p.Source), flag(p.Pending), burst,
		byte(s.Awaiting), byte(s.Awaiting>>8), k.Current, k.Outer)
	b = u32(b, k.Now)
	b = append(b, byte(k.Sched.Governor), k.Sched.Streak)
	for l := sched.Cancel; l <= sched.Ready; l++ {
		es := LaneEntries(&k.Sched, l)
		b = append(b, byte(len(es)))
		for _, e := range es {
			b = append(b, e.Task, e.Priority)
			if l == sched.Timed {
				b = u32(b, e.Deadline)
			}
		}
	}
	for i := range k.Tasks {
		t := &k.Tasks[i]
		b = append(b, t.Priority, flag(t.Notified), byte(t.Waits), t.Permit)
		deadline := t.Deadline
		if k.Cancel.Tasks[i].Phase == cancel.Completed && deadline != 0 {
			deadline = 1
		}
		b = u32(b, deadline)
	}
	for i := range k.Timers {
		tm := &k.Timers[i]
		if !tm.Used {
			b = append(b, 0)
			continue
		}
		b = append(b, 1, flag(tm.Live), tm.Task)
		b = u32(b, tm.Deadline)
	}
	if channelConfigured(k) {
		b = encodeChannel(&k.Chan, b)
	}
	if k.Config.Wheel {
		b = encodeWheel(&k.Wheel, b)
	}
	if k.Config.Workers > 0 {
		for w := uint8(0); w < k.Config.Workers; w++ {
			b = u64(b, k.Pool.Rng[w].State)
			es := PoolEntries(&k.Pool, w)
			b = append(b, byte(len(es)))
			for _, e := range es {
				b = append(b, e.Task, e.Priority)
			}
		}
	}
	b = encodeCancel(&k.Cancel, b)
	// The ghost (ghost_rules.go): memory of the invariants, kept apart.
	return encodeGhost(&s.Ghost, b)
}

// channelConfigured reads whether the scenario gave the runtime a channel
// from the configuration itself, not through the runtime's HasChannel:
// the model's moves, encoding and summary must not move with a bug in
// the accessor they are there to check.
func channelConfigured(k *kernel.State) bool { return k.Config.Channel.Capacity > 0 }

// encodeChannel: message sequence numbers and waiter ids are kept, since
// the FIFO checks compare them.
func encodeChannel(c *channel.State, b []byte) []byte {
	b = append(b, c.Len, c.Reserved, c.NWaiters, c.Senders, flag(c.ReceiverDropped), c.RecvWaiter)
	for _, m := range c.Queue[:c.Len] {
		if c.Config.Faults.Has(fault.EvictNamesOldestSender) {
			b = append(b, m.From)
		}
		b = u32(b, m.Seq)
	}
	for _, w := range c.Waiters[:c.NWaiters] {
		b = append(b, w.Task)
		b = u64(b, w.ID)
	}
	b = u64(b, c.NextWaiter)
	return u32(b, c.NextSeq)
}

// encodeWheel keeps handles and counters: the wrap and handle checks read
// them. The occupancy bitmaps follow from the entries but are encoded too,
// so a fault that lets them disagree cannot merge two states. An entry's
// slot is encoded only when the entry lies on a level: a ready or overflow
// entry's slot is a leftover nothing reads (package wheel reads Slot only
// with Level < Levels: the skip-ahead's next tick, a slot's take, promote's
// occupancy clear; so do the checks and the trace), and encoding it would
// keep apart wheels that act alike (make mutate -tests seed 9's survivor
// 'collect.go:310: 0 -> 0+1', a promoted entry left in slot 1, split
// coalesce-batch's states: 1035 -> 1039 with every check passing).
func encodeWheel(w *wheel.State, b []byte) []byte {
	b = u64(b, w.Now)
	b = u64(b, w.NextID)
	b = u64(b, w.NextGen)
	b = u32(b, w.NextSeq)
	b = append(b, w.ActiveUsed)
	b = append(b, w.Cursor[:]...)
	for l := range w.Occupied {
		for _, word := range w.Occupied[l] {
			b = u64(b, word)
		}
	}
	for i := range w.Entries {
		e := &w.Entries[i]
		if !e.Used {
			b = append(b, 0)
			continue
		}
		slot := e.Slot
		if e.Level >= wheel.Levels {
			slot = 0
		}
		b = append(b, 1, e.Level, slot, e.Task)
		b = u32(b, e.Seq)
		b = u64(b, e.Deadline)
		b = u64(b, e.Handle.ID)
		b = u64(b, e.Handle.Gen)
	}
	for i, h := range w.Active {
		if w.ActiveUsed&(1<<i) != 0 {
			b = u64(b, h.ID)
			b = u64(b, h.Gen)
		}
	}
	return b
}

func encodeCancel(c *cancel.State, b []byte) []byte {
	for i := range c.Tasks {
		t := &c.Tasks[i]
		if !t.Used {
			b = append(b, 0)
			continue
		}
		mask := t.Mask
		if t.Phase == cancel.Completed && !c.Config.Faults.Has(fault.MaskDepthOtherTask) {
			mask = 0
		}
		b = append(b, 1, byte(t.Phase), t.Region, t.Epoch, mask, flag(t.CancelPending), byte(t.Outcome))
		b = reason(b, &t.Reason)
		b = u32(b, t.Budget.Deadline)
		b = append(b, byte(t.Budget.PollQuota), byte(t.Budget.PollQuota>>8),
			byte(t.Budget.CostQuota), byte(t.Budget.CostQuota>>8), t.Budget.Priority)
	}
	for i := range c.Regions {
		r := &c.Regions[i]
		if !r.Used {
			b = append(b, 0)
			continue
		}
		b = append(b, 1, byte(r.State), r.Parent, r.Depth, flag(r.HasReason), r.Finalizers, byte(r.Outcome))
		if r.State == cancel.RegionClosed {
			b = reason(b, &cancel.Reason{})
		} else {
			b = reason(b, &r.Reason)
		}
	}
	for i := range c.Obligations {
		o := &c.Obligations[i]
		b = append(b, flag(o.Used), byte(o.Kind), byte(o.State), o.Region, o.Task, o.Resolutions)
	}
	return b
}

func reason(b []byte, r *cancel.Reason) []byte {
	b = append(b, byte(r.Kind), r.Msg, r.Origin, r.Depth, byte(r.RootKind), r.RootRegion, flag(r.Truncated), r.TruncatedAt)
	return u32(b, r.At)
}

func u64(b []byte, v uint64) []byte {
	return u32(u32(b, uint32(v)), uint32(v>>32))
}

func u32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

func flag(v bool) byte {
	if v {
		return 1
	}
	return 0
}
