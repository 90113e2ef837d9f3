package vm

// result is what one instruction did to its coroutine.
type result uint8

const (
	continues result = iota
	blocks
	finishes
	faults
)

// execInstr executes one instruction of coroutine c (contract 002
// exec_instr), appending its events to ev.
func execInstr(s *State, c uint8, f Faults, ev []Event) ([]Event, result) {
	co := &s.Coros[c]
	ses := &s.Sessions[co.Session]
	in, ok := s.instr(c)
	if !ok || in.Op == OpHalt {
		return halt(s, c, ev), finishes
	}
	emit := func(k Kind, edge, label uint8) {
		ev = append(ev, Event{Tick: s.Clock, Kind: k, Coro: c, Session: co.Session, Role: co.Role, Edge: edge, Label: label})
	}
	switch in.Op {
	case OpOpen:
		ses.Opened = 1
		emit(EvOpened, 0, 0)
	case OpSend, OpChoose:
		b := &ses.Bufs[in.Edge]
		tested := b
		if f.Has(SendReadsFirstEdge) {
			tested = &ses.Bufs[0]
		}
		if f.Has(SessionWideBackpressure) && ses.Bufs[0].Len+ses.Bufs[1].Len >= b.Cap {
			return block(s, c, SendWait, ev), blocks
		}
		if bufferFull(tested, f) && (in.Op == OpSend || !f.Has(ChooseIgnoresBackpressure)) {
			return block(s, c, SendWait, ev), blocks
		}
		label, kind := in.Label, EvSent
		if in.Op == OpChoose {
			label, kind = co.Reg, EvChose
		}
		b.Msgs[b.Len] = label
		b.Len++
		emit(kind, in.Edge, label)
	case OpRecv, OpOffer:
		// A receive consumes one progress token {session, endpoint};
		// with none it faults.
		if co.Tokens == 0 && !f.Has(RecvWithoutToken) && (in.Op == OpRecv || !f.Has(OfferWithoutToken)) {
			co.Status = Faulted
			edge := in.Edge
			if f.Has(FaultNamesFirstEdge) {
				edge = 0
			}
			emit(EvFaulted, edge, 0)
			return ev, faults
		}
		b := &ses.Bufs[in.Edge]
		if in.Op == OpOffer && f.Has(OfferReadsFirstEdge) {
			b = &ses.Bufs[0]
		}
		if b.Len == 0 {
			return block(s, c, RecvWait, ev), blocks
		}
		if co.Tokens > 0 {
			co.Tokens--
		}
		label := b.Msgs[0]
		copy(b.Msgs[:], b.Msgs[1:b.Len])
		b.Len--
		b.Msgs[b.Len] = 0
		if in.Op == OpOffer {
			emit(EvOffered, in.Edge, label)
			if (label == 1) != f.Has(OfferBranchInverted) {
				co.PC = in.Arg - 1 // the pc++ below lands on the branch
			}
		} else {
			emit(EvReceived, in.Edge, label)
		}
	case OpInvoke:
		if co.Invoked == 0 {
			co.Invoked = 1
			return block(s, c, InvokeWait, ev), blocks
		}
		co.Invoked = 0
		co.Reg = handler(s, c, f)
		emit(EvInvoked, 0, co.Reg)
	case OpClose:
		closable := drained(s, co.Session, c)
		switch {
		case f.Has(CloseIgnoresBuffers):
			closable = othersFinished(s, co.Session, c)
		case f.Has(CloseReadsFirstEdge):
			closable = ses.Bufs[0].Len == 0 && othersFinished(s, co.Session, c)
		}
		if !closable {
			return block(s, c, CloseWait, ev), blocks
		}
		ses.Closed = 1
		emit(EvClosed, 0, 0)
	case OpSpawn:
		n := startCoro(s, co.Session, in.Arg)
		ev = append(ev, Event{Tick: s.Clock, Kind: EvSpawned, Coro: c, Session: NoSession, Label: n})
	}
	co.PC++
	if _, more := s.instr(c); !more {
		return halt(s, c, ev), finishes
	}
	return ev, continues
}

func halt(s *State, c uint8, ev []Event) []Event {
	co := &s.Coros[c]
	co.Status = Done
	return append(ev, Event{Tick: s.Clock, Kind: EvHalted, Coro: c, Session: co.Session, Role: co.Role})
}

func block(s *State, c uint8, why BlockReason, ev []Event) []Event {
	co := &s.Coros[c]
	co.Status, co.Reason = Blocked, why
	in, _ := s.instr(c)
	return append(ev, Event{Tick: s.Clock, Kind: EvBlocked, Coro: c, Session: co.Session, Role: co.Role, Edge: in.Edge, Label: uint8(why)})
}

// bufferFull is SendWait's backpressure test: a buffer holding Cap
// messages takes no more.
func bufferFull(b *Buffer, f Faults) bool {
	if b.Len == bufSlots {
		return true // the slots end here, fault or not
	}
	if f.Has(BufferOverflow) {
		return b.Len > b.Cap
	}
	return b.Len >= b.Cap
}

// handler is the effect handler: deterministic and session-local. Its
// response depends only on the session's chosen response and the
// session's own count of invokes (session state), never on the tick or on
// other sessions.
func handler(s *State, c uint8, f Faults) uint8 {
	ses := &s.Sessions[s.Coros[c].Session]
	count := ses.Invokes
	ses.Invokes++
	if f.Has(InvokeCountSaturates) {
		ses.Invokes = 1
	}
	if f.Has(HandlerCountsPerRole) {
		count = rolesInvokesBefore(s, c)
	}
	if f.Has(HandlerCrossSession) {
		count = s.GlobalInvokes
		s.GlobalInvokes++
	}
	if f.Has(HandlerReadsTick) {
		count = s.Clock
	}
	return (ses.Resp + count) & 1
}

// rolesInvokesBefore counts the invokes in coroutine c's code before its
// pc: the invokes its role has made (fault HandlerCountsPerRole).
func rolesInvokesBefore(s *State, c uint8) uint8 {
	co := &s.Coros[c]
	var n uint8
	for _, in := range Protocols[s.Sessions[co.Session].Proto].Roles[co.Role].Code[:co.PC] {
		if in.Op == OpInvoke {
			n++
		}
	}
	return n
}

// drained reports whether session sid can close: its buffers are empty
// and every coroutine of it other than the closer c has finished.
func drained(s *State, sid, c uint8) bool {
	for _, b := range s.Sessions[sid].Bufs {
		if b.Len > 0 {
			return false
		}
	}
	return othersFinished(s, sid, c)
}

// othersFinished reports whether every coroutine of session sid other
// than c is done or faulted.
func othersFinished(s *State, sid, c uint8) bool {
	for i := range s.NCoros {
		co := &s.Coros[i]
		if i != c && co.Session == sid && co.Status != Done && co.Status != Faulted {
			return false
		}
	}
	return true
}

// Releasable reports whether blocked coroutine c's wait is over: its
// message arrived (RecvWait), its buffer has room (SendWait), its handler
// answered (InvokeWait, always by the next round) or its session drained
// (CloseWait).
func Releasable(s *State, c uint8) bool {
	co := &s.Coros[c]
	if co.Status != Blocked {
		return false
	}
	in, _ := s.instr(c)
	ses := &s.Sessions[co.Session]
	switch co.Reason {
	case RecvWait:
		return ses.Bufs[in.Edge].Len > 0
	case SendWait:
		return ses.Bufs[in.Edge].Len < ses.Bufs[in.Edge].Cap
	case InvokeWait:
		return true
	case CloseWait:
		return drained(s, co.Session, c)
	}
	return false
}

// sendBufferEmpty reports whether the buffer that blocked sender c's
// instruction writes to is empty (SenderReleasedWhenEmpty's test).
func sendBufferEmpty(s *State, c uint8) bool {
	in, _ := s.instr(c)
	return s.Sessions[s.Coros[c].Session].Bufs[in.Edge].Len == 0
}
