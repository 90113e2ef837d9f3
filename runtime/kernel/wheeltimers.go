package kernel

import (
	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// The timer wheel as the runtime's timer store (Config.Wheel; 004 section 2,
// 4.2, 4.3). Choices where the contracts are silent:
//   - A sleep registers a wheel timer with the task as its waker; a
//     duration try_register refuses (over max_timer_duration) is an error
//     the task observes: its poll goes on, nothing is registered.
//   - A cancel request (or completion) cancels the task's live timer by its
//     handle; the entry stays in the wheel, dead, until a cascade, a drain or
//     a purge drops it (lazy cancel, 2.5).
//   - Phase 0 is collect_expired(now) bounded by CatchupBatch, as with the
//     host timer table, so expiry is processed before dispatch (INV-SC-07)
//     in bounded batches.
//   - A sleep first advances the wheel to the kernel's now (cascading and
//     moving due entries to the ready list, firing nothing), then
//     registers now + d. try_register(deadline) measures the duration from
//     the wheel's own time (004 2.3), which only a collect moves; time may
//     have passed since the last one (an advance while another task was
//     polled), and measured from the older time a sleep of d would count
//     as longer than d, so a valid one (up to max_timer_duration, 2.7)
//     could be refused. Advancing rather than passing d to the wheel keeps
//     try_register's contract signature and the event's now the instant
//     the duration is measured from.

// registerWheel arms a wheel timer for task t; false if try_register
// refused the duration. Fault WheelClockLags registers without advancing
// the wheel first.
func (s *State) registerWheel(t uint8, d uint32, log *trace.Log) (bool, error) {
	if !s.Config.Faults.Has(fault.WheelClockLags) {
		s.Wheel.Advance(uint64(s.Now), log)
	}
	_, err := s.Wheel.TryRegister(uint64(s.Now)+uint64(d), t, log)
	switch err {
	case nil:
		return true, nil
	case wheel.ErrDurationExceeded:
		return false, nil
	}
	return false, err
}

// cancelWheelTimers cancels task t's live wheel timers by handle.
func (s *State) cancelWheelTimers(t uint8, log *trace.Log) {
	for i := range s.Wheel.Entries {
		e := &s.Wheel.Entries[i]
		if e.Used && e.Task == t && s.Wheel.Live(e.Handle) {
			s.Wheel.Cancel(e.Handle, log)
		}
	}
}

// LiveTimerOf returns the handle of task t's live wheel timer.
func (s *State) LiveTimerOf(t uint8) (wheel.Handle, bool) {
	for i := range s.Wheel.Entries {
		e := &s.Wheel.Entries[i]
		if e.Used && e.Task == t && s.Wheel.Live(e.Handle) {
			return e.Handle, true
		}
	}
	return wheel.Handle{}, false
}

// cancelStaleHandle is the environment cancelling task t's timer with a
// handle of an older generation (a handle kept from before the id was
// reused): the wheel must refuse it (INV-TM-01).
func (s *State) cancelStaleHandle(t uint8, log *trace.Log) {
	if h, ok := s.LiveTimerOf(t); ok {
		h.Gen--
		s.Wheel.Cancel(h, log)
	}
}

// phase0Wheel fires at most CatchupBatch expired wheel timers and wakes
// their tasks.
func (s *State) phase0Wheel(batch int, log *trace.Log) {
	if s.Config.Faults.Has(fault.UnboundedCatchup) {
		batch = 0
	}
	from := len(log.Events)
	s.Wheel.Collect(uint64(s.Now), batch, log)
	for i := from; i < len(log.Events); i++ {
		if e := log.Events[i]; e.Kind == trace.WheelFired {
			s.wakeParked(e.Task, log)
		}
	}
}
