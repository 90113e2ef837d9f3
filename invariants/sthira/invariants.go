// Package sthira holds the checks of the Sthira model (contract 003), its
// fault catalogue and the model.System the command line lists.
//
// The checks do not trust the runtime they check. Each transition is
// re-derived by the checker from the state before, the input and the
// events alone (derive.go): a shadow scheduler that applies what the
// events say happened, judging every event against the contract's rules
// as it goes. The runtime's state after must then equal the shadow. Since
// the state before was itself checked the same way (and the initial state
// is checked by CheckInit), no counter, queue or flag of the runtime is
// relied on before it has been checked, and a wrong update is caught the
// first time it happens.
package sthira

import (
	"slices"

	"modelcheck/internal/suggest"
)

// Invariant is one named check: its contract IDs, and the rule in words.
type Invariant struct {
	Name        string
	ContractIDs []string
	Doc         string
}

// The invariants' positions, in check order: when one transition breaks
// several, the first in this order is reported.
const (
	iLimit = iota
	iNoPreemption
	iActivationOrder
	iWorkConservation
	iNoReprioritization
	iNoSilentDrop
	iDropPolicy
	iRetry
	iLifecycle
	iDiagnostics
	iObservable
	iAccepted
	numInvariants
)

var all = [numInvariants]Invariant{
	iLimit: {"limit", []string{"sthira/§6"},
		"the tasks holding an execution slot never exceed maxConcurrentTasks, globally or in any scope, at any activation"},
	iNoPreemption: {"no-preemption", []string{"sthira/§3"},
		"a task holding a slot keeps it until its own completion: no arrival, drop or re-queue takes it"},
	iActivationOrder: {"activation-order", []string{"sthira/§5", "sthira/§4"},
		"each activation takes the first authorized task in priority order, FIFO within a queue; a task starting at submission has no authorized task of equal or higher priority queued"},
	iWorkConservation: {"work-conservation", []string{"sthira/§6", "sthira/§5"},
		"after every step no queued task is authorized to start (no free slot, global and in its scope, while it waits), and a task is queued only when it may not start"},
	iNoReprioritization: {"no-reprioritization", []string{"sthira/§7", "sthira/§3", "sthira/§4"},
		"a task's priority is the one it was declared with for its whole life; it is queued in, activated from and stays in that priority's queue (no aging, no migration)"},
	iNoSilentDrop: {"no-silent-drop", []string{"sthira/§8"},
		"every task that leaves the queues (or its submission) without being activated has TASK_DROPPED with a reason, or a rejection, then TASK_FAILED with the outcome of that reason (max wait TIMEOUT, cancel ABORTED, overflow REJECTED) and TASK_DISPOSED, and its ref invalidated; a completion with ERROR surfaces it too, as TASK_FAILED ERROR before its TASK_DISPOSING"},
	iDropPolicy: {"drop-policy", []string{"sthira/§8", "sthira/§3"},
		"drops happen only for their reasons: overflow at the queue limit of an arrival that may not start, as its CONCURRENCY_LIMIT_REACHED said (the newest task of the lowest queue below the arrival, else the arrival), a wait exceeding max wait (and always then; a tick's drops in queue order, Q_HIGH first and FIFO within a queue), an explicit cancel; rejection only under the reject policy and over the limit; the queues never exceed their limit"},
	iRetry: {"retry-new-task", []string{"sthira/§9"},
		"an explicit retry of a task that failed with ERROR declares a new task, and only such a retry declares one (drops are never retried), once, in a never-used slot (a new ref) with the original's priority and scope; the original stays disposed"},
	iLifecycle: {"lifecycle", []string{"sthira/§5", "sthira/§8", "sthira/lifecycle"},
		"each task's events follow INIT -> ATTACHED -> (QUEUED) -> ACTIVATED -> RUNNING <-> SUSPENDED, RUNNING -> DISPOSING -> DISPOSED, or ATTACHED -> DROPPED -> FAILED -> DISPOSED directly; DISPOSED is absorbing; each event matches the input that caused it"},
	iDiagnostics: {"diagnostics", []string{"sthira/§10", "sthira/§7"},
		"the signals are read-only (asked on a copy, which they must leave as it was) and a task in no queue is not waiting; for every queued task they are true: its queue and place, why it waits (the global or the scope limit, shown as global_limit or scope_limit), its wait time, its starvation duration (ticks a higher-priority task held a slot) and \"blocked by\" (the higher-priority tasks that held a slot while it waited), spelled as DevTools shows it ({t1,t3}); the queue lengths are those of the queues; CONCURRENCY_LIMIT_REACHED names the limit that was reached"},
	iObservable: {"observable-state", []string{"sthira/§10", "sthira/§8"},
		"the scheduler's state after a step (phases, refs, outcomes, queues, slot counts) is exactly what its state before, the input and the events say"},
	iAccepted: {"offered-input-accepted", []string{"sthira/§5", "sthira/§8", "sthira/lifecycle"},
		"the scheduler accepts every input the environment offers in a task's phase (declare into a free slot, submit of an INIT task, completion or suspension of a RUNNING one, resume of a SUSPENDED one, cancel of a queued one, retry of one that failed with ERROR) and answers in events, never with an error or a panic, nor by leaving a queue length, a queued task id or a scope outside its table"},
}

// Names lists the invariants in check order.
func Names() []string {
	out := make([]string, len(all))
	for i, inv := range all {
		out[i] = inv.Name
	}
	return out
}

// selection turns invariant names into a set of positions; no names means
// all.
func selection(only []string) (uint32, error) {
	if len(only) == 0 {
		return 1<<numInvariants - 1, nil
	}
	var on uint32
	for _, name := range only {
		i := slices.Index(Names(), name)
		if i < 0 {
			return 0, suggest.UnknownOf("sthira", "invariant", name, Names())
		}
		on |= 1 << i
	}
	return on, nil
}
