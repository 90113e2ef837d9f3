package counterexamples

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	mc "modelcheck/model"
	model "modelcheck/model/asupersync"
)

// TestNamedScenariosSpellAgainstDefault: every named scenario, written as
// the default plus overrides, reads back as itself, so each key the named
// scenarios use (deadlines, callbacks, self-wakes, coalescing) is spelled
// and parsed.
func TestNamedScenariosSpellAgainstDefault(t *testing.T) {
	for _, sc := range model.Scenarios() {
		args, err := asu.scenarioArgs("default", &sc)
		if err != nil {
			t.Fatal(err)
		}
		line := "scenario " + strings.Join(args, " ")
		_, parsed, err := datadriven.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		_, got, err := asu.parseScenario(parsed)
		if err != nil {
			t.Fatalf("%s: %s: %v", sc.Name, line, err)
		}
		got.Name, got.Doc = sc.Name, sc.Doc
		if !reflect.DeepEqual(normalLists(got), normalLists(sc)) {
			t.Errorf("%s: %s reads back as\n%+v, want\n%+v", sc.Name, line, got, sc)
		}
	}
}

func normalLists(sc model.Scenario) model.Scenario {
	sc = normal(sc)
	if len(sc.Sleeps) == 0 {
		sc.Sleeps = nil
	}
	if len(sc.Deadlines) == 0 {
		sc.Deadlines = nil
	}
	return sc
}

// usesExtras: the scenario sets one of the keys added after the first
// counterexample files were committed (deadlines, callbacks, self-wakes,
// coalescing, min group).
func usesExtras(sc *model.Scenario) bool {
	wc := &sc.Kernel.WheelConfig
	return len(sc.Deadlines) > 0 || sc.Callbacks || sc.SelfWakes || wc.Coalesce || wc.MinGroupSize != 0
}

// TestExtrasLineOnlyWhenUsed: each line of the later keys is written for a
// scenario that uses one of them and left out otherwise (their Unset
// values say when), so older files keep their bytes.
func TestExtrasLineOnlyWhenUsed(t *testing.T) {
	for _, sc := range model.Scenarios() {
		desc := asu.describeScenario(&sc)
		if got := strings.Contains(desc, "self_wakes="); got != usesExtras(&sc) {
			t.Errorf("%s: extras line written %v, scenario uses extras %v", sc.Name, got, usesExtras(&sc))
		}
		// Line 5 (spawned) likewise.
		if got := strings.Contains(desc, "spawned="); got != (sc.Spawned > 0) {
			t.Errorf("%s: spawned line written %v, scenario spawns %d before the first step", sc.Name, got, sc.Spawned)
		}
	}
	edf, err := model.Lookup("edf")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(asu.describeScenario(&edf), "deadlines=2,3 callbacks=false") {
		t.Errorf("edf's description lacks its deadlines:\n%s", asu.describeScenario(&edf))
	}
}

// TestSleepWithoutTimerIsRefused: a browser scenario whose tasks sleep
// but whose adapter lacks the timer capability is refused (it could only
// end stuck); without sleeps, or on the native backend, it is accepted.
func TestSleepWithoutTimerIsRefused(t *testing.T) {
	for _, c := range []struct {
		line string
		ok   bool
	}{
		{"scenario base=default caps=message", false},
		{"scenario base=default caps=none sleep=0 sleeps=300", false},
		{"scenario base=default caps=message sleep=0", true},
		{"scenario base=default caps=timer", true},
		{"scenario base=default backend=native caps=none", true},
	} {
		_, args, err := datadriven.ParseLine(c.line)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = asu.parseScenario(args)
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok=%v", c.line, err, c.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "needs the timer capability") {
			t.Errorf("%s: error %q does not say what is missing", c.line, err)
		}
	}
	for _, sc := range model.Scenarios() {
		if err := sc.Validate(); err != nil {
			t.Errorf("named scenario %s: %v", sc.Name, err)
		}
	}
}

// badSpelling is the asupersync spec with one key more whose Get spells,
// for a one-task scenario, a value that cannot be read back: one the file
// format refuses (a slash is neither a name nor a number) or one its own
// Set refuses.
type badSpelling struct {
	mc.Spec[model.Scenario, model.State, model.Input]
	spell string
}

func (b badSpelling) Settings() []mc.Setting[model.Scenario] {
	return append(b.Spec.Settings(), mc.Setting[model.Scenario]{
		Key: "bad", Line: 99, Unset: "x",
		Get: func(sc *model.Scenario) string {
			if sc.Tasks == 1 {
				return b.spell
			}
			return "x"
		},
		Set: func(_ *model.Scenario, v string) error {
			if v == "y" {
				return errors.New("want x")
			}
			return nil
		},
	})
}

// TestScenarioThatCannotBeReadBackIsRefused: a scenario whose spelling the
// reader would refuse is an error when the file is spelled, naming the
// key, so no such file reaches the disk.
func TestScenarioThatCannotBeReadBackIsRefused(t *testing.T) {
	one, err := asu.Spec().Config("default")
	if err != nil {
		t.Fatal(err)
	}
	one.Tasks = 1
	for _, spell := range []string{"HIGH/s1", "y"} {
		p := New[model.Scenario, model.State, model.Input](badSpelling{asu.Spec(), spell})
		if _, err := p.scenarioArgs("default", &one); err == nil || !strings.Contains(err.Error(), "bad") {
			t.Errorf("bad=%s: got %v, want an error naming the key", spell, err)
		}
	}
	p := New[model.Scenario, model.State, model.Input](badSpelling{asu.Spec(), "x"})
	if _, err := p.scenarioArgs("default", &one); err != nil {
		t.Errorf("a key that reads back: %v", err)
	}
}
