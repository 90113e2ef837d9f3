package vm

import (
	"fmt"

	"modelcheck/internal/suggest"
	rt "modelcheck/runtime/vm"
)

// Name is the system's name on the command line.
const Name = "vm"

// Scenario bounds the environment: which protocols it may load, how many
// sessions, the capacity of every edge, how the VM is scheduled, and
// whether the contract's own claim is checked.
type Scenario struct {
	Name string
	Doc  string
	// Vocabulary is the protocols the environment may load.
	Vocabulary []rt.ProtocolID
	// MaxSessions is how many sessions it may load (1 to 3).
	MaxSessions uint8
	// Capacity is every edge's buffer capacity.
	Capacity uint8
	// Interleavings: the nondeterministic scheduler steps any coroutine
	// that can proceed, compared with a reference run; otherwise the VM
	// runs under every lockstep configuration (Configs) round by round.
	Interleavings bool
	// Claim: check session-trace-invariance, the contract's claim as it
	// states it. It is false in general (see README), so the scenarios
	// that check it are apart from the default.
	Claim bool
	// Finding names the invariant the correct VM breaks in this scenario,
	// a finding about the contract the scenario exists to show ("" for a
	// scenario that must run clean).
	Finding string
	Faults  rt.Faults
}

func vocabulary(ps ...rt.ProtocolID) []rt.ProtocolID { return ps }

// everything is the vocabulary whose handler invokes are causally
// ordered within each session: every protocol but dual-invoke.
func everything() []rt.ProtocolID {
	return vocabulary(rt.PingPong, rt.Pipeline, rt.Choice, rt.Relay, rt.Overdraw, rt.ChoiceReply)
}

// Scenarios lists the named scenarios, the default first.
func Scenarios() []Scenario {
	return []Scenario{
		{Name: "default", Doc: "lockstep: one to three sessions of any protocol, capacity 2, run under Cooperative, RoundRobin and ProgressAware with N = 1, 2 and all; per-endpoint traces must agree",
			Vocabulary: everything(), MaxSessions: 3, Capacity: 2},
		{Name: "interleavings", Doc: "every interleaving of coroutine steps (a nondeterministic scheduler), one to three sessions of any protocol, capacity 2; per-endpoint traces must agree with the N = 1 round-robin run",
			Vocabulary: everything(), MaxSessions: 3, Capacity: 2, Interleavings: true},
		{Name: "capacity-1", Doc: "every interleaving, one to three sessions, every edge of capacity 1: here the contract's claim (per-session traces) holds",
			Vocabulary: everything(), MaxSessions: 3, Capacity: 1, Interleavings: true, Claim: true},
		{Name: "claim", Doc: "the default's lockstep runs, also checking the contract's claim as stated: normalized per-session traces equal for every N and policy (false: see README)",
			Vocabulary: everything(), MaxSessions: 3, Capacity: 2, Claim: true, Finding: "session-trace-invariance"},
		{Name: "claim-interleavings", Doc: "the interleavings scenario, also checking the contract's claim (false: see README)",
			Vocabulary: everything(), MaxSessions: 3, Capacity: 2, Interleavings: true, Claim: true, Finding: "session-trace-invariance"},
		{Name: "claim-ordered", Doc: "every interleaving, one to three sessions of every protocol but pipeline (each session's events causally in one order), capacity 2: here the contract's claim holds",
			Vocabulary: vocabulary(rt.PingPong, rt.Choice, rt.Relay, rt.Overdraw, rt.ChoiceReply), MaxSessions: 3, Capacity: 2, Interleavings: true, Claim: true},
		{Name: "backpressure", Doc: "lockstep: one or two sessions of ping-pong, pipeline, two-choices, orphan-reply or cross-edges with every edge of capacity 1, so that senders and choosers meet full buffers (SendWait), on e0 and on e1 (orphan-reply's second reply), and a send onto an empty e1 while e0 is full (cross-edges)",
			Vocabulary: vocabulary(rt.PingPong, rt.Pipeline, rt.TwoChoices, rt.OrphanReply, rt.CrossEdges), MaxSessions: 2, Capacity: 1},
		{Name: "backpressure-interleavings", Doc: "every interleaving of one or two sessions of ping-pong, two-choices or orphan-reply with every edge of capacity 1: senders and choosers meet full buffers on e0 and on e1 (orphan-reply's second reply), and may be stepped only once their buffer has room",
			Vocabulary: vocabulary(rt.PingPong, rt.TwoChoices, rt.OrphanReply), MaxSessions: 2, Capacity: 1, Interleavings: true},
		{Name: "backpressure-2", Doc: "lockstep: one or two sessions of pipeline-3 or ping-pong with every edge of capacity 2, so that a sender in SendWait is released when its buffer has room, before it is empty",
			Vocabulary: vocabulary(rt.Pipeline3, rt.PingPong), MaxSessions: 2, Capacity: 2},
		{Name: "ill-typed", Doc: "lockstep: one or two sessions of programs that break their session types: overdraw and overdraw-offer receive past their tokens (the receive must fault), orphan and orphan-reply leave a message undelivered, on e0 and on e1 (the close must wait in CloseWait for good)",
			Vocabulary: vocabulary(rt.Overdraw, rt.OverdrawOffer, rt.Orphan, rt.OrphanReply, rt.OverdrawReply), MaxSessions: 2, Capacity: 2},
		{Name: "ill-typed-interleavings", Doc: "every interleaving of one or two sessions of the ill-typed scenario's programs, capacity 2: a closer whose session never drains may not be stepped, and waits ready at its close",
			Vocabulary: vocabulary(rt.Overdraw, rt.OverdrawOffer, rt.Orphan, rt.OrphanReply, rt.OverdrawReply), MaxSessions: 2, Capacity: 2, Interleavings: true},
		{Name: "shared-handler-state", Doc: "every interleaving of one dual-invoke session, whose two roles invoke the session-local handler concurrently: the contract's handler condition is too weak even for the variant (see README)",
			Vocabulary: vocabulary(rt.DualInvoke), MaxSessions: 1, Capacity: 2, Interleavings: true, Finding: "endpoint-trace-invariance"},
		{Name: "handlers", Doc: "every interleaving of two choice sessions, each with either handler response: the handler contract's scenario",
			Vocabulary: vocabulary(rt.Choice, rt.ThreeInvokes, rt.TurnInvokes), MaxSessions: 2, Capacity: 2, Interleavings: true},
	}
}

// Lookup finds a scenario by name; the error lists the known names.
func Lookup(name string) (Scenario, error) {
	var names []string
	for _, sc := range Scenarios() {
		if sc.Name == name {
			return sc, nil
		}
		names = append(names, sc.Name)
	}
	return Scenario{}, suggest.UnknownOf("vm", "scenario", name, names)
}

// NumConfigs is the number of lockstep configurations.
const NumConfigs = 3 * 3

// Configs are the lockstep configurations: each policy with N = 1, 2 and
// all, in that order. The first is the nondeterministic scheduler's
// reference run.
func Configs(f rt.Faults) [NumConfigs]rt.Config {
	var out [NumConfigs]rt.Config
	i := 0
	for _, p := range []rt.Policy{rt.RoundRobin, rt.Cooperative, rt.ProgressAware} {
		for _, n := range []int{1, 2, rt.All} {
			out[i] = rt.Config{N: n, Policy: p, Faults: f}
			i++
		}
	}
	return out
}

// ConfigName spells a configuration.
func ConfigName(c rt.Config) string {
	n := fmt.Sprint(c.N)
	if c.N == rt.All {
		n = "all"
	}
	return fmt.Sprintf("%s/N=%s", c.Policy, n)
}
