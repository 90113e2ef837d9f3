package channel

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// faultCases pairs each channel fault with the invariant it must be able to
// break and a short script that breaks it. Each script is harmless without
// the fault, so the fault alone trips the property.
var faultCases = []struct {
	fault  fault.Fault
	breaks string
	cfg    Config
	script []op
}{
	{fault.OvercommitCapacity, propCapacity, Config{Capacity: 1, Senders: 1}, []op{
		{opReserve, 1}, {opReserve, 2},
	}},
	{fault.LifoRecv, propFIFO, Config{Capacity: 2, Senders: 1}, []op{
		{opReserve, 1}, {opSend, 1}, {opReserve, 1}, {opSend, 1}, {opRecv, 2},
	}},
	{fault.LifoWaiters, propWaiterFIFO, Config{Capacity: 1, Senders: 1}, []op{
		{opReserve, 1}, {opReserve, 2}, {opReserve, 3}, {opAbort, 1}, {opReserve, 3},
	}},
	{fault.TryReserveJumpsQueue, propTryReserve, Config{Capacity: 1, Senders: 1}, []op{
		{opReserve, 1}, {opReserve, 2}, {opAbort, 1}, {opTryReserve, 3},
	}},
	{fault.CancelledReserveTakesSlot, propCancelReserve, Config{Capacity: 1, Senders: 1}, []op{
		{opReserveCancelled, 1},
	}},
	{fault.CancelledRecvConsumes, propCancelRecv, Config{Capacity: 1, Senders: 1}, []op{
		{opReserve, 1}, {opSend, 1}, {opRecvCancelled, 2},
	}},
	{fault.CloseToggles, propRxMonotone, Config{Capacity: 1, Senders: 1}, []op{
		{opClose, 0}, {opClose, 0},
	}},
	{fault.PermitDropLeaksSlot, propPermits, Config{Capacity: 1, Senders: 1}, []op{
		{opReserve, 1}, {opDropPermit, 1},
	}},
}

// channelFaults are the faults that live in this package (SenderDoubleDrop
// and SilentPermitLeak are the kernel's).
var channelFaults = []fault.Fault{
	fault.OvercommitCapacity, fault.LifoRecv, fault.LifoWaiters, fault.TryReserveJumpsQueue,
	fault.CancelledReserveTakesSlot, fault.CancelledRecvConsumes, fault.CloseToggles, fault.PermitDropLeaksSlot,
}

// TestEachFaultTripsItsProperty runs each fault's script with and without
// the fault.
func TestEachFaultTripsItsProperty(t *testing.T) {
	covered := fault.Set{}
	for _, fc := range faultCases {
		covered = covered.With(fc.fault)
		t.Run(fc.fault.Name(), func(t *testing.T) {
			if v := runScript(fc.cfg, fc.script); len(v) > 0 {
				t.Fatalf("script violates %v without the fault", v)
			}
			cfg := fc.cfg
			cfg.Faults = cfg.Faults.With(fc.fault)
			if v := runScript(cfg, fc.script); !slices.Contains(v, fc.breaks) {
				t.Fatalf("with %s: violations %v, want %s", fc.fault, v, fc.breaks)
			}
		})
	}
	for _, f := range channelFaults {
		if !covered.Has(f) {
			t.Errorf("channel fault %s has no case", f)
		}
	}
}

// TestRandomRunsFindEachFault: random operation sequences like the
// property test's find every fault's violation on their own (fixed seed,
// so deterministic), and a longer fault-free search finds nothing.
func TestRandomRunsFindEachFault(t *testing.T) {
	search := func(faults fault.Set, runs int, seed uint64) map[string]string {
		found := map[string]string{}
		r := rand.New(rand.NewPCG(seed, 1))
		for range runs {
			h := newHarness(Config{Capacity: uint8(1 + r.IntN(MaxCapacity)), Senders: uint8(1 + r.IntN(3)), Faults: faults})
			var history []string
			for range 60 {
				o := op{code: opMix[r.IntN(len(opMix))], task: uint8(1 + r.IntN(4))}
				history = append(history, o.String())
				for _, p := range h.step(o) {
					if _, ok := found[p]; !ok {
						found[p] = strings.Join(history, "; ")
					}
				}
			}
		}
		return found
	}
	for p, hist := range search(fault.Set{}, 3000, 7) {
		t.Errorf("no fault: %s violated after %s", p, hist)
	}
	for _, fc := range faultCases {
		found := search(fault.Set{}.With(fc.fault), 300, 11)
		if _, ok := found[fc.breaks]; !ok {
			t.Errorf("%s: random runs never broke %s (found %v)", fc.fault, fc.breaks, found)
		}
	}
}

// TestFaultsDoWhatTheirDocSays checks each fault's Doc at its spot, with
// the fault-free behaviour alongside.
func TestFaultsDoWhatTheirDocSays(t *testing.T) {
	var log trace.Log
	both := func(f fault.Fault, cap uint8, check func(s *State, faulty bool)) {
		t.Run(f.Name(), func(t *testing.T) {
			for _, faulty := range []bool{false, true} {
				cfg := Config{Capacity: cap, Senders: 1}
				if faulty {
					cfg.Faults = cfg.Faults.With(f)
				}
				s, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				log.Reset()
				check(&s, faulty)
			}
		})
	}
	both(fault.OvercommitCapacity, 1, func(s *State, faulty bool) {
		s.Reserve(1, false, &log)
		if got := s.Reserve(2, false, &log); (got == OK) != faulty {
			t.Errorf("faulty=%v: second reserve at capacity 1 = %s", faulty, got)
		}
	})
	both(fault.LifoRecv, 2, func(s *State, faulty bool) {
		s.SendEvictOldest(1, &log)
		s.SendEvictOldest(1, &log)
		_, m := s.Recv(2, false, &log)
		if (m.Seq == 2) != faulty {
			t.Errorf("faulty=%v: recv took m%d", faulty, m.Seq)
		}
	})
	both(fault.LifoWaiters, 1, func(s *State, faulty bool) {
		s.Reserve(1, false, &log)
		s.Reserve(2, false, &log)
		s.Reserve(3, false, &log)
		log.Reset()
		s.Abort(1, &log)
		if woken := log.Events[len(log.Events)-1].Task; (woken == 3) != faulty {
			t.Errorf("faulty=%v: abort woke t%d", faulty, woken)
		}
	})
	both(fault.TryReserveJumpsQueue, 1, func(s *State, faulty bool) {
		s.Reserve(1, false, &log)
		s.Reserve(2, false, &log)
		s.Abort(1, &log)
		if got := s.TryReserve(3, false, &log); (got == OK) != faulty {
			t.Errorf("faulty=%v: try_reserve past a waiter = %s", faulty, got)
		}
	})
	both(fault.CancelledReserveTakesSlot, 1, func(s *State, faulty bool) {
		got := s.Reserve(1, true, &log)
		if got != Cancelled || (s.Reserved == 1) != faulty {
			t.Errorf("faulty=%v: cancelled reserve = %s, reserved %d", faulty, got, s.Reserved)
		}
	})
	both(fault.CancelledRecvConsumes, 1, func(s *State, faulty bool) {
		s.SendEvictOldest(1, &log)
		got, _ := s.Recv(2, true, &log)
		if got != Cancelled || (s.Len == 0) != faulty {
			t.Errorf("faulty=%v: cancelled recv = %s, len %d", faulty, got, s.Len)
		}
	})
	both(fault.CloseToggles, 1, func(s *State, faulty bool) {
		s.CloseReceiver(&log)
		s.CloseReceiver(&log)
		if s.ReceiverDropped == faulty {
			t.Errorf("faulty=%v: receiver_dropped %v after two closes", faulty, s.ReceiverDropped)
		}
	})
	both(fault.PermitDropLeaksSlot, 1, func(s *State, faulty bool) {
		s.Reserve(1, false, &log)
		s.Reserve(2, false, &log)
		log.Reset()
		s.DropPermit(1, &log)
		if (s.Reserved == 1) != faulty || (len(log.Events) == 1) != faulty {
			t.Errorf("faulty=%v: after drop reserved %d, events %v", faulty, s.Reserved, log.Events)
		}
	})
}
