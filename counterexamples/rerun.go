package counterexamples

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"modelcheck/internal/suggest"
	"modelcheck/model"
)

// Replayed is a file's script run again.
type Replayed[S any, I model.Input] struct {
	Outcome Outcome[S, I]
	// Mismatch is the first line where what the file records (the
	// scenario's output or the run's) differs from what the scenario and
	// the run print now, nil if they agree: the runtime or a check changed
	// since the file was written, or the file was edited.
	Mismatch *Mismatch
}

// Mismatch is a line of a file's recorded output that differs from what
// is printed now.
type Mismatch struct {
	Path string
	Line int
	// Want is the file's line, Got the line printed now; WantEnd or GotEnd
	// is set where one ends before the other.
	Want, Got       string
	WantEnd, GotEnd bool
}

func (m *Mismatch) Error() string {
	switch {
	case m.WantEnd:
		return fmt.Sprintf("%s:%d: the file's output ends here; the run goes on with %s", m.Path, m.Line, suggest.Quote(m.Got))
	case m.GotEnd:
		return fmt.Sprintf("%s:%d: the file goes on with %s; the output printed now ends here", m.Path, m.Line, suggest.Quote(m.Want))
	}
	col := 0
	for col < len(m.Want) && col < len(m.Got) && m.Want[col] == m.Got[col] {
		col++
	}
	// Both lines are shown from their start, or, if they differ far into
	// them, from a little before.
	from := 0
	if col > MaxEchoBytes*3/4 {
		from = col - MaxEchoBytes/4
	}
	for from > 0 && !utf8.RuneStart(m.Want[from]) {
		from--
	}
	at := ""
	if from > 0 {
		at = fmt.Sprintf(" from byte %d", from+1)
	}
	return fmt.Sprintf("%s:%d: the file has%s %s; now printed: %s", m.Path, m.Line, at, suggest.Quote(m.Want[from:]), suggest.Quote(m.Got[from:]))
}

// ShortOutputError is a file whose recorded output is missing or stops
// short of what its run (or its loop) prints: a truncated file, or one
// written by hand. It is an error, since the file cannot be checked, but
// the run was made: Replay's outcome says whether its violation
// reproduced, and a violation found is exit 1 whatever the file lacks.
type ShortOutputError struct {
	Path string
	Line int
	// Of is "run" or "loop": whose expected output stops short.
	Of string
}

func (e *ShortOutputError) Error() string {
	hint := " modelcheck shrink writes a complete one"
	if e.Of == "loop" {
		hint = ""
	}
	return fmt.Sprintf("%s:%d: the %s's expected output is missing or stops short of what the %s prints (a truncated file?%s)", e.Path, e.Line, e.Of, e.Of, hint)
}

// truncated reports whether the recorded output stops short of what is
// printed: it ends early, or its last line is a prefix of the line
// printed there.
func (m *Mismatch) truncated(last bool) bool {
	return m.WantEnd || last && !m.GotEnd && strings.HasPrefix(m.Got, m.Want)
}

// outputCheck compares a directive's output with the output the file
// records, line by line as it is printed, and keeps only the first
// difference: what it holds does not grow with the output.
type outputCheck struct {
	path    string
	want    string // the recorded output not yet compared
	line    int    // the file's line of want's first line
	partial string // the output's last line, while it is incomplete
	diff    *Mismatch
	last    bool // the difference is at the recorded output's last line
}

func newOutputCheck(path, want string, line int) *outputCheck {
	return &outputCheck{path: path, want: want, line: line}
}

func (c *outputCheck) WriteString(s string) (int, error) {
	n := len(s)
	if c.partial != "" {
		s, c.partial = c.partial+s, ""
	}
	for c.diff == nil {
		line, rest, ok := strings.Cut(s, "\n")
		if !ok {
			c.partial = s
			break
		}
		c.compare(line)
		s = rest
	}
	return n, nil
}

func (c *outputCheck) compare(got string) {
	want, rest, ok := strings.Cut(c.want, "\n")
	switch {
	case !ok && want == "":
		c.diff = &Mismatch{Path: c.path, Line: c.line, Got: got, WantEnd: true}
	case want != got:
		c.diff = &Mismatch{Path: c.path, Line: c.line, Want: want, Got: got}
		c.last = strings.TrimSpace(rest) == ""
	default:
		c.want, c.line = rest, c.line+1
	}
}

// done ends the output: recorded output left over is a difference too.
func (c *outputCheck) done() *Mismatch {
	if c.diff == nil && c.partial != "" {
		c.compare(c.partial)
	}
	if c.diff == nil && c.want != "" {
		want, _, _ := strings.Cut(c.want, "\n")
		c.diff = &Mismatch{Path: c.path, Line: c.line, Want: want, GotEnd: true}
	}
	return c.diff
}

// Replay runs the file's script again, writing to w, as it goes, each
// input with its events and the state it left on one line, then the
// verdict; and compares what the scenario and the run print with what the
// file records. It is an error, naming the file and line, if an input is
// one the model would not have given there, or if the recorded run output
// stops short of what the run prints: a truncated file. It stops with
// ctx's error when ctx is done. Memory stays bounded by the state's size
// whatever the script's length: nothing of a step is kept.
func (f *File[C, S, I]) Replay(ctx context.Context, w io.Writer) (Replayed[S, I], error) {
	p := f.p
	scenario := newOutputCheck(f.Path, f.Scenario, f.ScenarioAt)
	scenario.WriteString(p.describeScenario(&f.Case.Scenario))
	run := newOutputCheck(f.Path, f.Expected, f.ExpectedAt)
	tw := &traceWriter{w: w}
	o, err := f.execute(ctx, func(in I, events []string, after *S) {
		spelled := in.String()
		writeStep(run, spelled, events)
		tw.step(spelled, events, p.spec.Brief(after))
	})
	if err != nil {
		return Replayed[S, I]{Outcome: o}, err
	}
	p.writeEnd(run, &o, len(f.Case.Script))
	if o.Violation != nil && o.Violation.Step == 0 && !o.Violation.Stuck {
		// No step ran: the state the verdict is about is the initial one.
		tw.write("  0. (the initial state)\n       state: " + p.spec.Brief(&o.Final) + "\n")
	}
	tw.write(verdict(&o, len(f.Case.Script)))
	r := Replayed[S, I]{Outcome: o}
	if m := run.done(); m != nil && m.truncated(run.last) {
		return r, &ShortOutputError{Path: f.Path, Line: min(m.Line, f.End), Of: "run"}
	}
	var loopMismatch *Mismatch
	switch {
	case f.Case.Loop != nil && o.Violation == nil:
		if r.Outcome, loopMismatch, err = f.replayLoop(ctx, o, tw); err != nil {
			return r, err
		}
	case f.Case.Loop != nil:
		// A lasso's prefix runs clean; one that breaks an invariant never
		// reaches the loop, which the file records all the same.
		loopMismatch = &Mismatch{Path: f.Path, Line: f.Loop.Line, Want: f.Case.Loop.loopLine(), GotEnd: true}
	}
	if r.Mismatch = scenario.done(); r.Mismatch == nil {
		r.Mismatch = run.done()
	}
	if r.Mismatch == nil {
		r.Mismatch = loopMismatch
	}
	return r, tw.err
}

// traceWriter writes the replay as a reader follows it, keeping the first
// write error.
type traceWriter struct {
	w    io.Writer
	n    int
	err  error
	line strings.Builder
}

func (t *traceWriter) step(in string, events []string, brief string) {
	t.n++
	b := &t.line
	b.Reset()
	fmt.Fprintf(b, "%3d. %s\n", t.n, in)
	for _, e := range events {
		b.WriteString("       " + e + "\n")
	}
	b.WriteString("       state: " + brief + "\n")
	t.write(b.String())
}

func (t *traceWriter) write(s string) {
	if t.err == nil && t.w != nil {
		_, t.err = io.WriteString(t.w, s)
	}
}

// Run executes the file's script (see Execute). An input the model would
// not have given is an error naming the file and line.
func (f *File[C, S, I]) Run() (Outcome[S, I], error) {
	return f.execute(context.Background(), nil)
}

// execute runs the file's script, naming the file and line in an error.
func (f *File[C, S, I]) execute(ctx context.Context, see observer[S, I]) (Outcome[S, I], error) {
	o, err := f.p.execute(ctx, f.Case.Scenario, f.Case.Only, f.Case.Script, see)
	var se stepError
	switch {
	case errors.As(err, &se):
		return o, fmt.Errorf("%s:%d: %w", f.Path, f.Lines[se.step()], err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return o, err
	case err != nil:
		return o, fmt.Errorf("%s:%d: scenario: %w", f.Path, f.ScenarioLine, err)
	}
	return o, nil
}
