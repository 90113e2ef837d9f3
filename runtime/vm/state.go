package vm

import (
	"errors"
	"fmt"
)

// Bounds of the fixed-size state.
const (
	MaxSessions = 3
	MaxEdges    = 2 // per session
	MaxCoros    = 9
	// MaxCapacity is the largest buffer capacity; a buffer has one slot
	// more, so that the BufferOverflow fault can show itself rather than
	// index out of range.
	MaxCapacity = 2
	bufSlots    = MaxCapacity + 1
	// NoSession marks an event that belongs to no session.
	NoSession = 0xff
)

// Status is a coroutine's status. Free marks an unused slot.
type Status uint8

// Coroutine statuses.
const (
	Free Status = iota
	Ready
	Blocked
	Done
	Faulted
)

var statusNames = [...]string{"free", "ready", "blocked", "done", "faulted"}

func (s Status) String() string { return statusNames[s] }

// BlockReason says what a blocked coroutine waits for (contract 002
// "Block Reasons").
type BlockReason uint8

// The block reasons.
const (
	NotBlocked BlockReason = iota
	// RecvWait: waiting for a message on the edge.
	RecvWait
	// SendWait: the edge's buffer is full; backpressure blocks the send.
	SendWait
	// InvokeWait: waiting for the effect handler's response.
	InvokeWait
	// CloseWait: waiting for the session to drain.
	CloseWait
)

var reasonNames = [...]string{"-", "RecvWait", "SendWait", "InvokeWait", "CloseWait"}

func (r BlockReason) String() string { return reasonNames[r] }

// Coro is one coroutine. Its endpoint is {Session, Role}; Tokens are the
// progress tokens that endpoint holds.
type Coro struct {
	Status  Status
	Reason  BlockReason
	Session uint8
	Role    uint8
	PC      uint8
	Tokens  uint8
	// Reg holds the handler's last response (choose sends it).
	Reg uint8
	// Invoked is 1 while an invoke waits for its response, so that the
	// resumed coroutine completes the invoke instead of invoking again.
	Invoked uint8
}

// Buffer is one edge's FIFO buffer of labels.
type Buffer struct {
	Len  uint8
	Cap  uint8
	Msgs [bufSlots]uint8
}

// Session is one loaded session.
type Session struct {
	Proto ProtocolID
	// Opened and Closed record the session's open and close.
	Opened, Closed uint8
	// Resp is the handler response the environment chose for this
	// session; Invokes the session-local count of handler invocations.
	Resp    uint8
	Invokes uint8
	Bufs    [MaxEdges]Buffer
}

// State is the whole VM.
type State struct {
	Clock     uint8
	NSessions uint8
	NCoros    uint8
	NReady    uint8
	NBlocked  uint8
	// GlobalInvokes counts invokes across sessions; only the
	// HandlerCrossSession fault reads or writes it, so it stays 0 in a
	// correct run.
	GlobalInvokes uint8
	Sessions      [MaxSessions]Session
	Coros         [MaxCoros]Coro
	// Ready is the ready queue (FIFO), Blocked the blocked set in the
	// order its members blocked.
	Ready   [MaxCoros]uint8
	Blocked [MaxCoros]uint8
}

// Policy is the scheduler's policy (contract 002 SchedPolicy).
type Policy uint8

// The policies.
const (
	Cooperative Policy = iota
	RoundRobin
	ProgressAware
	NumPolicies
)

var policyNames = [NumPolicies]string{"cooperative", "round-robin", "progress-aware"}

func (p Policy) String() string { return policyNames[p] }

// All is a concurrency N that is never below the queue length: "all ready
// coroutines advance".
const All = MaxCoros

// Config is how the VM is scheduled.
type Config struct {
	N      int
	Policy Policy
	Faults Faults
}

// ErrZeroN is the error of a round with concurrency N = 0.
var ErrZeroN = errors.New("vm: concurrency N = 0 (N must be at least 1)")

// Load's refusals. They are values, not formatted, so that a refusal
// allocates nothing: the checker probes them on the states it explores.
var (
	ErrUnknownProtocol = fmt.Errorf("vm: unknown protocol (known: %d protocols)", NumProtocols)
	ErrTooManySessions = fmt.Errorf("vm: more than %d sessions", MaxSessions)
	ErrCapacity        = fmt.Errorf("vm: capacity outside 1..%d", MaxCapacity)
	ErrResponse        = errors.New("vm: handler response is not 0 or 1")
	ErrTooManyCoros    = fmt.Errorf("vm: more than %d coroutines", MaxCoros)
)

// Load adds a session running protocol p with handler response resp and
// every edge of capacity capacity; its roles that start at load join the
// ready queue in role order. An unknown protocol, a session or coroutine
// past the bounds, a capacity outside 1..MaxCapacity or a response other
// than 0 or 1 is an error, and loads nothing.
func Load(s *State, p ProtocolID, resp, capacity uint8, f Faults) error {
	switch {
	case p >= NumProtocols:
		return ErrUnknownProtocol
	case s.NSessions >= MaxSessions || f.Has(SessionBoundShort) && s.NSessions >= MaxSessions-1:
		return ErrTooManySessions
	case capacity < 1 && !f.Has(CapacityZeroAccepted) || capacity > MaxCapacity:
		return ErrCapacity
	case resp > 1 && f.Has(ResponseRefusedAsCapacity):
		return ErrCapacity
	case resp > 1:
		return ErrResponse
	case int(s.NCoros)+len(Protocols[p].Roles) > MaxCoros && !f.Has(CoroBoundIgnored),
		int(s.NCoros)+len(Protocols[p].Roles) == MaxCoros && f.Has(CoroBoundOneShort):
		if f.Has(RefusedLoadWritesProtocol) {
			s.Sessions[s.NSessions].Proto = p
		}
		return ErrTooManyCoros
	}
	sid := s.NSessions
	s.NSessions++
	ses := &s.Sessions[sid]
	*ses = Session{Proto: p, Resp: resp}
	for e := range ses.Bufs {
		ses.Bufs[e].Cap = capacity
		if sid > 0 && f.Has(LaterSessionTakesFirstCapacity) {
			ses.Bufs[e].Cap = s.Sessions[0].Bufs[e].Cap
		}
	}
	for role, r := range Protocols[p].Roles {
		if !r.Spawned {
			startCoro(s, sid, uint8(role))
		}
	}
	return nil
}

// startCoro creates a coroutine for the endpoint {sid, role}, granting
// the progress tokens its session type holds, at the back of the ready
// queue.
func startCoro(s *State, sid, role uint8) uint8 {
	c := s.NCoros
	s.NCoros++
	s.Coros[c] = Coro{Status: Ready, Session: sid, Role: role,
		Tokens: Protocols[s.Sessions[sid].Proto].Roles[role].Tokens}
	s.Ready[s.NReady] = c
	s.NReady++
	return c
}

// code is the instruction coroutine c is at; ok is false past its end.
func (s *State) instr(c uint8) (Instr, bool) {
	co := &s.Coros[c]
	code := Protocols[s.Sessions[co.Session].Proto].Roles[co.Role].Code
	if int(co.PC) >= len(code) {
		return Instr{}, false
	}
	return code[co.PC], true
}

// Instr is the instruction coroutine c is at (Op 0 past its end).
func (s *State) Instr(c uint8) Instr {
	in, _ := s.instr(c)
	return in
}

// Quiescent reports whether no round can change anything: no coroutine
// is ready and none blocked can be released.
func (s *State) Quiescent() bool {
	if s.NReady > 0 {
		return false
	}
	for i := range s.NBlocked {
		if Releasable(s, s.Blocked[i]) {
			return false
		}
	}
	return true
}
