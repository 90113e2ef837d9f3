package counterexamples

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"modelcheck/explore"
	"modelcheck/internal/suggest"
	"modelcheck/model"
)

// A lasso file is the counterexample of a liveness property (see
// model.Live and explore.FindLasso): a run that can go on forever without
// the property's "eventually". The run directive's script is the lasso's
// prefix, which must run clean, and a third directive, loop, holds the
// loop, run from the state the prefix left:
//
//	run
//	declare t1 high
//	...
//	----
//	> declare t1 high
//	  ...
//	no violation
//	state after:
//	  ...
//
//	loop property=starvation subject=2
//	complete t1
//	...
//	----
//	> complete t1
//	  ...
//	lasso starvation: task t3 is pending in every state of the loop, loop step 1 (complete t1) is fair, and the loop ends in the state it started from: it can repeat forever
//	  contract: ...
//	  rule: ...
//
// Replaying it re-runs the prefix, then the loop, checking every step as
// a run does and, on the loop, that the subject is pending before every
// step, that some step is fair, and that the loop returns to its first
// state (explore.SameState): the lasso reproduces, and the file's verdict
// says so, only if all three hold.

// Loop is the loop of a lasso case: the liveness property it breaks, the
// subject pending all along it (a bit of model.Live's Pending), and its
// inputs. A case with a Loop is a lasso case; its Script is the prefix.
type Loop[I model.Input] struct {
	Property string
	Subject  int
	Script   []I
}

// loopLine is the loop directive.
func (l *Loop[I]) loopLine() string {
	return fmt.Sprintf("loop property=%s subject=%d", l.Property, l.Subject)
}

// errNotLasso is returned for a lasso case that does not reproduce.
var errNotLasso = errors.New("not a lasso")

// errLassoNotShrunk is returned for shrinking a lasso case.
var errLassoNotShrunk = errors.New("a lasso file is not shrunk: explore --liveness writes the lasso with the shortest prefix and, for it, the shortest loop already")

// liveModel is the checked model of a lasso case with its liveness side
// and the property's position.
type liveModel[S any, I model.Input] struct {
	model.Traced[S, I]
	live     model.Live[S, I]
	property model.Liveness
	index    int
}

// newLiveModel builds c's checked model and finds c's property in it.
func (p *Pipeline[C, S, I]) newLiveModel(c *Case[C, I]) (*liveModel[S, I], error) {
	m, err := p.spec.New(c.Scenario, c.Only)
	if err != nil {
		return nil, err
	}
	live, ok := m.(model.Live[S, I])
	if !ok {
		return nil, fmt.Errorf("model %s declares no liveness properties", p.spec.Name())
	}
	var names []string
	for i, prop := range live.LivenessProperties() {
		if prop.Name == c.Loop.Property {
			return &liveModel[S, I]{Traced: m, live: live, property: prop, index: i}, nil
		}
		names = append(names, prop.Name)
	}
	return nil, suggest.Unknown("liveness property", c.Loop.Property, names)
}

// executeLoop runs c's loop from the state its prefix left, checking each
// step as execute does (an input the model does not offer is a
// *StepError) and the lasso's conditions. Its Violation is the first
// invariant the loop breaks, or, if the loop is a lasso, the property
// (Violation.Lasso); verdict says which, or why the loop is no lasso.
// A loop step that has not returned after ctx's step timeout is a
// *HangError numbered after the prefix, as Violation.Step is.
func (p *Pipeline[C, S, I]) executeLoop(ctx context.Context, c *Case[C, I], from S, see observer[S, I]) (Outcome[S, I], string, error) {
	type ran struct {
		out     Outcome[S, I]
		verdict string
		err     error
	}
	r, hang := watched(ctx, func(w *stepWatch) ran {
		out, verdict, err := p.executeLoopWatched(ctx, c, from, see, w)
		return ran{out, verdict, err}
	}, func(step int) string { return spellStep(c.Loop.Script, step-len(c.Script)-1) })
	if hang != nil {
		return Outcome[S, I]{Final: from}, "", hang
	}
	return r.out, r.verdict, r.err
}

// executeLoopWatched is executeLoop's run, telling w, if any, where it is.
func (p *Pipeline[C, S, I]) executeLoopWatched(ctx context.Context, c *Case[C, I], from S, see observer[S, I], w *stepWatch) (Outcome[S, I], string, error) {
	w.enter(len(c.Script))
	var out Outcome[S, I]
	out.Final = from
	m, err := p.newLiveModel(c)
	if err != nil {
		return out, "", err
	}
	subject := c.Loop.Subject
	name := m.live.Subject(&from, m.index, subject)
	s := from
	var buf []I
	var events []string
	notPending, fair := 0, 0
	for i, in := range c.Loop.Script {
		if err := ctx.Err(); err != nil {
			out.Final = s
			return out, "", err
		}
		w.enter(len(c.Script) + i + 1)
		if notPending == 0 && m.live.Pending(&s, m.index)&(1<<subject) == 0 {
			notPending = i + 1
		}
		buf = m.Enabled(&s, buf[:0])
		j := indexSpelled(buf, in)
		if j < 0 {
			out.Final = s
			return out, "", &StepError[I]{Step: i, Input: in, Offered: append([]I(nil), buf...)}
		}
		in = buf[j]
		next := s
		v := m.Step(&s, in, &next)
		if fair == 0 && v == 0 && m.live.Fair(&s, in, &next, m.index) {
			fair = i + 1
		}
		s = next
		out.Inputs = append(out.Inputs, in)
		if see != nil {
			events = m.Events(events[:0])
			w.leave()
			see(in, events, &s)
		}
		if v != 0 {
			out.Final = s
			out.Violation = &Violation{Invariant: p.invariant(v - 1), Index: v - 1, Step: len(c.Script) + i + 1}
			return out, fmt.Sprintf("violation %s by loop step %d (%s)\n%s", out.Violation.Invariant.Name, i+1, in.String(),
				rule(&Violation{Invariant: out.Violation.Invariant, Step: i + 1}, len(c.Loop.Script))), nil
		}
	}
	out.Final = s
	w.enter(len(c.Script) + len(c.Loop.Script) + 1)
	returns, err := explore.SameState[S, I](m, &from, &s)
	if err != nil {
		return out, "", err
	}
	switch {
	case len(c.Loop.Script) == 0:
		return out, "no lasso: the loop is empty\n", nil
	case notPending > 0:
		return out, fmt.Sprintf("no lasso: %s is not pending before loop step %d (%s)\n", name, notPending, out.Inputs[notPending-1].String()), nil
	case fair == 0:
		return out, "no lasso: no step of the loop is fair\n", nil
	case !returns:
		return out, "no lasso: the loop does not end in the state it started from\n", nil
	}
	prop := m.property
	out.Violation = &Violation{
		Invariant: model.Invariant{Name: prop.Name, ContractIDs: prop.ContractIDs, Rule: prop.Rule},
		Index:     -1, Step: len(c.Script) + len(c.Loop.Script), Lasso: true,
	}
	return out, fmt.Sprintf("lasso %s: %s is pending in every state of the loop, loop step %d (%s) is fair, "+
		"and the loop ends in the state it started from: it can repeat forever\n  contract: %s\n  rule: %s\n",
		prop.Name, name, fair, out.Inputs[fair-1].String(), strings.Join(prop.ContractIDs, ", "), prop.Rule), nil
}

// runLoop runs c's loop from from and returns its outcome and the loop
// directive's output: each step's input and events, then the verdict.
func (p *Pipeline[C, S, I]) runLoop(ctx context.Context, c *Case[C, I], from S) (Outcome[S, I], string, error) {
	var b strings.Builder
	o, verdict, err := p.executeLoop(ctx, c, from, func(in I, events []string, _ *S) {
		writeStep(&b, in.String(), events)
	})
	b.WriteString(verdict)
	return o, b.String(), err
}

// formatLasso runs a lasso case and returns its file name and contents.
func (p *Pipeline[C, S, I]) formatLasso(c Case[C, I]) (name string, data []byte, err error) {
	ctx := context.Background()
	o, runOut, err := p.runCase(ctx, &c)
	if err != nil {
		return "", nil, err
	}
	if o.Violation != nil {
		return "", nil, fmt.Errorf("%w: the prefix breaks %s at step %d", errNotLasso, o.Violation.Invariant.Name, o.Violation.Step)
	}
	lo, loopOut, err := p.runLoop(ctx, &c, o.Final)
	if err != nil {
		return "", nil, err
	}
	if lo.Violation == nil || !lo.Violation.Lasso {
		return "", nil, fmt.Errorf("%w: %s", errNotLasso, strings.TrimSpace(loopOut[strings.LastIndex(strings.TrimSuffix(loopOut, "\n"), "\n")+1:]))
	}
	if name, err = p.FileName(&c, c.Loop.Property); err != nil {
		return "", nil, err
	}
	sl, err := p.scenarioLine(&c)
	if err != nil {
		return "", nil, err
	}
	var b strings.Builder
	b.WriteString(p.lassoHeader(&c, o.Final, name))
	b.WriteString("\n" + wrap(sl) + "----\n" + p.describeScenario(&c.Scenario))
	b.WriteString("\n" + c.runLine() + "\n")
	for _, line := range spellScript(c.Script) {
		b.WriteString(line + "\n")
	}
	b.WriteString("----\n" + runOut)
	b.WriteString("\n" + c.Loop.loopLine() + "\n")
	for _, line := range spellScript(c.Loop.Script) {
		b.WriteString(line + "\n")
	}
	b.WriteString("----\n" + loopOut)
	return name, []byte(b.String()), nil
}

// lassoHeader says which property the lasso breaks, for whom, and how it
// was found; loopStart is the loop's first state.
func (p *Pipeline[C, S, I]) lassoHeader(c *Case[C, I], loopStart S, name string) string {
	subject := strconv.Itoa(c.Loop.Subject)
	if m, err := p.newLiveModel(c); err == nil {
		subject = m.live.Subject(&loopStart, m.index, c.Loop.Subject)
	}
	faults := strings.Join(p.spec.FaultsOn(&c.Scenario), ",")
	if faults == "" {
		faults = "none"
	}
	return fmt.Sprintf("# lasso: %s (%s waits forever: %s to the loop, %d in it)\n"+
		"# found by: %s\n"+
		"# model: %s, base scenario: %s, faults: %s\n",
		c.Loop.Property, subject, plural(len(c.Script), "input"), len(c.Loop.Script), c.Origin.Command,
		p.spec.Name(), c.Base, faults) + whereLines(c.Origin, name)
}

// plural is n things, with an s unless n is 1.
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// fileLoop is where a lasso file's loop directive is: its line, the line
// of each of its inputs, and its expected output with the line it starts
// on and the directive's last line.
type fileLoop struct {
	Line       int
	Lines      []int
	Expected   string
	ExpectedAt int
	End        int
}

// loopDirective reads a loop directive: property=NAME subject=N, then
// one input per line.
func (p *Pipeline[C, S, I]) loopDirective(path string, d *directive) (*Loop[I], []int, error) {
	if err := plainArgs(d.args); err != nil {
		return nil, nil, fmt.Errorf("%s:%d: loop: %w", path, d.line, err)
	}
	l := &Loop[I]{Subject: -1}
	seen := map[string]bool{}
	for _, a := range d.args {
		v := strings.Join(a.Vals, ",")
		if seen[a.Key] {
			return nil, nil, fmt.Errorf("%s:%d: loop: %s is given twice", path, d.line, a.Key)
		}
		seen[a.Key] = true
		switch a.Key {
		case "property":
			l.Property = v
		case "subject":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 63 {
				return nil, nil, fmt.Errorf("%s:%d: loop: subject=%s: want a number in 0..63", path, d.line, suggest.Quote(v))
			}
			l.Subject = n
		default:
			return nil, nil, fmt.Errorf("%s:%d: loop: unknown argument %q (want property=NAME subject=N)", path, d.line, a.Key)
		}
	}
	if l.Property == "" || l.Subject < 0 {
		return nil, nil, fmt.Errorf("%s:%d: loop: want property=NAME subject=N", path, d.line)
	}
	script, lines, err := p.parseScript(path, d.input)
	if err != nil {
		return nil, nil, err
	}
	if len(script) == 0 {
		return nil, nil, fmt.Errorf("%s:%d: loop: no inputs: a loop has at least one", path, d.line)
	}
	l.Script = script
	return l, lines, nil
}

// replayLoop replays a lasso file's loop after its prefix ran clean to
// o.Final, writing to run and tw as Replay does, and returns the outcome
// of the whole lasso and the first difference from the loop's recorded
// output.
func (f *File[C, S, I]) replayLoop(ctx context.Context, o Outcome[S, I], tw *traceWriter) (Outcome[S, I], *Mismatch, error) {
	p := f.p
	check := newOutputCheck(f.Path, f.Loop.Expected, f.Loop.ExpectedAt)
	tw.write(f.Case.Loop.loopLine() + "\n")
	lo, verdict, err := p.executeLoop(ctx, &f.Case, o.Final, func(in I, events []string, after *S) {
		spelled := in.String()
		writeStep(check, spelled, events)
		tw.step(spelled, events, p.spec.Brief(after))
	})
	var se stepError
	switch {
	case errors.As(err, &se):
		return o, nil, fmt.Errorf("%s:%d: %w", f.Path, f.Loop.Lines[se.step()], err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return o, nil, err
	case err != nil:
		return o, nil, fmt.Errorf("%s:%d: loop: %w", f.Path, f.Loop.Line, err)
	}
	check.WriteString(verdict)
	tw.write(verdict)
	o.Inputs = append(o.Inputs, lo.Inputs...)
	o.Final, o.Violation = lo.Final, lo.Violation
	m := check.done()
	if m != nil && m.truncated(check.last) {
		return o, nil, &ShortOutputError{Path: f.Path, Line: min(m.Line, f.Loop.End), Of: "loop"}
	}
	return o, m, nil
}

// LivenessProperties lists the liveness properties of the checked model
// of the system's default scenario: a system declares the same ones in
// every scenario, as it does its invariants.
func (p *Pipeline[C, S, I]) LivenessProperties() []model.Liveness {
	c, err := p.spec.Config(p.spec.Scenarios()[0].Name)
	if err != nil {
		return nil
	}
	m, err := p.spec.New(c, nil)
	if err != nil {
		return nil
	}
	if live, ok := m.(model.Live[S, I]); ok {
		return live.LivenessProperties()
	}
	return nil
}

// Lassoed is what a lasso search found.
type Lassoed interface {
	// Result is the search's result, the lasso's inputs spelled.
	Result() explore.LassoResult[string]
	// Counterexample formats the lasso as a lasso file, found as origin
	// says: its file name and bytes. It is an error if there is no lasso.
	Counterexample(origin Origin) (name string, data []byte, err error)
	// HangTrace is Explored's, for the search's hang.
	HangTrace() (steps []Step, final string, err error)
}

func (e *prepared[C, S, I]) FindLasso(ctx context.Context, property string, opt explore.Options) (Lassoed, error) {
	r, err := explore.FindLasso[S, I](ctx, e.m, property, opt)
	if err != nil {
		return nil, err
	}
	return &lassoed[C, S, I]{prepared: e, r: r}, nil
}

type lassoed[C, S any, I model.Input] struct {
	*prepared[C, S, I]
	r explore.LassoResult[I]
}

func (e *lassoed[C, S, I]) Result() explore.LassoResult[string] {
	r := explore.LassoResult[string]{
		Stats: e.r.Stats, MaxDepthReached: e.r.MaxDepthReached, Complete: e.r.Complete, StoppedEarly: e.r.StoppedEarly,
		Edges: e.r.Edges, GraphBytes: e.r.GraphBytes, ProcessBytes: e.r.ProcessBytes,
	}
	if l := e.r.Lasso; l != nil {
		r.Lasso = &explore.Lasso[string]{Property: l.Property, Subject: l.Subject, SubjectName: l.SubjectName,
			Prefix: spellScript(l.Prefix), Loop: spellScript(l.Loop)}
	}
	r.Hang = spellHang(e.r.Hang)
	return r
}

func (e *lassoed[C, S, I]) HangTrace() ([]Step, string, error) {
	return e.trace(e.r.Hang.Path)
}

func (e *lassoed[C, S, I]) Counterexample(origin Origin) (string, []byte, error) {
	l := e.r.Lasso
	if l == nil {
		return "", nil, errors.New("the search found no lasso")
	}
	origin.Length = len(l.Prefix) + len(l.Loop)
	return e.p.Format(Case[C, I]{Origin: origin, Base: e.base, Scenario: e.sc, Only: e.only, Script: l.Prefix,
		Loop: &Loop[I]{Property: l.Property, Subject: l.Subject, Script: l.Loop}})
}

// loopDirectiveRun runs a loop directive of a file under go test: the
// loop from the state the run directive left.
func (f *File[C, S, I]) loopDirectiveRun(dir *directive, pos string, w io.StringWriter) error {
	p := f.p
	if f.ran == nil {
		return fmt.Errorf("%s: loop before the run directive", pos)
	}
	if f.ran.Violation != nil {
		return fmt.Errorf("%s: loop after a run that breaks %s: the prefix of a lasso runs clean", pos, f.ran.Violation.Invariant.Name)
	}
	var err error
	if f.Case.Loop, f.Loop.Lines, err = p.loopDirective(f.Path, dir); err != nil {
		return err
	}
	_, out, err := p.runLoop(context.Background(), &f.Case, f.ran.Final)
	w.WriteString(out)
	return err
}
