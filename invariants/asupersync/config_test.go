package asupersync

import (
	"math/rand/v2"
	"slices"
	"testing"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/channel"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// TestChecksReadTheScenarioNotTheRuntimesConfiguration: the runtime keeps
// a copy of its configuration in its state (kernel, scheduler, cancel
// protocol, channel, wheel, pump), and a runtime bug may rewrite that
// copy. A check that took a bound from it (the channel's capacity, the
// catch-up batch, whether timers live in a wheel) would move with the bug,
// so the checks take the configuration from the scenario alone.
//
// Along seeded walks of every scenario, each transition's states get every
// configuration copy replaced by the same garbage before and after, and
// every check, gated or not, and the stuck test must say what they said
// on the states the runtime wrote.
func TestChecksReadTheScenarioNotTheRuntimesConfiguration(t *testing.T) {
	const walks, walkDepth = 4, 12
	for _, sc := range model.Scenarios() {
		m := model.New(sc, nil)
		rng := rand.New(rand.NewPCG(uint64(len(sc.Name)), 29))
		var log trace.Log
		var ctx Context
		transitions := 0
		seededWalks(t, m, rng, walks, walkDepth, func(d int, s *model.State, ins []model.Input) {
			for _, in := range ins {
				after := *s
				log.Reset()
				if m.Apply(&after, in, &log) != nil {
					continue
				}
				transitions++
				garbage := garbageConfigs(rng)
				otherBefore, otherAfter := *s, after
				garbage.overwrite(&otherBefore)
				garbage.overwrite(&otherAfter)
				if stuck(&m.Scenario, &after) != stuck(&m.Scenario, &otherAfter) {
					t.Fatalf("%s depth %d input %+v: stuck differs with the runtime's configuration rewritten", sc.Name, d, in)
				}
				if name, v, ok := firstVerdictDiffering(&ctx, &m.Scenario, in, s, &after, log.Events, &otherBefore, &otherAfter, log.Events); ok {
					t.Fatalf("%s depth %d input %+v: %s says %v, with the runtime's configuration rewritten %v", sc.Name, d, in, name, v, !v)
				}
			}
		})
		if transitions == 0 {
			t.Errorf("%s: no transition on the walks", sc.Name)
		}
	}
}

// configs is one value for every configuration copy in a state.
type configs struct {
	pump   pump.Config
	kernel kernel.Config
	sched  sched.Config
	cancel cancel.Config
	chan_  channel.Config
	wheel  wheel.Config
}

// garbageConfigs draws configurations no scenario has: bounds and flags at
// random, and fault switches on.
func garbageConfigs(rng *rand.Rand) configs {
	u8 := func() uint8 { return uint8(rng.UintN(256)) }
	var faults fault.Set
	for _, f := range fault.All() {
		if rng.IntN(2) == 0 {
			faults = faults.With(f)
		}
	}
	w := wheel.Config{MaxWheelDuration: rng.Uint64(), MaxTimerDuration: rng.Uint64(), Coalesce: rng.IntN(2) == 0,
		CoalesceWindow: rng.Uint64(), MinGroupSize: u8(), FirstID: rng.Uint64(), FirstGen: rng.Uint64(), Faults: faults}
	ch := channel.Config{Capacity: u8(), Senders: u8(), Faults: faults}
	return configs{
		pump: pump.Config{BurstLimit: u8(), Caps: pump.Capability(u8()), Faults: faults},
		kernel: kernel.Config{CancelStreakLimit: u8(), CatchupBatch: u8(), MaxChainDepth: u8(), MaxChainMemory: uint16(rng.UintN(1 << 16)),
			Faults: faults, Wheel: rng.IntN(2) == 0, WheelConfig: w, Channel: ch, TrackPermits: rng.IntN(2) == 0, Workers: u8()},
		sched:  sched.Config{CancelStreakLimit: u8(), Faults: faults},
		cancel: cancel.Config{MaxChainDepth: u8(), MaxChainMemory: uint16(rng.UintN(1 << 16)), Faults: faults},
		chan_:  ch,
		wheel:  w,
	}
}

// overwrite puts c in every configuration copy of s.
func (c *configs) overwrite(s *model.State) {
	k := &s.P.Kernel
	s.P.Config, k.Config, k.Sched.Config, k.Cancel.Config, k.Chan.Config, k.Wheel.Config = c.pump, c.kernel, c.sched, c.cancel, c.chan_, c.wheel
}

// TestChannelInputsReadTheScenario: the channel operations the environment
// offers, and so the receiver the ghost follows, come from the scenario's
// channel (its capacity and senders), not from the kernel's copy of it: on
// the states of seeded walks of every channel scenario, a state whose
// kernel carries another channel configuration is offered the same inputs.
func TestChannelInputsReadTheScenario(t *testing.T) {
	const walks, walkDepth = 4, 12
	for _, sc := range model.Scenarios() {
		if sc.Kernel.Channel.Capacity == 0 {
			continue
		}
		m := model.New(sc, nil)
		rng := rand.New(rand.NewPCG(uint64(len(sc.Name)), 44))
		var want, got []model.Input
		seededWalks(t, m, rng, walks, walkDepth, func(d int, s *model.State, ins []model.Input) {
			other := *s
			other.P.Kernel.Config.Channel = channel.Config{Capacity: 0, Senders: uint8(rng.UintN(256))}
			want = m.Enabled(s, want[:0])
			got = m.Enabled(&other, got[:0])
			if !slices.Equal(want, got) {
				t.Fatalf("%s depth %d: offered %v, with the kernel's channel configuration rewritten %v", sc.Name, d, want, got)
			}
		})
	}
}
