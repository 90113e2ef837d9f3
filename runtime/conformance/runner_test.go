package conformance

import (
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
)

// TestParityDetectsDivergence: the comparison fails when the browser
// backend behaves differently, so an "equal" verdict means something.
func TestParityDetectsDivergence(t *testing.T) {
	d := &datadriven.TestData{Pos: "parity.txt:3", Cmd: "parity", Input: "spawn r1\ndispatch\ncancel t1 kind=Shutdown\ncancel t1 kind=User\ncheckpoint t1\ncleanup-done t1\nfinalize-done t1"}
	k := kernel.DefaultConfig()
	faulty := k
	faulty.Faults = faulty.Faults.With(fault.WeakenSeverity)
	caps := pump.Config{BurstLimit: 8, Caps: pump.AllCaps}
	if _, err := compareBackends(d, &Native{S: kernel.New(k)}, &Browser{S: pump.New(caps, k)}); err != nil {
		t.Fatalf("equal backends reported different: %v", err)
	}
	_, err := compareBackends(d, &Native{S: kernel.New(k)}, &Browser{S: pump.New(caps, faulty)})
	if err == nil || !strings.Contains(err.Error(), "parity mismatch") || !strings.Contains(err.Error(), "fingerprints differ") {
		t.Fatalf("a diverging browser backend was not reported: %v", err)
	}
}

// TestBadScriptNamesFileAndLine: a malformed operation fails with the
// file, the operation's own line and the reason.
func TestBadScriptNamesFileAndLine(t *testing.T) {
	r := &Runner{}
	if _, err := r.Do(&datadriven.TestData{Pos: "x.txt:1", Cmd: "init", CmdArgs: []datadriven.CmdArg{{Key: "backend", Vals: []string{"native"}}}}); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ input, want string }{
		{"spawn r1\nspawn q1", `x.txt:7: "spawn q1": spawn: "q1" is not an id like r1`},
		{"frobnicate", `x.txt:6: "frobnicate": unknown operation "frobnicate"`},
		{"spawn r1\n\ncheckpoint t1", `x.txt:8: "checkpoint t1": checkpoint: no task is being polled`},
		{"cancel t1", `x.txt:6: "cancel t1": cancel: missing kind=`},
	}
	for _, c := range cases {
		_, err := r.Do(&datadriven.TestData{Pos: "x.txt:5", Cmd: "run", Input: c.input})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.input, err, c.want)
		}
	}
}

// TestBadInitNamesFileAndReason: a malformed init argument fails with the
// file, the line and the reason, whichever kind of argument it is.
func TestBadInitNamesFileAndReason(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"backend=native cancel_streak_limit=x", `x.txt:1: init: cancel_streak_limit="x" is not a number in 0..127`},
		{"backend=native burst_limit=256", `x.txt:1: init: burst_limit="256" is not a number in 0..255`},
		{"backend=browser caps=timer,radio", `x.txt:1: init: unknown capability "radio"`},
		{"backend=native fault=lifo-ready,no-such-fault", `x.txt:1: init: unknown fault "no-such-fault"`},
		{"backend=native wheel=yes", `x.txt:1: init: wheel="yes", want true or false`},
		{"backend=native colour=red", `x.txt:1: init: unknown argument "colour"`},
	} {
		_, err := (&Runner{}).Do(&datadriven.TestData{Pos: "x.txt:1", Cmd: "init", CmdArgs: cmdArgs(strings.Fields(c.args)...)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("init %s: error %v, want %q", c.args, err, c.want)
		}
	}
}
