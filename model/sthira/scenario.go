package sthira

import (
	"fmt"
	"strconv"
	"strings"

	"modelcheck/internal/suggest"
	"modelcheck/model"
	rt "modelcheck/runtime/sthira"
)

// TaskSpec is what the environment declares a task with: its priority and
// scope (§3: assigned at creation).
type TaskSpec struct {
	Prio  rt.Priority
	Scope uint8
}

func (t TaskSpec) String() string { return fmt.Sprintf("%s-s%d", t.Prio, t.Scope+1) }

// Scenario bounds the environment: the scheduler's policy, the tasks it
// may declare, and which operations it may use.
type Scenario struct {
	Name, Doc string
	// Config is the scheduler's policy; Config.Tasks is len of the specs.
	Config rt.Config
	// Specs are the tasks t1..tN the environment declares.
	Specs [rt.MaxTasks]TaskSpec
	// Retries is how many retries the environment may ask for; each takes
	// one of the slots after the declared tasks.
	Retries uint8
	// Errors lets a completion fail (outcome ERROR), which retry needs.
	Errors bool
	// Suspend lets running tasks suspend and resume.
	Suspend bool
	// Cancel lets the environment cancel queued tasks.
	Cancel bool
	// Ticks lets time pass while a task is queued.
	Ticks bool
}

// Tasks returns the declared task specs.
func (sc *Scenario) Tasks() []TaskSpec { return sc.Specs[:sc.Config.Tasks] }

// Validate reports a scenario the model cannot run.
func (sc *Scenario) Validate() error {
	if err := sc.Config.Validate(); err != nil {
		return err
	}
	if int(sc.Config.Tasks)+int(sc.Retries) > rt.MaxTasks {
		return fmt.Errorf("tasks %d and retries %d need more than %d slots", sc.Config.Tasks, sc.Retries, rt.MaxTasks)
	}
	if sc.Retries > 0 && !sc.Errors {
		return fmt.Errorf("retries=%d needs errors=true: only a task that failed with ERROR is retried", sc.Retries)
	}
	for i, t := range sc.Tasks() {
		if t.Prio < rt.High || t.Prio > rt.Low || t.Scope >= rt.MaxScopes {
			return fmt.Errorf("task t%d: bad spec %v", i+1, t)
		}
	}
	return nil
}

// spec builds a scenario's task list from "HIGH-s1" spellings.
func spec(sc Scenario, tasks ...string) Scenario {
	if err := sc.set("tasks", strings.Join(tasks, ",")); err != nil {
		panic(err)
	}
	return sc
}

var scenarios = []Scenario{
	spec(Scenario{Name: "default",
		Doc:     "limit 2 (scope s1: 1), queue limit 2, max wait 3 ticks, one retry, cancel, errors, two scopes; five tasks of mixed priorities",
		Config:  rt.Config{Limit: 2, ScopeLimit: [2]uint8{1, 0}, QueueLimit: 2, MaxWait: 3},
		Retries: 1, Errors: true, Cancel: true, Ticks: true},
		"NORMAL-s1", "HIGH-s1", "LOW-s2", "NORMAL-s2", "HIGH-s2"),
	spec(Scenario{Name: "starvation",
		Doc:    "limit 1, no queue limit, no max wait, recycled HIGH tasks: a LOW task can wait forever while HIGH tasks keep running (§7)",
		Config: rt.Config{Limit: 1, Recycle: true},
		Ticks:  true},
		"LOW-s1", "HIGH-s1", "HIGH-s1"),
	spec(Scenario{Name: "overflow",
		Doc:    "limit 1, queue limit 1: a higher-priority arrival preempts a pending task, an equal one is dropped (§3, §8); cancel",
		Config: rt.Config{Limit: 1, QueueLimit: 1},
		Cancel: true},
		"NORMAL-s1", "LOW-s1", "NORMAL-s1", "HIGH-s1"),
	spec(Scenario{Name: "scopes",
		Doc:     "limit 2, one slot per scope, suspend and resume: a full scope's task waits without blocking the other scope (§6)",
		Config:  rt.Config{Limit: 2, ScopeLimit: [2]uint8{1, 1}},
		Suspend: true},
		"HIGH-s1", "HIGH-s1", "LOW-s2", "NORMAL-s2"),
	spec(Scenario{Name: "reject",
		Doc:    "policy reject, limit 2, scope s2 limit 1: a task over the limit is rejected, never queued (§6)",
		Config: rt.Config{Limit: 2, ScopeLimit: [2]uint8{0, 1}, Reject: true},
		Errors: true, Retries: 1},
		"LOW-s2", "HIGH-s2", "NORMAL-s1"),
	spec(Scenario{Name: "timeout",
		Doc:    "limit 1, max wait 1 tick, queue limit 2: tasks time out in activation order while blocked (§8, §10)",
		Config: rt.Config{Limit: 1, MaxWait: 1, QueueLimit: 2},
		Ticks:  true},
		"LOW-s1", "HIGH-s1", "NORMAL-s1", "LOW-s1"),
	spec(Scenario{Name: "suspend-ticks",
		Doc:     "scopes with ticks: a suspended holder keeps its slot, so it still starves a waiting lower-priority task and blocks it (§7, §10)",
		Config:  rt.Config{Limit: 2, ScopeLimit: [2]uint8{1, 1}},
		Suspend: true, Ticks: true},
		"HIGH-s1", "HIGH-s1", "LOW-s2", "NORMAL-s2"),
	spec(Scenario{Name: "scoped-overflow",
		Doc:    "limit 2 (scope s1: 1), queue limit 1, cancel: the queues fill with a scope-blocked task while the other scope has room, so an arrival that may start must start, not overflow (§5, §6, §8)",
		Config: rt.Config{Limit: 2, ScopeLimit: [2]uint8{1, 0}, QueueLimit: 1},
		Cancel: true},
		"HIGH-s1", "LOW-s1", "LOW-s2", "NORMAL-s2"),
	spec(Scenario{Name: "wide",
		Doc:    "limit 3 (scope s1: 2), queue limit 2, cancel: limits above one, so a scope with one slot held still has room, and the global limit is met by a mix of scopes (§5, §6)",
		Config: rt.Config{Limit: 3, ScopeLimit: [2]uint8{2, 0}, QueueLimit: 2},
		Cancel: true},
		"HIGH-s1", "NORMAL-s1", "LOW-s1", "NORMAL-s2", "HIGH-s2"),
	spec(Scenario{Name: "maxwait-cap",
		Doc:    "limit 1, max wait 6 ticks, the largest below the counters' cap of 7: a task's wait reaches the cap in the tick that must drop it (§8, §10)",
		Config: rt.Config{Limit: 1, MaxWait: 6},
		Ticks:  true},
		"LOW-s1", "HIGH-s1"),
	spec(Scenario{Name: "deep-queue",
		Doc:    "limit 2 (scope s1: 1), no queue limit: three tasks wait in Q_HIGH, the first two scope-blocked, so the loop must look past them, and a task leaves from the middle of the queue (§4, §5, §6)",
		Config: rt.Config{Limit: 2, ScopeLimit: [2]uint8{1, 0}}},
		"HIGH-s1", "HIGH-s1", "HIGH-s1", "HIGH-s2", "HIGH-s2"),
	spec(Scenario{Name: "retry-twice",
		Doc:     "limit 1, errors, two retries: a retry that fails is retried again, and a second retry needs a slot after a disposed one (§9)",
		Config:  rt.Config{Limit: 1},
		Retries: 2, Errors: true},
		"HIGH-s1", "HIGH-s1", "HIGH-s1"),
	spec(Scenario{Name: "recycle-retry",
		Doc:     "limit 1, recycled slots with errors, one retry and cancel: a slot is declared again after its task was retried or dropped, and the new task starts afresh (§8, §9)",
		Config:  rt.Config{Limit: 1, Recycle: true},
		Retries: 1, Errors: true, Cancel: true},
		"HIGH-s1", "LOW-s1"),
}

// Scenarios lists the named scenarios, the default first.
func Scenarios() []Scenario { return append([]Scenario(nil), scenarios...) }

// Lookup finds a named scenario; the error lists the known names.
func Lookup(name string) (Scenario, error) {
	var names []string
	for _, sc := range scenarios {
		if sc.Name == name {
			return sc, nil
		}
		names = append(names, sc.Name)
	}
	return Scenario{}, suggest.UnknownOf("sthira", "scenario", name, names)
}

// Settings lists the scenario keys in spelling order, on three lines of
// a counterexample file's scenario directive: the policy, the
// environment, the faults. One table drives both directions, so every
// value spelled is read back. A Set error says what was expected; the
// caller adds the key.
func Settings() []model.Setting[Scenario] { return append([]model.Setting[Scenario](nil), settings...) }

var settings = []model.Setting[Scenario]{
	model.Number("limit", 0, 1, rt.MaxTasks, func(sc *Scenario) *uint8 { return &sc.Config.Limit }),
	{Key: "scope_limits", Line: 0, Get: spellScopeLimits, Set: setScopeLimits},
	model.Number("queue_limit", 0, 0, rt.MaxTasks, func(sc *Scenario) *uint8 { return &sc.Config.QueueLimit }),
	model.Number("max_wait", 0, 0, rt.WaitCap-1, func(sc *Scenario) *uint8 { return &sc.Config.MaxWait }),
	{Key: "policy", Line: 0, Get: spellPolicy, Set: setPolicy},
	model.Flag("recycle", 0, func(sc *Scenario) *bool { return &sc.Config.Recycle }),
	{Key: "tasks", Line: 1, Get: spellTasks, Set: setTasks},
	model.Number("retries", 1, 0, rt.MaxTasks-1, func(sc *Scenario) *uint8 { return &sc.Retries }),
	model.Flag("errors", 1, func(sc *Scenario) *bool { return &sc.Errors }),
	model.Flag("suspend", 1, func(sc *Scenario) *bool { return &sc.Suspend }),
	model.Flag("cancel", 1, func(sc *Scenario) *bool { return &sc.Cancel }),
	model.Flag("ticks", 1, func(sc *Scenario) *bool { return &sc.Ticks }),
	{Key: "faults", Line: 2, Get: func(sc *Scenario) string { return sc.Config.Faults.String() }, Set: setFaults},
}

func spellScopeLimits(sc *Scenario) string {
	return fmt.Sprintf("%d,%d", sc.Config.ScopeLimit[0], sc.Config.ScopeLimit[1])
}

func setScopeLimits(sc *Scenario, v string) error {
	parts := strings.Split(v, ",")
	if len(parts) != rt.MaxScopes {
		return fmt.Errorf("want %d limits like 1,0 (0 for none)", rt.MaxScopes)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > rt.MaxTasks {
			return fmt.Errorf("want %d limits in 0..%d like 1,0", rt.MaxScopes, rt.MaxTasks)
		}
		sc.Config.ScopeLimit[i] = uint8(n)
	}
	return nil
}

func spellPolicy(sc *Scenario) string {
	if sc.Config.Reject {
		return "reject"
	}
	return "queue"
}

func setPolicy(sc *Scenario, v string) error {
	switch v {
	case "queue", "reject":
		sc.Config.Reject = v == "reject"
		return nil
	}
	return fmt.Errorf("want queue or reject")
}

func setFaults(sc *Scenario, v string) error {
	f, err := rt.ParseFaults(v)
	if err != nil {
		return err
	}
	sc.Config.Faults = f
	return nil
}

func spellTasks(sc *Scenario) string {
	var tasks []string
	for _, t := range sc.Tasks() {
		tasks = append(tasks, t.String())
	}
	return strings.Join(tasks, ",")
}

func setTasks(sc *Scenario, value string) error {
	parts := strings.Split(value, ",")
	if value == "" || len(parts) > rt.MaxTasks {
		return fmt.Errorf("want 1..%d tasks like HIGH-s1,LOW-s2", rt.MaxTasks)
	}
	sc.Specs = [rt.MaxTasks]TaskSpec{}
	for i, p := range parts {
		prio, scope, ok := strings.Cut(p, "-")
		pr, err := rt.ParsePriority(prio)
		if !ok || err != nil || (scope != "s1" && scope != "s2") {
			return fmt.Errorf("task %s is not PRIORITY-sN (HIGH, NORMAL or LOW; s1 or s2)", suggest.Quote(p))
		}
		sc.Specs[i] = TaskSpec{Prio: pr, Scope: scope[1] - '1'}
	}
	sc.Config.Tasks = uint8(len(parts))
	return nil
}

// Spell writes the scenario as key=value settings, in Settings order,
// e.g. `limit=2 ... tasks=HIGH-s1,LOW-s2 retries=1 ... faults=none`; Parse
// reads them back.
func (sc *Scenario) Spell() []string {
	out := make([]string, len(settings))
	for i, st := range settings {
		out[i] = st.Key + "=" + st.Get(sc)
	}
	return out
}

// Parse applies key=value settings to a copy of base and validates the
// result; an error names the setting and what it expects.
func Parse(base Scenario, kvs []string) (Scenario, error) {
	sc := base
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return Scenario{}, fmt.Errorf("setting %q: expected key=value", kv)
		}
		if err := sc.set(k, v); err != nil {
			return Scenario{}, err
		}
	}
	if err := sc.Validate(); err != nil {
		return Scenario{}, err
	}
	return sc, nil
}

// set sets one key.
func (sc *Scenario) set(key, value string) error {
	var keys []string
	for _, st := range settings {
		if st.Key == key {
			if err := st.Set(sc, value); err != nil {
				return fmt.Errorf("%s=%s: %w", key, value, err)
			}
			return nil
		}
		keys = append(keys, st.Key)
	}
	return fmt.Errorf("unknown key %q (known: %s)", key, strings.Join(keys, ", "))
}
