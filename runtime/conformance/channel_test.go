package conformance

import (
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// TestChannelFixtures runs the channel fixtures of contract 004 7.1, each
// file its own subtest named by its fixture ID, e.g.
// go test ./runtime/conformance -run 'TestChannelFixtures/ch-fifo-001$'.
func TestChannelFixtures(t *testing.T) {
	runDir(t, "channel", func() directiveRunner { return &ChannelRunner{} })
}

func newArgs(kv ...string) []datadriven.CmdArg {
	var args []datadriven.CmdArg
	for i := 0; i+1 < len(kv); i += 2 {
		args = append(args, datadriven.CmdArg{Key: kv[i], Vals: []string{kv[i+1]}})
	}
	return args
}

// TestChannelNewRejects: a bad channel configuration fails at new with
// the file and line and the reason.
func TestChannelNewRejects(t *testing.T) {
	cases := []struct {
		args []datadriven.CmdArg
		want string
	}{
		{newArgs("capacity", "0"), "ch.txt:4: new capacity=0 senders=1: channel: capacity 0"},
		{newArgs("capacity", "5"), "ch.txt:4: new capacity=5 senders=1: channel: capacity over the model bound"},
		{newArgs("capacity", "2", "senders", "0"), "ch.txt:4: new capacity=2 senders=0: channel: senders must be at least 1"},
		{newArgs("senders", "1"), "ch.txt:4: new: missing capacity="},
		{newArgs("capacity", "x"), `ch.txt:4: new: capacity="x" is not a number`},
		{newArgs("capacity", "1", "fault", "no-such-fault"), `ch.txt:4: new: unknown fault "no-such-fault"`},
		{newArgs("capacity", "1", "colour", "red"), `ch.txt:4: new: unknown argument "colour"`},
	}
	for _, c := range cases {
		r := &ChannelRunner{}
		_, err := r.Do(&datadriven.TestData{Pos: "ch.txt:4", Cmd: "new", CmdArgs: c.args})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
}

// TestChannelBadScriptNamesFileAndLine: a malformed operation fails with
// the file, the operation's own line and the reason; directives need new.
func TestChannelBadScriptNamesFileAndLine(t *testing.T) {
	r := &ChannelRunner{}
	if _, err := r.Do(&datadriven.TestData{Pos: "ch.txt:1", Cmd: "state"}); err == nil || !strings.Contains(err.Error(), `ch.txt:1: "state" before new`) {
		t.Errorf("state before new: %v", err)
	}
	if _, err := r.Do(&datadriven.TestData{Pos: "ch.txt:1", Cmd: "new", CmdArgs: newArgs("capacity", "1")}); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ input, want string }{
		{"reserve t1\nfrobnicate t1", `ch.txt:7: "frobnicate t1": unknown operation "frobnicate"`},
		{"reserve t9", `ch.txt:6: "reserve t9": reserve: "t9" is not a task t1..t8`},
		{"reserve\n", `ch.txt:6: "reserve": want reserve tN [cancelled]`},
		{"\n\nrecv q1", `ch.txt:8: "recv q1": recv: "q1" is not a task`},
		{"send t2", `ch.txt:6: "send t2": send: t2 holds no permit`},
		{"abort t1 cancelled", `ch.txt:6: "abort t1 cancelled": want abort tN`},
		{"close-rx t1", `ch.txt:6: "close-rx t1": close-rx takes no arguments`},
	}
	for _, c := range cases {
		_, err := r.Do(&datadriven.TestData{Pos: "ch.txt:5", Cmd: "run", Input: c.input})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.input, err, c.want)
		}
	}
	if _, err := r.Do(&datadriven.TestData{Pos: "ch.txt:9", Cmd: "certificate"}); err == nil || !strings.Contains(err.Error(), `ch.txt:9: unknown directive "certificate"`) {
		t.Errorf("unknown directive: %v", err)
	}
}
