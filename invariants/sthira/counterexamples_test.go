package sthira

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"modelcheck/counterexamples"
	"modelcheck/explore"
)

// committedDir holds the committed counterexamples, every system's.
const committedDir = "../../testdata/counterexamples"

// TestEveryFaultHasItsCounterexample: for each fault, the pipeline finds,
// shrinks and names the same counterexample the repository holds (whatever
// the worker count: faults alternate between one and two workers), and
// the committed file replays to a violation the fault must trip, with the
// output it records.
func TestEveryFaultHasItsCounterexample(t *testing.T) {
	sys := counterexamples.New(Spec())
	lookup := func(name string) (counterexamples.System, error) { return sys, nil }
	for i, fc := range Faults() {
		t.Run(fc.Fault.Name(), func(t *testing.T) {
			ctx := context.Background()
			p, err := sys.Prepare(fc.Scenario, []string{fc.Fault.Name()}, nil)
			if err != nil {
				t.Fatal(err)
			}
			e, err := p.Explore(ctx, explore.Options{Depth: 12, Workers: 1 + i%2})
			if err != nil {
				t.Fatal(err)
			}
			r := e.Result()
			if len(r.Violations) == 0 || !slices.Contains(fc.Trips, r.Violations[0].Name) {
				t.Fatalf("first violation %v, want one of %v", r.Violations, fc.Trips)
			}
			shrunk, err := e.Counterexample(ctx, 0, counterexamples.Origin{Command: "test"})
			if err != nil {
				t.Fatal(err)
			}
			name, data, inputs := shrunk.Name, shrunk.Data, shrunk.Inputs
			if inputs > r.Violations[0].Depth || !bytes.Contains(data, []byte("# model: sthira,")) {
				t.Fatalf("%s: %d inputs for a path of %d, or no model line:\n%s", name, inputs, r.Violations[0].Depth, data)
			}
			path := filepath.Join(committedDir, name)
			if _, err := os.Stat(path); err != nil {
				t.Fatalf("no committed %s (regenerate: modelcheck explore --model sthira --scenario %s --fault %s): %v", name, fc.Scenario, fc.Fault.Name(), err)
			}
			f, err := counterexamples.Open(path, lookup)
			if err != nil {
				t.Fatal(err)
			}
			v, mismatch, err := f.Replay(ctx, io.Discard)
			if err != nil || mismatch != nil || v == nil || !slices.Contains(fc.Trips, v.Invariant.Name) {
				t.Fatalf("replay of %s: violation %v, mismatch %v, error %v", path, v, mismatch, err)
			}
		})
	}
}

// TestSpecSettingsRoundTrip: the pipeline's view of the scenario keys
// spells and reads back every named scenario.
func TestSpecSettingsRoundTrip(t *testing.T) {
	spec := Spec()
	for _, s := range spec.Scenarios() {
		sc, err := spec.Config(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		back, _ := spec.Config("default")
		for _, st := range spec.Settings() {
			if err := st.Set(&back, st.Get(&sc)); err != nil {
				t.Fatalf("%s: %s=%s: %v", s.Name, st.Key, st.Get(&sc), err)
			}
		}
		back.Name, back.Doc = sc.Name, sc.Doc
		if back != sc {
			t.Errorf("%s read back as %+v", s.Name, back)
		}
	}
}
