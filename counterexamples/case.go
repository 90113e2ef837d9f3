package counterexamples

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"modelcheck/internal/shellword"
	"modelcheck/model"
	"modelcheck/runtime/dethash"
)

// Case is everything a counterexample file says, apart from its expected
// output: how it was found, the scenario, the invariants checked and the
// input script. The expected output is computed from it.
type Case[C any, I model.Input] struct {
	Origin Origin
	// Base names the scenario the file's scenario overrides.
	Base     string
	Scenario C
	// Only restricts the check to the named invariants (all if empty), as
	// explore --invariant did when the case was found.
	Only   []string
	Script []I
	// Loop, when set, makes the case a lasso: Script is its prefix.
	Loop *Loop[I]
}

// Origin is how a case was found, kept in the file's header through every
// later shrink, so a reader can always rerun the search.
type Origin struct {
	// Command is the modelcheck command that found it, or a note that the
	// script was written by hand.
	Command string
	// Length is the number of inputs of the script as found: the shortest
	// path under BFS, before shrinking.
	Length int
	// Dir is the folder the file is kept in, as the command line named it
	// (relative to the repository root for a committed file); "" means
	// DefaultDir. The header's replay line names the file there, and only
	// a file in DefaultDir names the go test that replays it.
	Dir string
	// Name is the file's name in Dir, as the command line chose it (shrink
	// --out); "" means its own name, <invariant>-<fingerprint>.txt
	// (FileName). The header's lines name the file by it.
	Name string
	// Test, for a file of a model only the tests know (the lock of
	// testdata/example), is the go test command that replays it. Such a
	// file's header names that test, and no modelcheck replay, which knows
	// only the registered models and would refuse the file.
	Test string
}

// DefaultDir is where counterexample files are committed, the folder
// TestRegression replays under go test.
const DefaultDir = "testdata/counterexamples"

// whereLines are the header's replay and test lines of a file named name
// found as o says: how a reader runs it again by hand and under go test.
func whereLines(o Origin, name string) string {
	if o.Test != "" {
		return "# replay: none (a test's model, which modelcheck does not know; run the test)\n# test: " + o.Test + "\n"
	}
	dir := o.Dir
	if dir == "" {
		dir = DefaultDir
	}
	test := "# test: none (go test replays the files in " + DefaultDir + " only)\n"
	if inDefaultDir(dir) {
		// Spelled from the repository root, where both commands run.
		dir = DefaultDir
		test = "# test: " + regressionRun(name) + " -v\n"
	}
	return "# replay: modelcheck replay " + shellword.Quote(filepath.ToSlash(filepath.Join(dir, name))) + "\n" + test
}

// RegressionTest is the go test command that replays the file at path
// under go test, or "" if go test does not replay it: only the files kept
// in DefaultDir are TestRegression's.
func RegressionTest(path string) string {
	dir, name := filepath.Split(path)
	if !inDefaultDir(dir) {
		return ""
	}
	return regressionRun(name)
}

// regressionRun is the go test command that replays the file named name
// in DefaultDir, spelled from the repository root. The subtest is
// TestRegression's name for the file, which go test spells with each
// space as an underscore, and -run reads as a regular expression, so the
// name is quoted for both.
func regressionRun(name string) string {
	subtest := strings.ReplaceAll(strings.TrimSuffix(name, ".txt"), " ", "_")
	return "go test ./counterexamples -run " + shellword.Quote("TestRegression/"+regexp.QuoteMeta(subtest)+"$")
}

// inDefaultDir reports whether dir is DefaultDir, named from the
// repository root or from anywhere else (an absolute path, ../..).
func inDefaultDir(dir string) bool {
	dir = filepath.ToSlash(filepath.Clean(dir))
	return dir == DefaultDir || strings.HasSuffix(dir, "/"+DefaultDir)
}

// byHand is the origin command of a script that no explore run recorded.
const byHand = "written by hand (no modelcheck explore command recorded)"

func (c Case[C, I]) withScript(script []I) Case[C, I] {
	c.Script = script
	return c
}

// scenarioLine is the scenario directive, unwrapped.
func (p *Pipeline[C, S, I]) scenarioLine(c *Case[C, I]) (string, error) {
	args, err := p.scenarioArgs(c.Base, &c.Scenario)
	if err != nil {
		return "", err
	}
	return "scenario " + strings.Join(args, " "), nil
}

// runLine is the run directive.
func (c *Case[C, I]) runLine() string {
	if len(c.Only) == 0 {
		return "run"
	}
	return "run invariants=" + strings.Join(c.Only, ",")
}

// FileName is the file name of a case: the one its Origin names if any
// (shrink --out), else the invariant it breaks and the first eight hex
// digits of a DetHasher over its scenario, checks and script, so the same
// counterexample always gets the same name and a different one (almost
// surely) another.
func (p *Pipeline[C, S, I]) FileName(c *Case[C, I], invariant string) (string, error) {
	if c.Origin.Name != "" {
		return c.Origin.Name, nil
	}
	sl, err := p.scenarioLine(c)
	if err != nil {
		return "", err
	}
	h := dethash.New()
	lines := append([]string{sl, c.runLine()}, spellScript(c.Script)...)
	if c.Loop != nil {
		lines = append(append(lines, c.Loop.loopLine()), spellScript(c.Loop.Script)...)
	}
	for _, line := range lines {
		h.Size(len(line))
		h.Bytes([]byte(line))
	}
	return fmt.Sprintf("%s-%08x.txt", invariant, h.Sum()>>32), nil
}

func spellScript[I model.Input](script []I) []string {
	out := make([]string, len(script))
	for i, in := range script {
		out[i] = in.String()
	}
	return out
}
