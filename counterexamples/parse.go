package counterexamples

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/cockroachdb/datadriven"

	"modelcheck/internal/suggest"
	"modelcheck/model"
)

// MaxFileBytes is the largest counterexample file Read accepts. The
// largest file explore writes is a few kilobytes; the bound keeps a wrong
// path (a log, a disk image) from being read whole into memory.
const MaxFileBytes = 8 << 20

// MaxScriptInputs is the longest script a file may hold. Replaying and
// shrinking keep memory bounded by the state size whatever the length,
// but shrinking costs more than linear time in it (each input it drops
// costs up to a run of the rest of the script: README's Limits has
// measured times, seconds at this bound), and every script explore writes
// is shorter than its depth.
const MaxScriptInputs = 10_000

// File is a counterexample file as read: its case, where each script input
// was written, and the expected outputs of its two directives.
type File[C, S any, I model.Input] struct {
	p    *Pipeline[C, S, I]
	Path string
	Case Case[C, I]
	// Lines holds the line number of each script input.
	Lines []int
	// ScenarioLine is the line of the scenario directive.
	ScenarioLine int
	// Scenario and Expected are the expected outputs of the scenario and
	// the run directive ("" if there is none), and ScenarioAt and
	// ExpectedAt the lines they start on; End is the file's last line.
	Scenario, Expected     string
	ScenarioAt, ExpectedAt int
	End                    int
	// Loop is where a lasso file's loop directive is (see Loop); zero
	// for another file.
	Loop fileLoop
	// ran is the outcome of the run directive, for the loop directive
	// that follows it under go test.
	ran *Outcome[S, I]
}

// Read reads and parses a counterexample file of the pipeline's system
// (see readFile and Parse).
func (p *Pipeline[C, S, I]) Read(path string) (*File[C, S, I], error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return p.Parse(path, data)
}

// readFile reads a counterexample file. It refuses what is not a regular
// file (a FIFO would block the read, /dev/zero never end it) and a file
// over MaxFileBytes.
func readFile(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regularAndSmall(path, info); err != nil {
		return nil, err
	}
	fh, err := openNonblocking(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	// The file may have been replaced since the Stat: check what was opened.
	if info, err = fh.Stat(); err != nil {
		return nil, err
	}
	if err := regularAndSmall(path, info); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(fh, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes (MaxFileBytes): not a counterexample file", path, MaxFileBytes)
	}
	return data, nil
}

// openNonblocking opens path to read it without blocking in the open: a
// FIFO swapped in for the file after it was checked would block an
// ordinary open until something wrote to it (a replay looping over a
// path another process replaced hung 4 times in 300). What was opened is
// checked again before it is read; O_NONBLOCK changes nothing for the
// regular file that passes.
func openNonblocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

func regularAndSmall(path string, info os.FileInfo) error {
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (a %s): a counterexample is a text file", path, kind(info.Mode()))
	}
	if info.Size() > MaxFileBytes {
		return fmt.Errorf("%s: %d bytes, larger than %d (MaxFileBytes): not a counterexample file", path, info.Size(), MaxFileBytes)
	}
	return nil
}

// Parse reads a counterexample file: header comments, a scenario
// directive, then a run directive. A malformed file is an error naming the
// file, the line and what was expected there, and so is a file whose
// "model:" header line names another system: its scenario and script
// would be read in the wrong vocabulary. (A file without the line is read
// as this system's.) The expected output is kept but not checked; Replay
// compares it.
func (p *Pipeline[C, S, I]) Parse(path string, data []byte) (*File[C, S, I], error) {
	ds, comments, err := readDirectives(path, string(data))
	if err != nil {
		return nil, err
	}
	if name, line, ok := headerModel(comments); ok && name != p.spec.Name() {
		return nil, fmt.Errorf("%s:%d: header: the file is for model %s, and it is being read as one of model %s", path, line, suggest.Quote(name), p.spec.Name())
	}
	f := &File[C, S, I]{p: p, Path: path}
	if f.Case.Origin, err = parseOrigin(path, comments); err != nil {
		return nil, err
	}
	if len(ds) == 0 || ds[0].cmd != "scenario" {
		if len(ds) > 0 {
			return nil, fmt.Errorf("%s:%d: want a scenario directive first (scenario base=NAME [key=value ...]), not %s", path, ds[0].line, suggest.Quote(ds[0].cmd))
		}
		// With no directive, every line was a comment or blank: name the
		// last.
		at := strings.Count(strings.TrimSuffix(string(data), "\n"), "\n") + 1
		return nil, fmt.Errorf("%s:%d: want a scenario directive first (scenario base=NAME [key=value ...])", path, at)
	}
	if f.Case.Base, f.Case.Scenario, err = p.scenarioDirective(path, &ds[0]); err != nil {
		return nil, err
	}
	f.ScenarioLine, f.Scenario, f.ScenarioAt = ds[0].line, ds[0].expected, ds[0].expectedLine
	if len(ds) < 2 {
		return nil, fmt.Errorf("%s:%d: no run directive after the scenario: the file is incomplete (truncated?)", path, ds[0].end)
	}
	run := &ds[1]
	if run.cmd != "run" {
		return nil, fmt.Errorf("%s:%d: unknown directive %s after the scenario (want run)%s", path, run.line, suggest.Quote(run.cmd), run.blankHint())
	}
	if len(ds) > 2 && (ds[2].cmd != "loop" || len(ds) > 3) {
		at := ds[min(len(ds)-1, 3)]
		if ds[2].cmd != "loop" {
			at = ds[2]
		}
		return nil, fmt.Errorf("%s:%d: unexpected directive %s: a counterexample has one scenario, one run and, for a lasso, one loop%s", path, at.line, suggest.Quote(at.cmd), at.blankHint())
	}
	if f.Case.Only, err = p.runArgs(path, run); err != nil {
		return nil, err
	}
	if f.Case.Script, f.Lines, err = p.parseScript(path, run.input); err != nil {
		return nil, err
	}
	f.Expected, f.ExpectedAt, f.End = run.expected, run.expectedLine, run.end
	if len(ds) == 3 {
		loop := &ds[2]
		if f.Case.Loop, f.Loop.Lines, err = p.loopDirective(path, loop); err != nil {
			return nil, err
		}
		// The property is checked here, not when the loop runs: a run
		// that breaks an invariant never reaches the loop.
		if _, err := p.newLiveModel(&f.Case); err != nil {
			return nil, fmt.Errorf("%s:%d: loop: %w", path, loop.line, err)
		}
		f.Loop.Line, f.Loop.Expected, f.Loop.ExpectedAt, f.Loop.End = loop.line, loop.expected, loop.expectedLine, loop.end
	} else if line, ok := headerLine(comments, "lasso:"); ok {
		// Cut before its loop, a lasso file is its prefix, which runs
		// clean: it would read as a fixed bug.
		return nil, fmt.Errorf("%s:%d: the header (line %d) says the file is a lasso, but it has no loop directive (truncated?)", path, run.end, line)
	}
	return f, nil
}

// scenarioDirective reads the scenario directive, which takes no input.
func (p *Pipeline[C, S, I]) scenarioDirective(path string, d *directive) (string, C, error) {
	var zero C
	if len(d.input) > 0 {
		l := d.input[0]
		return "", zero, fmt.Errorf("%s:%d: %s: the scenario directive takes no input (want ---- and its output)", path, l.n, suggest.Quote(l.text))
	}
	if err := plainArgs(d.args); err != nil {
		return "", zero, fmt.Errorf("%s:%d: scenario: %w", path, d.line, err)
	}
	base, sc, err := p.parseScenario(d.args)
	if err != nil {
		return "", sc, fmt.Errorf("%s:%d: %w", path, d.line, err)
	}
	return base, sc, nil
}

// runArgs reads the run directive's one optional argument,
// invariants=NAME,... (the invariants checked; default all). A name given
// twice counts once, as explore's --invariant does. The names are looked
// up in a set made once: the list of the system's invariants is built
// afresh on each call, and a hostile file's hundreds of thousands of
// names took minutes to read when each built it again.
func (p *Pipeline[C, S, I]) runArgs(path string, d *directive) ([]string, error) {
	var only []string
	if err := plainArgs(d.args); err != nil {
		return nil, fmt.Errorf("%s:%d: run: %w", path, d.line, err)
	}
	var taken map[string]bool // by known name: whether only holds it yet
	for _, a := range d.args {
		if a.Key != "invariants" {
			return nil, fmt.Errorf("%s:%d: run: unknown argument %q (want invariants=NAME,...)", path, d.line, a.Key)
		}
		if taken == nil {
			taken = make(map[string]bool)
			for _, inv := range p.spec.Invariants() {
				taken[inv.Name] = false
			}
		}
		for _, name := range strings.Split(strings.Join(a.Vals, ","), ",") {
			done, known := taken[name]
			switch {
			case !known:
				return nil, fmt.Errorf("%s:%d: run: %w", path, d.line, p.unknownInvariant(name))
			case !done:
				taken[name] = true
				only = append(only, name)
			}
		}
	}
	return only, nil
}

// plainArgs checks that every key and value of a directive is a name or
// a number, as every one the format defines is, before a message echoes
// it: a corrupt file's control characters or megabyte-long word stay out
// of the messages.
func plainArgs(args []datadriven.CmdArg) error {
	for _, a := range args {
		if word(a.Key) != a.Key {
			return fmt.Errorf("key %s: want a name", suggest.Quote(a.Key))
		}
		for _, v := range a.Vals {
			for _, e := range strings.Split(v, ",") {
				if e != "" && word(e) != e {
					return fmt.Errorf("%s=%s: want names or numbers", a.Key, suggest.Quote(v))
				}
			}
		}
	}
	return nil
}

// parseScript reads one input per line; blank lines and # comments are
// skipped. A line longer than MaxEchoBytes is no input (the longest is a
// few dozen bytes), and a script longer than MaxScriptInputs is refused.
func (p *Pipeline[C, S, I]) parseScript(path string, lines []sourceLine) ([]I, []int, error) {
	var script []I
	var at []int
	for _, l := range lines {
		text := strings.TrimSpace(l.text)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if len(text) > MaxEchoBytes {
			return nil, nil, fmt.Errorf("%s:%d: %s: too long for an input (at most %d bytes)", path, l.n, suggest.Quote(text), MaxEchoBytes)
		}
		if len(script) == MaxScriptInputs {
			return nil, nil, fmt.Errorf("%s:%d: the script has more than %d inputs (MaxScriptInputs); shrink a shorter prefix of it", path, l.n, MaxScriptInputs)
		}
		in, err := p.spec.ParseInput(text)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %q: %w", path, l.n, text, err)
		}
		script = append(script, in)
		at = append(at, l.n)
	}
	return script, at, nil
}

// unknownInvariant is the error for a name the system has no invariant
// of: the known names when they are few, else the nearest.
func (p *Pipeline[C, S, I]) unknownInvariant(name string) error {
	var names []string
	for _, inv := range p.spec.Invariants() {
		names = append(names, inv.Name)
	}
	sort.Strings(names)
	return suggest.Unknown("invariant", name, names)
}

// headerText is a header comment line without its # and spaces.
func headerText(c sourceLine) string {
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.text), "#"))
}

// headerLine finds the header line that starts with key ("lasso:") and
// returns its line.
func headerLine(comments []sourceLine, key string) (int, bool) {
	for _, c := range comments {
		if strings.HasPrefix(headerText(c), key) {
			return c.n, true
		}
	}
	return 0, false
}

// headerModel finds the header line that names the file's model
// ("# model: NAME, base scenario: ...") and returns the name and the
// line; ok is false for a file without one, which is the default model's.
func headerModel(comments []sourceLine) (name string, line int, ok bool) {
	for _, c := range comments {
		if v, ok := strings.CutPrefix(headerText(c), "model:"); ok {
			name, _, _ := strings.Cut(strings.TrimSpace(v), ",")
			return name, c.n, true
		}
	}
	return "", 0, false
}

// headerKeys are the header lines the pipeline writes (format.go,
// lasso.go), each once. A file with one of them twice was edited or
// pasted together, and readers of the header disagree on which counts
// (the model is the first line's, the length the last's), so it is
// refused rather than read either way.
var headerKeys = []string{"counterexample:", "lasso:", "found by:", "model:", "length:", "replay:", "test:"}

// ReadOrigin reads how the counterexample file at path was found, from
// its header alone, without knowing the file's model: for tools that only
// need the search that found it (cmd/mutate explores each scenario at
// least as deep as its committed counterexamples were found). The file is
// read as Parse reads it, and a header Parse refuses is refused here.
func ReadOrigin(path string) (Origin, error) {
	data, err := readFile(path)
	if err != nil {
		return Origin{}, err
	}
	return parseOrigin(path, leadingComments(string(data)))
}

// parseOrigin reads the header lines that say how the case was found.
func parseOrigin(path string, comments []sourceLine) (Origin, error) {
	o := Origin{Dir: filepath.Dir(path)}
	first := map[string]int{}
	for _, c := range comments {
		text := headerText(c)
		for _, key := range headerKeys {
			if !strings.HasPrefix(text, key) {
				continue
			}
			if at, seen := first[key]; seen {
				return o, fmt.Errorf("%s:%d: header: a second %q line (the first is line %d)", path, c.n, strings.TrimSuffix(key, ":"), at)
			}
			first[key] = c.n
		}
		if v, ok := strings.CutPrefix(text, "found by:"); ok {
			o.Command = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(text, "length:"); ok {
			n, noun, _ := strings.Cut(strings.TrimSpace(v), " ")
			length, err := strconv.Atoi(n)
			if err != nil || length < 0 || !(strings.HasPrefix(noun, "inputs as found") || strings.HasPrefix(noun, "input as found")) {
				return o, fmt.Errorf("%s:%d: header: %s: want \"length: N inputs as found, M after shrinking\"", path, c.n, suggest.Quote(text))
			}
			o.Length = length
		}
	}
	return o, nil
}
