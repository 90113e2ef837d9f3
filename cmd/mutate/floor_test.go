package main

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"modelcheck/counterexamples"
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

// TestCommittedCounterexamplesGiveDepths reads the committed folder as
// make mutate does: every header reads, and the breadth-first ones give
// each of their scenarios a depth no shorter than any of them.
func TestCommittedCounterexamplesGiveDepths(t *testing.T) {
	dir := filepath.Join("..", "..", counterexamples.DefaultDir)
	got, err := foundDepths(dir, "asupersync")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	compared := 0
	for _, f := range files {
		o, err := counterexamples.ReadOrigin(f)
		if err != nil {
			t.Fatal(err)
		}
		if name, ok := exploredScenario(o.Command, "asupersync"); ok {
			compared++
			if got[name] < o.Length {
				t.Errorf("%s: found at depth %d in %s, but its depth is %d", f, o.Length, name, got[name])
			}
		}
	}
	if compared == 0 {
		t.Fatalf("no breadth-first counterexample among %d files in %s", len(files), dir)
	}
}
