package counterexamples

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"modelcheck/invariants"
	"modelcheck/model"
	"modelcheck/runtime/pump"
)

// File is a counterexample file as read: its case, where each script input
// was written, and the run's expected output.
type File struct {
	Path string
	Case Case
	// Lines holds the line number of each script input.
	Lines []int
	// Expected is the run directive's expected output, "" if it has none;
	// End is the file's last line.
	Expected string
	End      int
}

// Read reads and parses a counterexample file.
func Read(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads a counterexample file: header comments, a scenario
// directive, then a run directive. A malformed file is an error naming the
// file, the line and what was expected there. The expected output is kept
// but not checked; Replay compares it.
func Parse(path string, data []byte) (*File, error) {
	ds, comments, err := readDirectives(path, string(data))
	if err != nil {
		return nil, err
	}
	f := &File{Path: path}
	if f.Case.Origin, err = parseOrigin(path, comments); err != nil {
		return nil, err
	}
	if len(ds) == 0 || ds[0].cmd != "scenario" {
		// With no directive, every line was a comment or blank.
		at := max(len(comments), 1)
		if len(ds) > 0 {
			at = ds[0].line
		}
		return nil, fmt.Errorf("%s:%d: want a scenario directive first (scenario base=NAME [key=value ...])", path, at)
	}
	if f.Case.Base, f.Case.Scenario, err = scenarioDirective(path, &ds[0]); err != nil {
		return nil, err
	}
	if len(ds) < 2 {
		return nil, fmt.Errorf("%s:%d: no run directive after the scenario: the file is incomplete (truncated?)", path, ds[0].end)
	}
	run := &ds[1]
	if run.cmd != "run" {
		return nil, fmt.Errorf("%s:%d: unknown directive %q after the scenario (want run)", path, run.line, run.cmd)
	}
	if len(ds) > 2 {
		return nil, fmt.Errorf("%s:%d: unexpected directive %q: a counterexample has one scenario and one run", path, ds[2].line, ds[2].cmd)
	}
	if f.Case.Only, err = runArgs(path, run); err != nil {
		return nil, err
	}
	if f.Case.Script, f.Lines, err = parseScript(path, run.input); err != nil {
		return nil, err
	}
	f.Expected, f.End = run.expected, run.end
	return f, nil
}

// scenarioDirective reads the scenario directive, which takes no input.
func scenarioDirective(path string, d *directive) (string, model.Scenario, error) {
	if len(d.input) > 0 {
		l := d.input[0]
		return "", model.Scenario{}, fmt.Errorf("%s:%d: %q: the scenario directive takes no input (want ---- and its output)", path, l.n, l.text)
	}
	base, sc, err := parseScenario(d.args)
	if err != nil {
		return "", sc, fmt.Errorf("%s:%d: %w", path, d.line, err)
	}
	return base, sc, nil
}

// runArgs reads the run directive's one optional argument,
// invariants=NAME,... (the invariants checked; default all).
func runArgs(path string, d *directive) ([]string, error) {
	var only []string
	for _, a := range d.args {
		if a.Key != "invariants" {
			return nil, fmt.Errorf("%s:%d: run: unknown argument %q (want invariants=NAME,...)", path, d.line, a.Key)
		}
		for _, name := range strings.Split(strings.Join(a.Vals, ","), ",") {
			if _, err := invariants.Lookup(name); err != nil {
				return nil, fmt.Errorf("%s:%d: run: %w", path, d.line, err)
			}
			only = append(only, name)
		}
	}
	return only, nil
}

// parseScript reads one input per line; blank lines and # comments are
// skipped.
func parseScript(path string, lines []sourceLine) ([]model.Input, []int, error) {
	var script []model.Input
	var at []int
	for _, l := range lines {
		text := strings.TrimSpace(l.text)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		in, err := pump.ParseInput(text)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %q: %w", path, l.n, text, err)
		}
		script = append(script, in)
		at = append(at, l.n)
	}
	return script, at, nil
}

// parseOrigin reads the header lines that say how the case was found.
func parseOrigin(path string, comments []sourceLine) (Origin, error) {
	var o Origin
	for _, c := range comments {
		text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.text), "#"))
		if v, ok := strings.CutPrefix(text, "found by:"); ok {
			o.Command = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(text, "length:"); ok {
			n, _, _ := strings.Cut(strings.TrimSpace(v), " inputs as found")
			length, err := strconv.Atoi(n)
			if err != nil || length < 0 || !strings.Contains(v, " inputs as found") {
				return o, fmt.Errorf("%s:%d: header: %q: want \"length: N inputs as found, M after shrinking\"", path, c.n, text)
			}
			o.Length = length
		}
	}
	return o, nil
}
