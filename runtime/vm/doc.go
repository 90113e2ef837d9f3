// Package vm is the coroutine VM of contract 002 (VM Scheduling) as a pure
// state transition: coroutines running small session-typed programs over
// per-edge FIFO buffers, scheduled in rounds of up to N steps under the
// policies Cooperative, RoundRobin and ProgressAware.
//
// The State is a fixed-size value (arrays of small integers), so a round
// is a copy and a fingerprint is a hash of its bytes. The programs live in
// a read-only table (Protocols); a coroutine in the state names its
// protocol, role and pc.
//
// The contract's rules, by the names a reader will look for:
//   - SchedRound: a round is clock + 1, tryUnblockReceivers, then pickReady
//     picks up to N ready coroutines and each executes one instruction in
//     pick order (execInstr), its result handled by handleResult. Events are
//     appended in pick order, each carrying the round's tick. N = 0 is an
//     error (ErrZeroN); N >= the queue length means "all".
//   - BlockReason: RecvWait, SendWait (Block backpressure on a full
//     buffer), InvokeWait, CloseWait.
//   - A receive consumes one progress token {session, endpoint}; with none
//     the coroutine faults.
//   - NormalizeTrace: each session's events renumbered 0, 1, 2, ... in trace
//     order; non-session events keep their global tick.
//   - The effect handler (handler) is part of the model: deterministic and
//     session-local.
//
// Where contract 002 and the semantics notes are silent (or, once, disagree), this package
// chooses (and the README's "VM (contract 002)" section repeats):
//   - Progress tokens are granted by the session type when a coroutine
//     starts: one per receive (recv or offer) its role's type performs. A
//     program that receives more than its type grants (the Overdraw
//     protocol) is ill-typed, and its extra receive faults.
//   - tryUnblockReceivers walks the whole blocked set in order and also
//     releases the other waits whose cause is gone: SendWait when the
//     buffer has room, InvokeWait always (the handler has answered by the
//     next round), CloseWait when the session is drained. Without this a
//     sender held by backpressure, an invoker or a closer would wait
//     forever; the contract names only the receivers' release.
//   - Cooperative "executes coroutines until they yield": a picked
//     coroutine that continues goes back to the front of the queue, so it
//     keeps running round after round until it blocks or finishes;
//     RoundRobin and ProgressAware send it to the back. The semantics
//     notes send every continuing coroutine to the back; for Cooperative
//     that contradicts the contract's "until they yield", and the notes
//     yield to a contract they disagree with.
//   - Observable events are the session actions (opened, sent, received,
//     chose, offered, invoked, closed, faulted) and spawned, which has no
//     session. Picks, blocks, releases and halts are the scheduler's own
//     events, emitted for the checks but not part of the trace: a halt
//     would otherwise be an event that no peer waits for, and would order
//     itself arbitrarily against its peers' events.
//   - A session is drained when its buffers are empty and every other
//     coroutine of the session has finished (done or faulted); close waits
//     (CloseWait) for that, so a session's close is its last event.
//   - A coroutine that runs past the end of its code halts in the same
//     step; Halt is needed only inside a branch.
//   - The handler's response for an invoke is computed when the invoker
//     resumes: (the session's chosen response + the number of invokes the
//     session has already made) mod 2. The count is the session-local
//     mutable state the contract allows.
//   - Normalization keeps of a session event its role, kind, edge and
//     label, and drops its coroutine number as well as its tick (the
//     contract's without_tick names only the tick): a spawned coroutine's
//     number is the schedule's doing (of two relay sessions, whichever A
//     spawns first gets the lower number for its B), so a trace that kept
//     it could differ between N and policies where the session did the same.
package vm
