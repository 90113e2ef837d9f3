package kernel

import (
	"fmt"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// register arms a sleep timer for task t in the lowest free slot.
func (s *State) register(t uint8, deadline uint32, log *trace.Log) error {
	for i := range s.Timers {
		tm := &s.Timers[i]
		if tm.Used {
			continue
		}
		gen := tm.Gen + 1
		// Fault TimerGenSkips skips a generation.
		if s.Config.Faults.Has(fault.TimerGenSkips) {
			gen++
		}
		*tm = Timer{Used: true, Live: true, Task: t, Gen: gen, Deadline: deadline}
		log.Emit(trace.Event{Kind: trace.TimerRegistered, Task: t, Timer: uint8(i + 1), Gen: uint64(tm.Gen), Deadline: uint64(deadline)})
		return nil
	}
	return fmt.Errorf("sleep: all %d timers are in use", MaxTimers)
}

// cancelTimers cancels a task's live timers lazily: the entry stays, dead,
// until its deadline passes (004 2.5). Fault CancelKeepsTimerLive reports
// the cancel but leaves the timer live.
func (s *State) cancelTimers(t uint8, log *trace.Log) {
	if s.Config.Wheel {
		s.cancelWheelTimers(t, log)
		return
	}
	for i := range s.Timers {
		tm := &s.Timers[i]
		if tm.Used && tm.Live && tm.Task == t {
			tm.Live = s.Config.Faults.Has(fault.CancelKeepsTimerLive)
			log.Emit(trace.Event{Kind: trace.TimerCancelled, Task: t, Timer: uint8(i + 1), Gen: uint64(tm.Gen), Deadline: uint64(tm.Deadline)})
		}
	}
}

// timerBefore is the timer injection order key (deadline, timer_id,
// generation) of 000 P2.
func (s *State) timerBefore(i, j int) bool {
	a, b := &s.Timers[i], &s.Timers[j]
	if a.Deadline != b.Deadline {
		return a.Deadline < b.Deadline
	}
	if i != j {
		return i < j
	}
	return a.Gen < b.Gen
}

// phase0 is phase 0 of the run loop: expired timers fire before any
// dispatch (INV-SC-07), in (deadline, timer_id, generation) order, at most
// CatchupBatch of them per step (000 F3); cancelled ones are dropped
// silently (INV-TM-02). Fault UnorderedTimers fires the highest slot (the
// newest registration) first; fault UnboundedCatchup fires them all; fault
// EarlyHostTimer takes a timer as due one tick before its deadline; fault
// DeadTimerKeepsSlot skips a cancelled one without freeing its slot.
func (s *State) phase0(log *trace.Log) {
	batch := int(s.Config.CatchupBatch)
	if batch == 0 {
		batch = 1
	}
	if s.Config.Wheel {
		s.phase0Wheel(batch, log)
		return
	}
	if s.Config.Faults.Has(fault.UnboundedCatchup) {
		batch = MaxTimers
	}
	// Fault CatchupOne fires one timer a step.
	if s.Config.Faults.Has(fault.CatchupOne) {
		batch = 1
	}
	due := s.Now
	if s.Config.Faults.Has(fault.EarlyHostTimer) {
		due++
	}
	for fired := 0; fired < batch; fired++ {
		next := -1
		for i := range s.Timers {
			tm := &s.Timers[i]
			if !tm.Used || tm.Deadline > due {
				continue
			}
			if !tm.Live {
				// Fault DeadTimerCountsInBatch spends the batch on it.
				if tm.Used && s.Config.Faults.Has(fault.DeadTimerCountsInBatch) {
					fired++
				}
				tm.Used = s.Config.Faults.Has(fault.DeadTimerKeepsSlot)
				continue
			}
			if next < 0 || s.timerBefore(i, next) || s.Config.Faults.Has(fault.UnorderedTimers) {
				next = i
			}
		}
		if next < 0 {
			return
		}
		tm := &s.Timers[next]
		tm.Used, tm.Live = false, false
		fire := len(log.Events)
		log.Emit(trace.Event{Kind: trace.TimerFired, Task: tm.Task, Timer: uint8(next + 1), Gen: uint64(tm.Gen), Deadline: uint64(tm.Deadline)})
		s.route(tm.Task, log)
		// Fault WokenBeforeFire reports the wake before the fire.
		if s.Config.Faults.Has(fault.WokenBeforeFire) {
			trace.EffectsFirst(log.Events[fire:], 1)
		}
	}
}

// ReapStale removes cancelled timers whose deadline has passed and reports
// each through stale (the browser host still delivers their callbacks), in
// P2's expiration order (deadline, timer_id, generation): a late host turn
// (000 F3) reaches cancelled timers of different deadlines at once, and
// slot order is not deadline order.
func (s *State) ReapStale(stale func(timer uint8, tm Timer)) {
	var reaped uint16
	for {
		next := -1
		for i := range s.Timers {
			tm := &s.Timers[i]
			// Fault StaleReapedLate waits for the deadline to be past;
			// fault StaleReapedAtDeadlineOnly reaps only on it.
			due := tm.Deadline <= s.Now && !(tm.Deadline == s.Now && s.Config.Faults.Has(fault.StaleReapedLate)) &&
				!(tm.Deadline < s.Now && s.Config.Faults.Has(fault.StaleReapedAtDeadlineOnly))
			if reaped&(1<<i) != 0 || !tm.Used || tm.Live || !due {
				continue
			}
			// Fault StaleTimersUnordered takes the highest slot first;
			// fault StaleTimersBySlot the lowest.
			switch {
			case next < 0, s.Config.Faults.Has(fault.StaleTimersUnordered):
				next = i
			case !s.Config.Faults.Has(fault.StaleTimersBySlot) && s.timerBefore(i, next):
				next = i
			}
		}
		if next < 0 {
			return
		}
		reaped |= 1 << next
		tm := &s.Timers[next]
		// Fault StaleKeepsSlot reports the timer but keeps its slot.
		tm.Used = s.Config.Faults.Has(fault.StaleKeepsSlot)
		stale(uint8(next+1), *tm)
	}
}
