package counterexamples

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// committedDir holds the committed counterexamples.
const committedDir = "../testdata/counterexamples"

// committed lists the committed counterexample files.
func committed(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(committedDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no counterexamples in %s", committedDir)
	}
	return files
}

// TestRegression runs every committed counterexample as a datadriven test,
// each file its own subtest named after it, and checks each directive's
// output exactly: the scenario in full, and the run's events, violation
// and final state. After a deliberate change to the runtime or a check,
// go test ./counterexamples -rewrite regenerates the expectations, and the
// diff is what a reviewer reads.
func TestRegression(t *testing.T) {
	for _, path := range committed(t) {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			t.Parallel()
			f := &File{Path: path}
			datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
				out, err := f.directive(d)
				if err != nil {
					t.Fatal(err)
				}
				return out
			})
		})
	}
}

// directive runs one directive of a file as the datadriven runner hands
// it over, with the parser's checks and messages.
func (f *File) directive(d *datadriven.TestData) (string, error) {
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
		f.Case.Base, f.Case.Scenario, err = scenarioDirective(f.Path, &dir)
		return describeScenario(&f.Case.Scenario), err
	case "run":
		if f.Case.Base == "" {
			return "", fmt.Errorf("%s: run before the scenario directive", d.Pos)
		}
		if f.Case.Only, err = runArgs(f.Path, &dir); err != nil {
			return "", err
		}
		if f.Case.Script, f.Lines, err = parseScript(f.Path, dir.input); err != nil {
			return "", err
		}
		_, out, err := runCase(context.Background(), &f.Case)
		return out, err
	}
	return "", fmt.Errorf("%s: unknown directive %q (want scenario or run)", d.Pos, d.Cmd)
}
