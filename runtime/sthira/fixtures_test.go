package sthira

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"modelcheck/internal/fixtures"
)

// TestFixtures runs the contract's fixtures, one file per section of 003
// under testdata/sthira, each its own subtest named by its id: e.g.
// go test ./runtime/sthira -run 'TestFixtures/sthira.s5_activation$'.
// -rewrite regenerates the expected output.
func TestFixtures(t *testing.T) {
	fixtures.Run(t, "../../testdata/sthira", fixtures.Header("003 §", "runtime/sthira"), func() func(*datadriven.TestData) (string, error) {
		var r fixture
		return r.do
	})
}

// fixture runs one file's directives: config (a fresh scheduler), run
// (inputs, one a line, each followed by its events), diagnose (the §10
// signals).
type fixture struct {
	cfg Config
	s   State
}

func (f *fixture) do(d *datadriven.TestData) (string, error) {
	switch d.Cmd {
	case "config":
		f.cfg, f.s = Config{Limit: 1, Tasks: MaxTasks}, New()
		for _, a := range d.CmdArgs {
			if err := f.cfg.Set(a.Key, strings.Join(a.Vals, ",")); err != nil {
				return "", err
			}
		}
		if err := f.cfg.Validate(); err != nil {
			return "", err
		}
		return strings.Join(f.cfg.Spell(), " ") + "\n", nil
	case "run":
		var b strings.Builder
		for _, line := range strings.Split(strings.TrimSpace(d.Input), "\n") {
			in, err := ParseInput(line)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "> %s\n", in)
			var log Log
			if err := f.s.Apply(&f.cfg, in, &log); err != nil {
				fmt.Fprintf(&b, "  error: %v\n", err)
				continue
			}
			for _, e := range log.Events {
				fmt.Fprintf(&b, "  %s\n", e)
			}
		}
		return b.String(), nil
	case "diagnose":
		return f.diagnose(), nil
	}
	return "", fmt.Errorf("unknown directive %q (expected config, run or diagnose)", d.Cmd)
}

// diagnose prints the queue lengths and every declared task: its phase,
// ref and outcome, and for a queued task its diagnosis.
func (f *fixture) diagnose() string {
	var b strings.Builder
	l := f.s.QueueLengths(&f.cfg)
	fmt.Fprintf(&b, "queues: Q_HIGH=%d Q_NORMAL=%d Q_LOW=%d\n", l[0], l[1], l[2])
	for i := range f.s.Tasks {
		id := uint8(i + 1)
		t := f.s.Task(id)
		if t.Phase == Unused {
			continue
		}
		ref := "valid"
		if !t.RefValid {
			ref = "invalid"
		}
		fmt.Fprintf(&b, "t%d %s prio=%s ref=%s", id, t.Phase, t.Prio, ref)
		if t.Outcome != NoOutcome {
			fmt.Fprintf(&b, " outcome=%s", t.Outcome)
		}
		if t.Reason != NotDropped {
			fmt.Fprintf(&b, " dropped=%s", t.Reason)
		}
		if d := f.s.Diagnose(&f.cfg, id); d.Why != NotWaiting {
			fmt.Fprintf(&b, " waits: why=%s queue=%s position=%d wait=%d starved=%d blocked_by=%s",
				d.WhyShown, d.Queue.Queue(), d.Position, d.Waited, d.Starved, TaskSet(d.BlockedBy))
		}
		b.WriteString("\n")
	}
	return b.String()
}
