package counterexamples_test

// A whole system of one's own, checked by the whole pipeline, written only
// against the public interfaces (model.Spec, counterexamples, explore) and
// with nothing added outside this file: a lock shared by a few processes,
// with two fault switches. TestExampleModelThroughThePipeline explores it,
// shrinks what it finds, writes the counterexample file and checks it
// against the committed one in testdata/example, runs that file as a
// datadriven regression test, replays it and shrinks a long hand-written
// script down to the same counterexample.

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"modelcheck/counterexamples"
	"modelcheck/explore"
	"modelcheck/model"
)

// lockConfig is a scenario of the lock: how many processes share it, and
// which faults are on.
type lockConfig struct {
	Procs uint8
	// UncheckedEnter lets a process enter while another holds the lock;
	// LostRelease makes leaving keep the lock held.
	UncheckedEnter, LostRelease bool
}

// maxProcs bounds Procs so that a state is a fixed-size value.
const maxProcs = 4

// lockState is plain bytes with no padding, so the explorer hashes it as
// it is and the model needs no Encode.
type lockState struct {
	PC   [maxProcs]uint8 // idle, trying or critical
	Lock uint8           // 0 free, else the holder's number
}

const (
	idle uint8 = iota
	trying
	critical
)

var pcNames = [...]string{"idle", "trying", "critical"}

// lockInput is one process's move.
type lockInput struct {
	Op   uint8 // request, enter or leave
	Proc uint8 // 1-based
}

const (
	request uint8 = iota
	enter
	leave
)

var opNames = [...]string{"request", "enter", "leave"}

func (in lockInput) String() string { return fmt.Sprintf("%s p%d", opNames[in.Op], in.Proc) }

// lockSpec is the system: model.Spec with the optional Reducer and
// Simplifier (its ids are process numbers fixed by the scenario, so it
// needs no Renumberer; every setting is checked on its own, so no
// Validator).
type lockSpec struct{}

var (
	_ model.Spec[lockConfig, lockState, lockInput] = lockSpec{}
	_ model.Reducer[lockConfig, lockInput]         = lockSpec{}
	_ model.Simplifier[lockInput]                  = lockSpec{}
)

func (lockSpec) Name() string { return "lock" }
func (lockSpec) Doc() string  { return "processes sharing a test-and-set lock (the pipeline's example)" }

var lockScenarios = map[string]lockConfig{"two": {Procs: 2}, "three": {Procs: 3}}

func (lockSpec) Scenarios() []model.Scenario {
	return []model.Scenario{{Name: "two", Doc: "two processes"}, {Name: "three", Doc: "three processes"}}
}

func (lockSpec) Invariants() []model.Invariant {
	return []model.Invariant{
		{Name: "mutual-exclusion", ContractIDs: []string{"EX-1"}, Rule: "at most one process is in its critical section"},
		{Name: "no-deadlock", ContractIDs: []string{"EX-2"}, Rule: "some process can always move"},
	}
}

func (lockSpec) Faults() []model.Fault {
	return []model.Fault{
		{Name: "unchecked-enter", Doc: "enter ignores the lock", Scenario: "two", Trips: []string{"mutual-exclusion"}},
		{Name: "lost-release", Doc: "leave keeps the lock held", Scenario: "two", Trips: []string{"no-deadlock"}},
	}
}

func (lockSpec) Config(name string) (lockConfig, error) {
	if c, ok := lockScenarios[name]; ok {
		return c, nil
	}
	return lockConfig{}, fmt.Errorf("unknown scenario %q (known: three, two)", name)
}

func (lockSpec) Settings() []model.Setting[lockConfig] {
	return []model.Setting[lockConfig]{
		model.Number("procs", 0, 1, maxProcs, func(c *lockConfig) *uint8 { return &c.Procs }),
		{Key: "faults",
			Get: func(c *lockConfig) string {
				if on := (lockSpec{}).FaultsOn(c); len(on) > 0 {
					return strings.Join(on, ",")
				}
				return "none"
			},
			Set: func(c *lockConfig, v string) error {
				c.UncheckedEnter, c.LostRelease = false, false
				if v == "none" {
					return nil
				}
				for _, name := range strings.Split(v, ",") {
					if err := (lockSpec{}).WithFault(c, name); err != nil {
						return err
					}
				}
				return nil
			}},
	}
}

func (lockSpec) WithFault(c *lockConfig, name string) error {
	switch name {
	case "unchecked-enter":
		c.UncheckedEnter = true
	case "lost-release":
		c.LostRelease = true
	default:
		return fmt.Errorf("unknown fault %q (known: lost-release, unchecked-enter)", name)
	}
	return nil
}

func (lockSpec) FaultsOn(c *lockConfig) []string {
	var out []string
	if c.UncheckedEnter {
		out = append(out, "unchecked-enter")
	}
	if c.LostRelease {
		out = append(out, "lost-release")
	}
	return out
}

func (lockSpec) New(c lockConfig, only []string) (model.Traced[lockState, lockInput], error) {
	for _, name := range only {
		if !slices.Contains(lockInvariants, name) {
			return nil, fmt.Errorf("unknown invariant %q (known: mutual-exclusion, no-deadlock)", name)
		}
	}
	return &lockModel{c: c,
		skipMutex:    len(only) > 0 && !slices.Contains(only, "mutual-exclusion"),
		skipDeadlock: len(only) > 0 && !slices.Contains(only, "no-deadlock"),
	}, nil
}

// lockInvariants are the invariants' names in check order.
var lockInvariants = []string{"mutual-exclusion", "no-deadlock"}

func (lockSpec) ParseInput(text string) (lockInput, error) {
	op, proc, ok := strings.Cut(text, " p")
	n, err := strconv.Atoi(proc)
	for i, name := range opNames {
		if ok && err == nil && op == name && n >= 1 && n <= maxProcs {
			return lockInput{Op: uint8(i), Proc: uint8(n)}, nil
		}
	}
	return lockInput{}, fmt.Errorf("want request, enter or leave, and a process p1..p%d", maxProcs)
}

func (lockSpec) Summary(s *lockState) string {
	var b strings.Builder
	for p, pc := range s.PC {
		if pc != idle {
			fmt.Fprintf(&b, "p%d: %s\n", p+1, pcNames[pc])
		}
	}
	fmt.Fprintf(&b, "lock: %s\n", holder(s.Lock))
	return b.String()
}

func (lockSpec) Brief(s *lockState) string {
	return strings.ReplaceAll(strings.TrimSpace((lockSpec{}).Summary(s)), "\n", " ")
}

func holder(lock uint8) string {
	if lock == 0 {
		return "free"
	}
	return fmt.Sprintf("p%d", lock)
}

// Reductions: one process less, each process in turn, its moves dropped
// from the script and the processes above it renumbered down; or one fault
// less.
func (lockSpec) Reductions(c *lockConfig, script []lockInput) []model.Reduction[lockConfig, lockInput] {
	var out []model.Reduction[lockConfig, lockInput]
	for gone := c.Procs; gone >= 1 && c.Procs > 1; gone-- {
		var rest []lockInput
		for _, in := range script {
			switch {
			case in.Proc > gone:
				rest = append(rest, lockInput{in.Op, in.Proc - 1})
			case in.Proc < gone:
				rest = append(rest, in)
			}
		}
		out = append(out, model.Reduction[lockConfig, lockInput]{Config: lockConfig{c.Procs - 1, c.UncheckedEnter, c.LostRelease}, Script: rest})
	}
	if c.UncheckedEnter {
		out = append(out, model.Reduction[lockConfig, lockInput]{Config: lockConfig{c.Procs, false, c.LostRelease}, Script: script})
	}
	if c.LostRelease {
		out = append(out, model.Reduction[lockConfig, lockInput]{Config: lockConfig{c.Procs, c.UncheckedEnter, false}, Script: script})
	}
	return out
}

func (lockSpec) Size(c *lockConfig) int {
	return int(c.Procs) + len((lockSpec{}).FaultsOn(c))
}

// Weight: a lower process number is simpler.
func (lockSpec) Weight(in lockInput) int   { return int(in.Proc) }
func (lockSpec) Alike(a, b lockInput) bool { return a.Op == b.Op }

// lockModel is the checked model of one scenario. Its last step's event
// is a constant string, so a step allocates nothing.
type lockModel struct {
	c                       lockConfig
	skipMutex, skipDeadlock bool
	event                   string
}

func (m *lockModel) Init() lockState { return lockState{} }

// CheckInit: nobody is in the critical section at the start.
func (m *lockModel) CheckInit(s *lockState) int { return m.mutex(s) }

func (m *lockModel) Enabled(s *lockState, buf []lockInput) []lockInput {
	for p := range m.c.Procs {
		switch s.PC[p] {
		case idle:
			buf = append(buf, lockInput{request, p + 1})
		case trying:
			if s.Lock == 0 || m.c.UncheckedEnter {
				buf = append(buf, lockInput{enter, p + 1})
			}
		case critical:
			buf = append(buf, lockInput{leave, p + 1})
		}
	}
	return buf
}

func (m *lockModel) Step(s *lockState, in lockInput, next *lockState) int {
	p := in.Proc - 1
	switch in.Op {
	case request:
		next.PC[p], m.event = trying, "requested"
	case enter:
		// The fault: a process that enters while another holds the lock
		// takes it over instead of waiting.
		next.PC[p], next.Lock, m.event = critical, in.Proc, "entered"
	case leave:
		next.PC[p], m.event = idle, "left"
		if !m.c.LostRelease {
			next.Lock = 0
		}
	}
	return m.mutex(next)
}

// mutex returns 1 (mutual-exclusion) when two processes are critical.
func (m *lockModel) mutex(s *lockState) int {
	in := 0
	for _, pc := range s.PC {
		if pc == critical {
			in++
		}
	}
	if in > 1 && !m.skipMutex {
		return 1
	}
	return 0
}

// Stuck: a process can always request, enter or leave, so a state with
// nothing enabled is a deadlock (2: no-deadlock).
func (m *lockModel) Stuck(*lockState) int {
	if m.skipDeadlock {
		return 0
	}
	return 2
}

func (m *lockModel) Invariants() []string { return lockInvariants }

func (m *lockModel) Fork() model.Model[lockState, lockInput] {
	c := *m
	return &c
}

func (m *lockModel) Events(buf []string) []string { return append(buf, m.event) }

// exampleDir holds the example's committed counterexample.
const exampleDir = "../testdata/example"

// lockSystem finds the lock system by a file's header (a file without one
// is the lock's too).
func lockSystem(name string) (counterexamples.System, error) {
	if name != "" && name != "lock" {
		return nil, fmt.Errorf("unknown model %q (known: lock)", name)
	}
	return counterexamples.New(model.Spec[lockConfig, lockState, lockInput](lockSpec{})), nil
}

// TestExampleModelThroughThePipeline takes the lock through the whole
// pipeline: explore finds nothing without a fault and a shortest
// violation with one; the violation is shrunk (three processes to two)
// and written as the committed file (go test -rewrite rewrites it); that
// file runs as a datadriven regression test and replays; and a long
// hand-written script shrinks to the same counterexample.
func TestExampleModelThroughThePipeline(t *testing.T) {
	ctx := context.Background()
	sys, err := lockSystem("lock")
	if err != nil {
		t.Fatal(err)
	}
	// Explore: clean without a fault, to the end of the state space.
	clean, err := sys.Prepare("three", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	found, err := clean.Explore(ctx, explore.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r := found.Result(); len(r.Violations) != 0 || !r.Complete || r.Distinct < 2 {
		t.Fatalf("without a fault: %d violations, complete %v, %d states", len(r.Violations), r.Complete, r.Distinct)
	}
	// Each fault switch is caught in its scenario by an invariant it must
	// trip.
	for _, fc := range sys.Faults() {
		prep, err := sys.Prepare(fc.Scenario, []string{fc.Name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		found, err := prep.Explore(ctx, explore.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r := found.Result(); len(r.Violations) == 0 || !slices.Contains(fc.Trips, r.Violations[0].Name) {
			t.Errorf("fault %s: violations %+v, want one of %v first", fc.Name, r.Violations, fc.Trips)
		}
	}
	// With unchecked-enter, a shortest path to two processes inside.
	faulty, err := sys.Prepare("three", []string{"unchecked-enter"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if found, err = faulty.Explore(ctx, explore.Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	r := found.Result()
	if len(r.Violations) == 0 || r.Violations[0].Name != "mutual-exclusion" || r.Violations[0].Depth != 4 {
		t.Fatalf("with unchecked-enter: %+v, want mutual-exclusion at depth 4", r.Violations)
	}
	// Shrink and write: the third process is not needed.
	origin := counterexamples.Origin{
		Command: "TestExampleModelThroughThePipeline (explore --scenario three --fault unchecked-enter)",
		Dir:     "testdata/example",
		Test:    "go test ./counterexamples -run 'TestExampleModelThroughThePipeline$' -v",
	}
	first, err := found.Counterexample(ctx, 0, origin)
	if err != nil {
		t.Fatal(err)
	}
	name, data, inputs := first.Name, first.Data, first.Inputs
	if inputs != 4 || !bytes.Contains(data, []byte("scenario base=three procs=2 faults=unchecked-enter\n")) {
		t.Fatalf("shrunk to %d inputs:\n%s", inputs, data)
	}
	path := filepath.Join(exampleDir, name)
	committedData, err := os.ReadFile(path)
	if rewrite := flag.Lookup("rewrite"); (err != nil || !bytes.Equal(committedData, data)) && rewrite != nil && rewrite.Value.String() == "true" {
		if _, err := counterexamples.WriteFile(path, data, true); err != nil {
			t.Fatal(err)
		}
	} else if err != nil || !bytes.Equal(committedData, data) {
		t.Fatalf("%s differs from what the pipeline writes now (%v); go test -rewrite rewrites it:\n%s", path, err, data)
	}
	// The committed file is a datadriven regression test, and replays.
	counterexamples.RunFile(t, path, lockSystem)
	f, err := counterexamples.Open(path, lockSystem)
	if err != nil {
		t.Fatal(err)
	}
	var trace bytes.Buffer
	v, mismatch, err := f.Replay(ctx, &trace)
	if err != nil || mismatch != nil || v == nil || v.Invariant.Name != "mutual-exclusion" || v.Step != 4 {
		t.Fatalf("replay: error %v, mismatch %v, violation %+v:\n%s", err, mismatch, v, trace.String())
	}
	// A long hand-written script (p3 and p2 take turns, then p3 enters
	// and p2 follows it in) shrinks as far: two processes, four inputs.
	var script strings.Builder
	for range 5 {
		script.WriteString("request p3\nenter p3\nleave p3\nrequest p2\nenter p2\nleave p2\n")
	}
	script.WriteString("request p3\nenter p3\nrequest p2\nenter p2\n")
	hand := filepath.Join(t.TempDir(), "hand.txt")
	text := "scenario base=three faults=unchecked-enter\n----\n\nrun\n" + script.String() + "----\n"
	if err := os.WriteFile(hand, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if f, err = counterexamples.Open(hand, lockSystem); err != nil {
		t.Fatal(err)
	}
	s, err := f.Shrink(ctx, "")
	shrunk, shrunkInputs := s.Data, s.Inputs
	if err != nil || shrunkInputs != 4 || f.Inputs() != 34 || !bytes.Contains(shrunk, []byte("\nprocs=2 faults=unchecked-enter\n")) ||
		!bytes.Contains(shrunk, []byte("\nviolation mutual-exclusion by step 4 ")) {
		t.Fatalf("the hand-written script (%d inputs) shrinks to %d inputs (error %v):\n%s", f.Inputs(), shrunkInputs, err, shrunk)
	}
	// The optional parts are optional: the lock with the required methods
	// only still shrinks the script to four inputs, keeping its scenario.
	bare := func(string) (counterexamples.System, error) {
		return counterexamples.New(model.Spec[lockConfig, lockState, lockInput](struct {
			model.Spec[lockConfig, lockState, lockInput]
		}{lockSpec{}})), nil
	}
	if f, err = counterexamples.Open(hand, bare); err != nil {
		t.Fatal(err)
	}
	s, err = f.Shrink(ctx, "")
	if shrunk, shrunkInputs = s.Data, s.Inputs; err != nil || shrunkInputs != 4 || !bytes.Contains(shrunk, []byte("\nprocs=3 faults=unchecked-enter\n")) {
		t.Fatalf("without the optional parts, the hand-written script shrinks to %d inputs (error %v):\n%s", shrunkInputs, err, shrunk)
	}
}

// TestExampleDeadlock: with lost-release p1 leaves the lock held, and
// once both processes have requested it neither can enter: nothing is
// enabled after the script's fifth and last step, which itself broke
// nothing. The run is stuck after step 5, as the verdict and the header
// say.
func TestExampleDeadlock(t *testing.T) {
	p := counterexamples.New(model.Spec[lockConfig, lockState, lockInput](lockSpec{}))
	sc := lockConfig{Procs: 2, LostRelease: true}
	script := []lockInput{{request, 1}, {enter, 1}, {leave, 1}, {request, 1}, {request, 2}}
	o, err := p.Execute(sc, nil, script)
	if v := o.Violation; err != nil || v == nil || !v.Stuck || v.Step != 5 || v.Invariant.Name != "no-deadlock" {
		t.Fatalf("error %v, violation %+v; want no-deadlock stuck after step 5", err, v)
	}
	_, data, err := p.Format(counterexamples.Case[lockConfig, lockInput]{Base: "two", Scenario: sc, Script: script})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"# counterexample: no-deadlock (stuck after step 5)\n",
		"\nviolation no-deadlock after step 5: nothing is enabled and the state is not terminal\n",
	} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the file lacks %q:\n%s", want, data)
		}
	}
}
