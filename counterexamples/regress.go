package counterexamples

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// RunFile runs a counterexample file as a datadriven test, as the system
// its "model:" header line names (lookup finds it; "" for a file without
// the line): each directive's output is checked exactly, the scenario in
// full and the run's events, violation and final state. After a deliberate
// change to the runtime or a check, go test -rewrite regenerates the
// expectations, and the diff is what a reviewer reads.
//
// The file is first read as replay reads it (Open), and refused for what
// replay refuses: datadriven alone runs whatever directives it finds, so a
// file cut to its header (no directive at all), a lasso cut before its
// loop, or a header pasted twice would pass, while replay says exit 2.
func RunFile(t *testing.T, path string, lookup func(name string) (System, error)) {
	t.Helper()
	if _, err := Open(path, lookup); err != nil {
		t.Fatal(err)
	}
	data, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name, line, _ := headerModel(leadingComments(string(data)))
	sys, err := lookup(name)
	if err != nil {
		t.Fatalf("%s:%d: header: %v", path, line, err)
	}
	run := sys.directives(path)
	datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
		out, err := run(d)
		if err != nil {
			t.Fatal(err)
		}
		return out
	})
}

// leadingComments is the header lines (isHeader) among the comment and
// blank lines a file starts with, read as readDirectives reads them. It
// reads no further than the first other line.
func leadingComments(text string) []sourceLine {
	text = strings.TrimPrefix(text, "\uFEFF")
	var out []sourceLine
	for n, more := 1, true; more; n++ {
		var line string
		line, text, more = strings.Cut(text, "\n")
		raw := strings.TrimSpace(line)
		if raw != "" && !strings.HasPrefix(raw, "#") {
			break
		}
		if isHeader(raw) {
			out = append(out, sourceLine{n, raw})
		}
	}
	return out
}

// directives returns the runner of a file's directives, as the datadriven
// runner hands them over, with the parser's checks and messages.
func (p *Pipeline[C, S, I]) directives(path string) func(d *datadriven.TestData) (string, error) {
	f := &File[C, S, I]{p: p, Path: path}
	return f.directive
}

// directive runs one directive of a file.
func (f *File[C, S, I]) directive(d *datadriven.TestData) (string, error) {
	p := f.p
	_, at, _ := strings.Cut(d.Pos, ":")
	line, err := strconv.Atoi(at)
	if err != nil {
		return "", fmt.Errorf("%s: bad position", d.Pos)
	}
	dir := directive{line: line, cmd: d.Cmd, args: d.CmdArgs}
	for i, text := range strings.Split(d.Input, "\n") {
		if strings.TrimSpace(text) != "" {
			dir.input = append(dir.input, sourceLine{line + 1 + i, text})
		}
	}
	switch d.Cmd {
	case "scenario":
		f.Case.Base, f.Case.Scenario, err = p.scenarioDirective(f.Path, &dir)
		return p.describeScenario(&f.Case.Scenario), err
	case "run":
		if f.Case.Base == "" {
			return "", fmt.Errorf("%s: run before the scenario directive", d.Pos)
		}
		if f.Case.Only, err = p.runArgs(f.Path, &dir); err != nil {
			return "", err
		}
		if f.Case.Script, f.Lines, err = p.parseScript(f.Path, dir.input); err != nil {
			return "", err
		}
		o, out, err := p.runCase(context.Background(), &f.Case)
		f.ran = &o
		return out, err
	case "loop":
		var b strings.Builder
		err := f.loopDirectiveRun(&dir, d.Pos, &b)
		return b.String(), err
	}
	return "", fmt.Errorf("%s: unknown directive %q (want scenario, run or loop)", d.Pos, d.Cmd)
}
