package counterexamples

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/trace"
)

// A counterexample file is a datadriven script (see README.md, "Counterexample
// files"):
//
//	# counterexample: lane-order (violated by step 4)
//	# found by: modelcheck explore --model asupersync --scenario default --depth 12 --fault lifo-ready
//	# ...
//
//	scenario base=default tasks=2 ...
//	----
//	backend=browser tasks=2 ...
//
//	run
//	spawn r1
//	...
//	----
//	> spawn r1
//	  task_spawned task=t1 ...
//	violation lane-order by step 4 (dispatch)
//	  contract: ...
//	state after:
//	  ...
//
// The layout is exactly the one datadriven's -rewrite produces, so
// regenerating the expectations of a fresh file changes nothing.

// wrapAt is the width past which the scenario directive continues on the
// next line (datadriven joins lines ending in a backslash).
const wrapAt = 100

// errNoViolation is returned for a case whose script breaks nothing.
var errNoViolation = errors.New("no invariant is violated: there is no counterexample here")

// Format runs a case and returns its file name and contents.
func Format(c Case) (name string, data []byte, err error) {
	o, output, err := runCase(context.Background(), &c)
	if err != nil {
		return "", nil, err
	}
	if o.Violation == nil {
		return "", nil, errNoViolation
	}
	if name, err = c.Name(o.Violation.Invariant.Name); err != nil {
		return "", nil, err
	}
	sl, err := c.scenarioLine()
	if err != nil {
		return "", nil, err
	}
	var b strings.Builder
	b.WriteString(header(&c, o.Violation, name))
	b.WriteString("\n" + wrap(sl) + "----\n" + describeScenario(&c.Scenario))
	b.WriteString("\n" + c.runLine() + "\n")
	for _, line := range spellScript(c.Script) {
		b.WriteString(line + "\n")
	}
	b.WriteString("----\n" + output)
	return name, []byte(b.String()), nil
}

// header says what broke and how it was found. The found by and length
// lines are read back by Parse, so they survive every later shrink.
func header(c *Case, v *Violation, name string) string {
	test := strings.TrimSuffix(name, ".txt")
	faults := spellFaults(&c.Scenario)
	return fmt.Sprintf("# counterexample: %s (%s)\n"+
		"# found by: %s\n"+
		"# model: %s, base scenario: %s, faults: %s\n"+
		"# length: %d inputs as found, %d after shrinking\n"+
		"# replay: modelcheck replay testdata/counterexamples/%s\n"+
		"# test: go test ./counterexamples -run 'TestRegression/%s$' -v\n",
		v.Invariant.Name, violationKind(v), c.Origin.Command, model.Name, c.Base, faults,
		c.Origin.Length, len(c.Script), name, test)
}

func violationKind(v *Violation) string {
	if v.Stuck {
		return fmt.Sprintf("stuck after step %d", v.Step)
	}
	return fmt.Sprintf("violated by step %d", v.Step)
}

// wrap spells a directive over lines of at most wrapAt columns where it
// can, each but the last ending in a backslash.
func wrap(line string) string {
	var b strings.Builder
	col := 0
	for i, w := range strings.Fields(line) {
		switch {
		case i == 0:
		case col+1+len(w)+2 > wrapAt:
			b.WriteString(" \\\n  ")
			col = 2
		default:
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	b.WriteString("\n")
	return b.String()
}

// runCase runs a case and returns the run directive's output: each step's
// input and events, then the violation with its contract IDs, then the
// state the run left.
func runCase(ctx context.Context, c *Case) (Outcome, string, error) {
	var b strings.Builder
	o, err := execute(ctx, c.Scenario, c.Only, c.Script, func(in model.Input, events []trace.Event, _ *model.State) {
		writeStep(&b, in, events)
	})
	if err != nil {
		return o, "", err
	}
	writeEnd(&b, &o, len(c.Script))
	return o, b.String(), nil
}

// writeStep writes one step of the run directive's output.
func writeStep(w io.StringWriter, in model.Input, events []trace.Event) {
	w.WriteString("> " + in.String() + "\n")
	for _, e := range events {
		w.WriteString("  " + e.String() + "\n")
	}
}

// writeEnd writes the end of the run directive's output: the verdict and
// the state after.
func writeEnd(w io.StringWriter, o *Outcome, scriptLen int) {
	w.WriteString(verdict(o, scriptLen))
	w.WriteString("state after:\n" + Summary(&o.Final, "  "))
}

// verdict says whether and how the run broke an invariant, with the
// invariant's contract IDs and rule.
func verdict(o *Outcome, scriptLen int) string {
	v := o.Violation
	switch {
	case v == nil:
		return "no violation\n"
	case v.Stuck:
		return fmt.Sprintf("violation %s after step %d: nothing is enabled and the state is not terminal\n%s",
			v.Invariant.Name, v.Step, rule(v, scriptLen))
	}
	return fmt.Sprintf("violation %s by step %d (%s)\n%s", v.Invariant.Name, v.Step, o.Inputs[v.Step-1], rule(v, scriptLen))
}

func rule(v *Violation, scriptLen int) string {
	s := fmt.Sprintf("  contract: %s\n  rule: %s\n", strings.Join(v.Invariant.ContractIDs, ", "), v.Invariant.Doc)
	if v.Step < scriptLen {
		s += fmt.Sprintf("  not run: steps %d to %d (the run ends at the first violation)\n", v.Step+1, scriptLen)
	}
	return s
}
