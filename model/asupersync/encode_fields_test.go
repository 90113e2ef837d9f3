package asupersync

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"modelcheck/internal/walk"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// keptField changes one field of s that Encode must keep (one its comment
// does not list as left out) and reports whether s has that field to
// change: a field read again by the runtime, so two states that differ
// only there act differently and must not be merged in the visited set.
type keptField struct {
	name   string
	change func(s *State) bool
}

// keptFields are the encoded fields whose loss a programmer could make
// by dropping one operand of an append or narrowing one condition. Each
// is read by the runtime after the step that set it: the polled task's
// outer poll is resumed when the inner one ends; the cancel streak
// decides when the cancel lane yields (000 S2); the ready lane's entries
// are dispatched; a timed entry's deadline orders the timed lane (EDF);
// a Notified flag re-queues a task whose poll returns Pending; a host
// timer's live flag decides whether it wakes its task; the channel's
// Reserved count decides whether a reserve finds room; a pool worker's
// RNG state is the next steal's or pop's draw (004 3.5, 3.6); a pending
// cancel is acknowledged at the next checkpoint; a Closing, Draining or
// Finalizing region's reason is what its late tasks and the outcome it
// closes with read; an obligation's resolution count refuses a second
// resolve; a reason's truncation depth is reported with it; a wheel
// level's cursor is where the next tick looks; a live task's deadline
// places it in the timed lane when it is routed again.
var keptFields = []keptField{
	{"outer poll", func(s *State) bool { s.P.Kernel.Outer ^= 1; return true }},
	{"cancel streak", func(s *State) bool { s.P.Kernel.Sched.Streak++; return true }},
	{"ready lane entry", func(s *State) bool {
		l := &s.P.Kernel.Sched.Ready
		if l.N == 0 {
			return false
		}
		l.E[0].Task ^= 0x10
		return true
	}},
	{"timed lane deadline", func(s *State) bool {
		l := &s.P.Kernel.Sched.Timed
		if l.N == 0 {
			return false
		}
		l.E[0].Deadline++
		return true
	}},
	{"task notified", func(s *State) bool {
		s.P.Kernel.Tasks[0].Notified = !s.P.Kernel.Tasks[0].Notified
		return true
	}},
	{"host timer live", func(s *State) bool {
		for i := range s.P.Kernel.Timers {
			if tm := &s.P.Kernel.Timers[i]; tm.Used {
				tm.Live = !tm.Live
				return true
			}
		}
		return false
	}},
	{"channel reserved", func(s *State) bool {
		if !channelConfigured(&s.P.Kernel) {
			return false
		}
		s.P.Kernel.Chan.Reserved++
		return true
	}},
	{"pool rng", func(s *State) bool {
		if s.P.Kernel.Config.Workers == 0 {
			return false
		}
		s.P.Kernel.Pool.Rng[0].State++
		return true
	}},
	{"cancel pending", func(s *State) bool {
		if t := &s.P.Kernel.Cancel.Tasks[0]; t.Used {
			t.CancelPending = !t.CancelPending
			return true
		}
		return false
	}},
	{"closing region reason", func(s *State) bool {
		for i := range s.P.Kernel.Cancel.Regions {
			if r := &s.P.Kernel.Cancel.Regions[i]; r.Used && r.State != cancel.RegionOpen && r.State != cancel.RegionClosed {
				r.Reason.At++
				return true
			}
		}
		return false
	}},
	{"obligation resolutions", func(s *State) bool {
		s.P.Kernel.Cancel.Obligations[0].Resolutions++
		return true
	}},
	{"reason truncated at", func(s *State) bool {
		if t := &s.P.Kernel.Cancel.Tasks[0]; t.Used {
			t.Reason.TruncatedAt++
			return true
		}
		return false
	}},
	{"wheel cursor", func(s *State) bool {
		if !s.P.Kernel.Config.Wheel {
			return false
		}
		s.P.Kernel.Wheel.Cursor[wheel.Level0]++
		return true
	}},
	{"live task deadline", func(s *State) bool {
		for i := range s.P.Kernel.Tasks {
			if t := &s.P.Kernel.Cancel.Tasks[i]; t.Used && t.Phase != cancel.Completed && s.P.Kernel.Tasks[i].Deadline != 0 {
				s.P.Kernel.Tasks[i].Deadline++
				return true
			}
		}
		return false
	}},
	{"ghost: owed turn, not stranded", func(s *State) bool {
		// The two flags share a byte; each must keep its own bit.
		if s.Ghost.OwedTurn == s.Ghost.Stranded {
			return false
		}
		s.Ghost.OwedTurn, s.Ghost.Stranded = s.Ghost.Stranded, s.Ghost.OwedTurn
		return true
	}},
	{"ghost: receiver closed", func(s *State) bool {
		if !channelConfigured(&s.P.Kernel) {
			return false
		}
		s.Ghost.ReceiverClosed = !s.Ghost.ReceiverClosed
		return true
	}},
}

// TestEncodeKeepsWhatIsReadAgain: on random paths of every scenario, a
// state with one kept field changed (keptFields) encodes differently
// from the state itself. The visited set takes two states with one
// encoding for one, so a field dropped from the encoding would merge
// states that act differently and hide whatever follows from the second.
// Each field must be met on some walk, so a scenario change that stops
// reaching one shows here rather than passing vacuously.
func TestEncodeKeepsWhatIsReadAgain(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	met := make([]int, len(keptFields))
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log trace.Log
		walk.Random(m, rng, 10, 30, func(s *State, in Input) bool {
			base := m.Encode(s, nil)
			for i, f := range keptFields {
				other := *s
				if !f.change(&other) {
					continue
				}
				met[i]++
				if bytes.Equal(m.Encode(&other, nil), base) {
					t.Fatalf("%s: a state with its %s changed encodes as the state itself", sc.Name, f.name)
				}
			}
			log.Reset()
			return m.Apply(s, in, &log) == nil
		})
	}
	for i, f := range keptFields {
		if met[i] == 0 {
			t.Errorf("no walk met a state with a %s to change", f.name)
		}
	}
}
