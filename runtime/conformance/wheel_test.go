package conformance

import (
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// TestWheelFixtures runs the timer-wheel fixtures (004 7.2), each file its
// own subtest named by its fixture ID, e.g.
// go test ./runtime/conformance -run 'TestWheelFixtures/tm-cascade-001$'.
func TestWheelFixtures(t *testing.T) {
	runDir(t, "wheel", func() directiveRunner { return &WheelRunner{} })
}

// cmdArgs are a directive's arguments spelled key=value[,value...], as a
// test file spells them.
func cmdArgs(kv ...string) []datadriven.CmdArg {
	var args []datadriven.CmdArg
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		args = append(args, datadriven.CmdArg{Key: k, Vals: strings.Split(v, ",")})
	}
	return args
}

// TestWheelRunnerErrors: a malformed directive or operation fails with the
// file, the line and the reason.
func TestWheelRunnerErrors(t *testing.T) {
	r := &WheelRunner{}
	if _, err := r.Do(&datadriven.TestData{Pos: "w.txt:1", Cmd: "run", Input: "collect now=1"}); err == nil || !strings.Contains(err.Error(), `w.txt:1: "run" before new`) {
		t.Errorf("run before new: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"now=x"}, `w.txt:1: new: now="x" is not a number`},
		{[]string{"min_group=300"}, `w.txt:1: new: min_group="300" is not a number in 0..255`},
		{[]string{"fault=no-such"}, `w.txt:1: new: unknown fault "no-such"`},
		{[]string{"colour=red"}, `w.txt:1: new: unknown argument "colour"`},
	} {
		_, err := r.Do(&datadriven.TestData{Pos: "w.txt:1", Cmd: "new", CmdArgs: cmdArgs(c.args...)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("new %v: error %v, want %q", c.args, err, c.want)
		}
	}
	out, err := r.Do(&datadriven.TestData{Pos: "w.txt:1", Cmd: "new", CmdArgs: cmdArgs("now=5", "fault=no-purge,exclusive-deadline", "seed=3")})
	if err != nil || !strings.HasPrefix(out, "now=5 seed=3 snapshot=snap-") {
		t.Fatalf("new: %q %v", out, err)
	}
	if _, err := r.Do(&datadriven.TestData{Pos: "w.txt:2", Cmd: "frob"}); err == nil || !strings.Contains(err.Error(), `w.txt:2: unknown directive "frob"`) {
		t.Errorf("unknown directive: %v", err)
	}
	cases := []struct{ input, want string }{
		{"register a at=10\nfrobnicate", `w.txt:7: "frobnicate": unknown operation "frobnicate"`},
		{"cancel zz", `w.txt:6: "cancel zz": cancel: no timer is named "zz"`},
		{"register b at=1 after=2", `w.txt:6: "register b at=1 after=2": register: want exactly one of at= and after=`},
		{"register c", `w.txt:6: "register c": register: want exactly one of at= and after=`},
		{"\n\nregister a at=5", `w.txt:8: "register a at=5": register: name "a" is already bound`},
		{"register d at=5 task=x1", `register: task="x1" is not a task such as t1`},
		{"register e at=five", `register: at="five" is not a number`},
		{"register f at=5 colour=red", `register: unexpected "colour=red"`},
		{"cancel-handle id=1", `cancel-handle: want id=N gen=N`},
		{"collect", `collect: want now=N`},
		{"collect now=5 max=x", `collect: max="x" is not a number in 0..255`},
		{"advance", `advance: want a duration`},
		{"advance 5 now=3", `advance: unexpected "now=3"`},
	}
	for _, c := range cases {
		_, err := r.Do(&datadriven.TestData{Pos: "w.txt:5", Cmd: "run", Input: c.input})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.input, err, c.want)
		}
	}
	// A full pool is a model bound: an error, not a fixture result.
	r.Do(&datadriven.TestData{Pos: "w.txt:1", Cmd: "new"})
	_, err = r.Do(&datadriven.TestData{Pos: "w.txt:5", Cmd: "run", Input: "register a at=1\nregister b at=1\nregister c at=1\nregister d at=1\nregister e at=1\nregister f at=1\nregister g at=1\nregister h at=1\nregister i at=1"})
	if err == nil || !strings.Contains(err.Error(), `w.txt:14: "register i at=1": wheel: storage full`) {
		t.Errorf("full pool: %v", err)
	}
}

// TestWheelRunnerOutput: results, events and state as the fixtures show
// them.
func TestWheelRunnerOutput(t *testing.T) {
	r := &WheelRunner{}
	if _, err := r.Do(&datadriven.TestData{Pos: "w.txt:1", Cmd: "new", CmdArgs: cmdArgs("now=10")}); err != nil {
		t.Fatal(err)
	}
	out, err := r.Do(&datadriven.TestData{Pos: "w.txt:3", Cmd: "run", Input: "register a after=5 task=t2\nregister b after=700000000\ncancel-handle id=0 gen=1\nadvance 5"})
	if err != nil {
		t.Fatal(err)
	}
	want := `> register a after=5 task=t2
  wheel_registered task=t2 id=0 gen=0 deadline=15 now=10 level=0 slot=15
  -> id=0 gen=0
> register b after=700000000
  wheel_rejected deadline=700000010 now=10 error_class=timer_duration_exceeded
  -> rejected: timer_duration_exceeded
> cancel-handle id=0 gen=1
  wheel_cancel_rejected id=0 gen=1 now=10
  -> false
> advance 5
  wheel_fired task=t2 id=0 gen=0 deadline=15 now=15
  -> fired=1
`
	if out != want {
		t.Errorf("run output:\n%s\nwant:\n%s", out, want)
	}
	out, _ = r.Do(&datadriven.TestData{Pos: "w.txt:9", Cmd: "state"})
	if want := "now=15 next_id=1 next_gen=1 cursors=15,0,0,0 len=0 free=8\nactive: none\noccupied: l0=[] l1=[] l2=[] l3=[]\n"; out != want {
		t.Errorf("state:\n%s\nwant:\n%s", out, want)
	}
}
