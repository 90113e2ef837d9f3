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

// rerun replaces the step's events and state after with what the runtime
// does when in is applied to from under cfg: the step as a runtime
// configured otherwise (or handed another input) takes it.
func (tr *transition) rerun(t *testing.T, cfg rt.Config, from rt.State, in rt.Input) {
	t.Helper()
	tr.after = from
	var log rt.Log
	if err := tr.after.Apply(&cfg, in, &log); err != nil {
		t.Fatalf("setup: %s: %v", in, err)
	}
	tr.events = log.Events
}

// then goes on with in from the state after, in the same step: its events
// are appended and the state after is the one in leaves.
func (tr *transition) then(t *testing.T, cfg rt.Config, in rt.Input) {
	t.Helper()
	var log rt.Log
	if err := tr.after.Apply(&cfg, in, &log); err != nil {
		t.Fatalf("setup: %s: %v", in, err)
	}
	tr.events = append(tr.events, log.Events...)
}

// requeued is s with id, activated in the step that left s, back at the
// head of its priority's queue, ATTACHED, its slot not taken: the state
// before of a runtime that had left it queued with a slot free.
func requeued(s rt.State, id uint8) rt.State {
	t := sm.TaskRecord(&s, id)
	t.Phase = rt.Attached
	f := &s.Queues[t.Prio-1]
	copy(f.Items[1:f.Len+1], f.Items[:f.Len])
	f.Items[0] = id
	f.Len++
	s.Active--
	s.ScopeActive[t.Scope]--
	return s
}

// The environment's inputs, spelled for scripts; reach fills in a
// declaration's priority and scope from the scenario.
func declare(id uint8) rt.Input { return rt.Input{Op: rt.Declare, Task: id} }
func submit(id uint8) rt.Input  { return rt.Input{Op: rt.Submit, Task: id} }
func cancel(id uint8) rt.Input  { return rt.Input{Op: rt.Cancel, Task: id} }
func suspend(id uint8) rt.Input { return rt.Input{Op: rt.Suspend, Task: id} }
func tick() rt.Input            { return rt.Input{Op: rt.Tick} }
func retry(id uint8) rt.Input   { return rt.Input{Op: rt.Retry, Task: id} }
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
		// event, CONCURRENCY_LIMIT_REACHED of an arrival that may start
		// (diagnostics, §10: the limit event is true, §6 only an arrival
		// over the limit meets it): t1, submitted to the empty scheduler,
		// is told s1's limit (the scope it would name) before it starts.
		{name: "limit-reached-by-authorized-arrival", scenario: "default", script: started(),
			kinds: []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.insertBefore(t, kActivated, 1, rt.Event{Kind: rt.ConcurrencyLimitReached, Task: 1, Limit: 1})
			},
			want: "diagnostics"},
		// queuedEvent, TASK_QUEUED of the arrival while it is already in
		// a queue (lifecycle, §4 "tasks enter exactly one queue"): in
		// overflow, t2's activation when t1 completes, replayed as a
		// submit(2) on a state before that still held t2 in Q_LOW with
		// t1's slot free, t2 queued a second time before it starts.
		{name: "queued-arrival-already-queued", scenario: "overflow", script: lowActivated(),
			kinds: []rt.Kind{kDisposing, kDisposed, kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.before, tr.in = requeued(tr.after, 2), submit(2)
				tr.events = tr.events[tr.at(t, kActivated, 2):]
				tr.insertBefore(t, kActivated, 2, rt.Event{Kind: rt.TaskQueued, Task: 2, Prio: rt.Low})
			},
			want: "lifecycle"},
		// queuedEvent, TASK_QUEUED of an ATTACHED task that is not the
		// arrival (lifecycle, §6: a task is queued when its submission
		// is decided): t2's queuing behind t1 replayed in a tick, from a
		// state before where t2's submission had attached it undecided.
		{name: "queued-not-the-arrival", scenario: "default", script: queuedBehind(),
			kinds: []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) {
				tr.before.Tasks[1].Phase = rt.Attached
				tr.in = tick()
			},
			want: "lifecycle"},
		// queuedEvent, TASK_QUEUED under the reject policy (drop-policy,
		// §6 policy reject: a task over the limit is rejected, never
		// queued): in reject, t2 (HIGH-s2) meets s2's limit and is queued
		// as under the queue policy.
		{name: "queued-under-reject-policy", scenario: "reject",
			script: []rt.Input{declare(1), submit(1), declare(2), submit(2)},
			kinds:  []rt.Kind{kLimit, kFailed, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				cfg := scenarioNamed(t, "reject").Config
				cfg.Reject = false
				tr.rerun(t, cfg, tr.before, tr.in)
			},
			want: "drop-policy"},
		// queuedEvent, TASK_QUEUED with the queues at their limit
		// (drop-policy, §8 overflow: the queues never exceed their
		// limit), the queue back within it by the end of the step, so
		// only the moment of queuing shows it: in scoped-overflow (queue
		// limit 1), t1 (HIGH-s1) runs and t3 (LOW-s2) waits in Q_LOW
		// although s2 has room (a state before a runtime bug left); t2
		// (LOW-s1) arrives, meets s1's limit and is queued as if there
		// were no queue limit, and only then t3 is started.
		{name: "queued-at-queue-limit", scenario: "scoped-overflow",
			script: []rt.Input{declare(1), submit(1), declare(3), declare(2)},
			kinds:  []rt.Kind{kDeclared},
			tamper: func(t *testing.T, tr *transition) {
				tr.before = tr.after
				tr.before.Tasks[2].Phase, tr.before.Tasks[2].BlockedBy = rt.Attached, bit(1)
				tr.before.Queues[rt.Low-1] = rt.FIFO{Items: [rt.MaxTasks]uint8{3}, Len: 1}
				tr.in = submit(2)
				cfg := scenarioNamed(t, "scoped-overflow").Config
				cfg.QueueLimit = 0
				tr.rerun(t, cfg, tr.before, tr.in)
				if got := kinds(tr.events); !slices.Equal(got, []rt.Kind{kLimit, kQueued}) {
					t.Fatalf("setup: submit(2) emits %v", got)
				}
				tr.after.Tasks[2].Phase = rt.Running
				tr.after.Queues[rt.Low-1] = rt.FIFO{Items: [rt.MaxTasks]uint8{2}, Len: 1}
				tr.after.Active++
				tr.after.ScopeActive[1]++
				tr.events = append(tr.events,
					rt.Event{Kind: rt.TaskActivated, Task: 3, Prio: rt.Low, Scope: 1},
					rt.Event{Kind: rt.TaskRunning, Task: 3})
			},
			want: "drop-policy"},
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
		// declared, a declaration whose event names another scope than
		// the input's (no-reprioritization, §3: what a task is declared
		// with is its own for its life): t1 declared in s1, its
		// TASK_DECLARED says s2.
		{name: "declared-event-names-other-scope", scenario: "default", script: []rt.Input{declare(1)},
			kinds: []rt.Kind{kDeclared},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kDeclared, 1, func(e *rt.Event) { e.Scope = 1 })
			},
			want: "no-reprioritization"},
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
		// failedEvent, an ERROR completion surfacing its error twice
		// (lifecycle: one event per thing that happened): t1 completes
		// ERROR, and a second TASK_FAILED comes before its TASK_DISPOSING.
		{name: "error-completion-fails-twice", scenario: "default", script: append(started(), complete(1, rt.Error)),
			kinds: []rt.Kind{kFailed, kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.insertBefore(t, kDisposing, 1, rt.Event{Kind: rt.TaskFailed, Task: 1, Outcome: rt.Error})
			},
			want: "lifecycle"},
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
		// event, TASK_SUSPENDED answering another input than a
		// suspension (lifecycle: RUNNING <-> SUSPENDED is the task's own
		// doing): in scopes, t1 completes SUCCESS and a TASK_SUSPENDED of
		// t1 comes before its TASK_DISPOSING.
		{name: "suspended-on-completion", scenario: "scopes", script: append(started(), complete(1, rt.Success)),
			kinds: []rt.Kind{kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.insertBefore(t, kDisposing, 1, rt.Event{Kind: rt.TaskSuspended, Task: 1})
			},
			want: "lifecycle"},
		// event, TASK_SUSPENDED of a running task other than the one
		// suspending (lifecycle): in scopes, t1 and t3 run, suspend(1) is
		// answered with t3's TASK_SUSPENDED.
		{name: "suspended-other-task", scenario: "scopes",
			script: append(started(), declare(3), submit(3), suspend(1)),
			kinds:  []rt.Kind{kSuspended},
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kSuspended, 1, func(e *rt.Event) { e.Task = 3 })
			},
			want: "lifecycle"},
		// event, TASK_SUSPENDED between a task's TASK_ACTIVATED and its
		// TASK_RUNNING (lifecycle, §5: activation means the FSM
		// transition to RUNNING, before anything the task does): in
		// scopes, t2's activation when t1 completes replayed as a
		// suspend(2) on a state before that still held t2 in Q_HIGH with
		// t1 gone, t2 suspended before its TASK_RUNNING and left
		// SUSPENDED.
		{name: "suspended-before-running", scenario: "scopes",
			script: append(started(), declare(2), submit(2), complete(1, rt.Success)),
			kinds:  []rt.Kind{kDisposing, kDisposed, kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.before, tr.in = requeued(tr.after, 2), suspend(2)
				tr.events = tr.events[tr.at(t, kActivated, 2):]
				tr.insertBefore(t, kRunning, 2, rt.Event{Kind: rt.TaskSuspended, Task: 2})
				tr.after.Tasks[1].Phase = rt.Suspended
			},
			want: "lifecycle"},
		// close, a TASK_FAILED left without its disposal (lifecycle:
		// RUNNING -> DISPOSING -> DISPOSED): t1 completes ERROR, surfaces
		// it, and its TASK_DISPOSING and TASK_DISPOSED are left out.
		{name: "error-completion-never-disposing", scenario: "default", script: append(started(), complete(1, rt.Error)),
			kinds: []rt.Kind{kFailed, kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.remove(t, kDisposing, 1)
				tr.remove(t, kDisposed, 1)
			},
			want: "lifecycle"},
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
		// failedEvent, a rejection under the queue policy (drop-policy,
		// §6: rejection only under the reject policy): in default, t2
		// meets s1's limit and is rejected as under the reject policy.
		{name: "rejected-under-queue-policy", scenario: "default", script: queuedBehind(),
			kinds: []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) {
				cfg := scenarioNamed(t, "default").Config
				cfg.Reject = true
				tr.rerun(t, cfg, tr.before, tr.in)
			},
			want: "drop-policy"},
		// failedEvent, a rejection of an arrival that may start
		// (drop-policy, §6: reject only over the limit): in reject, t1
		// submitted to the empty scheduler is told s2's limit, rejected
		// and disposed.
		{name: "authorized-arrival-rejected", scenario: "reject", script: started(),
			kinds: []rt.Kind{kActivated, kRunning},
			tamper: func(t *testing.T, tr *transition) {
				tr.events = []rt.Event{
					{Kind: rt.ConcurrencyLimitReached, Task: 1, Limit: 2},
					{Kind: rt.TaskFailed, Task: 1, Outcome: rt.Rejected},
					{Kind: rt.TaskDisposed, Task: 1, Outcome: rt.Rejected},
				}
				tr.after = tr.before
				a := &tr.after.Tasks[0]
				a.Phase, a.Outcome, a.RefValid = rt.Disposed, rt.Rejected, false
			},
			want: "drop-policy"},
		// close, a drop surfaced but never disposed (no-silent-drop, §8:
		// "directly to DISPOSED"): t2's cancel without its TASK_DISPOSED.
		{name: "cancel-not-disposed", scenario: "default", script: cancelled, kinds: dropKinds,
			tamper: func(t *testing.T, tr *transition) { tr.remove(t, kDisposed, 2) },
			want:   "no-silent-drop"},
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
		// close, a queued task gone from the queues of the state after
		// with no event (no-silent-drop, §8 "no silent drops"): t2 queued
		// behind t1, Q_HIGH of the state after empty, t2 still ATTACHED.
		{name: "queued-task-missing-after", scenario: "default", script: queuedBehind(),
			kinds:  []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) { tr.after.Queues[rt.High-1] = rt.FIFO{} },
			want:   "no-silent-drop"},
		// close, a queued task disposed in the state after with no event,
		// though left in its queue (no-silent-drop, §8): t2 queued behind
		// t1, DISPOSED in the state after.
		{name: "queued-task-disposed-after", scenario: "default", script: queuedBehind(),
			kinds:  []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) { tr.after.Tasks[1].Phase = rt.Disposed },
			want:   "no-silent-drop"},
		// close, §10 "why a task is waiting" false: t2 waits on s1's limit
		// with a global slot free, and the state after counts two slots
		// held, so its diagnosis says the global limit.
		{name: "diagnosis-why-global-for-scope", scenario: "default", script: queuedBehind(),
			kinds:  []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) { tr.after.Active = 2 },
			want:   "diagnostics"},
		// close, §10 "wait time" false: t2 just queued, its wait one tick
		// in the state after.
		{name: "diagnosis-waited", scenario: "default", script: queuedBehind(),
			kinds:  []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) { tr.after.Tasks[1].Waited = 1 },
			want:   "diagnostics"},
		// close, §10 "starvation duration" false: t2 just queued, starved
		// one tick in the state after.
		{name: "diagnosis-starved", scenario: "default", script: queuedBehind(),
			kinds:  []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) { tr.after.Tasks[1].Starved = 1 },
			want:   "diagnostics"},
		// close, §10 "what higher-priority tasks block it" false in the
		// set though not in its display: t2 (HIGH) is blocked by nothing,
		// the state after's set names slot 7 (bit 6, past the table),
		// which the spelling {} leaves out.
		{name: "diagnosis-blocked-by-past-table", scenario: "default", script: queuedBehind(),
			kinds:  []rt.Kind{kLimit, kQueued},
			tamper: func(t *testing.T, tr *transition) { tr.after.Tasks[1].BlockedBy |= 1 << rt.MaxTasks },
			want:   "diagnostics"},
	})
}

// TestRetryClauses: the clause judging a retry's TASK_DECLARED (§9 "retry
// creates a new task": only an explicit retry, of the task it names,
// which failed with ERROR and was not dropped, disposed and not yet
// retried, into a never-used slot past the scenario's tasks, with the
// original's priority and scope).
func TestRetryClauses(t *testing.T) {
	// retried: in default, t1 (NORMAL-s1) fails with ERROR and is retried
	// as t6, which starts at once.
	retried := []rt.Input{declare(1), submit(1), complete(1, rt.Error), retry(1)}
	retryKinds := []rt.Kind{kDeclared, kActivated, kRunning}
	// bothFailed: t1 and then t2 (HIGH-s1) fail with ERROR.
	bothFailed := append(started(), complete(1, rt.Error), declare(2), submit(2), complete(2, rt.Error))
	defaults := func(t *testing.T) rt.Config { return scenarioNamed(t, "default").Config }
	runClauseCases(t, []clauseCase{
		// a retry the environment did not ask for (retry-new-task, §9:
		// only an explicit retry declares a new task): t1's ERROR
		// completion goes on, in the same step, to retry t1 as t6 (a
		// runtime that retries failures of its own accord).
		{name: "retry-on-error-completion", scenario: "default", script: append(started(), complete(1, rt.Error)),
			kinds: []rt.Kind{kFailed, kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.then(t, defaults(t), retry(1))
			},
			want: "retry-new-task"},
		// a retry of another task than the one asked for
		// (retry-new-task, §9): t1 and t2 failed with ERROR, retry(1) is
		// taken as retry(2).
		{name: "retry-of-other-task", scenario: "default", script: append(bothFailed, retry(1)),
			kinds: retryKinds,
			tamper: func(t *testing.T, tr *transition) {
				tr.rerun(t, defaults(t), tr.before, retry(2))
			},
			want: "retry-new-task"},
		// a retry of a task that did not fail with ERROR (retry-new-task,
		// §9): t1's retry replayed from the state its SUCCESS completion
		// leaves.
		{name: "retry-of-success", scenario: "default", script: retried, kinds: retryKinds,
			tamper: func(t *testing.T, tr *transition) {
				tr.before.Tasks[0].Outcome = rt.Success
				tr.after.Tasks[0].Outcome = rt.Success
			},
			want: "retry-new-task"},
		// a retry of a dropped task (retry-new-task, §8 "drops are never
		// retried"): t1's retry replayed from a state before recording a
		// max-wait drop reason on t1 (one a runtime that drops with ERROR
		// would leave).
		{name: "retry-of-dropped-task", scenario: "default", script: retried, kinds: retryKinds,
			tamper: func(t *testing.T, tr *transition) {
				tr.before.Tasks[0].Reason = rt.MaxWait
				tr.after.Tasks[0].Reason = rt.MaxWait
			},
			want: "retry-new-task"},
		// a retry into one of the environment's own slots
		// (retry-new-task, §9: a new task, a new ref): t1 retried as t5,
		// by a runtime that counts the scenario's tasks one short.
		{name: "retry-in-environment-slot", scenario: "default", script: retried, kinds: retryKinds,
			tamper: func(t *testing.T, tr *transition) {
				cfg := defaults(t)
				cfg.Tasks--
				tr.rerun(t, cfg, tr.before, tr.in)
				tr.at(t, kDeclared, 5)
			},
			want: "retry-new-task"},
		// a retry into a slot already used (retry-new-task, §9: a
		// never-used slot): t1 and t2 failed, t2 was retried as t6, which
		// completed; retry(1) is taken anyway, into t6 again.
		{name: "retry-in-used-slot", scenario: "default",
			script: append(bothFailed, retry(2), complete(6, rt.Success)),
			kinds:  []rt.Kind{kDisposing, kDisposed},
			tamper: func(t *testing.T, tr *transition) {
				tr.before, tr.in = tr.after, retry(1)
				free := tr.before
				free.Tasks[5] = rt.Task{}
				tr.rerun(t, defaults(t), free, tr.in)
				tr.at(t, kDeclared, 6)
			},
			want: "retry-new-task"},
		// a retry whose new task has another scope than the original
		// (retry-new-task, §9): t1 (s1) retried as t6 in s2.
		{name: "retry-names-other-scope", scenario: "default", script: retried, kinds: retryKinds,
			tamper: func(t *testing.T, tr *transition) {
				tr.edit(t, kDeclared, 6, func(e *rt.Event) { e.Scope = 1 })
			},
			want: "retry-new-task"},
		// a retry of a task not yet disposed (retry-new-task, §9: "the
		// original stays disposed", so it is one): t3 (LOW-s2) failed
		// with ERROR and its retry is replayed from a state before where
		// t3 is still DISPOSING, holding its slot.
		{name: "retry-of-disposing-task", scenario: "default",
			script: []rt.Input{declare(3), submit(3), complete(3, rt.Error), retry(3)},
			kinds:  retryKinds,
			tamper: func(t *testing.T, tr *transition) {
				for _, s := range []*rt.State{&tr.before, &tr.after} {
					s.Tasks[2].Phase = rt.Disposing
					s.Active++
					s.ScopeActive[1]++
				}
			},
			want: "retry-new-task"},
		// a second retry of the same task (retry-new-task, §9: once): in
		// reject, t1 (LOW-s2) failed with ERROR and was retried as t4;
		// retry(1) is taken again, into t5 (rejected, t4 holding s2).
		{name: "retry-twice", scenario: "reject",
			script: []rt.Input{declare(1), submit(1), complete(1, rt.Error), retry(1)},
			kinds:  retryKinds,
			tamper: func(t *testing.T, tr *transition) {
				tr.before = tr.after
				again := tr.before
				again.Tasks[0].Retried = false
				tr.rerun(t, scenarioNamed(t, "reject").Config, again, tr.in)
				tr.at(t, kDeclared, 5)
			},
			want: "retry-new-task"},
	})
}
