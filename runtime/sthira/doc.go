// Package sthira is the Sthira priority scheduler of contract 003 ("Sthira
// Scheduler & Priority Semantics") as a pure state-transition function:
// tasks with one immutable priority (§3), three FIFO queues (§4), the
// activation loop (§5) under maxConcurrentTasks, global and per scope
// (§6), observable starvation (§7), drops that are never silent (§8),
// retry as a new task (§9) and read-only diagnostics (§10). The upstream
// has only the specification; this package is its first executable form.
//
// A State is a small fixed-size value (arrays of bytes, no pointers), so a
// step is a copy and the explorer hashes a state as its raw bytes. The
// scheduler's configuration (limits, policy, fault switches) is a Config
// passed to every step rather than stored in the state: it never changes.
//
// Where the contract is silent, this package chooses, and the checks in
// invariants/sthira hold it to the choice:
//
//   - Lifecycle (semantics notes): INIT -> ATTACHED -> RUNNING <->
//     SUSPENDED, RUNNING -> DISPOSING -> DISPOSED; a queued task is
//     ATTACHED; a drop or a rejection takes an ATTACHED task directly to
//     DISPOSED (§8). DISPOSED is absorbing for the task; a scenario with
//     Recycle lets the environment declare a new task in a disposed slot
//     (a recurring job), which is how a finite model runs forever.
//   - Activation (§5 with §6): the loop activates, while the global limit
//     has a free slot, the first task in Q_HIGH, then Q_NORMAL, then Q_LOW,
//     FIFO within each, whose scope also has a free slot. A task whose
//     scope is full keeps its place and does not block the tasks behind it
//     (no head-of-line blocking): otherwise a slot would stay free while an
//     authorized task waits.
//   - A submitted task that is authorized starts at once (no TASK_QUEUED):
//     nothing authorized can be queued ahead of it, since the loop has run.
//     One that is not authorized gets CONCURRENCY_LIMIT_REACHED and is
//     queued (policy queue) or rejected (policy reject: outcome REJECTED,
//     TASK_FAILED, TASK_DISPOSED, never queued).
//   - An activated task holds its execution reservation until it is
//     disposed: SUSPENDED keeps the slot (suspension is the task's own
//     doing, and §3 forbids taking a slot from a started task).
//   - Queue limit (§8 "queue size exceeds policy limit"): the number of
//     tasks queued in the three queues together. Pre-emption of a pending
//     task (§3 "may preempt lower-priority pending tasks") is defined as
//     the overflow choice: when an arrival finds the queues full and some
//     queued task has a strictly lower priority, the newest task of the
//     lowest-priority non-empty queue is dropped (reason preempted) and the
//     arrival is queued; otherwise the arrival itself is dropped (reason
//     queue_full), so tasks already waiting keep their place.
//   - Max wait (§8): time is a tick input; each tick adds one to the wait
//     of every queued task, and a task whose wait exceeds MaxWait is
//     dropped (reason max_wait, outcome TIMEOUT) in that tick. The drops
//     of one tick come out in queue order: Q_HIGH, Q_NORMAL, Q_LOW, FIFO
//     within each (§8 orders none; this is the order §5 reads queues in).
//   - A drop emits TASK_DROPPED (with its reason), TASK_FAILED (the
//     surfaced error, with the outcome: REJECTED for queue_full and
//     preempted, TIMEOUT for max_wait, ABORTED for cancel) and
//     TASK_DISPOSED, and invalidates the ref. Explicit cancel applies to a
//     queued task; a running task ends only through its own completion.
//   - Retry (§9) is allowed once for a task that completed with outcome
//     ERROR: it declares a new task in the first never-used slot (a new
//     ref) with the original's priority and scope, and submits it. A retry
//     that fails with ERROR may be retried in turn. Drops are never
//     retried.
//   - Diagnostics (§10): wait time and starvation duration count ticks
//     (saturating at WaitCap); starvation duration counts the ticks during
//     which a higher-priority task held a slot (§7's definition); "blocked
//     by" is the set of higher-priority tasks that held a slot at some
//     moment while the task was queued; "why" is shown as global_limit or
//     scope_limit (Diagnosis.WhyShown).
package sthira
