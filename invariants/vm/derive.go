package vm

import (
	"errors"

	mvm "modelcheck/model/vm"
	rt "modelcheck/runtime/vm"
)

// This file is exec-instr-derived, sessions-complete and
// trace-normalized: the checks that
// do not trust what execInstr did to the state. exec-instr-derived keeps a
// shadow (a copy of the state before, which the same check verified one
// transition earlier) and applies to it what the protocol's code says the
// picked coroutines do, judging each event on the way; the runtime's state
// after must then be the shadow. The ready queue and the blocked set are
// pick-order's to check, so the shadow takes them from after.

// maxStepEvents bounds the events one executed instruction emits: an
// action and the halt of a coroutine that ran past its code.
const maxStepEvents = 2

// loadDerived: exec-instr-derived for a load. The runtime's state after is
// the state before plus one session of the input's protocol and response,
// every edge empty with the scenario's capacity, and a ready coroutine at
// pc 0 for each role that starts at load, in role order, holding the
// tokens its type grants.
func loadDerived(before, after *rt.State, in loadInput) bool {
	sh := *before
	if sh.NSessions >= rt.MaxSessions {
		return false
	}
	sid := sh.NSessions
	sh.NSessions++
	ses := &sh.Sessions[sid]
	*ses = rt.Session{Proto: in.proto, Resp: in.resp}
	for e := range ses.Bufs {
		ses.Bufs[e].Cap = in.capacity
	}
	for role, r := range rt.Protocols[in.proto].Roles {
		if !r.Spawned && !start(&sh, sid, uint8(role)) {
			return false
		}
	}
	return sh == *after
}

// loadInput is what a load names: its protocol and handler response, and
// the scenario's capacity for every edge.
type loadInput struct {
	proto    rt.ProtocolID
	resp     uint8
	capacity uint8
}

// start adds to the shadow a ready coroutine for the endpoint {sid, role}
// at the back of the queue, holding the tokens its role's type grants.
func start(sh *rt.State, sid, role uint8) bool {
	if sh.NCoros >= rt.MaxCoros {
		return false
	}
	c := sh.NCoros
	sh.NCoros++
	sh.Coros[c] = rt.Coro{Status: rt.Ready, Session: sid, Role: role,
		Tokens: rt.Protocols[sh.Sessions[sid].Proto].Roles[role].Tokens}
	sh.Ready[sh.NReady] = c
	sh.NReady++
	return true
}

// execDerived: exec-instr-derived for a round or a step of one run. A run
// a round skipped has no events and no change. Otherwise the clock moves
// by one and stamps every event; each release is of a blocked coroutine
// whose wait is over (waitOver); each pick is of a ready coroutine, and is
// followed by exactly the events its instruction emits (instrEvents),
// which also applies the instruction to the shadow. A step of the
// nondeterministic scheduler (step true) releases and runs only the
// coroutine it names, and runs one that can proceed: its instruction does
// not block, except an invoke waiting for its handler's answer.
func execDerived(before, after *rt.State, ev []rt.Event, step bool, named uint8) bool {
	if len(ev) == 0 {
		return *before == *after
	}
	sh := *before
	sh.Clock++
	for i := 0; i < len(ev); {
		e := ev[i]
		// Each event is compared whole with one stamped with sh.Clock
		// below, so this guard need only keep the index in the table.
		if e.Coro >= sh.NCoros {
			return false
		}
		co := &sh.Coros[e.Coro]
		if step && e.Coro != named {
			return false
		}
		switch e.Kind {
		case rt.EvUnblocked:
			if co.Status != rt.Blocked || !waitOver(&sh, e.Coro) || e != tagged(&sh, e.Coro, rt.EvUnblocked) {
				return false
			}
			co.Status, co.Reason = rt.Ready, rt.NotBlocked
			i++
		case rt.EvPicked:
			if co.Status != rt.Ready || e != tagged(&sh, e.Coro, rt.EvPicked) {
				return false
			}
			var want [maxStepEvents]rt.Event
			n := instrEvents(&sh, e.Coro, &want)
			i++
			if len(ev)-i < n {
				return false
			}
			for _, w := range want[:n] {
				if ev[i] != w || step && w.Kind == rt.EvBlocked && w.Label != uint8(rt.InvokeWait) {
					return false
				}
				i++
			}
		default:
			return false
		}
	}
	sh.Ready, sh.NReady = after.Ready, after.NReady
	sh.Blocked, sh.NBlocked = after.Blocked, after.NBlocked
	return sh == *after
}

// tagged is the event of kind k about coroutine c, stamped with the
// shadow's clock and c's endpoint.
func tagged(sh *rt.State, c uint8, k rt.Kind) rt.Event {
	co := &sh.Coros[c]
	return rt.Event{Tick: sh.Clock, Kind: k, Coro: c, Session: co.Session, Role: co.Role}
}

// instrEvents applies to the shadow the instruction coroutine c is at, as
// the protocol's code reads (contract 002 exec_instr, the Block Reasons,
// and the handler contract), and writes into want the events it must
// emit; it returns how many.
//   - open opens the session; send puts its label, choose the register
//     (the handler's last answer), at the back of the edge's buffer, or
//     blocks (SendWait) on a full one;
//   - recv and offer fault with no progress token, block (RecvWait) on an
//     empty buffer, else take the head message and a token; an offer of
//     label 1 jumps to its branch;
//   - invoke blocks (InvokeWait) for the handler's answer and, resumed,
//     gets it: the load's response plus the session's invokes so far, mod
//     2 (deterministic and session-local);
//   - close closes a drained session (buffers empty, every other
//     coroutine of the session finished), else blocks (CloseWait);
//   - spawn starts the role's coroutine under the next number;
//   - halt, or running past the code, halts the coroutine.
func instrEvents(sh *rt.State, c uint8, want *[maxStepEvents]rt.Event) int {
	co := &sh.Coros[c]
	ses := &sh.Sessions[co.Session]
	code := rt.Protocols[ses.Proto].Roles[co.Role].Code
	if int(co.PC) >= len(code) || code[co.PC].Op == rt.OpHalt {
		co.Status = rt.Done
		want[0] = tagged(sh, c, rt.EvHalted)
		return 1
	}
	in := code[co.PC]
	act := tagged(sh, c, 0)
	act.Edge = in.Edge
	block := func(why rt.BlockReason) int {
		co.Status, co.Reason = rt.Blocked, why
		act.Kind, act.Label = rt.EvBlocked, uint8(why)
		want[0] = act
		return 1
	}
	b := &ses.Bufs[in.Edge&1]
	switch in.Op {
	case rt.OpOpen:
		ses.Opened = 1
		act.Kind, act.Edge = rt.EvOpened, 0
	case rt.OpSend, rt.OpChoose:
		if b.Len >= b.Cap {
			return block(rt.SendWait)
		}
		act.Kind, act.Label = rt.EvSent, in.Label
		if in.Op == rt.OpChoose {
			act.Kind, act.Label = rt.EvChose, co.Reg
		}
		b.Msgs[b.Len] = act.Label
		b.Len++
	case rt.OpRecv, rt.OpOffer:
		if co.Tokens == 0 {
			co.Status = rt.Faulted
			act.Kind = rt.EvFaulted
			want[0] = act
			return 1
		}
		if b.Len == 0 {
			return block(rt.RecvWait)
		}
		co.Tokens--
		act.Kind, act.Label = rt.EvReceived, b.Msgs[0]
		copy(b.Msgs[:], b.Msgs[1:b.Len])
		b.Len--
		b.Msgs[b.Len] = 0
		if in.Op == rt.OpOffer {
			act.Kind = rt.EvOffered
			if act.Label == 1 {
				co.PC = in.Arg - 1
			}
		}
	case rt.OpInvoke:
		if co.Invoked == 0 {
			co.Invoked = 1
			return block(rt.InvokeWait)
		}
		co.Invoked = 0
		co.Reg = (ses.Resp + ses.Invokes) & 1
		ses.Invokes++
		act.Kind, act.Edge, act.Label = rt.EvInvoked, 0, co.Reg
	case rt.OpClose:
		if !drainedFor(sh, c) {
			return block(rt.CloseWait)
		}
		ses.Closed = 1
		act.Kind, act.Edge = rt.EvClosed, 0
	case rt.OpSpawn:
		n := sh.NCoros
		if !start(sh, co.Session, in.Arg) {
			return 0
		}
		act = rt.Event{Tick: sh.Clock, Kind: rt.EvSpawned, Coro: c, Session: rt.NoSession, Label: n}
	default:
		return 0
	}
	want[0] = act
	co.PC++
	if int(co.PC) >= len(code) {
		co.Status = rt.Done
		want[1] = tagged(sh, c, rt.EvHalted)
		return 2
	}
	return 1
}

// drainedFor is close's condition for coroutine c, read by the checks:
// its session's buffers are empty and every other coroutine of the
// session has finished.
func drainedFor(s *rt.State, c uint8) bool {
	sid := s.Coros[c].Session
	for _, b := range s.Sessions[sid].Bufs {
		if b.Len > 0 {
			return false
		}
	}
	for o := range s.NCoros {
		other := &s.Coros[o]
		if o != c && other.Session == sid && other.Status != rt.Done && other.Status != rt.Faulted {
			return false
		}
	}
	return true
}

// sessionsComplete: sessions-complete, on a state where nothing is
// enabled. Every coroutine of the run has finished (done or faulted) and
// every loaded session has closed: its recorded trace holds its close.
// The vocabulary's protocols cannot deadlock (each receive has its send,
// each close waits only for its own session), so a run that stops short
// was stopped by the scheduler. The one exception is the program's own:
// a protocol that orphans a message (Protocol.Orphans) must end with its
// closer waiting and its session open, since the session never drains:
// blocked in CloseWait in a lockstep run, whose round runs the close and
// blocks it, or ready at its close in the one run of the nondeterministic
// scheduler (stepped), whose steps never block a close.
func sessionsComplete(s *State, runs int, stepped bool) bool {
	for k := range runs {
		run := &s.Runs[k]
		// waiting[sid] counts the coroutines of session sid still waiting
		// to close.
		var waiting [rt.MaxSessions]int
		for c := range run.VM.NCoros {
			co := &run.VM.Coros[c]
			switch {
			case co.Status == rt.Done || co.Status == rt.Faulted:
			case int(co.Session) >= len(waiting):
				return false
			case co.Status == rt.Blocked && co.Reason == rt.CloseWait:
				waiting[co.Session]++
			case stepped && co.Status == rt.Ready && atClose(&run.VM, co):
				waiting[co.Session]++
			default:
				return false
			}
		}
		for sid := range run.VM.NSessions {
			closed := false
			for _, b := range run.Rec.Ev[sid][:run.Rec.Len[sid]] {
				closed = closed || rt.Kind(b>>5) == rt.EvClosed
			}
			// A program that orphans a message ends with its closer
			// waiting and the session open (002 Block Reasons:
			// CloseWait waits for the session to drain); every other
			// ends closed, with no one waiting.
			want := 0
			if p := run.VM.Sessions[sid].Proto; p < rt.NumProtocols && rt.Protocols[p].Orphans {
				want = 1
			}
			if closed == (want == 1) || waiting[sid] != want {
				return false
			}
		}
	}
	return true
}

// atClose reports whether coroutine co's code, read from the protocol
// table, has a close at its pc.
func atClose(vm *rt.State, co *rt.Coro) bool {
	code := rt.Protocols[vm.Sessions[co.Session].Proto].Roles[co.Role].Code
	return int(co.PC) < len(code) && code[co.PC].Op == rt.OpClose
}

// normalizedFor: trace-normalized, for one run's events ev of a
// transition from s to next. got is the runtime's NormalizeTrace of ev.
// The checker's own reading: the observable events are the session
// actions (opened to faulted) and spawned; a session's are numbered 0, 1,
// 2, ... within it and packed as three bits of kind, two of role, one of
// edge and two of label (tick and coroutine dropped); spawned keeps its
// tick and the coroutine it spawned. The run's recorded per-session trace
// grows by exactly its sessions' packed events, in order.
func normalizedFor(got []rt.Norm, ev []rt.Event, s, next *mvm.Recorder) bool {
	var seq [rt.MaxSessions]uint8
	grown := s.Len
	i := 0
	for _, e := range ev {
		var want rt.Norm
		switch {
		case e.Kind <= rt.EvFaulted:
			if e.Session >= rt.MaxSessions || e.Role > 3 || e.Edge > 1 || e.Label > 3 {
				return false
			}
			body := packBody(e)
			want = rt.Norm{Seq: seq[e.Session], Session: e.Session, Kind: e.Kind, Body: body}
			seq[e.Session]++
			if n := grown[e.Session]; n < mvm.MaxSessionEvents {
				if next.Ev[e.Session][n] != body {
					return false
				}
				grown[e.Session]++
			}
		case e.Kind == rt.EvSpawned:
			want = rt.Norm{Seq: e.Tick, Session: rt.NoSession, Kind: e.Kind, Body: e.Label}
		default:
			continue
		}
		if i == len(got) || got[i] != want {
			return false
		}
		i++
	}
	return i == len(got) && grown == next.Len
}

// loadsRefused: load-refused, on a state where loads are still possible
// (no round or step has run). Each load the VM cannot hold is an error
// and loads nothing: an unknown protocol, a capacity of 0 or past
// MaxCapacity, a response other than 0 or 1, a session past MaxSessions,
// a protocol whose roles would pass MaxCoros. The environment never asks
// for these, so the check asks, on a copy.
func loadsRefused(s *rt.State, f rt.Faults) bool {
	bad := [...]struct {
		proto          rt.ProtocolID
		resp, capacity uint8
	}{
		{rt.NumProtocols, 0, 1},
		{rt.PingPong, 0, 0},
		{rt.PingPong, 0, rt.MaxCapacity + 1},
		{rt.Choice, 2, 1},
	}
	for _, b := range bad {
		if !refused(s, b.proto, b.resp, b.capacity, f) {
			return false
		}
	}
	for p := range rt.NumProtocols {
		full := s.NSessions >= rt.MaxSessions || int(s.NCoros)+len(rt.Protocols[p].Roles) > rt.MaxCoros
		if full && !refused(s, p, 0, 1, f) {
			return false
		}
	}
	// The coroutine table's bound: three sessions of at most three roles
	// fit its slots, so no state the environment reaches fills it while
	// loads are possible, and the probe fills it on a copy.
	// Every protocol: a refused load of ping-pong (protocol 0) that wrote
	// its protocol into the free session slot wrote a zero there and
	// left the copy as it was (session 45's audit).
	if s.NSessions < rt.MaxSessions {
		full := *s
		full.NCoros = rt.MaxCoros
		for p := range rt.NumProtocols {
			if !refused(&full, p, 0, 1, f) {
				return false
			}
		}
	}
	return loadsAccepted(s, f)
}

// loadsAccepted: load-refused's other side, the bounds' edges. A load the
// VM can hold is taken, exactly as loadDerived derives it, at every
// capacity and response (a scenario gives every session one capacity, so
// a session that took another's capacity passed), and into the last
// coroutine slots (no environment fills the table to its last slot: a
// bound tested with >= passed). Probed on copies, as the refusals are.
func loadsAccepted(s *rt.State, f rt.Faults) bool {
	if s.NSessions >= rt.MaxSessions {
		return true
	}
	for p := range rt.NumProtocols {
		roles := len(rt.Protocols[p].Roles)
		for _, ncoros := range [...]int{int(s.NCoros), rt.MaxCoros - roles} {
			if ncoros < int(s.NCoros) || ncoros+roles > rt.MaxCoros {
				continue
			}
			for capacity := uint8(1); capacity <= rt.MaxCapacity; capacity++ {
				for resp := uint8(0); resp <= 1; resp++ {
					if !accepted(s, uint8(ncoros), loadInput{proto: p, resp: resp, capacity: capacity}, f) {
						return false
					}
				}
			}
		}
	}
	return true
}

// accepted: on a copy of s whose coroutine table counts ncoros slots
// taken, Load takes in with no error and loads what loadDerived derives.
// A panic is a refusal of a load the VM can hold.
func accepted(s *rt.State, ncoros uint8, in loadInput, f rt.Faults) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	before := *s
	before.NCoros = ncoros
	probe := before
	if rt.Load(&probe, in.proto, in.resp, in.capacity, f) != nil {
		return false
	}
	return loadDerived(&before, &probe, in)
}

// refused: Load refuses the load on a copy of s with the error of a bound
// the load breaks, as the checker reads the bounds, and leaves the copy as
// it was. Where it breaks several, the error of any of them will do: the
// runtime's doc orders none. A Load that panics instead has not refused
// it: Load is runtime code under check, and its panic is this check's
// violation, not a crash of the tool (session 16's exhaustive run of
// runtime/vm crashed the tool here with three mutants of Load's bounds).
func refused(s *rt.State, p rt.ProtocolID, resp, capacity uint8, f rt.Faults) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	probe := *s
	err := rt.Load(&probe, p, resp, capacity, f)
	if err == nil || probe != *s {
		return false
	}
	broken := [...]struct {
		bound bool
		err   error
	}{
		{p >= rt.NumProtocols, rt.ErrUnknownProtocol},
		{s.NSessions >= rt.MaxSessions, rt.ErrTooManySessions},
		{capacity < 1 || capacity > rt.MaxCapacity, rt.ErrCapacity},
		{resp > 1, rt.ErrResponse},
		{p < rt.NumProtocols && int(s.NCoros)+len(rt.Protocols[p].Roles) > rt.MaxCoros, rt.ErrTooManyCoros},
	}
	for _, b := range broken {
		if b.bound && errors.Is(err, b.err) {
			return true
		}
	}
	return false
}
