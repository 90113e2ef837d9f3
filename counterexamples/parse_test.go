package counterexamples

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"modelcheck/internal/suggest"
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/fault"
	"modelcheck/runtime/pump"
)

// sample is a small counterexample file as explore writes it: lifo-ready
// dispatching the newer of two ready tasks.
func sample(t *testing.T) string {
	t.Helper()
	sc, err := model.Lookup("default")
	if err != nil {
		t.Fatal(err)
	}
	sc.Kernel.Faults = sc.Kernel.Faults.With(fault.LifoReady)
	sc.Pump.Faults = sc.Kernel.Faults
	var script []model.Input
	for _, line := range []string{"spawn r1", "microtask", "spawn r1", "dispatch"} {
		in, err := pump.ParseInput(line)
		if err != nil {
			t.Fatal(err)
		}
		script = append(script, in)
	}
	c, err := asu.Shrink(context.Background(), asuCase{Origin: Origin{Command: "modelcheck explore --fault lifo-ready", Length: 4}, Base: "default", Scenario: sc, Script: script})
	if err != nil {
		t.Fatal(err)
	}
	_, data, err := asu.Format(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// replayText parses and replays a file's text.
func replayText(text string) (Replayed[model.State, model.Input], error) {
	f, err := asu.Parse("sample.txt", []byte(text))
	if err != nil {
		return Replayed[model.State, model.Input]{}, err
	}
	return f.Replay(context.Background(), nil)
}

var positioned = regexp.MustCompile(`^sample\.txt:\d+: `)

func TestSampleReplays(t *testing.T) {
	r, err := replayText(sample(t))
	if err != nil || r.Outcome.Violation == nil || r.Outcome.Violation.Invariant.Name != "lane-order" || r.Mismatch != nil {
		t.Fatalf("error %v, outcome %+v, mismatch %v", err, r.Outcome.Violation, r.Mismatch)
	}
}

// TestTruncatedFilesAreErrors cuts the sample at every byte: each cut is an
// error naming the file and a line, never a quiet replay of half a script.
func TestTruncatedFilesAreErrors(t *testing.T) {
	text := sample(t)
	for cut := 0; cut < len(text)-1; cut++ {
		_, err := replayText(text[:cut])
		if err == nil || !positioned.MatchString(err.Error()) {
			t.Fatalf("cut after %d bytes (...%q): error %v, want sample.txt:LINE: ...", cut, text[max(0, cut-30):cut], err)
		}
	}
}

// TestCorruptFilesAreErrors: each corruption is an error that names the
// file and the line, and says what was expected there.
func TestCorruptFilesAreErrors(t *testing.T) {
	text := sample(t)
	cases := []struct{ old, new, want string }{
		{"tasks=2", "tasks=x", `sample.txt:8: scenario: tasks="x": want a number in 0..8`},
		{"tasks=2", "tasks=9", `tasks="9": want a number in 0..8`},
		{"tasks=2", "threads=2", `sample.txt:8: scenario: unknown key "threads" (known: base, backend, tasks,`},
		{"base=default", "base=nope", `sample.txt:8: scenario: base: unknown scenario "nope"`},
		{"tasks=2", "tasks=2 tasks=3", `sample.txt:8: scenario: tasks is given twice`},
		{"base=default", "", `sample.txt:8: scenario: missing base=NAME`},
		{"timed_tasks=false", "timed_tasks=maybe", `timed_tasks="maybe": want true or false`},
		{"faults=lifo-ready", "faults=lifo", `faults="lifo": unknown fault "lifo"`},
		{"region_cancel=none", "region_cancel=Gentle", `region_cancel="Gentle": unknown cancel kind "Gentle"`},
		{"\nrun\n", "\nwalk\n", `sample.txt:17: unknown directive "walk" after the scenario (want run)`},
		{"\nrun\n", "\nrun invariants=nope\n", `sample.txt:17: run: unknown invariant "nope"`},
		{"\nrun\n", "\nrun fast\n", `sample.txt:17: run: unknown argument "fast"`},
		{"\ndispatch\n", "\ndispatch-now\n", `sample.txt:21: "dispatch-now": unknown operation "dispatch-now"`},
		{"\nspawn r1\ndispatch", "\nspawn r2\ndispatch", `sample.txt:20: "spawn r2": the model does not offer it here (it offers: dispatch; spawn r1; wake t1)`},
		{"\nmicrotask\n", "\nhost-task\n", `sample.txt:19: "host-task": the model does not offer it here (it offers: microtask; spawn r1; wake t1)`},
		{"# length: 4 inputs", "# length: four inputs", `sample.txt:4: header: "length: four inputs as found, 4 after shrinking"`},
		{"# model: asupersync,", "# model: sthira,", `sample.txt:3: header: the file is for model "sthira"`},
		{"# length:", "# model: sthira, base scenario: default, faults: none\n# length:", `sample.txt:4: header: a second "model" line (the first is line 3)`},
		{"# length:", "# length: 9 inputs as found, 9 after shrinking\n# length:", `sample.txt:5: header: a second "length" line (the first is line 4)`},
		{"faults=lifo-ready\n----\n", "faults=lifo-ready\n", `sample.txt:11: "backend=browser tasks=2`},
		// Hand edits, each named at the line edited: datadriven's rules
		// made them an error at the end of the file about a directive
		// nobody wrote, or a directive without the word the file has.
		{"\nscenario base", "\nscenaro base", `sample.txt:8: want a scenario directive first (scenario base=NAME [key=value ...]), not "scenaro"`},
		{"dispatch\n----\n", "dispatch\n---- \n", `sample.txt:22: "---- ": the ---- line after run must be exactly ----, with no space or tab around it`},
		{"faults=lifo-ready\n----\n", "faults=lifo-ready\n----\t\n", `sample.txt:11: "----\t": the ---- line after scenario must be exactly ----`},
		{"microtask_batch_id=0\n> microtask\n", "microtask_batch_id=0\n\n> microtask\n",
			`sample.txt:27: a blank line in the expected output of the directive at line 17 ends it there, so line 28 ("> microtask") was read as a directive, with no ---- line before the end of the file: remove the blank line`},
		{"dispatch\n----\n", "dispatch\n",
			`sample.txt:22: run: no ---- line before the end of the file, and this line of its input, "> spawn r1", reads as expected output: is the ---- line before it missing?`},
		{"denied_callbacks=false\ncancel_kinds", "denied_callbacks=false\n\ncancel_kinds",
			`sample.txt:14: unknown directive "cancel_kinds=none" after the scenario (want run) (line 13 is blank, and a blank line ends the expected output of the directive at line 8: if line 14 belongs to that output, remove the blank line)`},
		// A line of spaces and tabs is as blank to datadriven as an empty
		// one: it ends the output there too.
		{"denied_callbacks=false\ncancel_kinds", "denied_callbacks=false\n \t \ncancel_kinds",
			`sample.txt:14: unknown directive "cancel_kinds=none" after the scenario (want run) (line 13 is blank, and a blank line ends the expected output of the directive at line 8: if line 14 belongs to that output, remove the blank line)`},
		// Two bases would each be read as the base by someone.
		{"base=default", "base=default base=governors", `sample.txt:8: scenario: base is given twice`},
	}
	for _, c := range cases {
		if !strings.Contains(text, c.old) {
			t.Fatalf("sample has no %q:\n%s", c.old, text)
		}
		_, err := replayText(strings.Replace(text, c.old, c.new, 1))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q -> %q: error %v, want %q", c.old, c.new, err, c.want)
		}
	}
}

// TestScenarioErrorsStayShort: a scenario value's error quotes at most
// suggest.MaxEcho bytes of it, and an input not offered names at most
// maxOffered of those the model offers: a hostile 64 KiB deadlines list
// made a 64 KiB error, and a 6000-deadline scenario's "it offers:" list
// ran to 143 KB.
func TestScenarioErrorsStayShort(t *testing.T) {
	text := sample(t)
	long := strings.TrimSuffix(strings.Repeat("2,", 20000), ",")
	_, err := replayText(strings.Replace(text, "tasks=2", "tasks=2 deadlines="+long, 1))
	if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), "(39999 bytes)") {
		t.Errorf("a 39999-byte deadlines value: error %.600v (%d bytes), want one quoting at most %d bytes of it", err, len(fmt.Sprint(err)), suggest.MaxEcho)
	}
	e := &StepError[spelled]{Input: "wake t9"}
	for i := range 1000 {
		e.Offered = append(e.Offered, spelled(fmt.Sprintf("spawn r1 deadline=%d", i+1)))
	}
	if msg := e.Error(); len(msg) > 2000 || !strings.HasSuffix(msg, fmt.Sprintf("; and %d more)", 1000-maxOffered)) {
		t.Errorf("1000 inputs offered: %d-byte message %.300q..., want at most %d named and the rest counted", len(msg), msg, maxOffered)
	}
}

// spelled is an input that is its spelling.
type spelled string

func (s spelled) String() string { return string(s) }

// TestChangedOutputIsAMismatch: an expected output that differs from the
// run (the runtime changed, or the file was edited) is reported with the
// first differing line, in the run's block or the scenario's; it is not
// a parse error (the command decides the exit status).
func TestChangedOutputIsAMismatch(t *testing.T) {
	text := sample(t)
	for _, c := range []struct{ old, new, want string }{
		{"task_spawned task=t1", "task_spawned task=t7", `sample.txt:24: the file has "  task_spawned task=t7`},
		{"obligations=0 finalizers=0", "obligations=1 finalizers=0", `sample.txt:12: the file has "backend=browser tasks=2 regions=1 obligations=1`},
		{"state after:\n", "state after:\n  an extra line\n", `sample.txt:`},
		// Space is compared too: the regression test (datadriven)
		// compares the lines byte for byte.
		{"  task_spawned task=t1", "   task_spawned task=t1", `sample.txt:24: the file has "   task_spawned task=t1`},
		{"state after:\n", "state after: \n", `sample.txt:39: the file has "state after: "; now printed: "state after:"`},
		// A line after the last one printed (the sample's last line is
		// 46) is a difference too.
		{"  r1: Open\n", "  r1: Open\n  r2: Open\n", `sample.txt:47: the file goes on with "  r2: Open"; the output printed now ends here`},
	} {
		if !strings.Contains(text, c.old) {
			t.Fatalf("sample has no %q:\n%s", c.old, text)
		}
		r, err := replayText(strings.Replace(text, c.old, c.new, 1))
		if err != nil || r.Mismatch == nil || r.Outcome.Violation == nil || !strings.HasPrefix(r.Mismatch.Error(), c.want) {
			t.Errorf("%q -> %q: error %v, mismatch %v, violation %v; want %q", c.old, c.new, err, r.Mismatch, r.Outcome.Violation, c.want)
		}
	}
}

// TestHandWrittenFile: a script with comments and no header or expected
// output parses, and shrinks to a file that replays cleanly.
func TestHandWrittenFile(t *testing.T) {
	text := "scenario base=default faults=lifo-ready\n----\n\nrun\n# two ready tasks\nspawn r1\nspawn r1\nmicrotask\n\ndispatch\n----\n"
	f, err := asu.Parse("hand.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Case.Script) != 4 || f.Lines[0] != 6 || f.Lines[3] != 10 {
		t.Fatalf("script %v at lines %v", f.Case.Script, f.Lines)
	}
	if _, err := f.Replay(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "hand.txt:11: the run's expected output is missing") {
		t.Fatalf("replay without an expected output: %v", err)
	}
	c, err := asu.Shrink(context.Background(), f.Case)
	if err != nil {
		t.Fatal(err)
	}
	_, data, err := asu.Format(c)
	if err != nil {
		t.Fatal(err)
	}
	g, err := asu.Parse("shrunk.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := g.Replay(context.Background(), nil); err != nil || r.Mismatch != nil || r.Outcome.Violation == nil {
		t.Fatalf("the shrunk file: error %v, mismatch %v\n%s", err, r.Mismatch, data)
	}
	if !strings.Contains(string(data), "# found by: "+byHand+"\n# model: asupersync, base scenario: default, faults: lifo-ready\n# length: 4 inputs as found") {
		t.Errorf("header does not say it was written by hand:\n%s", data)
	}
}

// TestReadOrigin reads how a file was found from its header alone, and
// refuses the headers Parse refuses.
func TestReadOrigin(t *testing.T) {
	dir := t.TempDir()
	file := func(name, header string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(header+"\nscenario base=default\n----\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	found := "# found by: modelcheck explore --scenario channel --depth 12\n"
	o, err := ReadOrigin(file("good.txt", found+"# length: 7 inputs as found, 3 after shrinking\n"))
	if err != nil || o.Command != "modelcheck explore --scenario channel --depth 12" || o.Length != 7 || o.Dir != dir {
		t.Errorf("ReadOrigin = %+v, %v; want the found-by command, length 7 and folder %s", o, err, dir)
	}
	// One input is "1 input"; files written before that said "1 inputs".
	for _, length := range []string{"1 input", "1 inputs"} {
		name := strings.ReplaceAll(length, " ", "-") + ".txt"
		if o, err := ReadOrigin(file(name, found+"# length: "+length+" as found, 1 after shrinking\n")); err != nil || o.Length != 1 {
			t.Errorf("%s: ReadOrigin = %+v, %v; want length 1", name, o, err)
		}
	}
	for name, header := range map[string]string{
		"twice.txt":  found + "# length: 7 inputs as found, 3 after shrinking\n# length: 8 inputs as found, 3 after shrinking\n",
		"badlen.txt": found + "# length: seven inputs as found, 3 after shrinking\n",
	} {
		if _, err := ReadOrigin(file(name, header)); err == nil || !strings.Contains(err.Error(), name+":") {
			t.Errorf("%s: ReadOrigin error %v, want one naming the file and line", name, err)
		}
	}
	if _, err := ReadOrigin(filepath.Join(dir, "missing.txt")); err == nil {
		t.Error("a missing file: no error")
	}
}

// TestNotRunStepsAreNamed: a script that goes on past its violation (a
// hand-written one: shrink cuts it there) prints, after the rule, the
// steps that were not run, from the one after the violation to its last.
// The sample's violation is its fourth input (lifo-ready dispatches t2
// before t1), so one input more is step 5 to 5 and two are 5 to 6; a
// script that ends at the violation prints no such line.
func TestNotRunStepsAreNamed(t *testing.T) {
	const script = "scenario base=default faults=lifo-ready\n----\n\nrun\nspawn r1\nmicrotask\nspawn r1\ndispatch\n"
	for _, c := range []struct{ more, want string }{
		{"", ""},
		{"dispatch\n", "  not run: steps 5 to 5 (the run ends at the first violation)\n"},
		{"dispatch\nmicrotask\n", "  not run: steps 5 to 6 (the run ends at the first violation)\n"},
	} {
		f, err := asu.Parse("hand.txt", []byte(script+c.more+"----\n"))
		if err != nil {
			t.Fatal(err)
		}
		_, out, err := asu.runCase(context.Background(), &f.Case)
		if err != nil {
			t.Fatal(err)
		}
		_, end, ok := strings.Cut(out, "violation lane-order by step 4 (dispatch)\n")
		_, end, _ = strings.Cut(end, "  rule: ")
		_, end, _ = strings.Cut(end, "\n")
		if got, _, _ := strings.Cut(end, "state after:\n"); !ok || got != c.want {
			t.Errorf("%d inputs after the violation: %q between the rule and the state, want %q:\n%s", strings.Count(c.more, "\n"), got, c.want, out)
		}
	}
}

// TestEveryHeaderLineTwiceIsRefused: a file with any one of its header
// lines twice (two files pasted together, or an edit) is refused, naming
// the second line and the first, whichever line it is: readers of the
// header could disagree on which counts. Each line of the header of the
// sample (lines 1 to 6) and of the lock's lasso (lines 1 to 5, a lasso
// line in place of the counterexample and length lines) is copied just
// below itself, so the copy is line n+1 and the first line n.
func TestEveryHeaderLineTwiceIsRefused(t *testing.T) {
	_, lasso := writeLockLasso(t)
	for _, file := range []struct {
		text   string
		header int
		parse  func(text string) error
	}{
		{sample(t), 6, func(text string) error { _, err := asu.Parse("h.txt", []byte(text)); return err }},
		{string(lasso), 5, func(text string) error { _, err := lockPipeline().Parse("h.txt", []byte(text)); return err }},
	} {
		lines := strings.SplitAfter(file.text, "\n")
		for n := 1; n <= file.header; n++ {
			key, _, _ := strings.Cut(strings.TrimPrefix(lines[n-1], "# "), ":")
			edited := strings.Join(slices.Insert(slices.Clone(lines), n, lines[n-1]), "")
			want := fmt.Sprintf("h.txt:%d: header: a second %q line (the first is line %d)", n+1, key, n)
			if err := file.parse(edited); err == nil || err.Error() != want {
				t.Errorf("line %d (%s) twice: error %v, want %s", n, strings.TrimSpace(lines[n-1]), err, want)
			}
		}
	}
}

// TestOutputBetweenDoubleSeparators: a run output written between
// ----/---- lines (datadriven's form for an output with blank lines,
// which -rewrite writes) replays as the plain form does, and a line that
// differs is named at its own line: the form's second ---- line comes
// before the output, so the sample's first event, line 24, is line 25.
func TestOutputBetweenDoubleSeparators(t *testing.T) {
	text := sample(t)
	if !strings.Contains(text, "\ndispatch\n----\n") {
		t.Fatalf("the sample's script does not end with dispatch:\n%s", text)
	}
	double := strings.Replace(text, "\ndispatch\n----\n", "\ndispatch\n----\n----\n", 1) + "----\n----\n"
	if r, err := replayText(double); err != nil || r.Mismatch != nil || r.Outcome.Violation == nil {
		t.Fatalf("error %v, mismatch %v, violation %+v; want a violation and no mismatch", err, r.Mismatch, r.Outcome.Violation)
	}
	r, err := replayText(strings.Replace(double, "task_spawned task=t1", "task_spawned task=t7", 1))
	if want := `sample.txt:25: the file has "  task_spawned task=t7`; err != nil || r.Mismatch == nil || !strings.HasPrefix(r.Mismatch.Error(), want) {
		t.Errorf("t1 edited to t7: error %v, mismatch %v; want %s...", err, r.Mismatch, want)
	}
}
