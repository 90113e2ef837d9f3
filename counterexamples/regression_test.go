package counterexamples_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"modelcheck/counterexamples"
	"modelcheck/models"
)

// TestRegression runs every committed counterexample as a datadriven test,
// each file its own subtest named after it, as the model its header names
// (see counterexamples.RunFile). After a deliberate change to the runtime
// or a check, go test ./counterexamples -rewrite regenerates the
// expectations, and the diff is what a reviewer reads.
func TestRegression(t *testing.T) {
	files, err := filepath.Glob("../testdata/counterexamples/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no counterexamples in ../testdata/counterexamples (%v)", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			t.Parallel()
			counterexamples.RunFile(t, path, byHeader)
		})
	}
}

// byHeader is the model a file's header names, the default one for a file
// without the line.
func byHeader(name string) (counterexamples.System, error) {
	if name == "" {
		return models.Default(), nil
	}
	return models.Lookup(name)
}

// TestCommittedWhereLinesNameTheirFile: every committed file's replay
// and test lines name the file where it is kept, whichever model wrote
// it. A file written into another folder and copied here keeps that
// folder's lines, which neither command can follow (session 18 committed
// nine such files before this test).
func TestCommittedWhereLinesNameTheirFile(t *testing.T) {
	files, err := filepath.Glob("../testdata/counterexamples/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no counterexamples in ../testdata/counterexamples (%v)", err)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(path)
		name := strings.TrimSuffix(base, ".txt")
		for _, want := range []string{
			"\n# replay: modelcheck replay testdata/counterexamples/" + base + "\n",
			"\n# test: go test ./counterexamples -run 'TestRegression/" + name + "$' -v\n",
		} {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s: no line %q", base, strings.TrimSpace(want))
			}
		}
	}
}

// TestRunFileRefusesWhatReplayRefuses: a committed file cut short, pasted
// together or with a line datadriven cannot read fails its regression test with the message replay
// gives (exit 2), naming the file and the line. datadriven alone ran the
// directives it found and passed them all: a file cut to its header ran
// none, a lasso cut before its loop ran its clean prefix, and a second
// model line went unread.
func TestRunFileRefusesWhatReplayRefuses(t *testing.T) {
	committed := func(name string) string {
		data, err := os.ReadFile(filepath.Join("../testdata/counterexamples", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	cut := func(text, before string) string {
		i := strings.Index(text, before)
		if i < 0 {
			t.Fatalf("no %q in the file", before)
		}
		return text[:i+1]
	}
	laneOrder := committed("lane-order-af521bf3.txt")
	for _, tc := range []struct{ name, text, want string }{
		{"session-trace-invariance-1026128f.txt", cut(committed("session-trace-invariance-1026128f.txt"), "\nscenario "),
			":7: want a scenario directive first"},
		{"starvation-a295bb05.txt", cut(committed("starvation-a295bb05.txt"), "\nloop "),
			":50: the header (line 1) says the file is a lasso, but it has no loop directive (truncated?)"},
		{"lane-order-af521bf3.txt", strings.Replace(laneOrder, "# length:", "# model: vm, base scenario: default, faults: none\n# length:", 1),
			`:4: header: a second "model" line (the first is line 3)`},
		{"empty.txt", "", ":1: want a scenario directive first"},
		// datadriven stops at a line this long, with no error: the test
		// ran none of the directives after it, and passed.
		{"lane-order-af521bf3.txt", strings.Replace(laneOrder, "# length:", "# "+strings.Repeat("x", 70_000)+"\n# length:", 1),
			":4: a line of 70003 bytes with its line end: at most 65536"},
	} {
		path := filepath.Join(t.TempDir(), tc.name)
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, passed := runFileAlone(t, path); passed || !strings.Contains(out, path+tc.want) {
			t.Errorf("%s: passed %v, want a failure saying %q:\n%s", tc.name, passed, path+tc.want, out)
		}
	}
	path := filepath.Join(t.TempDir(), "lane-order-af521bf3.txt")
	if err := os.WriteFile(path, []byte(laneOrder), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, passed := runFileAlone(t, path); !passed {
		t.Errorf("the file as committed fails:\n%s", out)
	}
}

// TestRunFileReadsPastAByteOrderMark: a file an editor saved with a UTF-8
// byte order mark passes its regression test, as replay reads it; one
// whose output differs fails naming the file and the directive's line;
// and -rewrite regenerates it, without the mark. datadriven read the mark
// as the start of a directive and failed every such file.
func TestRunFileReadsPastAByteOrderMark(t *testing.T) {
	data, err := os.ReadFile("../testdata/counterexamples/lane-order-af521bf3.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	path := filepath.Join(t.TempDir(), "lane-order-af521bf3.txt")
	write := func(s string) {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("\uFEFF" + text)
	if out, passed := runFileAlone(t, path); !passed {
		t.Errorf("with a byte order mark, the test fails:\n%s", out)
	}
	write("\uFEFF" + strings.Replace(text, "lane=ready gen=2 ", "lane=ready gen=9 ", 1))
	if out, passed := runFileAlone(t, path); passed || !strings.Contains(out, path+":17:") || !strings.Contains(out, "gen=9") {
		t.Errorf("with a byte order mark and another output: passed %v, want a failure naming %s:17 and the difference:\n%s", passed, path, out)
	}
	if out, passed := runFileAlone(t, path, "-rewrite"); !passed {
		t.Errorf("-rewrite fails:\n%s", out)
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != text {
		t.Errorf("-rewrite left (error %v):\n%q\nwant the committed file", err, got)
	}
}

// TestRunFileAlone is RunFile on the file MODELCHECK_RUNFILE names, in a
// test process of its own (see runFileAlone); skipped without it.
func TestRunFileAlone(t *testing.T) {
	path := os.Getenv("MODELCHECK_RUNFILE")
	if path == "" {
		t.Skip("runs only as runFileAlone's child")
	}
	counterexamples.RunFile(t, path, byHeader)
}

// runFileAlone runs RunFile on path as go test runs a regression test, in
// a child test process given flags (-rewrite), so that a file the test
// fails can be tested: the child's output, and whether it passed.
func runFileAlone(t *testing.T, path string, flags ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestRunFileAlone$", "-test.count=1", "-test.v"}, flags...)...)
	cmd.Env = append(os.Environ(), "MODELCHECK_RUNFILE="+path)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return string(out), err == nil && strings.Contains(string(out), "--- PASS: TestRunFileAlone")
}
