package counterexamples

import (
	"context"
	"flag"
	"fmt"
	"os"
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
	body, marked := strings.CutPrefix(string(data), "\uFEFF")
	switch {
	case marked && !rewriting():
		// An editor may save the file with a UTF-8 byte order mark, which
		// replay reads past but datadriven reads as the start of a first
		// directive. Its text after the mark is run instead, each
		// position named after the file, so that every message still
		// names the file and line.
		datadriven.RunTestFromString(t, body, func(t *testing.T, d *datadriven.TestData) string {
			d.Pos = path + strings.TrimPrefix(d.Pos, "<string>")
			out, err := run(d)
			if err != nil {
				t.Fatal(err)
			}
			return out
		})
		return
	case marked:
		// go test -rewrite rewrites the file in place, as datadriven
		// reads it: the mark goes first, as the rewrite drops CRLF line
		// ends.
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
		out, err := run(d)
		if err != nil {
			t.Fatal(err)
		}
		return out
	})
}

// rewriting reports whether go test runs with -rewrite (datadriven's flag),
// which regenerates each file's expected output.
func rewriting() bool {
	f := flag.Lookup("rewrite")
	return f != nil && f.Value.String() == "true"
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
