package vm

// Op is an instruction's operation.
type Op uint8

// The instruction set, taken from session-typed protocols.
const (
	// OpOpen opens the coroutine's session.
	OpOpen Op = iota + 1
	// OpSend sends Label on Edge; a full buffer blocks it (SendWait).
	OpSend
	// OpRecv receives from Edge, consuming a progress token; an empty
	// buffer blocks it (RecvWait).
	OpRecv
	// OpChoose sends the coroutine's register (the handler's last
	// response) on Edge as a choice label.
	OpChoose
	// OpOffer receives a choice label on Edge, like OpRecv; label 1 jumps
	// to pc Arg, label 0 falls through.
	OpOffer
	// OpInvoke invokes the effect handler Arg and waits for its response
	// (InvokeWait); the response lands in the register.
	OpInvoke
	// OpClose closes the session once it is drained (CloseWait).
	OpClose
	// OpSpawn starts a coroutine for role Arg of the same session.
	OpSpawn
	// OpHalt ends the coroutine.
	OpHalt
)

var opNames = [...]string{"?", "open", "send", "recv", "choose", "offer", "invoke", "close", "spawn", "halt"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "?"
}

// Instr is one instruction.
type Instr struct {
	Op    Op
	Edge  uint8
	Label uint8
	Arg   uint8
}

// RoleCode is one role of a protocol: its code, the progress tokens its
// session type grants (one per receive), and whether it starts at load or
// is spawned by a peer.
type RoleCode struct {
	Name    string
	Code    []Instr
	Tokens  uint8
	Spawned bool
}

// Protocol is a session type with the code of each role. Edges are
// numbered within the session.
type Protocol struct {
	Name  string
	Doc   string
	Roles []RoleCode
	// Invokes says whether a role invokes the handler, so that the
	// environment picks a handler response for the session.
	Invokes bool
	// Orphans says the program leaves a message no role receives: its
	// closer must wait in CloseWait for good, as the session never
	// drains (an ill-typed program's deadlock, not the VM's).
	Orphans bool
}

// ProtocolID names a protocol of the vocabulary.
type ProtocolID uint8

// The vocabulary.
const (
	PingPong ProtocolID = iota
	Pipeline
	Choice
	Relay
	Overdraw
	DualInvoke
	TwoChoices
	Pipeline3
	OverdrawOffer
	Orphan
	OrphanReply
	ChoiceReply
	OverdrawReply
	ThreeInvokes
	TurnInvokes
	CrossEdges
	NumProtocols
)

// Protocols is the read-only table of programs, indexed by ProtocolID.
var Protocols = [NumProtocols]Protocol{
	PingPong: {Name: "ping-pong", Doc: "A sends ping on e0, B answers pong on e1, A closes",
		Roles: []RoleCode{
			{Name: "A", Tokens: 1, Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpRecv, Edge: 1}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpRecv, Edge: 0}, {Op: OpSend, Edge: 1, Label: 2}}},
		}},
	Pipeline: {Name: "pipeline", Doc: "A sends two messages on e0 without waiting, B receives both, A closes",
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpSend, Edge: 0, Label: 2}, {Op: OpClose}}},
			{Name: "B", Tokens: 2, Code: []Instr{{Op: OpRecv, Edge: 0}, {Op: OpRecv, Edge: 0}}},
		}},
	Choice: {Name: "choice", Doc: "A asks the handler, chooses its answer on e0; B offers: label 0 halts, label 1 halts from another branch", Invokes: true,
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpInvoke, Arg: 0}, {Op: OpChoose, Edge: 0}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpOffer, Edge: 0, Arg: 2}, {Op: OpHalt}, {Op: OpHalt}}},
		}},
	Relay: {Name: "relay", Doc: "three parties: A spawns B and sends on e0, B relays on e1 to C, A closes",
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpSpawn, Arg: 1}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Spawned: true, Code: []Instr{{Op: OpRecv, Edge: 0}, {Op: OpSend, Edge: 1, Label: 1}}},
			{Name: "C", Tokens: 1, Code: []Instr{{Op: OpRecv, Edge: 1}}},
		}},
	Overdraw: {Name: "overdraw", Doc: "ill-typed: B's type grants one receive, its code receives twice; the second must fault",
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpRecv, Edge: 0}, {Op: OpRecv, Edge: 0}}},
		}},
	DualInvoke: {Name: "dual-invoke", Doc: "both roles invoke the handler concurrently; A chooses its answer on e0, B offers", Invokes: true,
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpInvoke, Arg: 0}, {Op: OpChoose, Edge: 0}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpInvoke, Arg: 0}, {Op: OpOffer, Edge: 0, Arg: 3}, {Op: OpHalt}, {Op: OpHalt}}},
		}},
	TwoChoices: {Name: "two-choices", Doc: "A asks the handler and chooses its answer twice on e0 without waiting, B offers twice: at capacity 1 the second choose meets a full buffer", Invokes: true,
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpInvoke, Arg: 0}, {Op: OpChoose, Edge: 0}, {Op: OpChoose, Edge: 0}, {Op: OpClose}}},
			{Name: "B", Tokens: 2, Code: []Instr{{Op: OpOffer, Edge: 0, Arg: 1}, {Op: OpOffer, Edge: 0, Arg: 2}}},
		}},
	Pipeline3: {Name: "pipeline-3", Doc: "A sends three messages on e0 without waiting, B receives them, A closes: at capacity 2 the third send waits for room, not for an empty buffer",
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpSend, Edge: 0, Label: 2}, {Op: OpSend, Edge: 0, Label: 3}, {Op: OpClose}}},
			{Name: "B", Tokens: 3, Code: []Instr{{Op: OpRecv, Edge: 0}, {Op: OpRecv, Edge: 0}, {Op: OpRecv, Edge: 0}}},
		}},
	OverdrawOffer: {Name: "overdraw-offer", Doc: "ill-typed: B's type grants one offer, its code offers twice; the second must fault", Invokes: true,
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpInvoke, Arg: 0}, {Op: OpChoose, Edge: 0}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpOffer, Edge: 0, Arg: 1}, {Op: OpOffer, Edge: 0, Arg: 2}}},
		}},
	Orphan: {Name: "orphan", Doc: "ill-typed: A sends two messages on e0, B receives one and ends; the second is never received, so A's close waits in CloseWait for good", Orphans: true,
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpSend, Edge: 0, Label: 2}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpRecv, Edge: 0}}},
		}},
	OrphanReply: {Name: "orphan-reply", Doc: "ill-typed: A sends on e0 and receives one reply on e1, B receives and replies twice; the second reply is never received, so A's close waits in CloseWait for good", Orphans: true,
		Roles: []RoleCode{
			{Name: "A", Tokens: 1, Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpRecv, Edge: 1}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpRecv, Edge: 0}, {Op: OpSend, Edge: 1, Label: 2}, {Op: OpSend, Edge: 1, Label: 3}}},
		}},
	ChoiceReply: {Name: "choice-reply", Doc: "A sends on e0; B receives, asks the handler and chooses its answer on e1; A offers on e1: label 0 closes, label 1 closes from another branch", Invokes: true,
		Roles: []RoleCode{
			{Name: "A", Tokens: 1, Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpOffer, Edge: 1, Arg: 5}, {Op: OpClose}, {Op: OpHalt}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpRecv, Edge: 0}, {Op: OpInvoke, Arg: 0}, {Op: OpChoose, Edge: 1}}},
		}},
	OverdrawReply: {Name: "overdraw-reply", Doc: "ill-typed: B's type grants one receive, its code receives on e0 and then on e1; the second must fault, on e1",
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpRecv, Edge: 0}, {Op: OpRecv, Edge: 1}}},
		}},
	ThreeInvokes: {Name: "three-invokes", Doc: "A asks the handler three times and chooses its last answer on e0, B offers: one role's invokes, causally ordered, get the session's count so far (0, 1, 2)", Invokes: true,
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpInvoke, Arg: 0}, {Op: OpInvoke, Arg: 0}, {Op: OpInvoke, Arg: 0}, {Op: OpChoose, Edge: 0}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpOffer, Edge: 0, Arg: 1}}},
		}},
	TurnInvokes: {Name: "turn-invokes", Doc: "A asks the handler and chooses its answer on e0; B offers, asks the handler in its turn and chooses on e1; A offers on e1: two roles' invokes, causally ordered, share the session's count (0, then 1)", Invokes: true,
		Roles: []RoleCode{
			{Name: "A", Tokens: 1, Code: []Instr{{Op: OpOpen}, {Op: OpInvoke, Arg: 0}, {Op: OpChoose, Edge: 0}, {Op: OpOffer, Edge: 1, Arg: 4}, {Op: OpClose}}},
			{Name: "B", Tokens: 1, Code: []Instr{{Op: OpOffer, Edge: 0, Arg: 1}, {Op: OpInvoke, Arg: 0}, {Op: OpChoose, Edge: 1}}},
		}},
	CrossEdges: {Name: "cross-edges", Doc: "A sends on e0 and then on e1 without waiting, B receives from e1 and then from e0: a send onto an empty e1 while e0 holds a message, which only e1's own buffer may hold back",
		Roles: []RoleCode{
			{Name: "A", Code: []Instr{{Op: OpOpen}, {Op: OpSend, Edge: 0, Label: 1}, {Op: OpSend, Edge: 1, Label: 2}, {Op: OpClose}}},
			{Name: "B", Tokens: 2, Code: []Instr{{Op: OpRecv, Edge: 1}, {Op: OpRecv, Edge: 0}}},
		}},
}

// ProtocolByName finds a protocol of the vocabulary.
func ProtocolByName(name string) (ProtocolID, bool) {
	for i, p := range Protocols {
		if p.Name == name {
			return ProtocolID(i), true
		}
	}
	return 0, false
}

func (p ProtocolID) String() string {
	if p < NumProtocols {
		return Protocols[p].Name
	}
	return "?"
}
