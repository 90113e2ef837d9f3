package wheel

import (
	"math"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// Collect is collect_expired(now) (004 2.4): advance to now, cascading and
// refilling from the overflow heap on the way, then drain the ready list,
// firing (WheelFired, Task = the entry's task) every live entry with
// deadline <= now, earliest deadline first and registration order within a
// deadline. max > 0 bounds the fires; the rest stay ready for the next
// Collect. A now before the wheel's time collects at the wheel's time.
// It returns the number of timers fired.
func (w *State) Collect(now uint64, max int, log *trace.Log) int {
	now = maxU64(now, w.Now)
	if now > w.Now {
		w.advanceTo(now, log)
	}
	n := w.drain(now, max, log)
	w.compact()
	return n
}

// Advance is the advance half of collect_expired(now) (004 2.4 steps 1-3)
// without the drain: time moves to now, cascading and refilling from the
// overflow heap on the way, and entries that fall due wait in the ready
// list for the next Collect; nothing fires. A now before the wheel's time
// changes nothing. The kernel advances the wheel to its own clock before a
// registration, so that try_register, which measures a duration from the
// wheel's time, judges the duration the sleep asked for (2.3, 2.7).
func (w *State) Advance(now uint64, log *trace.Log) {
	if now > w.Now {
		w.advanceTo(now, log)
		w.compact()
	}
}

func maxU64(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}

// advanceTo is advance_to(target): with no active timer time just moves;
// otherwise each tick where something can happen is processed in order.
func (w *State) advanceTo(target uint64, log *trace.Log) {
	if w.ActiveUsed == 0 {
		// Fault IdleClockStalls leaves the time behind too.
		if !w.Config.Faults.Has(fault.IdleClockStalls) {
			w.Now = target
		}
		// Fault CursorsLag leaves the cursors behind.
		if !w.Config.Faults.Has(fault.CursorsLag) {
			w.realign()
		}
		return
	}
	for w.Now < target {
		w.tick(w.nextTick(target), log)
	}
}

// nextTick is the first tick in (Now, limit] at which upstream's
// tick-by-tick loop does more than move cursors, or limit: the tick an
// occupied level-0 slot comes under the cursor, the cascade boundary at
// which level k's cursor reaches an occupied slot (a multiple of 256^k),
// the tick the earliest overflow entry's delta drops below
// max_wheel_duration. Every other tick only takes empty slots.
func (w *State) nextTick(limit uint64) uint64 {
	best := limit
	for i := range w.Entries {
		e := &w.Entries[i]
		// Fault CursorSkipsDead looks at live entries only.
		if !e.Used || w.Config.Faults.Has(fault.CursorSkipsDead) && !w.isLive(e.Handle) {
			continue
		}
		var t uint64
		switch {
		case e.Level < Levels:
			shift := 8 * uint(e.Level)
			j := w.Now >> shift // the cursor's index on this level
			dist := uint64(e.Slot - uint8(j))
			if dist == 0 {
				// The slot under the cursor is next visited a full turn on.
				dist = SlotsPerLevel
				// Fault WheelTurnLate visits it one slot later.
				if w.Config.Faults.Has(fault.WheelTurnLate) {
					dist++
				}
			}
			if j+dist > math.MaxUint64>>shift {
				continue // beyond the end of time
			}
			t = (j + dist) << shift
		case e.Level == Overflow:
			t = w.Now + 1
			if e.Deadline >= w.Config.MaxWheelDuration {
				t = maxU64(t, e.Deadline-w.Config.MaxWheelDuration+1)
				// Fault LateRefill stops a tick later.
				if w.Config.Faults.Has(fault.LateRefill) {
					t++
				}
			}
		default:
			continue
		}
		best = min(best, t)
	}
	return best
}

// tick processes tick t: upstream's tick_level0 (take the level-0 slot under
// the cursor; at a wrap, cascade level 1, and on up while cursors wrap),
// then refill_overflow.
func (w *State) tick(t uint64, log *trace.Log) {
	w.Now = t
	w.realign()
	w.collectSlot(w.Cursor[0], log)
	for k := 1; k < Levels && w.Cursor[k-1] == 0; k++ {
		w.cascade(k, w.Cursor[k], log)
	}
	w.refill(log)
}

// takeSlot empties slot s of level k: it clears the occupancy bit and
// returns the slot's entries in registration order (newest first under
// fault UnstableSlotOrder). Their placement is left for the caller.
func (w *State) takeSlot(k int, s uint8) (list [MaxEntries]uint8, n int) {
	w.Occupied[k][s/64] &^= 1 << (s % 64)
	for i := range w.Entries {
		e := &w.Entries[i]
		if e.Used && int(e.Level) == k && e.Slot == s {
			list[n] = uint8(i)
			n++
		}
	}
	if w.Config.Faults.Has(fault.UnstableSlotOrder) {
		for a, b := 0, n-1; a < b; a, b = a+1, b-1 {
			list[a], list[b] = list[b], list[a] // fault: newest first
		}
	}
	return list, n
}

// collectSlot is collect_bucket for level-0 slot s: dead entries are
// dropped, due ones go to the ready list, others (only possible for
// entries a NoPurge jump left behind) are placed again.
func (w *State) collectSlot(s uint8, log *trace.Log) {
	list, n := w.takeSlot(Level0, s)
	for _, i := range list[:n] {
		e := &w.Entries[i]
		// Fault FireCancelled: the fire path skips the is_live check;
		// fault DrainKeepsDead skips it here alone.
		if !w.isLive(e.Handle) && !w.Config.Faults.Has(fault.FireCancelled) && !w.Config.Faults.Has(fault.DrainKeepsDead) {
			w.drop(int(i), log)
			continue
		}
		// Fault CollectRecascades re-places due entries too.
		if e.Deadline <= w.Now && !w.Config.Faults.Has(fault.CollectRecascades) {
			e.Level, e.Slot = Ready, 0
			continue
		}
		w.replace(int(i), log)
	}
}

// cascade takes level k's slot s: live entries are placed again (WheelCascaded
// with their new place), dead ones dropped (INV-TM-07).
func (w *State) cascade(k int, s uint8, log *trace.Log) {
	list, n := w.takeSlot(k, s)
	for _, i := range list[:n] {
		// Fault CascadeKeepsDead: the is_live check is missing here.
		if !w.isLive(w.Entries[i].Handle) && !w.Config.Faults.Has(fault.CascadeKeepsDead) {
			w.drop(int(i), log)
			continue
		}
		// Fault CascadeRoundsDeadline rounds the deadline to the slot's
		// start.
		if w.Config.Faults.Has(fault.CascadeRoundsDeadline) {
			w.Entries[i].Deadline &^= uint64(1)<<(8*k) - 1
		}
		w.replace(int(i), log)
	}
}

// refill is refill_overflow: overflow entries whose delta is now below
// max_wheel_duration leave the heap earliest deadline first (then
// registration order); live ones are placed (WheelCascaded), dead ones
// dropped.
func (w *State) refill(log *trace.Log) {
	for {
		i := w.minOverflow()
		if i < 0 {
			return
		}
		e := &w.Entries[i]
		if e.Deadline > w.Now && e.Deadline-w.Now >= w.Config.MaxWheelDuration {
			return
		}
		// Fault CascadeKeepsDead applies to the refill too.
		if !w.isLive(e.Handle) && !w.Config.Faults.Has(fault.CascadeKeepsDead) {
			w.drop(i, log)
			continue
		}
		w.replace(i, log)
	}
}

// minOverflow is the top of the overflow heap: the overflow entry with the
// earliest (deadline, seq), or -1. Fault OverflowTiesNewestFirst lets the
// last of equal deadlines win.
func (w *State) minOverflow() int {
	ties := w.Config.Faults.Has(fault.OverflowTiesNewestFirst)
	best := -1
	for i := range w.Entries {
		e := &w.Entries[i]
		if !e.Used || e.Level != Overflow {
			continue
		}
		if best < 0 || e.Deadline < w.Entries[best].Deadline || ties && e.Deadline == w.Entries[best].Deadline {
			best = i // pool order is seq order: the first of equals wins
		}
	}
	return best
}

// replace places entry i again and reports its new place.
func (w *State) replace(i int, log *trace.Log) {
	w.place(i)
	e := &w.Entries[i]
	// Fault SilentCascade drops the event.
	if !w.Config.Faults.Has(fault.SilentCascade) {
		emit(log, trace.Event{Kind: trace.WheelCascaded, ID: e.Handle.ID, Gen: e.Handle.Gen, Now: w.Now, Level: e.Level, Slot: e.Slot})
	}
}

// drop frees a dead entry's storage (lazy deletion catching up).
func (w *State) drop(i int, log *trace.Log) {
	e := &w.Entries[i]
	emit(log, trace.Event{Kind: trace.WheelDeadDropped, ID: e.Handle.ID, Gen: e.Handle.Gen, Now: w.Now})
	e.Used = false
}

// drain is drain_ready(now): coalescing first (when on), then every ready
// entry in (deadline, seq) order: dead ones dropped, due live ones fired
// and removed from the active map, up to max fires. If the active map is
// then empty, storage is purged.
func (w *State) drain(now uint64, max int, log *trace.Log) int {
	limit := now
	announced := -1 // where wheel_coalesced is in the log, if it is
	if w.Config.Coalesce {
		win := w.Config.CoalesceWindow
		q := now / win
		boundary := uint64(math.MaxUint64)
		if q < math.MaxUint64 && q+1 <= math.MaxUint64/win {
			boundary = (q + 1) * win
			// Fault CoalesceWindowMasked rounds now down with a mask.
			if w.Config.Faults.Has(fault.CoalesceWindowMasked) {
				boundary = now&^(win-1) + win
			}
		}
		// Fault CoalesceUnaligned: the window starts at now.
		if w.Config.Faults.Has(fault.CoalesceUnaligned) && now <= math.MaxUint64-win {
			boundary = now + win
		}
		w.promote(boundary)
		group, early := 0, false
		for i := range w.Entries {
			e := &w.Entries[i]
			if e.Used && e.Level == Ready && e.Deadline <= boundary && w.isLive(e.Handle) {
				group++
				early = early || e.Deadline > now
			}
		}
		threshold := int(w.Config.MinGroupSize)
		// Fault MinGroupCapped never asks for more than a pair.
		if w.Config.Faults.Has(fault.MinGroupCapped) {
			threshold = min(threshold, 2)
		}
		if group >= threshold {
			limit = boundary
			if early {
				if log != nil {
					announced = len(log.Events)
				}
				emit(log, trace.Event{Kind: trace.WheelCoalesced, Now: now, Count: uint8(group)})
			}
		}
	}
	order, n := w.readyOrder()
	fired := 0
	for _, i := range order[:n] {
		e := &w.Entries[i]
		// Fault FireCancelled: the is_live check is missing; fault
		// WheelDeadStaysReady skips a dead entry without dropping it.
		if !w.isLive(e.Handle) && !w.Config.Faults.Has(fault.FireCancelled) {
			if !w.Config.Faults.Has(fault.WheelDeadStaysReady) {
				w.drop(int(i), log)
			}
			continue
		}
		due := e.Deadline <= limit
		if w.Config.Faults.Has(fault.ExclusiveDeadline) {
			due = e.Deadline < limit // fault: deadline == now stays
		}
		// At max fires the due live entries wait for the next step (000
		// F3's bounded batches), but the walk goes on: every dead entry
		// in the ready list is dropped in this drain (004 2.4 step 3),
		// coalescing's promoted ones included.
		if !due {
			continue
		}
		if max > 0 && fired >= max {
			// Fault BatchStrandsDead stops the walk here.
			if w.Config.Faults.Has(fault.BatchStrandsDead) {
				break
			}
			continue
		}
		if a := w.activeIndex(e.Handle.ID); a >= 0 && !w.Config.Faults.Has(fault.FiredStaysActive) {
			w.removeActive(a) // upstream: active.remove(&entry.id)
		}
		emit(log, trace.Event{Kind: trace.WheelFired, ID: e.Handle.ID, Gen: e.Handle.Gen, Deadline: e.Deadline, Now: now, Task: e.Task})
		e.Used = false
		fired++
	}
	// Fault CoalescedAfterFire announces the group after the walk.
	if announced >= 0 && w.Config.Faults.Has(fault.CoalescedAfterFire) {
		trace.EffectsFirst(log.Events[announced:], 1)
	}
	if w.ActiveUsed == 0 {
		// purge reads the first entry to tell whether storage was held,
		// so the pool must be compact first. Fault UncompactedPurge skips
		// it.
		if !w.Config.Faults.Has(fault.UncompactedPurge) {
			w.compact()
		}
		// Fault PurgelessCollect skips the purge here (the one after a
		// cancel stays).
		if !w.Config.Faults.Has(fault.PurgelessCollect) {
			w.purge(log)
		}
	}
	return fired
}

// promote is promote_coalescing_window_entries: every slot or overflow
// entry with deadline <= boundary moves to the ready list; a slot left
// empty loses its occupancy bit.
func (w *State) promote(boundary uint64) {
	for i := range w.Entries {
		e := &w.Entries[i]
		// Fault PromoteBeyondWindow ignores the boundary.
		if !e.Used || e.Level == Ready || e.Deadline > boundary && !w.Config.Faults.Has(fault.PromoteBeyondWindow) {
			continue
		}
		k, s := e.Level, e.Slot
		e.Level, e.Slot = Ready, 0
		// Fault PromoteKeepsOccupancy leaves the emptied slot's bit;
		// fault PromoteClearsSharedSlot clears it whatever the slot holds.
		emptied := k < Levels && (!w.slotHasEntries(k, s) || w.Config.Faults.Has(fault.PromoteClearsSharedSlot))
		if emptied && !w.Config.Faults.Has(fault.PromoteKeepsOccupancy) {
			w.Occupied[k][s/64] &^= 1 << (s % 64)
		}
	}
}

func (w *State) slotHasEntries(k, s uint8) bool {
	for i := range w.Entries {
		if e := &w.Entries[i]; e.Used && e.Level == k && e.Slot == s {
			return true
		}
	}
	return false
}

// readyOrder lists the ready entries in (deadline, seq) order, or
// (deadline, newest first) under fault UnstableSlotOrder.
func (w *State) readyOrder() (list [MaxEntries]uint8, n int) {
	lifo := w.Config.Faults.Has(fault.UnstableSlotOrder)
	for i := range w.Entries {
		e := &w.Entries[i]
		if !e.Used || e.Level != Ready {
			continue
		}
		// Insertion sort; the pool is in seq order, so scanning it gives
		// seq order and only deadlines need comparing.
		j := n
		for j > 0 {
			p := &w.Entries[list[j-1]]
			if p.Deadline < e.Deadline || (p.Deadline == e.Deadline && !lifo) {
				break
			}
			list[j] = list[j-1]
			j--
		}
		list[j] = uint8(i)
		n++
	}
	return list, n
}

// compact moves the used entries to the front, keeping their order.
func (w *State) compact() {
	n := 0
	for i := range w.Entries {
		if w.Entries[i].Used {
			if i != n {
				w.Entries[n] = w.Entries[i]
			}
			n++
		}
	}
	for i := n; i < MaxEntries; i++ {
		w.Entries[i] = Entry{}
	}
}
