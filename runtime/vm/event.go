package vm

import "fmt"

// Kind is an event's kind. The first eight are a session's observable
// actions (they fit three bits in a normalized event); Spawned is
// observable and has no session; the rest are the scheduler's own
// bookkeeping, emitted for the checks and left out of traces.
type Kind uint8

// Event kinds.
const (
	EvOpened Kind = iota
	EvSent
	EvReceived
	EvChose
	EvOffered
	EvInvoked
	EvClosed
	EvFaulted
	EvSpawned
	EvPicked
	EvUnblocked
	EvBlocked
	EvHalted
)

var kindNames = [...]string{"opened", "sent", "received", "chose", "offered", "invoked", "closed", "faulted",
	"spawned", "picked", "unblocked", "blocked", "halted"}

// NumKinds is the number of event kinds: every Kind is below it.
const NumKinds = len(kindNames)

func (k Kind) String() string { return kindNames[k] }

// Event is one event, stamped with the round's tick. Session is NoSession
// for an event of no session. Label is the message or choice label, the
// handler's response (invoked), the spawned coroutine (spawned) or the
// block reason (blocked).
type Event struct {
	Tick    uint8
	Kind    Kind
	Coro    uint8
	Session uint8
	Role    uint8
	Edge    uint8
	Label   uint8
}

// Observable reports whether the event belongs in the observable trace.
func (e Event) Observable() bool { return e.Kind <= EvSpawned }

// InSession reports whether the event is one of a session's actions.
func (e Event) InSession() bool { return e.Kind <= EvFaulted }

func (e Event) String() string {
	who := fmt.Sprintf("c%d", e.Coro)
	if e.Session != NoSession {
		who += fmt.Sprintf(" s%d.%s", e.Session, roleName(e.Role))
	}
	switch e.Kind {
	case EvSent, EvReceived, EvChose, EvOffered:
		return fmt.Sprintf("%s %s e%d label=%d", e.Kind, who, e.Edge, e.Label)
	case EvInvoked:
		return fmt.Sprintf("%s %s resp=%d", e.Kind, who, e.Label)
	case EvSpawned:
		return fmt.Sprintf("%s c%d by c%d", e.Kind, e.Label, e.Coro)
	case EvBlocked:
		return fmt.Sprintf("%s %s %s", e.Kind, who, BlockReason(e.Label))
	}
	return fmt.Sprintf("%s %s", e.Kind, who)
}

// roleName is a role's letter: every protocol names its roles A, B, C.
func roleName(role uint8) string { return string(rune('A' + role)) }

// Norm is a normalized observable event: Seq is its number within its
// session's events (0, 1, 2, ... in trace order), or, for an event with
// no session, its global tick. Body is the packed session event (Event.Body)
// or, with no session, the event's label (the spawned coroutine).
type Norm struct {
	Seq     uint8
	Session uint8
	Kind    Kind
	Body    uint8
}

// Body packs a session event as three bits of kind, two of role, one of
// edge and two of label: what normalization keeps of it (the tick and the
// coroutine's number are dropped, since they depend on the schedule).
func (e Event) Body() uint8 {
	return uint8(e.Kind)<<5 | (e.Role&3)<<3 | (e.Edge&1)<<2 | e.Label&3
}

// BodyString spells a packed body.
func BodyString(b uint8) string {
	k, role, edge, label := Kind(b>>5), b>>3&3, b>>2&1, b&3
	r := string(rune('A' + role))
	switch k {
	case EvSent, EvReceived, EvChose, EvOffered:
		return fmt.Sprintf("%s %s e%d label=%d", k, r, edge, label)
	case EvInvoked:
		return fmt.Sprintf("%s %s resp=%d", k, r, label)
	}
	return fmt.Sprintf("%s %s", k, r)
}

// NormalizeTrace (contract 002 normalize_trace) appends the normalized
// observable events of trace to dst: each session's events renumbered 0,
// 1, 2, ... in trace order, events of no session keeping their global tick
// ("dropping ticks" for comparison). Selecting one session's events of the
// result is the contract's filter_by_session. The checker's traces are
// built from it, round by round.
func NormalizeTrace(dst []Norm, trace []Event, f Faults) []Norm {
	var seq [MaxSessions]uint8
	for _, e := range trace {
		switch {
		case !e.Observable():
		case e.InSession():
			dst = append(dst, Norm{Seq: seq[e.Session], Session: e.Session, Kind: e.Kind, Body: e.Body()})
			if f.Has(NormalizeSharedSeq) {
				for s := range seq {
					seq[s]++
				}
				continue
			}
			seq[e.Session]++
		default:
			dst = append(dst, Norm{Seq: e.Tick, Session: NoSession, Kind: e.Kind, Body: e.Label})
		}
	}
	return dst
}
