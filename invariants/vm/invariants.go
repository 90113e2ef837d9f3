// Package vm holds the invariants of the coroutine VM (contract 002) and
// its fault catalogue: the scheduler's rules checked on every run's every
// round, and N-invariance checked across runs.
//
// The checks derive what they expect from the state before the round and
// the round's events, never from the runtime's own bookkeeping after it.
package vm

import (
	"fmt"
	"math"
	"strings"

	"modelcheck/internal/suggest"
	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// Invariant is one named check.
type Invariant struct {
	Name        string
	ContractIDs []string
	Doc         string
}

// The invariants in check order; positions are the model's violation
// numbers less one.
const (
	invZeroN = iota
	invCapacity
	invTokens
	invRecvToken
	invUnblock
	invPick
	invComplete
	invEndpoint
	invClaim
	invExec
	invNormalized
	invLoadRefused
	invQueues
	invSteps
	invReference
	invAccepted
	numInvariants
)

var all = [numInvariants]Invariant{
	{"n-zero-rejected", []string{"002 Concurrency Parameter N"},
		"a round with concurrency N = 0 is an error under every policy, and has no effect: no tick, no release; so is one with N below 0 (probed with N = 0, -1 and the smallest int under every policy on a copy of the first run's state, RoundRobin with N = 1, before every round)"},
	{"buffer-capacity", []string{"002 Block Reasons: SendWait"},
		"no edge buffer ever holds more than its capacity: a send to a full buffer blocks (SendWait backpressure)"},
	{"token-conservation", []string{"002 Scheduler Policies: ProgressAware", "semantics-notes VM progress token"},
		"an endpoint's progress tokens change only by its own receives, one each: scheduling (ProgressAware's preference) never takes one"},
	{"recv-needs-token", []string{"semantics-notes VM progress token"},
		"a receive consumes one progress token {session, endpoint}; a receive attempted with none faults the coroutine, and one with a token does not"},
	{"unblock-order", []string{"002 Scheduling Round: tryUnblockReceivers"},
		"each round, before any step, the coroutines whose wait is over leave the blocked set for the ready queue in blocked-set order"},
	{"pick-order", []string{"002 Scheduler Policies", "002 Scheduling Round: pick_ready, handle_result", "semantics-notes VM scheduling"},
		"each round picks up to N coroutines from the ready queue as the releases left it, by the policy (RoundRobin and Cooperative the first, ProgressAware the first holding a progress token, else the first); afterwards the queue holds the rest in order, then each pick's spawned coroutines and the pick itself if it continues (Cooperative: continuing picks at the front), and the blocked set the unreleased in order, then the picks that blocked. Every lockstep round is also probed on a copy with N = 3 to 8, 256 and the largest int, which must pick as derived (N past the queue runs every ready coroutine)"},
	{"sessions-complete", []string{"002 WASM Compatibility: run until all_terminal", "002 Scheduler Policies: ProgressAware (sessions eventually advance)"},
		"when no round (or step) can change anything, every coroutine has finished (done or faulted) and every loaded session has closed: the vocabulary's protocols cannot deadlock, so a run stopped short was stopped by the scheduler (every run is finite, so this is the liveness property \"every session eventually closes\")"},
	{"endpoint-trace-invariance", []string{"002 N-Invariance (the variant that holds)"},
		"every endpoint's own trace (its session's normalized trace projected on its role) is the same under every N, policy and interleaving: per-session traces are equal up to commuting events of different endpoints"},
	{"session-trace-invariance", []string{"002 N-Invariance (the claim as stated)"},
		"normalized per-session traces are the same under every N and policy (checked only in the scenarios with claim=true: capacity-1 and the claim* ones; false in general, see README)"},
	{"exec-instr-derived", []string{"002 Scheduling Round: exec_instr", "002 Block Reasons", "002 N-Invariance: the handler contract"},
		"each picked coroutine executes the instruction its protocol's code has at its pc, derived by the checker from the state before and judged event by event: open; send (its label) or choose (the handler's last answer) onto the back of the edge's buffer, or SendWait on a full one; recv or offer take the buffer's head and a token (offer's label 1 jumps to its branch), RecvWait on an empty buffer, a fault with no token; invoke waits (InvokeWait) and, resumed, gets the load's response plus the session's invokes so far, mod 2; close only a drained session (CloseWait); spawn starts the role's coroutine under the next number; halt or the code's end halts it. Releases are of blocked coroutines whose wait is over, every event carries the round's tick, a load adds exactly its session and starting coroutines, a step of the nondeterministic scheduler runs only the coroutine it names, and one that can proceed (its instruction blocks only if it is an invoke waiting for its answer), and the state after is exactly what these derive"},
	{"trace-normalized", []string{"002 N-Invariance: normalize_trace, filter_by_session"},
		"the traces the checks compare are the runtime's normalization of each run's events (NormalizeTrace), and it is right: every observable event in order (the session actions and spawned; picks, blocks, releases and halts left out), a session's numbered 0, 1, 2, ... within that session and keeping kind, role, edge and label with tick and coroutine dropped, spawned keeping its tick; each run's per-session trace grows by exactly its session's events"},
	{"load-refused", []string{"runtime/vm Load's bounds (002 is silent; README VM)"},
		"while sessions may still be loaded, a load the VM cannot hold is an error, the error of a bound it breaks, and loads nothing: an unknown protocol, a capacity of 0 or above 2, a handler response other than 0 or 1, a fourth session, more than 9 coroutines (probed on a copy of every state before the first round; the coroutine table, which the environment cannot fill while loads are possible, on a copy with it full, with every protocol); and a load it can hold is taken as loadDerived derives it, at every capacity and response and into the coroutine table's last slots (probed likewise: no scenario loads two capacities or fills the table's last slot)"},
	{"queues-match-status", []string{"002 Scheduling Round: pick_ready, handle_result", "002 Block Reasons"},
		"after every round, step or load the ready queue holds each ready coroutine exactly once and the blocked set each blocked one exactly once, and nothing else, their slots past the end empty (pick-order checks a round's order; this holds the nondeterministic scheduler's steps too)"},
	{"steps-offered", []string{"002 Concurrency Parameter N (any ready coroutine may be picked)", "002 N-Invariance (over every N and policy)"},
		"under interleavings, after every load and step the scheduler offers a step of exactly the coroutines that can proceed, each once, as the checker reads them from the state exec-instr-derived verified: ready, or blocked with its wait over, and its instruction, applied to a copy, does not block (an invoke waiting for its answer excepted). A coroutine hidden while others run leaves no stuck state for sessions-complete, and the interleavings where it runs are never explored"},
	{"reference-derived", []string{"002 Concurrency Parameter N (N = 1)", "002 Scheduler Policies: RoundRobin", "002 Scheduling Round: tryUnblockReceivers, schedRound", "semantics-notes VM scheduling"},
		"under interleavings, the reference trace every step is compared with is the N = 1 RoundRobin run of the loaded programs, derived by the checker from their code and the contract's round (the released, in blocked-set order, pushed at the back of the ready queue; the head executes one instruction; what it spawned, then itself if it continues, to the back; a blocked one to the back of the blocked set), not taken from the runtime's rounds; the run ends; before the first step the reference is empty and after it it never changes"},
	{"offered-input-accepted", []string{"002 WASM Compatibility: run until all_terminal", "runtime/vm Load's bounds (README VM)"},
		"the VM accepts every input the environment offers (a load within its bounds before the first round, a round, a step of a coroutine that can proceed) on every run: no error, no panic, and no count or id of the VM's state left outside its table"},
}

// Names lists the invariants in check order.
func Names() []string {
	out := make([]string, numInvariants)
	for i, inv := range all {
		out[i] = inv.Name
	}
	return out
}

// Checker checks a scenario's transitions, restricted to some invariants.
type Checker struct {
	on      [numInvariants]bool
	scratch []rt.Event
	norm    []rt.Norm
	// inputs holds the steps the model offers after a transition
	// (steps-offered).
	inputs []mvm.Input
	// refusal is the VM's error if it refused the last step's input.
	refusal error
}

// NewChecker checks the named invariants, or all of them when only is
// empty; session-trace-invariance only where the scenario claims it.
func NewChecker(sc *mvm.Scenario, only []string) (*Checker, error) {
	c := &Checker{scratch: make([]rt.Event, 0, 64), norm: make([]rt.Norm, 0, 64), inputs: make([]mvm.Input, 0, 32)}
	for i := range all {
		c.on[i] = len(only) == 0
	}
	for _, name := range only {
		found := false
		for i, inv := range all {
			if inv.Name == name {
				c.on[i], found = true, true
			}
		}
		if !found {
			return nil, suggest.UnknownOf("vm", "invariant", name, Names())
		}
	}
	if len(only) > 0 && c.on[invClaim] && !sc.Claim {
		var claiming []string
		for _, other := range mvm.Scenarios() {
			if other.Claim {
				claiming = append(claiming, other.Name)
			}
		}
		return nil, fmt.Errorf("%s is checked only in the scenarios that check the contract's claim (%s), not in %s",
			all[invClaim].Name, strings.Join(claiming, ", "), sc.Name)
	}
	c.on[invClaim] = c.on[invClaim] && sc.Claim
	return c, nil
}

// refusedNs are the concurrencies below 1 a round is probed with: N = 0
// is an error (semantics-notes), and N, an int, can be below it too.
var refusedNs = [...]int{0, -1, math.MinInt}

// zeroNRefused reports whether a round with each of refusedNs is refused,
// under every policy, on a copy of vm, and leaves the copy as it was: a
// refused round has no effect. A round that panics instead has not refused it:
// SchedRound is runtime code under check, and its panic is this check's
// violation, not a crash of the tool (as Load's in refused).
func (c *Checker) zeroNRefused(vm *rt.State, f rt.Faults) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	for p := range rt.NumPolicies {
		for _, n := range refusedNs {
			probe := *vm
			var err error
			c.scratch, err = rt.SchedRound(&probe, rt.Config{N: n, Policy: p, Faults: f}, c.scratch[:0])
			if err == nil || probe != *vm {
				return false
			}
		}
	}
	return true
}

// probedNs are the concurrencies a lockstep round is also probed with
// (pick-order): the lockstep runs use N = 1, 2 and All (the most
// coroutines the VM holds), so these are the ones between, and N far
// past any queue, which must run every ready coroutine as All does.
var probedNs = [...]int{3, 4, 5, 6, 7, 8, 256, math.MaxInt}

// otherNsPicked reports whether a round of vm under policy p with each of
// probedNs, run on a copy, picks as pick-order derives. A panic is a wrong
// pick, as in zeroNRefused.
func (c *Checker) otherNsPicked(vm *rt.State, p rt.Policy, f rt.Faults) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	for _, n := range probedNs {
		probe := *vm
		cfg := rt.Config{N: n, Policy: p, Faults: f}
		var err error
		c.scratch, err = rt.SchedRound(&probe, cfg, c.scratch[:0])
		if err != nil || !idsInTables(c.scratch) || !pickedByPolicy(vm, &probe, c.scratch, cfg) {
			return false
		}
	}
	return true
}

// transition checks a transition of m from s to next (m.Events holding
// each run's events) and returns 0 or 1 plus the first invariant broken.
func (c *Checker) transition(m *mvm.Model, s *State, in mvm.Input, next *State) int {
	var broken [numInvariants]bool
	if in.Kind == mvm.Round && c.on[invZeroN] {
		broken[invZeroN] = !c.zeroNRefused(&s.Runs[0].VM, m.Scenario.Faults)
	}
	if s.Running == 0 && c.on[invLoadRefused] {
		broken[invLoadRefused] = !loadsRefused(&s.Runs[0].VM, m.Scenario.Faults)
	}
	if in.Kind == mvm.Load {
		load := loadInput{proto: in.Proto, resp: in.Resp, capacity: m.Scenario.Capacity}
		for k := range m.Runs() {
			broken[invExec] = broken[invExec] || !loadDerived(&s.Runs[k].VM, &next.Runs[k].VM, load)
			broken[invQueues] = broken[invQueues] || !queuesMatchStatus(&next.Runs[k].VM)
		}
	} else {
		for k := range m.Runs() {
			before, after, ev := &s.Runs[k].VM, &next.Runs[k].VM, m.Events[k]
			// An event naming a coroutine or session outside the VM's
			// tables is no instruction's (exec-instr-derived), and the
			// checks below, the runtime's NormalizeTrace among them,
			// index by those ids.
			if !idsInTables(ev) {
				broken[invExec] = true
				continue
			}
			broken[invCapacity] = broken[invCapacity] || !withinCapacity(after, m.Scenario.Capacity)
			broken[invQueues] = broken[invQueues] || !queuesMatchStatus(after)
			broken[invTokens] = broken[invTokens] || !tokensConserved(before, after, ev)
			broken[invRecvToken] = broken[invRecvToken] || !receivesNeedTokens(before, after, ev)
			broken[invExec] = broken[invExec] || !execDerived(before, after, ev, in.Kind == mvm.Step, in.Coro)
			c.norm = rt.NormalizeTrace(c.norm[:0], ev, m.Scenario.Faults)
			broken[invNormalized] = broken[invNormalized] || !normalizedFor(c.norm, ev, &s.Runs[k].Rec, &next.Runs[k].Rec)
			if in.Kind == mvm.Round {
				broken[invUnblock] = broken[invUnblock] || !unblockedInOrder(before, ev)
				broken[invPick] = broken[invPick] || !pickedByPolicy(before, after, ev, m.Configs[k]) ||
					c.on[invPick] && !c.otherNsPicked(before, m.Configs[k].Policy, m.Scenario.Faults)
			}
		}
		runs := comparedRuns(m)
		broken[invEndpoint] = !endpointsAgree(s, next, runs, false)
		broken[invClaim] = !sessionsAgree(s, next, runs, false)
	}
	if m.Scenario.Interleavings {
		if c.on[invSteps] {
			c.inputs = m.Enabled(next, c.inputs[:0])
			broken[invSteps] = !stepsOffered(&next.Runs[0].VM, c.inputs)
		}
		broken[invReference] = !referenceKept(s, next, in)
	}
	return c.first(&broken)
}

// quiescent checks a state with nothing left to do: the compared runs'
// traces are complete, so they must be equal, not only prefixes of each
// other.
func (c *Checker) quiescent(m *mvm.Model, s *State) int {
	var broken [numInvariants]bool
	runs := comparedRuns(m)
	broken[invComplete] = !sessionsComplete(s, m.Runs(), m.Scenario.Interleavings)
	broken[invEndpoint] = !endpointsAgree(s, s, runs, true)
	broken[invClaim] = !sessionsAgree(s, s, runs, true)
	return c.first(&broken)
}

func (c *Checker) first(broken *[numInvariants]bool) int {
	for i, b := range broken {
		if b && c.on[i] {
			return i + 1
		}
	}
	return 0
}

// State is the model's state.
type State = mvm.State

// comparedRuns is how many runs hold traces to compare: every lockstep
// run, or the explored run and the reference.
func comparedRuns(m *mvm.Model) int {
	if m.Scenario.Interleavings {
		return 2
	}
	return mvm.NumConfigs
}
