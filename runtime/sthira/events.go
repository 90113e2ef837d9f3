package sthira

import (
	"fmt"
	"strings"
)

// Kind names a diagnostics event (semantics notes: TASK_DECLARED ...
// CONCURRENCY_LIMIT_REACHED). A task's events are totally ordered: they
// are emitted in one sequence, in the order things happened to it.
type Kind uint8

// The events. TaskSuspended is ours: the notes' list has no event for
// RUNNING -> SUSPENDED, and a lifecycle no event shows is not observable.
const (
	NoKind Kind = iota
	TaskDeclared
	TaskQueued
	TaskActivated
	TaskRunning
	TaskSuspended
	TaskFailed
	TaskDropped
	TaskDisposing
	TaskDisposed
	ConcurrencyLimitReached
)

var kindNames = [...]string{
	NoKind:                  "NO_EVENT",
	TaskDeclared:            "TASK_DECLARED",
	TaskQueued:              "TASK_QUEUED",
	TaskActivated:           "TASK_ACTIVATED",
	TaskRunning:             "TASK_RUNNING",
	TaskSuspended:           "TASK_SUSPENDED",
	TaskFailed:              "TASK_FAILED",
	TaskDropped:             "TASK_DROPPED",
	TaskDisposing:           "TASK_DISPOSING",
	TaskDisposed:            "TASK_DISPOSED",
	ConcurrencyLimitReached: "CONCURRENCY_LIMIT_REACHED",
}

// NumKinds is the number of event kinds, NoKind included: every Kind is
// below it.
const NumKinds = len(kindNames)

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// GlobalLimit is Event.Limit for the global maxConcurrentTasks; scope
// s(k) is k.
const GlobalLimit = 0

// Event is one diagnostics event. Which fields print depends on Kind.
type Event struct {
	Kind    Kind
	Task    uint8
	Prio    Priority
	Scope   uint8
	Outcome Outcome
	Reason  DropReason
	// Other is another task the event names: for TASK_DECLARED the task a
	// retry retries, for TASK_DROPPED the arrival that preempted it.
	Other uint8
	// Limit is, for CONCURRENCY_LIMIT_REACHED, the limit reached:
	// GlobalLimit or a scope's number.
	Limit uint8
}

func (e Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s task=t%d", e.Kind, e.Task)
	switch e.Kind {
	case TaskDeclared:
		fmt.Fprintf(&b, " prio=%s scope=s%d", e.Prio, e.Scope+1)
		if e.Other != 0 {
			fmt.Fprintf(&b, " retry_of=t%d", e.Other)
		}
	case TaskQueued:
		fmt.Fprintf(&b, " queue=%s", e.Prio.Queue())
	case TaskActivated:
		fmt.Fprintf(&b, " prio=%s scope=s%d", e.Prio, e.Scope+1)
	case TaskFailed, TaskDisposing, TaskDisposed:
		fmt.Fprintf(&b, " outcome=%s", e.Outcome)
	case TaskDropped:
		fmt.Fprintf(&b, " reason=%s", e.Reason)
		if e.Other != 0 {
			fmt.Fprintf(&b, " by=t%d", e.Other)
		}
	case ConcurrencyLimitReached:
		if e.Limit == GlobalLimit {
			b.WriteString(" limit=global")
		} else {
			fmt.Fprintf(&b, " limit=s%d", e.Limit)
		}
	}
	return b.String()
}

// Log collects a step's events in a buffer the caller reuses.
type Log struct{ Events []Event }

// Reset empties the log, keeping its buffer.
func (l *Log) Reset() { l.Events = l.Events[:0] }

func (l *Log) emit(e Event) { l.Events = append(l.Events, e) }
