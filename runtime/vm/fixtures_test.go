package vm

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"modelcheck/internal/fixtures"
)

// TestFixtures runs testdata/vm/*.txt, each file its own subtest named by
// its fixture id: go test ./runtime/vm -run 'TestFixtures/ID$' -v.
// Expectations regenerate with -rewrite.
func TestFixtures(t *testing.T) {
	fixtures.Run(t, "../../testdata/vm", fixtures.Header("002", "runtime/vm"), func() func(*datadriven.TestData) (string, error) {
		var r runner
		return r.do
	})
}

// runner is one fixture's VM and the observable trace so far.
type runner struct {
	s     State
	trace []Event
	ev    []Event
}

// do runs one directive:
//
//	load proto=P [resp=0|1] [capacity=C]   load a session
//	round n=N|all policy=P [fault=F...] [times=K]   run K rounds (default 1)
//	step c=C [fault=F...]                  one nondeterministic-scheduler step
//	state                                  the queues, coroutines and buffers
//	trace                                  the observable trace with ticks
//	normalize                              the trace normalized
//	reset                                  start over with an empty VM
func (r *runner) do(d *datadriven.TestData) (string, error) {
	args := map[string][]string{}
	for _, a := range d.CmdArgs {
		args[a.Key] = a.Vals
	}
	one := func(key, def string) string {
		if v, ok := args[key]; ok && len(v) > 0 {
			return v[0]
		}
		return def
	}
	num := func(key, def string, limit int) (int, error) {
		v := one(key, def)
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > limit {
			return 0, fmt.Errorf("%s=%q: want a number 0..%d", key, v, limit)
		}
		return n, nil
	}
	faults := func() (Faults, error) {
		var fs Faults
		for _, name := range args["fault"] {
			f, ok := FaultByName(name)
			if !ok {
				return 0, fmt.Errorf("unknown fault %q", name)
			}
			fs = fs.With(f)
		}
		return fs, nil
	}
	var out strings.Builder
	switch d.Cmd {
	case "load":
		p, ok := ProtocolByName(one("proto", ""))
		if !ok {
			return "", fmt.Errorf("load: proto=%q is not a protocol", one("proto", ""))
		}
		resp, err := num("resp", "0", 1)
		if err != nil {
			return "", err
		}
		capacity, err := num("capacity", "2", MaxCapacity)
		if err != nil {
			return "", err
		}
		n0 := r.s.NCoros
		if err := Load(&r.s, p, uint8(resp), uint8(capacity), 0); err != nil {
			return "", err
		}
		fmt.Fprintf(&out, "s%d %s:", r.s.NSessions-1, p)
		for c := n0; c < r.s.NCoros; c++ {
			fmt.Fprintf(&out, " c%d=%s", c, roleName(r.s.Coros[c].Role))
		}
		out.WriteString("\n")
	case "round":
		n := All
		if v := one("n", "all"); v != "all" {
			var err error
			if n, err = num("n", v, 255); err != nil {
				return "", err
			}
		}
		p, ok := policyByName(one("policy", "round-robin"))
		if !ok {
			return "", fmt.Errorf("round: policy=%q is not a policy", one("policy", ""))
		}
		times, err := num("times", "1", 100)
		if err != nil {
			return "", err
		}
		fs, err := faults()
		if err != nil {
			return "", err
		}
		for range times {
			r.ev, err = SchedRound(&r.s, Config{N: n, Policy: p, Faults: fs}, r.ev[:0])
			if err != nil {
				fmt.Fprintf(&out, "error: %v\n", err)
				break
			}
			fmt.Fprintf(&out, "round tick=%d\n", r.s.Clock)
			r.log(&out)
		}
		out.WriteString(r.queues())
	case "step":
		if r.s.NCoros == 0 {
			return "", fmt.Errorf("step before any load")
		}
		c, err := num("c", "", int(r.s.NCoros)-1)
		if err != nil {
			return "", err
		}
		fs, err := faults()
		if err != nil {
			return "", err
		}
		if !CanProceed(&r.s, uint8(c), fs) {
			return "", fmt.Errorf("step: c%d cannot proceed", c)
		}
		r.ev = StepCoroutine(&r.s, uint8(c), fs, r.ev[:0])
		fmt.Fprintf(&out, "step tick=%d\n", r.s.Clock)
		r.log(&out)
		out.WriteString(r.queues())
	case "reset":
		*r = runner{}
		return "ok\n", nil
	case "state":
		out.WriteString(r.queues())
		for c := range r.s.NCoros {
			co := &r.s.Coros[c]
			fmt.Fprintf(&out, "c%d s%d.%s pc=%d %s", c, co.Session, roleName(co.Role), co.PC, co.Status)
			if co.Status == Blocked {
				fmt.Fprintf(&out, "(%s)", co.Reason)
			}
			fmt.Fprintf(&out, " tokens=%d reg=%d\n", co.Tokens, co.Reg)
		}
		for sid := range r.s.NSessions {
			ses := &r.s.Sessions[sid]
			fmt.Fprintf(&out, "s%d %s opened=%d closed=%d invokes=%d", sid, ses.Proto, ses.Opened, ses.Closed, ses.Invokes)
			for e, b := range ses.Bufs {
				fmt.Fprintf(&out, " e%d=%v/%d", e, b.Msgs[:b.Len], b.Cap)
			}
			out.WriteString("\n")
		}
	case "trace":
		for _, e := range r.trace {
			fmt.Fprintf(&out, "tick %d: %s\n", e.Tick, e)
		}
	case "normalize":
		for _, n := range NormalizeTrace(nil, r.trace, 0) {
			if n.Session == NoSession {
				fmt.Fprintf(&out, "tick %d: %s c%d\n", n.Seq, n.Kind, n.Body)
				continue
			}
			fmt.Fprintf(&out, "s%d #%d: %s\n", n.Session, n.Seq, BodyString(n.Body))
		}
	default:
		return "", fmt.Errorf("unknown directive %q", d.Cmd)
	}
	return out.String(), nil
}

// log prints the last round's events in order, keeping the observable
// ones in the trace.
func (r *runner) log(out *strings.Builder) {
	for _, e := range r.ev {
		mark := " "
		if e.Observable() {
			mark = "*"
			r.trace = append(r.trace, e)
		}
		fmt.Fprintf(out, " %s %s\n", mark, e)
	}
}

func (r *runner) queues() string {
	var b strings.Builder
	b.WriteString("ready:")
	for _, c := range r.s.Ready[:r.s.NReady] {
		fmt.Fprintf(&b, " c%d", c)
	}
	b.WriteString("\nblocked:")
	for _, c := range r.s.Blocked[:r.s.NBlocked] {
		fmt.Fprintf(&b, " c%d(%s)", c, r.s.Coros[c].Reason)
	}
	b.WriteString("\n")
	return b.String()
}

// TestFixtureDirectivesRefuseBadInput: each malformed directive says
// what it expected (the test adds the file and line).
func TestFixtureDirectivesRefuseBadInput(t *testing.T) {
	arg := func(k, v string) datadriven.CmdArg { return datadriven.CmdArg{Key: k, Vals: []string{v}} }
	cases := []struct {
		cmd  string
		args []datadriven.CmdArg
		want string
	}{
		{"load", []datadriven.CmdArg{arg("proto", "nope")}, `proto="nope" is not a protocol`},
		{"load", []datadriven.CmdArg{arg("proto", "choice"), arg("resp", "2")}, `resp="2": want a number 0..1`},
		{"load", []datadriven.CmdArg{arg("proto", "pipeline"), arg("capacity", "3")}, `capacity="3": want a number 0..2`},
		{"load", []datadriven.CmdArg{arg("proto", "pipeline"), arg("capacity", "0")}, `capacity outside 1..2`},
		{"round", []datadriven.CmdArg{arg("policy", "fifo")}, `policy="fifo" is not a policy`},
		{"round", []datadriven.CmdArg{arg("fault", "nope")}, `unknown fault "nope"`},
		{"step", []datadriven.CmdArg{arg("c", "0")}, `step before any load`},
		{"frobnicate", nil, `unknown directive "frobnicate"`},
	}
	for _, c := range cases {
		var r runner
		_, err := r.do(&datadriven.TestData{Pos: "f.txt:3", Cmd: c.cmd, CmdArgs: c.args})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: error %v, want %q", c.cmd, c.args, err, c.want)
		}
	}
}

// policyByName finds a policy by the name a fixture spells.
func policyByName(name string) (Policy, bool) {
	for i, n := range policyNames {
		if n == name {
			return Policy(i), true
		}
	}
	return 0, false
}
