package main

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"modelcheck/counterexamples"
	"modelcheck/models"
)

// TestFoundDepths takes, per scenario, the deepest length as found of the
// counterexamples a breadth-first explore found there, and skips those
// whose length is no depth.
func TestFoundDepths(t *testing.T) {
	dir := t.TempDir()
	for name, found := range map[string]string{
		"a.txt": "modelcheck explore --model asupersync --scenario channel --depth 12 --fault x:12",
		"b.txt": "modelcheck explore --scenario channel --depth 12:9",
		"c.txt": "modelcheck explore --depth 10 --fault y:10",
		"d.txt": "modelcheck explore --model vm --scenario=capacity-1 --depth 8:6",
		"e.txt": "modelcheck explore --scenario timers --dfs --depth 20:15",
		"f.txt": "modelcheck explore --scenario timers --liveness eventually-quiet:14",
		"g.txt": "written by hand:13",
		"h.txt": "modelcheck explore --scenario timers --dfs=false:11",
		"i.txt": "modelcheck explore --scenario default --depth 60 --walks 100 --seed 1:40",
	} {
		cmd, length, _ := strings.Cut(found, ":")
		header := "# found by: " + cmd + "\n# length: " + length + " inputs as found, 3 after shrinking\n\nscenario base=default\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(header), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := foundDepths(dir, "asupersync")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"channel": 12, "default": 10, "vm/capacity-1": 6, "timers": 11}
	if !maps.Equal(got, want) {
		t.Errorf("foundDepths = %v, want %v", got, want)
	}

	bad := filepath.Join(dir, "z.txt")
	if err := os.WriteFile(bad, []byte("# length: many inputs as found, 3 after shrinking\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := foundDepths(dir, "asupersync"); err == nil || !strings.Contains(err.Error(), "z.txt") {
		t.Errorf("a file with a bad header: error %v, want one naming it", err)
	}
}

// TestCommittedCounterexamplesNameKnownScenarios reads the committed
// folder as make mutate does: every header reads, some give depths, and
// each scenario they give one is a scenario of the registry, so no depth
// is lost to a scenario renamed since its counterexample was found.
func TestCommittedCounterexamplesNameKnownScenarios(t *testing.T) {
	def := models.Default().Name()
	got, err := foundDepths(filepath.Join("..", "..", counterexamples.DefaultDir), def)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no committed counterexample gives a scenario a depth")
	}
	for name := range got {
		system, scenario, ok := strings.Cut(name, "/")
		if !ok {
			system, scenario = def, name
		}
		sys, err := models.Lookup(system)
		if err == nil {
			_, err = sys.Prepare(scenario, nil, nil)
		}
		if err != nil {
			t.Errorf("committed counterexamples give %s a depth, but: %v", name, err)
		}
	}
}
