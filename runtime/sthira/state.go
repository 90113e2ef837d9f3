package sthira

import "fmt"

// Bounds of the model. A task is named by its slot, t1..tMaxTasks.
const (
	// MaxTasks is the number of task slots: the scenario's tasks plus the
	// slots retries take.
	MaxTasks = 6
	// MaxScopes is the number of scopes with their own limit, s1 and s2.
	MaxScopes = 2
	// WaitCap is where the wait and starvation counters saturate, so that
	// the state space stays finite when no max wait drops a task.
	WaitCap = 7
)

// Priority is a task's one priority (§3 Priority Model). The smaller
// value is the higher priority, and Priority-1 is the index of its queue.
type Priority uint8

// The priorities, highest first; NoPriority marks an empty slot.
const (
	NoPriority Priority = iota
	High
	Normal
	Low
)

// Priorities lists the priorities in activation order (§5).
var Priorities = [3]Priority{High, Normal, Low}

// Above reports whether p is a strictly higher priority than q.
func (p Priority) Above(q Priority) bool { return p < q }

func (p Priority) String() string {
	switch p {
	case High:
		return "HIGH"
	case Normal:
		return "NORMAL"
	case Low:
		return "LOW"
	}
	return fmt.Sprintf("Priority(%d)", uint8(p))
}

// Queue names p's queue (§4 Scheduler Queues).
func (p Priority) Queue() string { return "Q_" + p.String() }

// ParsePriority reads HIGH, NORMAL or LOW.
func ParsePriority(s string) (Priority, error) {
	for _, p := range Priorities {
		if p.String() == s {
			return p, nil
		}
	}
	return NoPriority, fmt.Errorf("priority %q is not HIGH, NORMAL or LOW", s)
}

// Phase is a task's lifecycle state (semantics notes: INIT -> ATTACHED ->
// RUNNING -> SUSPENDED -> DISPOSING -> DISPOSED).
type Phase uint8

// The phases; Unused is a slot no task was ever declared in.
const (
	Unused Phase = iota
	Init
	Attached
	Running
	Suspended
	Disposing
	Disposed
)

func (p Phase) String() string {
	switch p {
	case Unused:
		return "UNUSED"
	case Init:
		return "INIT"
	case Attached:
		return "ATTACHED"
	case Running:
		return "RUNNING"
	case Suspended:
		return "SUSPENDED"
	case Disposing:
		return "DISPOSING"
	case Disposed:
		return "DISPOSED"
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// HoldsSlot reports whether a task in phase p holds an execution
// reservation: from activation until disposal.
func (p Phase) HoldsSlot() bool { return p == Running || p == Suspended }

// Outcome is how a task ended.
type Outcome uint8

// The outcomes; NoOutcome while a task lives.
const (
	NoOutcome Outcome = iota
	Success
	Error
	Aborted
	Rejected
	Timeout
)

func (o Outcome) String() string {
	switch o {
	case NoOutcome:
		return "none"
	case Success:
		return "SUCCESS"
	case Error:
		return "ERROR"
	case Aborted:
		return "ABORTED"
	case Rejected:
		return "REJECTED"
	case Timeout:
		return "TIMEOUT"
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// ParseOutcome reads an outcome a completion may carry: SUCCESS or ERROR.
func ParseOutcome(s string) (Outcome, error) {
	switch s {
	case "SUCCESS":
		return Success, nil
	case "ERROR":
		return Error, nil
	}
	return NoOutcome, fmt.Errorf("outcome %q is not SUCCESS or ERROR", s)
}

// DropReason is why a task was dropped (§8 Drop Policy).
type DropReason uint8

// The reasons; NotDropped for a task that was not.
const (
	NotDropped DropReason = iota
	// QueueFull: the arrival found the queues at their limit and nothing
	// of lower priority queued.
	QueueFull
	// Preempted: a higher-priority arrival found the queues full and took
	// the place of this pending task (§3).
	Preempted
	// MaxWait: the task waited more than the max wait time.
	MaxWait
	// Cancelled: explicit cancellation.
	Cancelled
)

func (r DropReason) String() string {
	switch r {
	case NotDropped:
		return "none"
	case QueueFull:
		return "queue_full"
	case Preempted:
		return "preempted"
	case MaxWait:
		return "max_wait"
	case Cancelled:
		return "cancelled"
	}
	return fmt.Sprintf("DropReason(%d)", uint8(r))
}

// Outcome is the outcome a drop for reason r surfaces.
func (r DropReason) Outcome() Outcome {
	switch r {
	case MaxWait:
		return Timeout
	case Cancelled:
		return Aborted
	}
	return Rejected
}

// Config is the scheduler's policy (§6, §8): it never changes during a run.
type Config struct {
	// Limit is the global maxConcurrentTasks (§6), at least 1.
	Limit uint8
	// ScopeLimit is each scope's maxConcurrentTasks; 0 means none.
	ScopeLimit [MaxScopes]uint8
	// QueueLimit bounds the tasks queued in the three queues together; 0
	// means no limit.
	QueueLimit uint8
	// MaxWait drops a task that waited more than this many ticks; 0 means
	// no max wait.
	MaxWait uint8
	// Reject rejects a task that cannot start instead of queueing it.
	Reject bool
	// Recycle lets a task be declared in the slot of a disposed one.
	Recycle bool
	// Tasks is how many slots (t1..) the environment declares tasks in;
	// retries take the slots after them.
	Tasks uint8
	// Faults are the deliberate bugs switched on.
	Faults Faults
}

// Validate reports a configuration the runtime cannot honour.
func (c *Config) Validate() error {
	switch {
	case c.Limit == 0 || c.Limit > MaxTasks:
		return fmt.Errorf("limit %d is not in 1..%d", c.Limit, MaxTasks)
	case c.Tasks == 0 || c.Tasks > MaxTasks:
		return fmt.Errorf("tasks %d is not in 1..%d", c.Tasks, MaxTasks)
	case c.MaxWait >= WaitCap:
		return fmt.Errorf("max wait %d is not below %d", c.MaxWait, WaitCap)
	case c.QueueLimit > MaxTasks:
		return fmt.Errorf("queue limit %d is above %d", c.QueueLimit, MaxTasks)
	}
	for i, l := range c.ScopeLimit {
		if l > MaxTasks {
			return fmt.Errorf("scope s%d limit %d is above %d", i+1, l, MaxTasks)
		}
	}
	return nil
}

// Task is one task slot. Only the scheduler writes it; the environment
// reads it through Diagnose and the ref.
type Task struct {
	Phase Phase
	Prio  Priority
	// Scope is the task's scope, 0 for s1.
	Scope   uint8
	Outcome Outcome
	Reason  DropReason
	// RefValid: the task's ref may be used; false once it is disposed.
	RefValid bool
	// Waited counts the ticks spent queued (§10 task wait time).
	Waited uint8
	// Starved counts the ticks spent queued while a higher-priority task
	// held a slot (§7 definition, §10 starvation duration).
	Starved uint8
	// BlockedBy has bit k set for task t(k+1) of higher priority that held
	// a slot at some moment while this task was queued (§10).
	BlockedBy uint8
	// RetryOf is the slot number (1-based) of the task this one retries.
	RetryOf uint8
	// Retried: a retry of this task was declared.
	Retried bool
}

// FIFO is one priority queue of task ids (1-based), oldest first.
type FIFO struct {
	Items [MaxTasks]uint8
	Len   uint8
}

// State is the scheduler.
type State struct {
	Tasks [MaxTasks]Task
	// Queues holds Q_HIGH, Q_NORMAL, Q_LOW (§4).
	Queues [3]FIFO
	// Active counts the tasks holding a slot; ScopeActive per scope.
	Active      uint8
	ScopeActive [MaxScopes]uint8
}

// Task returns task id's slot (id is 1-based).
func (s *State) Task(id uint8) *Task { return &s.Tasks[id-1] }

// Queued reports whether task id is in a queue, and where.
func (s *State) Queued(id uint8) (q Priority, pos int, ok bool) {
	for _, p := range Priorities {
		f := &s.Queues[p-1]
		for i := range int(f.Len) {
			if f.Items[i] == id {
				return p, i, true
			}
		}
	}
	return NoPriority, 0, false
}

// QueuedCount is the number of tasks in the three queues together, which
// the queue limit (§8) is tested against.
func (s *State) QueuedCount(cfg *Config) int {
	n := int(s.Queues[0].Len) + int(s.Queues[1].Len)
	// Fault QueuedCountSkipsLow leaves Q_LOW out.
	if !cfg.Faults.Has(QueuedCountSkipsLow) {
		n += int(s.Queues[2].Len)
	}
	return n
}

func (f *FIFO) push(id uint8) {
	f.Items[f.Len] = id
	f.Len++
}

// remove takes the task at position i out, keeping the order of the rest
// (§4: FIFO) and zeroing the freed place (states are compared as bytes).
func (f *FIFO) remove(cfg *Config, i int) {
	f.Len--
	if cfg.Faults.Has(RemoveSwapsLast) {
		// Fault RemoveSwapsLast fills the gap with the last task.
		f.Items[i] = f.Items[f.Len]
	} else {
		copy(f.Items[i:f.Len], f.Items[i+1:f.Len+1])
	}
	f.Items[f.Len] = 0
}
