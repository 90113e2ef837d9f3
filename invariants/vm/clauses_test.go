package vm

import (
	"slices"
	"testing"

	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// The tests in this file pin the clauses of the VM's checks that no fault
// of the catalogue reaches (each invariant has a fault that trips it, but
// not every clause of it). Each one replays a real scenario through the
// checked model to a real transition or state, checks that the check
// holds there (setup), and then calls the check on a copy with the state
// before, the events, the input or the state after edited as a runtime
// bug would leave them, and asks that it is flagged. A clause that guards
// an index past a table is asked to flag, not to crash: its check
// panicking is a failure of the test's assertion.

// The lockstep configurations the tests read (mvm.Configs' order: each
// policy with N = 1, 2 and all).
const (
	roundRobin1   = 0
	roundRobinAll = 2
	cooperative1  = 3
)

// load, step and round spell the environment's inputs.
func load(p rt.ProtocolID) mvm.Input { return mvm.Input{Kind: mvm.Load, Proto: p} }
func step(c uint8) mvm.Input         { return mvm.Input{Kind: mvm.Step, Coro: c} }

var round = mvm.Input{Kind: mvm.Round}

// rounds is n rounds.
func rounds(n int) []mvm.Input {
	out := make([]mvm.Input, n)
	for i := range out {
		out[i] = round
	}
	return out
}

// replayed is the last transition of a replayed script: the state before
// its input, the state after it, and each run's events.
type replayed struct {
	e             Explorable
	before, after State
	in            mvm.Input
	events        [mvm.NumConfigs][]rt.Event
}

// replay drives the named scenario through the checked model along
// script, failing the test if an input is refused or a transition (or the
// quiescent state it may end in) breaks any invariant, and returns the
// last transition.
func replay(t *testing.T, name string, script ...mvm.Input) replayed {
	t.Helper()
	sc, err := mvm.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewExplorable(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := replayed{e: e}
	s := e.Init()
	for i, in := range script {
		next := s
		if v := e.Step(&s, in, &next); v != 0 {
			t.Fatalf("setup: %s: input %d (%v) breaks %s (%v)", name, i+1, in, all[v-1].Name, e.C.refusal)
		}
		r.before, r.after, r.in = s, next, in
		for k := range r.events {
			r.events[k] = append([]rt.Event(nil), e.M.Events[k]...)
		}
		s = next
	}
	if len(e.Enabled(&s, nil)) == 0 {
		if v := e.Stuck(&s); v != 0 {
			t.Fatalf("setup: %s: the quiescent state breaks %s", name, all[v-1].Name)
		}
	}
	return r
}

// runToEnd loads the protocols in the named lockstep scenario and runs
// rounds until nothing is enabled, checking every transition and the
// quiescent state; it returns that state.
func runToEnd(t *testing.T, name string, ps ...rt.ProtocolID) (Explorable, State) {
	t.Helper()
	var loads []mvm.Input
	for _, p := range ps {
		loads = append(loads, load(p))
	}
	r := replay(t, name, loads...)
	s := r.after
	for i := range 64 {
		if len(r.e.Enabled(&s, nil)) == 0 {
			if v := r.e.Stuck(&s); v != 0 {
				t.Fatalf("setup: %s: the quiescent state breaks %s", name, all[v-1].Name)
			}
			return r.e, s
		}
		next := s
		if v := r.e.Step(&s, round, &next); v != 0 {
			t.Fatalf("setup: %s: round %d breaks %s", name, i+1, all[v-1].Name)
		}
		s = next
	}
	t.Fatalf("setup: %s: still running after 64 rounds", name)
	return Explorable{}, State{}
}

// verdict calls check and returns its answer, or the value it panicked
// with.
func verdict(check func() bool) (holds bool, panicked any) {
	defer func() { panicked = recover() }()
	return check(), nil
}

// mustHold fails the test (setup) unless check holds on the untampered
// case.
func mustHold(t *testing.T, what string, check func() bool) {
	t.Helper()
	if holds, p := verdict(check); p != nil || !holds {
		t.Fatalf("setup: %s is flagged (panic: %v)", what, p)
	}
}

// mustFlag fails the test unless check flags the tampered case: a check
// that passes it, or crashes on it, has not flagged it.
func mustFlag(t *testing.T, tamper string, check func() bool) {
	t.Helper()
	holds, p := verdict(check)
	switch {
	case p != nil:
		t.Errorf("%s: the check panicked instead of flagging it: %v", tamper, p)
	case holds:
		t.Errorf("%s is not flagged", tamper)
	}
}

// TestLoadDerivedCatchesALoadPastTheTables pins exec-instr-derived's load
// clauses (loadDerived): a load adds exactly one session and a coroutine
// for each role that starts at load (README VM, "a load adds exactly its
// session"; runtime/vm Load's bounds). The real transition is the default
// scenario's third ping-pong load, the last the environment offers.
func TestLoadDerivedCatchesALoadPastTheTables(t *testing.T) {
	r := replay(t, "default", load(rt.PingPong), load(rt.PingPong), load(rt.PingPong))
	in := loadInput{proto: rt.PingPong, capacity: r.e.M.Scenario.Capacity}
	before, after := r.before.Runs[0].VM, r.after.Runs[0].VM
	mustHold(t, "the third load", func() bool { return loadDerived(&before, &after, in) })

	// The session table is full (derive.go's NSessions guard): a fourth
	// load that Load answered without error, loading nothing.
	mustFlag(t, "a load into a full session table", func() bool { return loadDerived(&after, &after, in) })

	// The coroutine table is full (the start clause, and start's own
	// guard): a Load that took the session though none of its coroutines
	// fit, adding the session record alone.
	full := before
	full.NCoros = rt.MaxCoros
	sessionOnly := full
	sessionOnly.NSessions++
	sessionOnly.Sessions[before.NSessions] = after.Sessions[before.NSessions]
	mustFlag(t, "a load whose coroutines do not fit", func() bool { return loadDerived(&full, &sessionOnly, in) })
}

// TestBufferCapacityReadsTheScenarioNotTheBuffer pins buffer-capacity's
// bound (withinCapacity) to the scenario's capacity. Each buffer carries
// the runtime's own copy of its capacity; a runtime whose Load set that
// copy to 2 in the backpressure scenario (capacity 1) and then let a
// second message onto e0 agrees with itself, so a check that read the
// copy would pass it. The real state is one pipeline session after three
// rounds: A's first message is on e0, which is full.
func TestBufferCapacityReadsTheScenarioNotTheBuffer(t *testing.T) {
	r := replay(t, "backpressure", append([]mvm.Input{load(rt.Pipeline)}, rounds(3)...)...)
	capacity := r.e.M.Scenario.Capacity
	full := r.after.Runs[0].VM
	if b := full.Sessions[0].Bufs[0]; b.Len != capacity {
		t.Fatalf("setup: e0 holds %d, want it full at %d", b.Len, capacity)
	}
	mustHold(t, "a full e0", func() bool { return withinCapacity(&full, capacity) })

	over := full
	b := &over.Sessions[0].Bufs[0]
	b.Cap++
	b.Msgs[b.Len] = b.Msgs[0]
	b.Len++
	mustFlag(t, "a second message on e0, the runtime's copy of its capacity raised to match", func() bool { return withinCapacity(&over, capacity) })
}

// pingPongRound is round n of one ping-pong session in the default
// scenario under RoundRobin with N = all (run roundRobinAll). Round 3
// releases B (its ping arrived) and picks A (its receive blocks) and B
// (it receives the ping); round 5 releases and picks A, which receives
// the pong, while B has finished.
func pingPongRound(t *testing.T, n int) (before, after rt.State, ev []rt.Event) {
	t.Helper()
	r := replay(t, "default", append([]mvm.Input{load(rt.PingPong)}, rounds(n)...)...)
	return r.before.Runs[roundRobinAll].VM, r.after.Runs[roundRobinAll].VM, r.events[roundRobinAll]
}

// kinds is the kinds of ev in order.
func kinds(ev []rt.Event) []rt.Kind {
	out := make([]rt.Kind, len(ev))
	for i := range ev {
		out[i] = ev[i].Kind
	}
	return out
}

// sameKinds reports whether ev's kinds are want.
func sameKinds(ev []rt.Event, want ...rt.Kind) bool { return slices.Equal(kinds(ev), want) }

// TestExecDerivedCatchesEventsNoInstructionEmits pins the clauses of
// exec-instr-derived's round and step check (execDerived) that judge the
// events themselves: 002 Scheduling Round (tryUnblockReceivers releases
// a blocked coroutine whose wait is over; schedRound picks ready ones and
// exec_instr emits what their instruction does), and the nondeterministic
// scheduler's step runs only the coroutine it names, and one that can
// proceed. Each case edits a real round's events (ping-pong, RoundRobin
// N = all, rounds 2, 3 and 5), or its states, or a real step's input.
func TestExecDerivedCatchesEventsNoInstructionEmits(t *testing.T) {
	before3, after3, ev3 := pingPongRound(t, 3)
	if !sameKinds(ev3, rt.EvUnblocked, rt.EvPicked, rt.EvBlocked, rt.EvPicked, rt.EvReceived) || ev3[0].Coro != 1 {
		t.Fatalf("setup: want round 3 to release B, block A and have B receive, got %v", ev3)
	}
	mustHold(t, "round 3", func() bool { return execDerived(&before3, &after3, ev3, false, 0) })
	before5, after5, ev5 := pingPongRound(t, 5)
	if !sameKinds(ev5, rt.EvUnblocked, rt.EvPicked, rt.EvReceived) || before5.Coros[1].Status != rt.Done {
		t.Fatalf("setup: want round 5 to release A and have it receive, with B done, got %v", ev5)
	}
	mustHold(t, "round 5", func() bool { return execDerived(&before5, &after5, ev5, false, 0) })
	before2, after2, ev2 := pingPongRound(t, 2)
	if !sameKinds(ev2, rt.EvPicked, rt.EvSent) || before2.Coros[1].Status != rt.Blocked || before2.Sessions[0].Bufs[0].Len != 0 {
		t.Fatalf("setup: want round 2 to have A send ping while B waits on the empty e0, got %v", ev2)
	}
	mustHold(t, "round 2", func() bool { return execDerived(&before2, &after2, ev2, false, 0) })

	cases := []struct {
		name          string
		before, after rt.State
		ev            []rt.Event
		edit          func(before, after *rt.State, ev []rt.Event) []rt.Event
	}{
		// The tick-and-range clause: a coroutine past the coroutine count.
		// A VM whose count fell one short while B's slot still runs: B's
		// release and pick name a coroutine the table does not hold.
		{name: "events of a coroutine past the count", before: before3, after: after3, ev: ev3,
			edit: func(b, a *rt.State, ev []rt.Event) []rt.Event { b.NCoros--; a.NCoros--; return ev }},
		// The release clause: B released under another endpoint.
		{name: "a release with the wrong endpoint", before: before3, after: after3, ev: ev3,
			edit: func(_, _ *rt.State, ev []rt.Event) []rt.Event { ev[0].Role = 0; return ev }},
		// The release clause: A, ready, released as though it were blocked.
		{name: "a release of a ready coroutine", before: before3, after: after3, ev: ev3,
			edit: func(b, _ *rt.State, ev []rt.Event) []rt.Event {
				stray := ev[0]
				stray.Coro, stray.Role = 0, b.Coros[0].Role
				return append([]rt.Event{stray}, ev...)
			}},
		// The release clause's status: A, ready, but carrying a reason
		// left over (InvokeWait, as a release or resume that cleared only
		// the status would leave it), which reads as a wait that is over,
		// released again. Only a blocked coroutine is released.
		{name: "a release of a ready coroutine with a reason left set", before: before3, after: after3, ev: ev3,
			edit: func(b, _ *rt.State, ev []rt.Event) []rt.Event {
				b.Coros[0].Reason = rt.InvokeWait
				stray := ev[0]
				stray.Coro, stray.Role = 0, b.Coros[0].Role
				return append([]rt.Event{stray}, ev...)
			}},
		// The release clause's wait: round 2 with B released before A's
		// ping is on e0 (its RecvWait not over), B left ready after it.
		{name: "a release of a coroutine whose wait is not over", before: before2, after: after2, ev: ev2,
			edit: func(b, a *rt.State, ev []rt.Event) []rt.Event {
				a.Coros[1].Status, a.Coros[1].Reason = rt.Ready, rt.NotBlocked
				a.NBlocked, a.Blocked[0] = 0, 0
				a.Ready[a.NReady] = 1
				a.NReady++
				early := rt.Event{Tick: ev[0].Tick, Kind: rt.EvUnblocked, Coro: 1, Session: b.Coros[1].Session, Role: b.Coros[1].Role}
				return append([]rt.Event{early}, ev...)
			}},
		// The pick clause: B picked under another endpoint.
		{name: "a pick with the wrong endpoint", before: before3, after: after3, ev: ev3,
			edit: func(_, _ *rt.State, ev []rt.Event) []rt.Event { ev[3].Role = 0; return ev }},
		// The pick clause: B, done, picked again and halted again.
		{name: "a pick of a finished coroutine", before: before5, after: after5, ev: ev5,
			edit: func(b, _ *rt.State, ev []rt.Event) []rt.Event {
				again := rt.Event{Tick: ev[0].Tick, Kind: rt.EvPicked, Coro: 1, Session: b.Coros[1].Session, Role: b.Coros[1].Role}
				halted := again
				halted.Kind = rt.EvHalted
				return append(ev, again, halted)
			}},
		// The count clause: B's pick with its receive cut off.
		{name: "a pick whose instruction's events are cut short", before: before3, after: after3, ev: ev3,
			edit: func(_, _ *rt.State, ev []rt.Event) []rt.Event { return ev[:len(ev)-1] }},
		// The instruction clause: B's receive reported with label 2, not
		// the ping (label 1) it took off e0; the state after is right.
		{name: "a receive reported with another label", before: before3, after: after3, ev: ev3,
			edit: func(_, _ *rt.State, ev []rt.Event) []rt.Event { ev[4].Label = 2; return ev }},
		// The default clause: B's receive reported twice. (To disable
		// this clause, make it skip the event, i++: without a return the
		// loop never ends.)
		{name: "an event after the instruction's own", before: before3, after: after3, ev: ev3,
			edit: func(_, _ *rt.State, ev []rt.Event) []rt.Event { return append(ev, ev[len(ev)-1]) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, after := c.before, c.after
			ev := c.edit(&before, &after, append([]rt.Event(nil), c.ev...))
			mustFlag(t, c.name, func() bool { return execDerived(&before, &after, ev, false, 0) })
		})
	}

	// The step clause: under interleavings, overdraw's B receives (step
	// c1); the same step checked as the input step c0 names A, which did
	// not run.
	t.Run("a step of another coroutine than the one named", func(t *testing.T) {
		r := overdrawInterleaved(t)
		before, after, ev := r.before.Runs[0].VM, r.after.Runs[0].VM, r.events[0]
		mustHold(t, "step c1", func() bool { return execDerived(&before, &after, ev, true, r.in.Coro) })
		mustFlag(t, "step c1's events as step c0's", func() bool { return execDerived(&before, &after, ev, true, 0) })
	})

	// The step's blocking clause (a step runs a coroutine that can
	// proceed): under interleavings, overdraw after A's open, where only
	// A is offered; B stepped anyway (a scheduler that offered it), its
	// receive on the empty e0 blocking in RecvWait. The events and the
	// state after are the runtime's own step of B.
	t.Run("a step that blocks", func(t *testing.T) {
		r := replay(t, "interleavings", load(rt.Overdraw), step(0))
		if offered := r.e.Enabled(&r.after, nil); len(offered) != 1 || offered[0] != step(0) {
			t.Fatalf("setup: want only step c0 offered, got %v", offered)
		}
		before := r.after.Runs[0].VM
		after := before
		ev := rt.StepCoroutine(&after, 1, r.e.M.Scenario.Faults, nil)
		if !sameKinds(ev, rt.EvPicked, rt.EvBlocked) || ev[1].Label != uint8(rt.RecvWait) {
			t.Fatalf("setup: want B's step to block in RecvWait, got %v", ev)
		}
		mustHold(t, "B's blocking receive in a round", func() bool { return execDerived(&before, &after, ev, false, 0) })
		mustFlag(t, "a step of B that blocks", func() bool { return execDerived(&before, &after, ev, true, 1) })
	})
}

// overdrawInterleaved is the interleavings scenario with one overdraw
// session: A opens and sends m1, B receives it (step c1, the last input),
// which spends B's one token; B's second receive, on the empty buffer,
// must then fault.
func overdrawInterleaved(t *testing.T) replayed {
	t.Helper()
	r := replay(t, "interleavings", load(rt.Overdraw), step(0), step(0), step(1))
	if b := &r.after.Runs[0].VM.Coros[1]; b.Status != rt.Ready || b.Tokens != 0 || r.after.Runs[0].VM.Sessions[0].Bufs[0].Len != 0 {
		t.Fatalf("setup: want B ready at its second receive with no token and an empty buffer, got %+v", *b)
	}
	return r
}

// TestStepsOfferedCatchesAWrongOffer pins steps-offered's clauses (002
// Concurrency Parameter N: any coroutine that can proceed may be picked;
// README VM, steps-offered): each coroutine that can proceed is offered
// once, and a coroutine whose wait is not over is not offered. The state
// is overdraw's under interleavings after B's first receive, where only
// B (its second receive faults) can proceed.
func TestStepsOfferedCatchesAWrongOffer(t *testing.T) {
	r := overdrawInterleaved(t)
	vm := r.after.Runs[0].VM
	offered := r.e.Enabled(&r.after, nil)
	if len(offered) != 1 || offered[0] != step(1) {
		t.Fatalf("setup: want only step c1 offered, got %v", offered)
	}
	mustHold(t, "the offered steps", func() bool { return stepsOffered(&vm, offered) })

	// stepsOffered's id clause: B offered twice, and a step of a
	// coroutine past the table (and past the 16 bits of the offered set).
	twice := []mvm.Input{step(1), step(1)}
	mustFlag(t, "a step offered twice", func() bool { return stepsOffered(&vm, twice) })
	past := []mvm.Input{step(1), step(16)}
	mustFlag(t, "a step of coroutine 16", func() bool { return stepsOffered(&vm, past) })

	// canProceed's wait clause: B parked in RecvWait on its empty buffer
	// (as a VM that blocked the tokenless receive instead of faulting it
	// would leave it) and still offered, as a scheduler that reads a
	// blocked receiver as it reads a ready one (no token: it may run)
	// would offer it. Its wait, a message on e0, is not over.
	parked := vm
	parked.Coros[1].Status, parked.Coros[1].Reason = rt.Blocked, rt.RecvWait
	parked.NReady, parked.Ready[0] = 0, 0
	parked.Blocked[0], parked.NBlocked = 1, 1
	mustFlag(t, "a step of a receiver still waiting for its message", func() bool { return stepsOffered(&parked, offered) })
}

// TestReferenceDerivedCatchesARunThatNeverEnds pins reference-derived's
// "it ends" clause (roundRobinTrace): the reference is the N = 1
// RoundRobin run of the loaded programs, which ends (002 WASM
// Compatibility: run until all_terminal). The real transition is the
// first step of a relay session under interleavings (step c0), which
// records the reference. The tamper: the loaded VM's coroutine table
// full (a Load that counted coroutines it never started), so A's spawn
// of B can never start and A retries it round after round, and the
// reference recorded as far as that run gets, A's open.
func TestReferenceDerivedCatchesARunThatNeverEnds(t *testing.T) {
	r := replay(t, "interleavings", load(rt.Relay), step(0))
	mustHold(t, "the first step", func() bool { return referenceKept(&r.before, &r.after, r.in) })

	full, stalled := r.before, r.after
	full.Runs[0].VM.NCoros = rt.MaxCoros
	stalled.Runs[1].Rec = mvm.Recorder{}
	stalled.Runs[1].Rec.Ev[0][0] = rt.Event{Kind: rt.EvOpened}.Body()
	stalled.Runs[1].Rec.Len[0] = 1
	mustFlag(t, "a reference that never ends", func() bool { return referenceKept(&full, &stalled, r.in) })
}

// TestQueuesMatchStatusCatchesIdsPastTheQueues pins queues-match-status's
// clauses that read the queues' bounds (002 Scheduling Round: pick_ready,
// handle_result; README VM: nothing past a queue's end). The real state
// is ping-pong's after round 1 under RoundRobin with N = all: A ready, B
// blocked in RecvWait.
func TestQueuesMatchStatusCatchesIdsPastTheQueues(t *testing.T) {
	_, after, _ := pingPongRound(t, 1)
	if after.NReady != 1 || after.NBlocked != 1 {
		t.Fatalf("setup: want one ready and one blocked coroutine, got %d and %d", after.NReady, after.NBlocked)
	}
	mustHold(t, "round 1's queues", func() bool { return queuesMatchStatus(&after) })
	cases := []struct {
		name string
		edit func(s *rt.State)
	}{
		// The count clause: a ready count past the queue's slots.
		{"a ready count past the slots", func(s *rt.State) { s.NReady = rt.MaxCoros + 1 }},
		// The count clause: a blocked count past the set's slots.
		{"a blocked count past the slots", func(s *rt.State) { s.NBlocked = rt.MaxCoros + 1 }},
		// The stale-slot clause: a removal from the ready queue that
		// left the vacated slot as it was (the ready queue's twin of fault
		// stale-blocked-slot).
		{"a stale id past the ready queue's end", func(s *rt.State) { s.Ready[s.NReady] = 1 }},
		// The ready id clause: the ready queue naming a coroutine past
		// the table.
		{"a ready id past the table", func(s *rt.State) { s.Ready[0] = rt.MaxCoros }},
		// The blocked-set clause: B, blocked, missing from the blocked
		// set (what a VM that forgot to file its blocking pick leaves).
		{"a blocked coroutine missing from the blocked set", func(s *rt.State) { s.NBlocked, s.Blocked[0] = 0, 0 }},
		// The blocked id clause: the blocked set naming one past it.
		{"a blocked id past the table", func(s *rt.State) { s.Blocked[0] = rt.MaxCoros }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := after
			c.edit(&s)
			mustFlag(t, c.name, func() bool { return queuesMatchStatus(&s) })
		})
	}
}

// TestUnblockOrderCatchesAReleaseWithNoReason pins waitOver's answer for
// a coroutine blocked with no reason (no wait of 002 Block Reasons, so no
// wait that can end), which decides unblock-order (002 Scheduling Round:
// tryUnblockReceivers releases only a coroutine whose wait is over). The
// real round is ping-pong's round 3 under RoundRobin with N = all, which
// releases B (RecvWait, its ping arrived); the tamper leaves B blocked
// with its reason cleared, as a VM that blocked it without saying why
// would, and the round still releases it. A second case pins the clause
// that ends the walk at the blocked set's end: a release of a coroutine
// the set does not hold, and a third the clause that puts every release
// before the round's first pick.
func TestUnblockOrderCatchesAReleaseWithNoReason(t *testing.T) {
	before, _, ev := pingPongRound(t, 3)
	if before.NBlocked != 1 || before.Blocked[0] != 1 || before.Coros[1].Reason != rt.RecvWait {
		t.Fatalf("setup: want B alone blocked, in RecvWait, got %+v", before.Coros[1])
	}
	mustHold(t, "round 3's release", func() bool { return unblockedInOrder(&before, ev) })
	noReason := before
	noReason.Coros[1].Reason = rt.NotBlocked
	mustFlag(t, "a release of a coroutine blocked with no reason", func() bool { return unblockedInOrder(&noReason, ev) })

	// The blocked set's end: after B's release, a second release, of A,
	// which is ready and not in the blocked set (the slot past the set's
	// end holds 0, A's id, so only the end itself tells it apart).
	if before.Blocked[before.NBlocked] != 0 {
		t.Fatalf("setup: want the slot past the blocked set to hold 0, got %d", before.Blocked[before.NBlocked])
	}
	extra := append(append([]rt.Event(nil), ev...), rt.Event{Tick: ev[0].Tick, Kind: rt.EvUnblocked, Coro: 0, Session: before.Coros[0].Session, Role: before.Coros[0].Role})
	mustFlag(t, "a release past the blocked set", func() bool { return unblockedInOrder(&before, extra) })

	// Before any step: B's release moved after the round's first pick, as
	// a round that stepped before it released would report it.
	late := append([]rt.Event(nil), ev...)
	u := slices.IndexFunc(late, func(e rt.Event) bool { return e.Kind == rt.EvUnblocked })
	p := slices.IndexFunc(late, func(e rt.Event) bool { return e.Kind == rt.EvPicked })
	if u < 0 || p < u {
		t.Fatalf("setup: want B's release before the first pick, got %v", kinds(ev))
	}
	release := late[u]
	late = slices.Insert(slices.Delete(late, u, u+1), p, release)
	mustFlag(t, "a release after the round's first pick", func() bool { return unblockedInOrder(&before, late) })
}

// TestPickOrderCatchesAContinuingPickFiledWrong pins pick-order's ready
// queue clause (pickedByPolicy): a pick that continues goes to the back
// of the queue, except under Cooperative, which keeps it at the front
// (002 Scheduler Policies; semantics-notes VM scheduling). The real round
// is ping-pong's first (A, picked with N = 1, opens and continues); the
// tamper files A as the other policy would.
func TestPickOrderCatchesAContinuingPickFiledWrong(t *testing.T) {
	r := replay(t, "default", load(rt.PingPong), round)
	for _, c := range []struct {
		name string
		k    int
	}{{"cooperative pick filed at the back", cooperative1}, {"round-robin pick kept at the front", roundRobin1}} {
		t.Run(c.name, func(t *testing.T) {
			before, after, ev, cfg := r.before.Runs[c.k].VM, r.after.Runs[c.k].VM, r.events[c.k], r.e.M.Configs[c.k]
			if after.NReady != 2 {
				t.Fatalf("setup: want A and B ready after the round, got %d", after.NReady)
			}
			mustHold(t, "round 1's queues", func() bool { return pickedByPolicy(&before, &after, ev, cfg) })
			swapped := after
			swapped.Ready[0], swapped.Ready[1] = after.Ready[1], after.Ready[0]
			mustFlag(t, c.name, func() bool { return pickedByPolicy(&before, &swapped, ev, cfg) })
		})
	}
}

// TestPickOrderCatchesPicksTheQueueDidNotMake pins pick-order's pick
// clauses and its ready count (pickedByPolicy; 002 Scheduling Round:
// pick_ready takes up to N from the front of the queue, in order; 002
// Scheduler Policies: RoundRobin). The real rounds run RoundRobin with
// N = all: ping-pong's round 3 (A then B picked) and round 1 (A picked
// and left ready, B blocked), and three relay sessions' round 4, where
// all nine coroutines the VM holds are alive (the A's ready, the B's and
// C's blocked).
func TestPickOrderCatchesPicksTheQueueDidNotMake(t *testing.T) {
	r3 := replay(t, "default", load(rt.PingPong), round, round, round)
	r1 := replay(t, "default", load(rt.PingPong), round)
	relay := replay(t, "default", load(rt.Relay), load(rt.Relay), load(rt.Relay), round, round, round, round)
	k := roundRobinAll
	cfg := r3.e.M.Configs[k]
	if ev := r3.events[k]; !sameKinds(ev, rt.EvUnblocked, rt.EvPicked, rt.EvBlocked, rt.EvPicked, rt.EvReceived) {
		t.Fatalf("setup: want round 3 to release B and pick A then B, got %v", ev)
	}
	if b := relay.before.Runs[k].VM; b.NReady != 3 || b.NBlocked != 6 {
		t.Fatalf("setup: want relay's round 4 to start with 3 ready and 6 blocked, got %d and %d", b.NReady, b.NBlocked)
	}
	cases := []struct {
		name string
		r    replayed
		edit func(before, after *rt.State, ev []rt.Event) []rt.Event
	}{
		// The pick clause: round 3 ran B before A, the queue's head.
		{"picks out of queue order", r3, func(_, _ *rt.State, ev []rt.Event) []rt.Event {
			return append(append(ev[:1:1], ev[3:]...), ev[1:3]...)
		}},
		// The ready count: round 1's queue slots as derived (A), its count
		// one short, 0 (a removal that decremented it twice).
		{"a ready count one short", r1, func(_, a *rt.State, ev []rt.Event) []rt.Event {
			a.NReady--
			return ev
		}},
		// The pick clause's count, at the picks' table end: relay's round
		// 4 with every blocked coroutine released (the C's, whose message
		// has not come, as well) fills the queue's nine slots, so N = all
		// picks nine; the round picks them, then A (c0) a tenth time.
		// (With fewer than nine to pick, a pick past the count is also
		// caught after the walk; at nine, only this clause keeps the walk
		// from reading past the derived picks' table.)
		{"a tenth pick", relay, func(b, _ *rt.State, _ []rt.Event) []rt.Event {
			var ev []rt.Event
			var queue []uint8
			queue = append(queue, b.Ready[:b.NReady]...)
			tag := func(kind rt.Kind, c uint8) rt.Event {
				return rt.Event{Tick: b.Clock + 1, Kind: kind, Coro: c, Session: b.Coros[c].Session, Role: b.Coros[c].Role}
			}
			for _, c := range b.Blocked[:b.NBlocked] {
				ev = append(ev, tag(rt.EvUnblocked, c))
				queue = append(queue, c)
			}
			for _, c := range append(queue, queue[0]) {
				ev = append(ev, tag(rt.EvPicked, c))
			}
			return ev
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, after := c.r.before.Runs[k].VM, c.r.after.Runs[k].VM
			mustHold(t, "the real round", func() bool { return pickedByPolicy(&before, &after, c.r.events[k], cfg) })
			ev := c.edit(&before, &after, append([]rt.Event(nil), c.r.events[k]...))
			mustFlag(t, c.name, func() bool { return pickedByPolicy(&before, &after, ev, cfg) })
		})
	}
}

// TestCheckerCatchesAnEventPastTheSessions pins the checker's id guard
// (idsInTables, wired into transition as exec-instr-derived): a session
// action names a session inside the session table (runtime/vm's bounds;
// README VM: no id outside its table), flagged before the checks that
// index by it (the runtime's NormalizeTrace among them) read it. The real
// transition is ping-pong's round 2 in the default scenario; the tamper:
// the RoundRobin N = all run reports A's send of ping in session 3, past
// the table, with its coroutine in range.
func TestCheckerCatchesAnEventPastTheSessions(t *testing.T) {
	r := replay(t, "default", load(rt.PingPong), round, round)
	m := r.e.M
	mustHold(t, "round 2", func() bool { return r.e.C.transition(m, &r.before, round, &r.after) == 0 })
	ev := append([]rt.Event(nil), r.events[roundRobinAll]...)
	if !sameKinds(ev, rt.EvPicked, rt.EvSent) {
		t.Fatalf("setup: want round 2 to pick A and send ping, got %v", ev)
	}
	ev[1].Session = rt.MaxSessions
	m.Events[roundRobinAll] = ev
	mustFlag(t, "a send in session 3", func() bool { return r.e.C.transition(m, &r.before, round, &r.after) != invExec+1 })
}

// TestSessionsCompleteCatchesASessionLeftOpenOrClosedWrongly pins
// sessions-complete's per-session clause: when nothing can move, every
// session has closed with no one waiting, but for a protocol that orphans
// a message, whose closer still waits in CloseWait with the session open
// (002 WASM Compatibility: run until all_terminal; 002 Block Reasons:
// CloseWait waits for the session to drain). The real states are a
// ping-pong session run to the end in the default scenario and an orphan
// session run to the end in ill-typed; each tamper edits one run.
func TestSessionsCompleteCatchesASessionLeftOpenOrClosedWrongly(t *testing.T) {
	ppE, pingPong := runToEnd(t, "default", rt.PingPong)
	orE, orphan := runToEnd(t, "ill-typed", rt.Orphan)
	closeOf := rt.Event{Kind: rt.EvClosed}.Body()
	if rec := &pingPong.Runs[0].Rec; rec.Len[0] == 0 || rec.Ev[0][rec.Len[0]-1] != closeOf {
		t.Fatalf("setup: want ping-pong's trace to end with A's close, got %v", rec.Trace(0))
	}
	if a := &orphan.Runs[0].VM.Coros[0]; a.Status != rt.Blocked || a.Reason != rt.CloseWait {
		t.Fatalf("setup: want orphan's A waiting in CloseWait, got %+v", *a)
	}
	cases := []struct {
		name string
		e    Explorable
		s    State
		edit func(run *mvm.Run)
	}{
		// Every coroutine done, but the close never recorded.
		{"a session that never closed", ppE, pingPong, func(run *mvm.Run) { run.Rec.Len[0]-- }},
		// The close recorded, but the closer still waiting to close.
		{"a closer still waiting after its close", ppE, pingPong, func(run *mvm.Run) {
			run.VM.Coros[0].Status, run.VM.Coros[0].Reason = rt.Blocked, rt.CloseWait
		}},
		// The orphan session closed undrained, its closer done (what
		// fault close-ignores-buffers leaves).
		{"an orphaning session closed", orE, orphan, func(run *mvm.Run) {
			run.VM.Coros[0].Status, run.VM.Coros[0].Reason = rt.Done, rt.NotBlocked
			run.Rec.Ev[0][run.Rec.Len[0]] = closeOf
			run.Rec.Len[0]++
		}},
		// The orphan's closer gone without closing: no one waits.
		{"an orphaning session's closer not waiting", orE, orphan, func(run *mvm.Run) {
			run.VM.Coros[0].Status, run.VM.Coros[0].Reason = rt.Done, rt.NotBlocked
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.s
			mustHold(t, "the quiescent state", func() bool { return sessionsComplete(&s, c.e.M.Runs(), c.e.M.Scenario.Interleavings) })
			c.edit(&s.Runs[0])
			mustFlag(t, c.name, func() bool { return sessionsComplete(&s, c.e.M.Runs(), c.e.M.Scenario.Interleavings) })
		})
	}
}

// TestSessionsCompleteLetsOnlyASteppedCloserWaitReady pins
// sessions-complete's clause for the nondeterministic scheduler: its
// steps never block a close (a step may block only an invoke), so an
// orphaning session's closer waits ready at its close, which no step may
// run, where a lockstep round would have blocked it in CloseWait. The
// real state is an orphan session stepped to its end in
// ill-typed-interleavings: A ready at its close with m2 left on e0, and B
// done.
func TestSessionsCompleteLetsOnlyASteppedCloserWaitReady(t *testing.T) {
	r := replay(t, "ill-typed-interleavings", load(rt.Orphan), step(0), step(0), step(0), step(1))
	s, runs := r.after, r.e.M.Runs()
	if in := r.e.Enabled(&s, nil); len(in) != 0 {
		t.Fatalf("setup: want nothing enabled, got %v", in)
	}
	if a := &s.Runs[0].VM.Coros[0]; a.Status != rt.Ready || s.Runs[0].VM.Instr(0).Op != rt.OpClose {
		t.Fatalf("setup: want A ready at its close, got %+v", *a)
	}
	mustHold(t, "the stuck state", func() bool { return sessionsComplete(&s, runs, true) })
	// The same run judged as a lockstep run: a ready coroutine there
	// would be picked by the next round.
	mustFlag(t, "a ready closer in a lockstep run", func() bool { return sessionsComplete(&s, runs, false) })
	// A one instruction short of its close: ready at a send, which waits
	// for nothing.
	s.Runs[0].VM.Coros[0].PC--
	mustFlag(t, "a stepped coroutine ready short of its close", func() bool { return sessionsComplete(&s, runs, true) })
}

// TestTraceNormalizedCatchesAPackingThatLies pins trace-normalized's
// clauses (normalizedFor; 002 N-Invariance: normalize_trace,
// filter_by_session): a session event's fields fit the packed layout (a
// session in the table, two bits of role, one of edge, two of label), and
// the run's recorded per-session trace grows by exactly its session's
// packed events. The real round is ping-pong's round 2 under RoundRobin
// with N = all: A sends ping (label 1) on e0.
func TestTraceNormalizedCatchesAPackingThatLies(t *testing.T) {
	r := replay(t, "default", load(rt.PingPong), round, round)
	k := roundRobinAll
	ev, s, next := r.events[k], r.before.Runs[k].Rec, r.after.Runs[k].Rec
	got := rt.NormalizeTrace(nil, ev, 0)
	if !sameKinds(ev, rt.EvPicked, rt.EvSent) || len(got) != 1 {
		t.Fatalf("setup: want round 2 to pick A and send ping, got %v", ev)
	}
	const sent, norm = 1, 0 // the send's index in ev and in got
	at := s.Len[0] + got[norm].Seq
	mustHold(t, "round 2's trace", func() bool { return normalizedFor(got, ev, &s, &next) })

	// The recording clause: the run's trace records the send with label
	// 2, not the 1 it sent.
	t.Run("a recorded event other than the run's", func(t *testing.T) {
		wrong := next
		wrong.Ev[0][at] ^= 3
		mustFlag(t, "a recorded label 2", func() bool { return normalizedFor(got, ev, &s, &wrong) })
	})
	// The layout clause: the send names session 3, past the table.
	t.Run("a session past the table", func(t *testing.T) {
		bad := append([]rt.Event(nil), ev...)
		bad[sent].Session = rt.MaxSessions
		mustFlag(t, "a send in session 3", func() bool { return normalizedFor(got, bad, &s, &next) })
	})
	// The layout clause: the send's label 5 overflows the label's two
	// bits into the edge's, and the normalizer and the recorder pack it
	// unmasked, as sent A e1 label=1: every packed value agrees, and the
	// trace says A sent on an edge it never used.
	t.Run("a label past its bits", func(t *testing.T) {
		bad := append([]rt.Event(nil), ev...)
		bad[sent].Label = 5
		aliased := append([]rt.Norm(nil), got...)
		aliased[norm].Body = packBody(bad[sent])
		recorded := next
		recorded.Ev[0][at] = packBody(bad[sent])
		mustFlag(t, "a send with label 5", func() bool { return normalizedFor(aliased, bad, &s, &recorded) })
	})
	// The layout clause, for the role and the edge: as the label's case,
	// the send's role 4 overflows the role's two bits into the kind's
	// (packed unmasked it reads received A e0 label=1), and its edge 2
	// the edge's bit into the role's (sent B e0 label=1).
	for _, c := range []struct {
		name string
		edit func(e *rt.Event)
	}{
		{"a role past its bits", func(e *rt.Event) { e.Role = 4 }},
		{"an edge past its bit", func(e *rt.Event) { e.Edge = 2 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := append([]rt.Event(nil), ev...)
			c.edit(&bad[sent])
			aliased := append([]rt.Norm(nil), got...)
			aliased[norm].Body = packBody(bad[sent])
			recorded := next
			recorded.Ev[0][at] = packBody(bad[sent])
			mustFlag(t, c.name, func() bool { return normalizedFor(aliased, bad, &s, &recorded) })
		})
	}
	// The normalization clause's end: the runtime's normalization drops
	// the send (a normalizer that skipped it), while the run's trace
	// records it. The check runs out of normalized events at the send.
	t.Run("a normalization that drops an event", func(t *testing.T) {
		mustFlag(t, "round 2 normalized to nothing", func() bool { return normalizedFor(got[:0], ev, &s, &next) })
	})
}

// TestTokensConservedCatchesAnOverdrawnToken pins token-conservation's
// overdraw clause (tokensConserved; semantics-notes VM progress token: a
// receive consumes one token, and one attempted with none faults): no
// coroutine receives more times than it holds tokens. The real step is
// overdraw's under interleavings where B, with no token left, faults at
// its second receive (step c1). The tamper: the step reported as a
// receive, with B's token count taken below zero, wrapping to 255 (a VM
// that decremented a token it did not have), which is exactly what the
// count clause's had - got wraps to as well.
func TestTokensConservedCatchesAnOverdrawnToken(t *testing.T) {
	r := replay(t, "interleavings", load(rt.Overdraw), step(0), step(0), step(1), step(1))
	before, after, ev := r.before.Runs[0].VM, r.after.Runs[0].VM, r.events[0]
	if !sameKinds(ev, rt.EvPicked, rt.EvFaulted) || before.Coros[1].Tokens != 0 {
		t.Fatalf("setup: want B, with no token, to fault, got %v", ev)
	}
	mustHold(t, "B's fault", func() bool { return tokensConserved(&before, &after, ev) })
	overdrawn := append([]rt.Event(nil), ev...)
	overdrawn[1].Kind = rt.EvReceived
	wrapped := after
	wrapped.Coros[1].Tokens--
	mustFlag(t, "a receive with no token, the token count wrapped", func() bool { return tokensConserved(&before, &wrapped, overdrawn) })
}
