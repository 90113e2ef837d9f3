package counterexamples

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"modelcheck/model"
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
func (p *Pipeline[C, S, I]) Format(c Case[C, I]) (name string, data []byte, err error) {
	if c.Loop != nil {
		return p.formatLasso(c)
	}
	o, output, err := p.runCase(context.Background(), &c)
	if err != nil {
		return "", nil, err
	}
	if o.Violation == nil {
		return "", nil, errNoViolation
	}
	if name, err = p.FileName(&c, o.Violation.Invariant.Name); err != nil {
		return "", nil, err
	}
	sl, err := p.scenarioLine(&c)
	if err != nil {
		return "", nil, err
	}
	var b strings.Builder
	b.WriteString(p.header(&c, o.Violation, name))
	b.WriteString("\n" + wrap(sl) + "----\n" + p.describeScenario(&c.Scenario))
	b.WriteString("\n" + c.runLine() + "\n")
	for _, line := range spellScript(c.Script) {
		b.WriteString(line + "\n")
	}
	b.WriteString("----\n" + output)
	return name, []byte(b.String()), nil
}

// header says what broke and how it was found. The model, found by and
// length lines are read back by Parse, so they survive every later shrink.
func (p *Pipeline[C, S, I]) header(c *Case[C, I], v *Violation, name string) string {
	faults := strings.Join(p.spec.FaultsOn(&c.Scenario), ",")
	if faults == "" {
		faults = "none"
	}
	return fmt.Sprintf("# counterexample: %s (%s)\n"+
		"# found by: %s\n"+
		"# model: %s, base scenario: %s, faults: %s\n"+
		"# length: %d %s as found, %d after shrinking\n",
		v.Invariant.Name, violationKind(v), c.Origin.Command, p.spec.Name(), c.Base, faults,
		c.Origin.Length, inputsNoun(c.Origin.Length), len(c.Script)) + whereLines(c.Origin, name)
}

// inputsNoun is "input" for one and "inputs" otherwise, so a one-input
// counterexample's header reads as English; Parse accepts either word.
func inputsNoun(n int) string {
	if n == 1 {
		return "input"
	}
	return "inputs"
}

func violationKind(v *Violation) string {
	switch {
	case v.Stuck:
		return fmt.Sprintf("stuck after step %d", v.Step)
	case v.Step == 0:
		return "violated in the initial state"
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
func (p *Pipeline[C, S, I]) runCase(ctx context.Context, c *Case[C, I]) (Outcome[S, I], string, error) {
	var b strings.Builder
	o, err := p.execute(ctx, c.Scenario, c.Only, c.Script, func(in I, events []string, _ *S) {
		writeStep(&b, in.String(), events)
	})
	if err != nil {
		return o, "", err
	}
	p.writeEnd(&b, &o, len(c.Script))
	return o, b.String(), nil
}

// writeStep writes one step of the run directive's output.
func writeStep(w io.StringWriter, in string, events []string) {
	w.WriteString("> " + in + "\n")
	for _, e := range events {
		w.WriteString("  " + e + "\n")
	}
}

// writeEnd writes the end of the run directive's output: the verdict and
// the state after.
func (p *Pipeline[C, S, I]) writeEnd(w io.StringWriter, o *Outcome[S, I], scriptLen int) {
	w.WriteString(verdict(o, scriptLen))
	w.WriteString("state after:\n" + indent(p.spec.Summary(&o.Final), "  "))
}

// indent prefixes each line of text with prefix, and ends every line with
// a newline.
func indent(text, prefix string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		b.WriteString(prefix + line + "\n")
	}
	return b.String()
}

// verdict says whether and how the run broke an invariant, with the
// invariant's contract IDs and rule.
func verdict[S any, I model.Input](o *Outcome[S, I], scriptLen int) string {
	v := o.Violation
	switch {
	case v == nil:
		return "no violation\n"
	case v.Stuck:
		return fmt.Sprintf("violation %s after step %d: nothing is enabled and the state is not terminal\n%s",
			v.Invariant.Name, v.Step, rule(v, scriptLen))
	case v.Step == 0:
		return fmt.Sprintf("violation %s in the initial state\n%s", v.Invariant.Name, rule(v, scriptLen))
	}
	return fmt.Sprintf("violation %s by step %d (%s)\n%s", v.Invariant.Name, v.Step, o.Inputs[v.Step-1].String(), rule(v, scriptLen))
}

func rule(v *Violation, scriptLen int) string {
	s := fmt.Sprintf("  contract: %s\n  rule: %s\n", strings.Join(v.Invariant.ContractIDs, ", "), v.Invariant.Rule)
	if v.Step < scriptLen {
		s += fmt.Sprintf("  not run: steps %d to %d (the run ends at the first violation)\n", v.Step+1, scriptLen)
	}
	return s
}
