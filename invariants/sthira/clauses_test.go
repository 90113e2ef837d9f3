package sthira

import (
	"slices"
	"testing"

	sm "modelcheck/model/sthira"
	rt "modelcheck/runtime/sthira"
)

// Replay-and-tamper tests for the clauses of derive.go that no fault of
// runtime/sthira reaches. Each case reaches a real transition by driving
// a named scenario (every input one the model offers, every step passing
// Check), then replays its last step with a copy of the state before, the
// input, the state after or the events edited as a runtime bug would have
// left them, and wants Check to report the invariant of the one clause
// that sees the edit.

// transition is one step as Check reads it.
type transition struct {
	before, after rt.State
	in            rt.Input
	events        []rt.Event
}

// scenarioNamed is a named scenario with the given runtime faults on.
func scenarioNamed(t *testing.T, name string, faults ...rt.Fault) sm.Scenario {
	t.Helper()
	sc, err := sm.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range faults {
		sc.Config.Faults = sc.Config.Faults.With(f)
	}
	return sc
}

// reach runs script on sc through the model and the runtime's Apply,
// each input being the one the model offers with that operation, task and
// outcome (a declaration takes the scenario's priority and scope), and
// each step passing Check. It returns the checker and the last step.
func reach(t *testing.T, sc sm.Scenario, script []rt.Input) (*Checker, transition) {
	t.Helper()
	e, err := NewExplorable(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := e.Init()
	var tr transition
	for i, want := range script {
		offered := e.Enabled(&s, nil)
		k := slices.IndexFunc(offered, func(in rt.Input) bool {
			return in.Op == want.Op && in.Task == want.Task && in.Outcome == want.Outcome
		})
		if k < 0 {
			t.Fatalf("setup: step %d (%s) is not offered in %s: %v", i+1, want, sc.Name, offered)
		}
		in := offered[k]
		next := s
		var log rt.Log
		if err := e.Apply(&next, in, &log); err != nil {
			t.Fatalf("setup: step %d (%s): %v", i+1, in, err)
		}
		if v := e.checker.Check(&s, in, &next, log.Events); v != 0 {
			t.Fatalf("setup: step %d (%s) breaks %s", i+1, in, Names()[v-1])
		}
		tr = transition{before: s, in: in, after: next, events: log.Events}
		s = next
	}
	return e.checker, tr
}

// verdict is the name of the invariant Check reports for tr, "none" if
// it passes.
func verdict(c *Checker, tr *transition) string {
	if v := c.Check(&tr.before, tr.in, &tr.after, tr.events); v != 0 {
		return Names()[v-1]
	}
	return "none"
}

// kinds lists the kinds of events, in order.
func kinds(events []rt.Event) []rt.Kind {
	out := make([]rt.Kind, len(events))
	for i, e := range events {
		out[i] = e.Kind
	}
	return out
}

// at is the index of the event of kind k naming task id.
func (tr *transition) at(t *testing.T, k rt.Kind, id uint8) int {
	t.Helper()
	i := slices.IndexFunc(tr.events, func(e rt.Event) bool { return e.Kind == k && e.Task == id })
	if i < 0 {
		t.Fatalf("setup: no %s of t%d in %v", k, id, tr.events)
	}
	return i
}

// edit changes the event of kind k naming task id.
func (tr *transition) edit(t *testing.T, k rt.Kind, id uint8, change func(*rt.Event)) {
	t.Helper()
	change(&tr.events[tr.at(t, k, id)])
}

// remove leaves out the event of kind k naming task id.
func (tr *transition) remove(t *testing.T, k rt.Kind, id uint8) {
	t.Helper()
	tr.events = slices.Delete(tr.events, tr.at(t, k, id), tr.at(t, k, id)+1)
}

// repeat reports the event of kind k naming task id twice in a row.
func (tr *transition) repeat(t *testing.T, k rt.Kind, id uint8) {
	t.Helper()
	i := tr.at(t, k, id)
	tr.events = slices.Insert(tr.events, i+1, tr.events[i])
}

// insertBefore puts e just before the event of kind k naming task id.
func (tr *transition) insertBefore(t *testing.T, k rt.Kind, id uint8, e rt.Event) {
	t.Helper()
	tr.events = slices.Insert(tr.events, tr.at(t, k, id), e)
}

// The environment's inputs, spelled for scripts; reach fills in a
// declaration's priority and scope from the scenario.
func declare(id uint8) rt.Input { return rt.Input{Op: rt.Declare, Task: id} }
func submit(id uint8) rt.Input  { return rt.Input{Op: rt.Submit, Task: id} }
func cancel(id uint8) rt.Input  { return rt.Input{Op: rt.Cancel, Task: id} }
func suspend(id uint8) rt.Input { return rt.Input{Op: rt.Suspend, Task: id} }
func tick() rt.Input            { return rt.Input{Op: rt.Tick} }
func complete(id uint8, o rt.Outcome) rt.Input {
	return rt.Input{Op: rt.Complete, Task: id, Outcome: o}
}

// started: t1 (default: NORMAL-s1) is submitted to the empty scheduler
// and starts at once.
func started() []rt.Input { return []rt.Input{declare(1), submit(1)} }

// queuedBehind: in default, t1 (NORMAL-s1) holds s1's one slot, and t2
// (HIGH-s1) is submitted: CONCURRENCY_LIMIT_REACHED s1, then TASK_QUEUED.
func queuedBehind() []rt.Input { return append(started(), declare(2), submit(2)) }

// lowActivated: in overflow (limit 1), t1 (NORMAL) runs and t2 (LOW)
// waits in Q_LOW; t1 completes and t2 is activated from Q_LOW.
func lowActivated() []rt.Input {
	return []rt.Input{declare(1), submit(1), declare(2), submit(2), complete(1, rt.Success)}
}

// clauseCase is one tamper of one real transition.
type clauseCase struct {
	name     string
	scenario string
	faults   []rt.Fault
	script   []rt.Input
	// kinds are the real last step's events: the setup the tamper edits.
	kinds  []rt.Kind
	tamper func(t *testing.T, tr *transition)
	want   string
}

// runClauseCases reaches each case's transition, guards its setup (the
// events expected, the untampered step passing) and wants the tampered
// copy reported as the case's invariant.
func runClauseCases(t *testing.T, cases []clauseCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, tr := reach(t, scenarioNamed(t, tc.scenario, tc.faults...), tc.script)
			if got := kinds(tr.events); !slices.Equal(got, tc.kinds) {
				t.Fatalf("setup: %s emits %v, want %v", tr.in, got, tc.kinds)
			}
			if v := verdict(c, &tr); v != "none" {
				t.Fatalf("setup: the untampered %s breaks %s", tr.in, v)
			}
			tampered := tr
			tampered.events = slices.Clone(tr.events)
			tc.tamper(t, &tampered)
			if got := verdict(c, &tampered); got != tc.want {
				t.Errorf("tampered %s with events %v: Check reports %s, want %s", tr.in, tampered.events, got, tc.want)
			}
		})
	}
}

const (
	kDeclared  = rt.TaskDeclared
	kQueued    = rt.TaskQueued
	kActivated = rt.TaskActivated
	kRunning   = rt.TaskRunning
	kSuspended = rt.TaskSuspended
	kFailed    = rt.TaskFailed
	kDropped   = rt.TaskDropped
	kDisposing = rt.TaskDisposing
	kDisposed  = rt.TaskDisposed
	kLimit     = rt.ConcurrencyLimitReached
)

// TestLimitAndQueueEventClauses: the clauses judging
// CONCURRENCY_LIMIT_REACHED and TASK_QUEUED (§6: excess tasks remain
// queued, and only they; §4: in their priority's queue; §10: the limit
// reached is named).
func TestLimitAndQueueEventClauses(t *testing.T) {
	runClauseCases(t, []clauseCase{
		// derive.go event, CONCURRENCY_LIMIT_REACHED of a task not an
		// undecided arrival (lifecycle, §6): t2 queued behind t1, its
		// limit reported after its TASK_QUEUED, when it is no longer an
		// arrival.
		{name: "limit-reached-after-queued", scenario: "default", script: queuedBehind(),
			kinds: []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) {
				tr.events[0], tr.events[1] = tr.events[1], tr.events[0]
			},
			want: "lifecycle"},
		// derive.go event, CONCURRENCY_LIMIT_REACHED naming the wrong
		// limit (diagnostics, §10 "why a task is waiting"): t2 (s1) meets
		// s1's limit with a global slot free, and the event says global.
		{name: "limit-reached-names-global-for-scope", scenario: "default", script: queuedBehind(),
			kinds: []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kLimit, 2, func(e *rt.Event) { e.Limit = rt.GlobalLimit })
			},
			want: "diagnostics"},
		// queuedEvent, TASK_QUEUED of a task already queued (lifecycle,
		// §4 "tasks enter exactly one queue"): t2's TASK_QUEUED reported
		// twice.
		{name: "queued-twice", scenario: "default", script: queuedBehind(),
			kinds:  []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) { tr.repeat(t, kQueued, 2) },
			want:   "lifecycle"},
		// queuedEvent, TASK_QUEUED naming another queue than the task's
		// priority (no-reprioritization, §4, §7): t2 (HIGH) said to enter
		// Q_NORMAL while the state puts it in Q_HIGH.
		{name: "queued-event-names-other-queue", scenario: "default", script: queuedBehind(),
			kinds: []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kQueued, 2, func(e *rt.Event) { e.Prio = rt.Normal })
			},
			want: "no-reprioritization"},
		// queuedEvent, TASK_QUEUED of an arrival that may start
		// (work-conservation, §6 "excess tasks remain queued", only
		// they): t1 submitted to the empty scheduler is queued, then
		// activated from the queue in the same step (a runtime that
		// queues every arrival before its activation loop), so at the end
		// of the step nothing authorized waits.
		{name: "authorized-arrival-queued", scenario: "default", script: started(),
			kinds: []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.insertBefore(t, kActivated, 1, rt.Event{Kind: rt.TaskQueued, Task: 1, Prio: rt.Normal})
			},
			want: "work-conservation"},
		// queuedEvent, TASK_QUEUED without CONCURRENCY_LIMIT_REACHED
		// before it (diagnostics, §10 "why a task is waiting"): t2 queued
		// behind t1 with its limit event left out.
		{name: "queued-without-limit-reached", scenario: "default", script: queuedBehind(),
			kinds:  []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) { tr.remove(t, kLimit, 2) },
			want:   "diagnostics"},
	})
}

// TestActivationClauses: the clauses judging TASK_ACTIVATED and
// TASK_RUNNING (§5 activation: FSM transition to RUNNING and execution
// reservation; §3, §4 the priority and queue it comes from).
func TestActivationClauses(t *testing.T) {
	runClauseCases(t, []clauseCase{
		// activatedEvent, TASK_ACTIVATED of a task not ATTACHED
		// (lifecycle, §5): t1's activation at submission reported twice.
		{name: "activated-twice", scenario: "default", script: started(),
			kinds:  []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) { tr.repeat(t, kActivated, 1) },
			want:   "lifecycle"},
		// activatedEvent, TASK_ACTIVATED naming another priority than
		// the task's (no-reprioritization, §3 "priority is immutable"):
		// t1 (NORMAL) said to start as HIGH.
		{name: "activated-event-names-other-priority", scenario: "default", script: started(),
			kinds: []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kActivated, 1, func(e *rt.Event) { e.Prio = rt.High })
			},
			want: "no-reprioritization"},
		// activatedEvent, TASK_ACTIVATED naming another scope than the
		// task's (observable-state, §10: the event shows where the slot
		// is taken): t1 (s1) said to start in s2.
		{name: "activated-event-names-other-scope", scenario: "default", script: started(),
			kinds: []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kActivated, 1, func(e *rt.Event) { e.Scope = 1 })
			},
			want: "observable-state"},
		// activatedEvent, a task activated from a queue other than its
		// priority's (no-reprioritization, §4 "no task migration between
		// queues"): t2 is activated from Q_LOW, where a runtime that had
		// rewritten its priority to HIGH a step before (without moving
		// it) left it; before and after say HIGH, and so does the event,
		// so only the queue it leaves disagrees.
		{name: "activated-from-other-priority-queue", scenario: "overflow", script: lowActivated(),
			kinds: []rt.Kind{kDisposing, kDisposed, kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.before.Tasks[1].Prio = rt.High
				tr.after.Tasks[1].Prio = rt.High
				tr.edit(t, kActivated, 2, func(e *rt.Event) { e.Prio = rt.High })
			},
			want: "no-reprioritization"},
		// activatedEvent, an ATTACHED task activated from no queue while
		// not the arrival (lifecycle, §5: only a dequeued task or the
		// arrival is activated): t2's activation when t1 completes,
		// replayed from a state before whose Q_LOW had lost t2.
		{name: "activated-from-no-queue", scenario: "overflow", script: lowActivated(),
			kinds: []rt.Kind{kDisposing, kDisposed, kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.before.Queues[rt.Low-1] = rt.FIFO{}
			},
			want: "lifecycle"},
		// activatedEvent, under the reject policy an arrival that met
		// the limit activated anyway (drop-policy, §6 policy reject): t1
		// submitted to the empty scheduler is told
		// CONCURRENCY_LIMIT_REACHED, then started.
		{name: "reject-arrival-limited-then-started", scenario: "reject", script: started(),
			kinds: []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.insertBefore(t, kActivated, 1, rt.Event{Kind: rt.ConcurrencyLimitReached, Task: 1, Limit: 2})
			},
			want: "drop-policy"},
		// event, TASK_RUNNING of a task neither just activated nor
		// resumed (lifecycle, §5): t1's TASK_RUNNING reported twice.
		{name: "running-twice", scenario: "default", script: started(),
			kinds:  []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) { tr.repeat(t, kRunning, 1) },
			want:   "lifecycle"},
		// close, an activation without its TASK_RUNNING (lifecycle, §5
		// "activation means FSM transition to RUNNING"): t1's
		// TASK_RUNNING left out.
		{name: "activated-never-running", scenario: "default", script: started(),
			kinds:  []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) { tr.remove(t, kRunning, 1) },
			want:   "lifecycle"},
		// close, a task in no queue whose §10 diagnosis says it waits
		// (diagnostics, §10 "why a task is waiting"): t2 (LOW) starts at
		// submission and the state after leaves it in Q_LOW as well. Only
		// a second signal bug lets this clause see it alone: with the
		// queue lengths right, their clause reports the same stale entry;
		// so the runtime's fault low-queue-uncounted (Q_LOW left out of
		// the lengths) is on, and Q_LOW is empty in every real step.
		{name: "started-task-left-in-queue", scenario: "overflow", faults: []rt.Fault{rt.LowQueueUncounted},
			script: []rt.Input{declare(2), submit(2)},
			kinds:  []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.after.Queues[rt.Low-1] = rt.FIFO{Items: [rt.MaxTasks]uint8{2}, Len: 1}
			},
			want: "diagnostics"},
	})
}

// TestDeclarationAndUnknownEventClauses: the clauses judging
// TASK_DECLARED (§3 "priority is assigned at task creation") and events
// of no known kind.
func TestDeclarationAndUnknownEventClauses(t *testing.T) {
	runClauseCases(t, []clauseCase{
		// declared, a declaration whose event names another priority
		// than the input's (no-reprioritization, §3): t1 declared NORMAL,
		// its TASK_DECLARED says HIGH.
		{name: "declared-event-names-other-priority", scenario: "default", script: []rt.Input{declare(1)},
			kinds: []rt.Kind{kDeclared},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kDeclared, 1, func(e *rt.Event) { e.Prio = rt.High })
			},
			want: "no-reprioritization"},
		// declared, TASK_DECLARED that is neither the input's
		// declaration nor a retry (lifecycle): t1's TASK_DECLARED
		// reported twice.
		{name: "declared-twice", scenario: "default", script: []rt.Input{declare(1)},
			kinds:  []rt.Kind{kDeclared},
			tamper: func(t *testing.T, tr *transition) { tr.repeat(t, kDeclared, 1) },
			want:   "lifecycle"},
		// event, an event of no kind the notes list (lifecycle): t1's
		// declaration followed by an event of kind NumKinds naming t1.
		{name: "unknown-kind", scenario: "default", script: []rt.Input{declare(1)},
			kinds: []rt.Kind{kDeclared},
			tamper: func(t *testing.T, tr *transition) {
				tr.events = append(tr.events, rt.Event{Kind: rt.Kind(rt.NumKinds), Task: 1})
			},
			want: "lifecycle"},
		// event, the same with NoKind.
		{name: "no-kind", scenario: "default", script: []rt.Input{declare(1)},
			kinds: []rt.Kind{kDeclared},
			tamper: func(t *testing.T, tr *transition) {
				tr.events = append(tr.events, rt.Event{Kind: rt.NoKind, Task: 1})
			},
			want: "lifecycle"},
	})
}

// TestSuspendAndCompletionClauses: the clauses judging TASK_SUSPENDED,
// TASK_DISPOSING, TASK_FAILED and TASK_DISPOSED of a running task (§3: a
// running task keeps its slot until its own completion; the lifecycle
// RUNNING -> DISPOSING -> DISPOSED, an ERROR surfaced first).
func TestSuspendAndCompletionClauses(t *testing.T) {
	runClauseCases(t, []clauseCase{
		// event, TASK_SUSPENDED of a task not RUNNING (lifecycle): in
		// scopes, t1 (HIGH-s1) runs and suspends; its TASK_SUSPENDED
		// reported twice.
		{name: "suspended-twice", scenario: "scopes", script: append(started(), suspend(1)),
			kinds:  []rt.Kind{kSuspended},
			tamper: func(t *testing.T, tr *transition) { tr.repeat(t, kSuspended, 1) },
			want:   "lifecycle"},
		// event, TASK_DISPOSING with another outcome than the
		// completion's (observable-state, §10): t1 completes SUCCESS, its
		// TASK_DISPOSING says ERROR.
		{name: "disposing-names-other-outcome", scenario: "default", script: append(started(), complete(1, rt.Success)),
			kinds: []rt.Kind{kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kDisposing, 1, func(e *rt.Event) { e.Outcome = rt.Error })
			},
			want: "observable-state"},
		// event, an ERROR completion whose error is not surfaced before
		// TASK_DISPOSING (no-silent-drop, §8 "error is surfaced"): t1
		// completes ERROR, its TASK_FAILED left out.
		{name: "error-completion-not-surfaced", scenario: "default", script: append(started(), complete(1, rt.Error)),
			kinds:  []rt.Kind{kFailed, kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) { tr.remove(t, kFailed, 1) },
			want:   "no-silent-drop"},
		// event, TASK_DISPOSING of a running task other than the one
		// completing (no-preemption, §3 "never preempt running tasks"):
		// t1 and t3 run, t1 completes, and t3 is disposed as well.
		{name: "other-running-task-disposing", scenario: "default",
			script: append(started(), declare(3), submit(3), complete(1, rt.Success)),
			kinds:  []rt.Kind{kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.events = append(tr.events, rt.Event{Kind: rt.TaskDisposing, Task: 3, Outcome: rt.Success})
			},
			want: "no-preemption"},
		// failedEvent, an ERROR completion surfacing another outcome
		// (no-silent-drop, §8): t1 completes ERROR, its TASK_FAILED says
		// SUCCESS.
		{name: "error-completion-fails-as-success", scenario: "default", script: append(started(), complete(1, rt.Error)),
			kinds: []rt.Kind{kFailed, kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kFailed, 1, func(e *rt.Event) { e.Outcome = rt.Success })
			},
			want: "no-silent-drop"},
		// failedEvent, TASK_FAILED of a task neither dropped, rejected
		// nor completing with ERROR (lifecycle): t1 starts at submission
		// and a TASK_FAILED follows its TASK_RUNNING.
		{name: "running-task-failed", scenario: "default", script: started(),
			kinds: []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.events = append(tr.events, rt.Event{Kind: rt.TaskFailed, Task: 1, Outcome: rt.Error})
			},
			want: "lifecycle"},
		// disposedEvent, a completion's TASK_DISPOSED with another outcome
		// than its TASK_DISPOSING (observable-state, §10): t1 completes
		// SUCCESS, its TASK_DISPOSED says ERROR.
		{name: "disposed-names-other-outcome", scenario: "default", script: append(started(), complete(1, rt.Success)),
			kinds: []rt.Kind{kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kDisposed, 1, func(e *rt.Event) { e.Outcome = rt.Error })
			},
			want: "observable-state"},
	})
}

// TestDropClauses: the clauses judging TASK_DROPPED, a drop's or a
// rejection's TASK_FAILED and TASK_DISPOSED (§8 drop behavior: directly to
// DISPOSED, the error surfaced, no silent drop; §6 policy reject; §3).
func TestDropClauses(t *testing.T) {
	cancelled := append(queuedBehind(), cancel(2))
	dropKinds := []rt.Kind{kDropped, kFailed, kDisposed}
	rejected := []rt.Input{declare(1), submit(1), declare(2), submit(2)}
	runClauseCases(t, []clauseCase{
		// droppedEvent, TASK_DROPPED of a running task (no-preemption,
		// §3 "may preempt lower-priority pending tasks, never running
		// ones"): in overflow, t1 runs, t2 (LOW) waits, the queue is full
		// and t4 (HIGH) arrives; the drop preempting t2 names t1 instead.
		{name: "preemption-drops-running-task", scenario: "overflow",
			script: []rt.Input{declare(1), submit(1), declare(2), submit(2), declare(4), submit(4)},
			kinds:  []rt.Kind{kLimit, kDropped, kFailed, kDisposed, kQueued},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kDropped, 2, func(e *rt.Event) { e.Task = 1 })
			},
			want: "no-preemption"},
		// droppedEvent, TASK_DROPPED of a task not ATTACHED (lifecycle,
		// DISPOSED is absorbing): t2's cancel reports its TASK_DROPPED
		// twice.
		{name: "dropped-twice", scenario: "default", script: cancelled, kinds: dropKinds,
			tamper: func(t *testing.T, tr *transition) { tr.repeat(t, kDropped, 2) },
			want:   "lifecycle"},
		// failedEvent, a drop surfacing another outcome than its reason's
		// (no-silent-drop, §8 "error is surfaced"): t2's cancel fails
		// REJECTED instead of ABORTED.
		{name: "cancel-fails-as-rejected", scenario: "default", script: cancelled, kinds: dropKinds,
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kFailed, 2, func(e *rt.Event) { e.Outcome = rt.Rejected })
			},
			want: "no-silent-drop"},
		// disposedEvent, a drop's TASK_DISPOSED with another outcome than
		// its TASK_FAILED (no-silent-drop, §8): t2's cancel disposed
		// REJECTED.
		{name: "cancel-disposed-as-rejected", scenario: "default", script: cancelled, kinds: dropKinds,
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kDisposed, 2, func(e *rt.Event) { e.Outcome = rt.Rejected })
			},
			want: "no-silent-drop"},
		// disposedEvent, TASK_DISPOSED of a task already disposed
		// (lifecycle, DISPOSED is absorbing): t2's cancel reports its
		// TASK_DISPOSED twice.
		{name: "disposed-twice", scenario: "default", script: cancelled, kinds: dropKinds,
			tamper: func(t *testing.T, tr *transition) { tr.repeat(t, kDisposed, 2) },
			want:   "lifecycle"},
		// close, a drop with neither TASK_FAILED nor TASK_DISPOSED
		// (no-silent-drop, §8 "no silent drops"): t2's cancel reports
		// only its TASK_DROPPED.
		{name: "cancel-neither-failed-nor-disposed", scenario: "default", script: cancelled, kinds: dropKinds,
			tamper: func(t *testing.T, tr *transition) {
				tr.remove(t, kFailed, 2)
				tr.remove(t, kDisposed, 2)
			},
			want: "no-silent-drop"},
		// failedEvent, a rejection with no CONCURRENCY_LIMIT_REACHED
		// before it (drop-policy, §6: reject only over the limit, as the
		// limit event says): in reject, t1 (LOW-s2) holds s2's one slot
		// and t2 (HIGH-s2) is rejected; its limit event left out.
		{name: "rejected-without-limit-reached", scenario: "reject", script: rejected,
			kinds:  []rt.Kind{kLimit, kFailed, kDisposed},
			tamper: func(t *testing.T, tr *transition) { tr.remove(t, kLimit, 2) },
			want:   "drop-policy"},
		// failedEvent, a rejection surfacing another outcome than
		// REJECTED (no-silent-drop, §8 "error is surfaced"): t2's
		// rejection fails ABORTED (its TASK_DISPOSED still says REJECTED).
		{name: "rejected-fails-as-aborted", scenario: "reject", script: rejected,
			kinds: []rt.Kind{kLimit, kFailed, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kFailed, 2, func(e *rt.Event) { e.Outcome = rt.Aborted })
			},
			want: "no-silent-drop"},
	})
}

// TestCloseClauses: the clauses judging the state after once every event
// is applied (§8 max wait; §4, §7 each queue holds its priority's tasks).
func TestCloseClauses(t *testing.T) {
	// timedOut: in timeout (limit 1, max wait 1), t1 runs, t2 waits, and
	// the second tick drops t2 for max wait.
	timedOut := []rt.Input{declare(1), submit(1), declare(2), submit(2), tick(), tick()}
	// misqueued puts extra in Q_HIGH of the state after, after t2.
	misqueued := func(extra uint8) func(*testing.T, *transition) {
		return func(t *testing.T, tr *transition) {
			q := &tr.after.Queues[rt.High-1]
			q.Items[q.Len] = extra
			q.Len++
		}
	}
	runClauseCases(t, []clauseCase{
		// close, a queued task past max wait still queued (drop-policy,
		// §8 "task exceeds max wait time", and always then): the second
		// tick, replayed with no events and the state after of the same
		// tick under no max wait (a runtime that ignores it).
		{name: "max-wait-exceeded-kept", scenario: "timeout", script: timedOut,
			kinds: []rt.Kind{kDropped, kFailed, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				cfg := scenarioNamed(t, "timeout").Config
				cfg.MaxWait = 0
				tr.after = tr.before
				if err := tr.after.Apply(&cfg, tr.in, &rt.Log{}); err != nil {
					t.Fatalf("setup: %v", err)
				}
				tr.events = nil
			},
			want: "drop-policy"},
		// close, a queue of the state after holding a task of another
		// priority (no-reprioritization, §4 "no task migration between
		// queues"): t2 (HIGH) queued behind t1, left in Q_NORMAL.
		{name: "queued-in-other-priority-queue", scenario: "default", script: queuedBehind(),
			kinds: []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) {
				tr.after.Queues[rt.High-1] = rt.FIFO{}
				tr.after.Queues[rt.Normal-1] = rt.FIFO{Items: [rt.MaxTasks]uint8{2}, Len: 1}
			},
			want: "no-reprioritization"},
		// close, the same clause's guard: a queue of the state after
		// holding id 0 (no task) behind t2.
		{name: "queue-holds-no-task", scenario: "default", script: queuedBehind(),
			kinds: []rt.Kind{kLimit, kQueued}, tamper: misqueued(0), want: "no-reprioritization"},
		// close, the same clause's guard: a queue of the state after
		// holding an id past the task table behind t2.
		{name: "queue-holds-id-past-table", scenario: "default", script: queuedBehind(),
			kinds: []rt.Kind{kLimit, kQueued}, tamper: misqueued(rt.MaxTasks + 1), want: "no-reprioritization"},
	})
}
