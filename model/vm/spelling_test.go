package vm

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"modelcheck/model"
	rt "modelcheck/runtime/vm"
)

// TestSettingsRoundTrip: every named scenario, with a fault on, spelled
// key by key and read back into a blank scenario, is the same scenario.
func TestSettingsRoundTrip(t *testing.T) {
	for _, sc := range Scenarios() {
		sc.Faults = sc.Faults.With(rt.BufferOverflow).With(rt.UnblockReversed)
		var back Scenario
		back.Name, back.Doc, back.Finding = sc.Name, sc.Doc, sc.Finding // what the scenario is, not how it runs
		for _, s := range Settings() {
			v := s.Get(&sc)
			if v == "" || strings.ContainsAny(v, " \n") {
				t.Fatalf("%s: %s spelled %q", sc.Name, s.Key, v)
			}
			if err := s.Set(&back, v); err != nil {
				t.Fatalf("%s: %s=%s: %v", sc.Name, s.Key, v, err)
			}
		}
		if !reflect.DeepEqual(back, sc) {
			t.Errorf("%s: read back %+v, want %+v", sc.Name, back, sc)
		}
	}
}

// TestSettingsRefuseBadValues: each key says what it wanted. The bounds
// are refused on both sides (sessions 1..3 and capacity 1..2, the VM's
// MaxSessions and MaxCapacity), and a protocol listed twice is refused
// wherever the second mention stands, first pair included.
func TestSettingsRefuseBadValues(t *testing.T) {
	bad := map[string][]string{"scheduler": {"random"}, "protocols": {"ping-pong,nope", "ping-pong,ping-pong", "choice,relay,choice"},
		"sessions": {"0", "4"}, "capacity": {"0", "3"}, "claim": {"yes"}, "faults": {"lifo-ready"}}
	for _, s := range Settings() {
		if len(bad[s.Key]) == 0 {
			t.Errorf("key %s has no bad value to try", s.Key)
		}
		for _, v := range bad[s.Key] {
			var sc Scenario
			if err := s.Set(&sc, v); err == nil {
				t.Errorf("%s=%s accepted", s.Key, v)
			}
		}
	}
}

// TestFaultsSettingReplacesTheBase: faults=LIST sets exactly the faults
// listed, whatever the base scenario had on. A counterexample file records
// the faults against its base scenario, so a list added to the base's
// would replay a run with more faults than the one written.
func TestFaultsSettingReplacesTheBase(t *testing.T) {
	var faults model.Setting[Scenario]
	for _, s := range Settings() {
		if s.Key == "faults" {
			faults = s
		}
	}
	sc, _ := Lookup("default")
	sc.Faults = sc.Faults.With(rt.BufferOverflow)
	if err := faults.Set(&sc, "unblock-reversed"); err != nil {
		t.Fatal(err)
	}
	if want := rt.Faults(0).With(rt.UnblockReversed); sc.Faults != want {
		t.Errorf("faults=unblock-reversed over buffer-overflow: %v, want %v", sc.Faults, want)
	}
	if err := faults.Set(&sc, "none"); err != nil || sc.Faults != 0 {
		t.Errorf("faults=none: %v, %v", sc.Faults, err)
	}
}

// TestInputsRoundTrip: every input a scenario enables along a run parses
// back from its spelling, and two enabled inputs never spell the same.
func TestInputsRoundTrip(t *testing.T) {
	for _, name := range []string{"default", "interleavings"} {
		sc, _ := Lookup(name)
		m := New(sc)
		s := m.Init()
		for step := 0; step < 40; step++ {
			ins := m.Enabled(&s, nil)
			if len(ins) == 0 {
				break
			}
			seen := map[string]bool{}
			for _, in := range ins {
				back, err := ParseInput(in.String())
				if err != nil || back != in {
					t.Fatalf("%s: %q read back as %+v, %v", name, in, back, err)
				}
				if seen[in.String()] {
					t.Fatalf("%s: %q offered twice", name, in)
				}
				seen[in.String()] = true
			}
			next := s
			if err := m.Apply(&s, ins[len(ins)-1], &next); err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
	for _, c := range []struct{ bad, want string }{
		{"", "unknown input"},
		{"load", "unknown input"},
		{"load nope", `unknown protocol "nope"`},
		{"load ping-pong resp=1", "takes no resp="},
		{"load choice resp=2", `want resp=0 or resp=1, got "resp=2"`},
		// An argument other than resp= is named as it is, whatever the
		// protocol.
		{"load ping-pong extra=1", `unknown argument "extra=1"`},
		{"load choice choice", `unknown argument "choice"`},
		{"step 3", "unknown input"},
		{"step c99", "is not a coroutine"},
		// c0..c8: the VM has MaxCoros = 9 coroutine slots.
		{fmt.Sprintf("step c%d", rt.MaxCoros), "is not a coroutine"},
		{"step c-1", "is not a coroutine"},
		{"round now", "unknown input"},
	} {
		if _, err := ParseInput(c.bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.bad, err, c.want)
		}
	}
	if in, err := ParseInput(fmt.Sprintf("step c%d", rt.MaxCoros-1)); err != nil || in != (Input{Kind: Step, Coro: rt.MaxCoros - 1}) {
		t.Errorf("step c%d, the last coroutine: %+v, %v", rt.MaxCoros-1, in, err)
	}
}

// TestSummaryNamesEveryRun: a lockstep state's summary shows every
// configuration's traces, an interleaving state's the explored run and
// the reference, each session loaded in the explored run (the reference
// run's own VM is never loaded).
func TestSummaryNamesEveryRun(t *testing.T) {
	for _, c := range []struct {
		scenario string
		want     []string
	}{
		{"default", []string{"round-robin/N=1:", "cooperative/N=2:", "progress-aware/N=all:", "s0: opened A"}},
		// The reference is the whole ping-pong session, whose six events
		// follow one another causally (A sends, B receives and answers, A
		// receives and closes), listed for the one session loaded.
		{"interleavings", []string{"interleaving:", "s0: opened A; sent A e0 label=1\n",
			"reference round-robin/N=1:\n  s0: opened A; sent A e0 label=1; received B e0 label=1; sent B e1 label=2; received A e1 label=2; closed A"}},
	} {
		sc, _ := Lookup(c.scenario)
		m := New(sc)
		s := m.Init()
		if got := Summary(&s); got != "no session loaded" {
			t.Errorf("%s: initial summary %q", c.scenario, got)
		}
		for range 3 {
			ins := m.Enabled(&s, nil)
			in := ins[0] // load ping-pong, then the first round or step
			if s.Runs[0].VM.NSessions > 0 {
				in = ins[len(ins)-1]
			}
			next := s
			if err := m.Apply(&s, in, &next); err != nil {
				t.Fatal(err)
			}
			s = next
		}
		got := Summary(&s)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: summary lacks %q:\n%s", c.scenario, w, got)
			}
		}
	}
}
