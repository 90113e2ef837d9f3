package sthira

import (
	"regexp"
	"strings"
	"testing"

	rt "modelcheck/runtime/sthira"
)

// TestSettingsRoundTrip: every named scenario, spelled as settings and
// parsed back onto another base, is the same scenario. The bases are
// starvation (three tasks) and default (five), so that a scenario with
// fewer tasks than its base must not keep the base's specs past its own.
func TestSettingsRoundTrip(t *testing.T) {
	for _, base := range []Scenario{Scenarios()[1], Scenarios()[0]} {
		for _, sc := range Scenarios() {
			sc.Config.Faults = sc.Config.Faults.With(rt.Aging)
			got, err := Parse(base, sc.Spell())
			if err != nil {
				t.Fatalf("%s: %v", sc.Name, err)
			}
			got.Name, got.Doc = sc.Name, sc.Doc
			if got != sc {
				t.Errorf("%s onto %s: settings %v read back as %+v", sc.Name, base.Name, sc.Spell(), got)
			}
		}
	}
}

// TestParseErrorsNameTheSetting: a bad setting is refused with its key and
// what was expected.
func TestParseErrorsNameTheSetting(t *testing.T) {
	base := Scenarios()[0]
	for _, c := range []struct{ setting, want string }{
		{"limit=0", "limit=0: want a number in 1..6"},
		{"tasks=HIGH-s3", `task "HIGH-s3" is not PRIORITY-sN`},
		{"policy=drop", "policy=drop: want queue or reject"},
		{"colour=red", `unknown key "colour"`},
		{"faults=nope", `unknown sthira fault "nope"`},
		{"retries", `setting "retries": expected key=value`},
		{"max_wait=7", "max_wait=7: want a number in 0..6"},
		{"retries=3", "tasks 5 and retries 3 need more than 6 slots"},
		// scope limits are 0..6 each, like limit's 1..6 with 0 for none.
		{"scope_limits=-1,0", "scope_limits=-1,0: want 2 limits in 0..6"},
		{"scope_limits=0,7", "scope_limits=0,7: want 2 limits in 0..6"},
		// the default's one retry needs errors (only an ERROR is retried).
		{"errors=false", "retries=1 needs errors=true"},
		{"tasks=HIGH-s1,HIGH-s1,HIGH-s1,HIGH-s1,HIGH-s1,HIGH-s1,HIGH-s1", "want 1..6 tasks"},
	} {
		_, err := Parse(base, []string{c.setting})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.setting, err, c.want)
		}
	}
}

// TestSixTasksFillTheTable: tasks= takes up to MaxTasks = 6 tasks, the
// table's every slot, when no retry needs one.
func TestSixTasksFillTheTable(t *testing.T) {
	sc, err := Parse(Scenarios()[0], []string{"retries=0", "tasks=HIGH-s1,NORMAL-s1,LOW-s1,HIGH-s2,NORMAL-s2,LOW-s2"})
	if err != nil || sc.Config.Tasks != rt.MaxTasks || sc.Specs[rt.MaxTasks-1] != (TaskSpec{Prio: rt.Low, Scope: 1}) {
		t.Errorf("six tasks: %d tasks, last %v, %v", sc.Config.Tasks, sc.Specs[rt.MaxTasks-1], err)
	}
}

// TestInputSpellingRoundTrip: every input the default scenario offers
// along a few steps reads back as itself.
func TestInputSpellingRoundTrip(t *testing.T) {
	m := New(Scenarios()[0], nil)
	s := m.Init()
	seen := 0
	for range 8 {
		ins := m.Enabled(&s, nil)
		for _, in := range ins {
			got, err := rt.ParseInput(in.String())
			if err != nil || got != in {
				t.Fatalf("%q read back as %+v, %v", in, got, err)
			}
			seen++
		}
		var log rt.Log
		if err := m.Apply(&s, ins[len(ins)-1], &log); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []string{"", "fly t1", "tick t1", "submit t9", "declare t1 prio=URGENT scope=s1", "complete t1 outcome=TIMEOUT", "submit"} {
		if _, err := rt.ParseInput(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	if seen == 0 {
		t.Fatal("no input offered")
	}
}

// TestSettingsAreWords: a counterexample file accepts only names and
// numbers, comma-separated, as setting values.
func TestSettingsAreWords(t *testing.T) {
	word := regexp.MustCompile(`^[A-Za-z0-9._-]+(,[A-Za-z0-9._-]+)*$`)
	for _, sc := range Scenarios() {
		sc.Config.Faults = sc.Config.Faults.With(rt.Aging).With(rt.RefKept)
		for _, st := range Settings() {
			if v := st.Get(&sc); !word.MatchString(v) {
				t.Errorf("%s: %s=%q is not names or numbers", sc.Name, st.Key, v)
			}
		}
	}
}
