package asupersync

import (
	"math/rand/v2"
	"slices"
	"testing"

	"modelcheck/internal/walk"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// TestWalksReachTheScenarioBounds: on random paths of every scenario, the
// environment creates tasks, regions, obligations, finalizers and pool
// pushes up to the scenario's bounds and never past them: each bound is
// reached on some path, so a bound read one short (which would hide
// whatever only the last task, region or obligation reaches) fails here,
// as does one read one long. The walks lean towards the inputs that
// create (creating), so that the bounds are reached within few steps.
func TestWalksReachTheScenarioBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, sc := range Scenarios() {
		m := New(sc, nil)
		var log trace.Log
		var most [5]int
		bounds := [5]int{int(sc.Tasks), int(sc.Regions), int(sc.Obligations), int(sc.Finalizers), int(sc.PoolTasks)}
		names := [5]string{"tasks", "regions", "leases", "finalizers", "pool tasks"}
		walk.Random(creating(m, rng), rng, 100, 40, func(s *State, in Input) bool {
			log.Reset()
			if err := m.Apply(s, in, &log); err != nil {
				t.Fatalf("%s: %s: %v", sc.Name, in, err)
			}
			k := &s.P.Kernel
			pooled := 0
			for w := uint8(0); w < k.Config.Workers; w++ {
				pooled += len(PoolEntries(&k.Pool, w))
			}
			registered := 0
			for i := range k.Cancel.Regions {
				// Finalizers registered: those not yet done, plus none
				// done (a walk's maximum is reached before any runs).
				registered += int(k.Cancel.Regions[i].Finalizers)
			}
			leases := 0 // the environment's reservations; channel permits are the channel's
			for i := range k.Cancel.Obligations {
				if o := &k.Cancel.Obligations[i]; o.Used && o.Kind == cancel.Lease {
					leases++
				}
			}
			now := [5]int{used(k, taskIDs), used(k, regionIDs), leases, registered, pooled}
			for i := range now {
				if now[i] > bounds[i] {
					t.Fatalf("%s: after %s, %d %s, past the scenario's %d", sc.Name, in, now[i], names[i], bounds[i])
				}
				most[i] = max(most[i], now[i])
			}
			return true
		})
		for i := range most {
			if most[i] != bounds[i] {
				t.Errorf("%s: the walks reached %d %s, the scenario allows %d", sc.Name, most[i], names[i], bounds[i])
			}
		}
	}
}

// narrowed is m with its enabled inputs narrowed, where there are any, to
// pump runs and the kernel operations in ops, so that a walk builds up
// what those operations make; with loose it narrows three times in four,
// so that the other inputs (a close, a cancel) are still drawn.
type narrowed struct {
	m     *Model
	rng   *rand.Rand
	ops   []kernel.Op
	loose bool
}

// creating narrows to the inputs that create something or bring a task to
// be polled (where it can reserve): spawns, opens, reservations, finalizer
// registrations, pool pushes and dispatches, loosely.
func creating(m *Model, rng *rand.Rand) narrowed {
	return narrowed{m, rng, []kernel.Op{kernel.Spawn, kernel.OpenRegion, kernel.Reserve,
		kernel.RegisterFinalizer, kernel.PoolPush, kernel.Dispatch}, true}
}

// permitting narrows to the channel's operations and what brings a task to
// be polled, always, so that permits are reserved and resolved again and
// again.
func permitting(m *Model, rng *rand.Rand) narrowed {
	return narrowed{m, rng, []kernel.Op{kernel.ChanReserve, kernel.ChanTryReserve, kernel.ChanAbort,
		kernel.ChanSend, kernel.ChanTrySend, kernel.ChanRecv, kernel.ChanTryRecv,
		kernel.Spawn, kernel.Dispatch, kernel.Yield}, false}
}

func (n narrowed) Init() State { return n.m.Init() }

func (n narrowed) Enabled(s *State, buf []Input) []Input {
	buf = n.m.Enabled(s, buf)
	if n.loose && n.rng.IntN(4) == 0 {
		return buf
	}
	var keep []Input
	for _, in := range buf {
		switch {
		case in.Host == pump.RunMicrotask, in.Host == pump.RunHostTask:
		case in.Host != pump.NoHost, !slices.Contains(n.ops, in.K.Op):
			continue
		}
		keep = append(keep, in)
	}
	if len(keep) == 0 {
		return buf
	}
	return append(buf[:0], keep...)
}

// TestWalksStayWithinTheObligationTable: with tracked permits every
// channel permit takes a slot of the obligation table, and a resolved
// obligation keeps its record (resolving twice must be refused), so a
// run that reserves and aborts permits fills the table. The environment
// offers no reserve the table cannot take: walks narrowed to the channel's
// operations fill every slot in each scenario with tracked permits, and no
// step errs. Offered regardless, the ninth reserve was refused with
// "obligation table full" (a swarm walk of the channel scenario broke
// offered-input-accepted at step 19, with every fault off).
func TestWalksStayWithinTheObligationTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	tried := 0
	for _, sc := range Scenarios() {
		if !sc.Kernel.TrackPermits {
			continue
		}
		tried++
		m := New(sc, nil)
		var log trace.Log
		full := false
		walk.Random(permitting(m, rng), rng, 200, 80, func(s *State, in Input) bool {
			log.Reset()
			if err := m.Apply(s, in, &log); err != nil {
				t.Fatalf("%s: %s: %v", sc.Name, in, err)
			}
			full = full || used(&s.P.Kernel, obligationIDs) == cancel.MaxObligations
			return true
		})
		if !full {
			t.Errorf("%s: no walk filled the obligation table's %d slots", sc.Name, cancel.MaxObligations)
		}
	}
	if tried == 0 {
		t.Fatal("no scenario tracks its permits")
	}
}
