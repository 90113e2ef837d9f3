package counterexamples

import (
	"errors"
	"fmt"
	"strings"
)

// Replayed is a file's script run again.
type Replayed struct {
	Outcome Outcome
	// Output is what the run directive prints now; Stale is set when it
	// differs from the file's expected output (the runtime or a check
	// changed since the file was written).
	Output string
	Stale  bool
	// scriptLen is the length of the script, the steps not run included.
	scriptLen int
}

// Replay runs the file's script again. It is an error, naming the file and
// line, if an input is one the model would not have given there, or if the
// expected output stops short of what the run prints: a truncated file.
func (f *File) Replay() (Replayed, error) {
	o, err := f.Run()
	if err != nil {
		return Replayed{}, err
	}
	r := Replayed{Outcome: o, Output: runOutput(&o, len(f.Case.Script)), scriptLen: len(f.Case.Script)}
	r.Stale = f.Expected != r.Output
	if want := strings.TrimSuffix(f.Expected, "\n"); r.Stale && strings.HasPrefix(r.Output, want) {
		return r, fmt.Errorf("%s:%d: the run's expected output is missing or stops short of what the run prints (a truncated file? modelcheck shrink writes a complete one)", f.Path, f.End)
	}
	return r, nil
}

// Run executes the file's script (see Execute). An input the model would
// not have given is an error naming the file and line.
func (f *File) Run() (Outcome, error) {
	o, err := Execute(f.Case.Scenario, f.Case.Only, f.Case.Script)
	var se *StepError
	if errors.As(err, &se) {
		return o, fmt.Errorf("%s:%d: %w", f.Path, f.Lines[se.Step], err)
	}
	if err != nil {
		return o, fmt.Errorf("%s: %w", f.Path, err)
	}
	return o, nil
}

// Trace is the replay as a reader follows it: each input with its events
// and the state it left on one line, then the verdict.
func (r *Replayed) Trace() string {
	var b strings.Builder
	for i, st := range r.Outcome.Steps {
		fmt.Fprintf(&b, "%3d. %s\n", i+1, st.Input)
		for _, e := range st.Events {
			b.WriteString("       " + e.String() + "\n")
		}
		b.WriteString("       state: " + Brief(&st.After) + "\n")
	}
	return b.String() + verdict(&r.Outcome, r.scriptLen)
}
