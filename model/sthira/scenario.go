package sthira

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	rt "modelcheck/runtime/sthira"
)

// TaskSpec is what the environment declares a task with: its priority and
// scope (§3: assigned at creation).
type TaskSpec struct {
	Prio  rt.Priority
	Scope uint8
}

func (t TaskSpec) String() string { return fmt.Sprintf("%s/s%d", t.Prio, t.Scope+1) }

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

// spec builds a scenario's task list from "HIGH/s1" spellings.
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
		"NORMAL/s1", "HIGH/s1", "LOW/s2", "NORMAL/s2", "HIGH/s2"),
	spec(Scenario{Name: "starvation",
		Doc:    "limit 1, no queue limit, no max wait, recycled HIGH tasks: a LOW task can wait forever while HIGH tasks keep running (§7)",
		Config: rt.Config{Limit: 1, Recycle: true},
		Ticks:  true},
		"LOW/s1", "HIGH/s1", "HIGH/s1"),
	spec(Scenario{Name: "overflow",
		Doc:    "limit 1, queue limit 1: a higher-priority arrival preempts a pending task, an equal one is dropped (§3, §8); cancel",
		Config: rt.Config{Limit: 1, QueueLimit: 1},
		Cancel: true},
		"NORMAL/s1", "LOW/s1", "NORMAL/s1", "HIGH/s1"),
	spec(Scenario{Name: "scopes",
		Doc:     "limit 2, one slot per scope, suspend and resume: a full scope's task waits without blocking the other scope (§6)",
		Config:  rt.Config{Limit: 2, ScopeLimit: [2]uint8{1, 1}},
		Suspend: true},
		"HIGH/s1", "HIGH/s1", "LOW/s2", "NORMAL/s2"),
	spec(Scenario{Name: "reject",
		Doc:    "policy reject, limit 1, scope s2 limit 1: a task over the limit is rejected, never queued (§6)",
		Config: rt.Config{Limit: 2, ScopeLimit: [2]uint8{0, 1}, Reject: true},
		Errors: true, Retries: 1},
		"LOW/s2", "HIGH/s2", "NORMAL/s1"),
	spec(Scenario{Name: "timeout",
		Doc:    "limit 1, max wait 1 tick, queue limit 2: tasks time out in activation order while blocked (§8, §10)",
		Config: rt.Config{Limit: 1, MaxWait: 1, QueueLimit: 2},
		Ticks:  true},
		"LOW/s1", "HIGH/s1", "NORMAL/s1", "LOW/s1"),
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
	return Scenario{}, fmt.Errorf("unknown sthira scenario %q (known: %s)", name, strings.Join(names, ", "))
}

// SettingKeys are the keys a scenario is spelled with, in spelling order.
var SettingKeys = []string{"limit", "scope_limits", "queue_limit", "max_wait", "policy", "recycle",
	"tasks", "retries", "errors", "suspend", "cancel", "ticks", "faults"}

// Settings spells the scenario as key=value settings (SettingKeys order),
// e.g. `tasks=HIGH/s1,LOW/s2 retries=1 ...`; Parse reads them back.
func (sc *Scenario) Settings() []string {
	cfg := map[string]string{}
	for _, kv := range sc.Config.Spell() {
		k, v, _ := strings.Cut(kv, "=")
		cfg[k] = v
	}
	var tasks []string
	for _, t := range sc.Tasks() {
		tasks = append(tasks, t.String())
	}
	cfg["tasks"] = strings.Join(tasks, ",")
	cfg["retries"] = strconv.Itoa(int(sc.Retries))
	cfg["errors"] = strconv.FormatBool(sc.Errors)
	cfg["suspend"] = strconv.FormatBool(sc.Suspend)
	cfg["cancel"] = strconv.FormatBool(sc.Cancel)
	cfg["ticks"] = strconv.FormatBool(sc.Ticks)
	out := make([]string, len(SettingKeys))
	for i, k := range SettingKeys {
		out[i] = k + "=" + cfg[k]
	}
	return out
}

// Parse applies key=value settings to a copy of base and validates the
// result; an error names the setting and what it expects.
func Parse(base Scenario, settings []string) (Scenario, error) {
	sc := base
	for _, kv := range settings {
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
	flag := func(dst *bool) error {
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("%s=%s: expected true or false", key, value)
		}
		*dst = b
		return nil
	}
	switch key {
	case "tasks":
		parts := strings.Split(value, ",")
		if value == "" || len(parts) > rt.MaxTasks {
			return fmt.Errorf("%s=%s: expected 1..%d tasks like HIGH/s1,LOW/s2", key, value, rt.MaxTasks)
		}
		sc.Specs = [rt.MaxTasks]TaskSpec{}
		for i, p := range parts {
			prio, scope, ok := strings.Cut(p, "/")
			pr, err := rt.ParsePriority(prio)
			if !ok || err != nil || (scope != "s1" && scope != "s2") {
				return fmt.Errorf("%s=%s: task %q is not PRIORITY/sN (HIGH, NORMAL or LOW; s1 or s2)", key, value, p)
			}
			sc.Specs[i] = TaskSpec{Prio: pr, Scope: scope[1] - '1'}
		}
		sc.Config.Tasks = uint8(len(parts))
		return nil
	case "retries":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > rt.MaxTasks-1 {
			return fmt.Errorf("%s=%s: expected a number in 0..%d", key, value, rt.MaxTasks-1)
		}
		sc.Retries = uint8(n)
		return nil
	case "errors":
		return flag(&sc.Errors)
	case "suspend":
		return flag(&sc.Suspend)
	case "cancel":
		return flag(&sc.Cancel)
	case "ticks":
		return flag(&sc.Ticks)
	}
	if !slices.Contains(SettingKeys, key) {
		return fmt.Errorf("unknown key %q (known: %s)", key, strings.Join(SettingKeys, ", "))
	}
	return sc.Config.Set(key, value)
}
