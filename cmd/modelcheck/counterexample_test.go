package main

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func committedFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(committedDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no committed counterexamples (%v)", err)
	}
	return files
}

// writeTemp writes a file into a fresh folder and returns its path.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReplayReproducesEveryCommitted: replay exits 1 on each committed
// counterexample whose expected output records a violation or a lasso
// (every one with a fault switch, and every lasso file; 0 on those whose
// bug was fixed), printing each step's events and state.
func TestReplayReproducesEveryCommitted(t *testing.T) {
	violation := regexp.MustCompile(`(?m)^(violation|lasso) `)
	for _, path := range committedFiles(t) {
		want := exitOK
		if violation.MatchString(readFile(t, path)) {
			want = exitViolation
		}
		out, stderr, code := modelcheck(t, "replay", path)
		// A violation in the initial state (initial-state) has no step;
		// replay shows the state it is about as step 0.
		firstStep := strings.Contains(out, "  1. ") || strings.Contains(out, "  0. (the initial state)")
		if code != want || stderr != "" || !firstStep || !strings.Contains(out, "state: ") {
			t.Errorf("%s: exit %d, want %d; stderr %s\n%s", path, code, want, stderr, out)
		}
	}
}

// TestReplayExitStatus: 2 when the violation no longer reproduces but the
// file records it (a MISMATCH naming the line and what to do with the
// file: go test -rewrite for a file go test replays, its search again for
// any other), 2 on a malformed or truncated file, naming the file and
// line; but 1, with the bad file still named, when another file given
// with it reproduces its violation, since a found violation is always 1.
func TestReplayExitStatus(t *testing.T) {
	good := filepath.Join(committedDir, "lane-order-af521bf3.txt")
	text := readFile(t, good)
	fixedText := strings.Replace(text, " faults=lifo-ready\n----", "\n----", 1)
	fixed := writeTemp(t, "fixed.txt", fixedText)
	out, stderr, code := modelcheck(t, "replay", fixed)
	if code != exitUsage || !strings.Contains(out, "no violation\n") || !strings.Contains(stderr, "MISMATCH "+fixed+":14: ") ||
		!strings.Contains(stderr, "run its '# found by:' command again") || strings.Contains(stderr, "go test") {
		t.Fatalf("fixed runtime: exit %d\n%s%s", code, out, stderr)
	}
	kept := writeTemp(t, "testdata/counterexamples/fixed.txt", fixedText)
	if _, stderr, code := modelcheck(t, "replay", kept); code != exitUsage || !strings.Contains(stderr, "go test ./counterexamples -run 'TestRegression/fixed$' -rewrite") {
		t.Fatalf("fixed runtime, a file go test replays: exit %d\n%s", code, stderr)
	}
	// A file cut in its expected output still runs its whole script, and
	// the violation it reproduces is exit 1 with a MISMATCH note: a found
	// violation always is. One cut before its script ends is malformed.
	for _, c := range []struct {
		text, want string
		code       int
	}{
		{text[:len(text)/2], `MISMATCH .*truncated.txt:\d+: the run's expected output is missing or stops short`, exitViolation},
		{text[:len(text)/5], `truncated.txt:\d+: scenario: no ---- line before the end of the file \(truncated\?\)`, exitUsage},
		{strings.Replace(text, "microtask\n", "microtask now\n", 1), `truncated.txt:19: "microtask now": microtask: takes no operands`, exitUsage},
	} {
		bad := writeTemp(t, "truncated.txt", c.text)
		_, stderr, code := modelcheck(t, "replay", bad)
		if code != c.code || !regexp.MustCompile(c.want).MatchString(stderr) {
			t.Errorf("exit %d, stderr %q, want %d and %q", code, stderr, c.code, c.want)
		}
		for _, files := range [][]string{{good, bad}, {bad, good}} {
			_, stderr, code := modelcheck(t, append([]string{"replay"}, files...)...)
			if code != exitViolation || !regexp.MustCompile(c.want).MatchString(stderr) {
				t.Errorf("replay %v: exit %d, stderr %q, want 1 and %q", files, code, stderr, c.want)
			}
		}
	}
	// A script written by hand records no output at all: its violation
	// reproduces, so exit 1, not 2 (it was 2).
	hand := writeTemp(t, "hand.txt", "scenario base=default faults=lifo-ready\n----\n\nrun\nspawn r1\nmicrotask\nspawn r1\ndispatch\n----\n")
	if out, stderr, code := modelcheck(t, "replay", hand); code != exitViolation || !strings.Contains(out, "violation lane-order by step 4") ||
		!strings.Contains(stderr, "MISMATCH "+hand+":9: the run's expected output is missing") {
		t.Errorf("hand-written script: exit %d\n%s%s", code, out, stderr)
	}
	if _, stderr, code := modelcheck(t, "replay"); code != exitUsage || !strings.Contains(stderr, "no file given") {
		t.Errorf("replay with no file: exit %d, %s", code, stderr)
	}
	if _, stderr, code := modelcheck(t, "replay", "no/such/file.txt"); code != exitUsage || !strings.Contains(stderr, "no/such/file.txt") {
		t.Errorf("missing file: exit %d, %s", code, stderr)
	}
}

// handWritten is a long counterexample of lost-wake written by hand: it
// wanders before the yield that loses the wake.
const handWritten = `# a long way round
scenario base=default faults=lost-wake
----

run
spawn r1
spawn r1
governor DrainRegions
microtask
dispatch
checkpoint t1
complete t1 ok
dispatch
yield t2
----
`

// TestShrinkCommand: shrink writes a hand-written file under its own name
// next to it; shrinking that changes nothing; --out writes elsewhere, with
// a header that names the file written, but never over another file;
// flags may follow the file.
func TestShrinkCommand(t *testing.T) {
	path := writeTemp(t, "hand.txt", handWritten)
	out, stderr, code := modelcheck(t, "shrink", path)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := regexp.MustCompile(`^\S+hand\.txt: 9 inputs -> 4: wrote (\S+/stuck-[0-9a-f]{8}\.txt)\n$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output %q", out)
	}
	shrunk := m[1]
	text := readFile(t, shrunk)
	if !strings.Contains(text, "# length: 9 inputs as found, 4 after shrinking") || !strings.Contains(text, "yield t1\n----\n") {
		t.Fatalf("shrunk file:\n%s", text)
	}
	if out, _, code := modelcheck(t, "shrink", shrunk); code != exitOK || !strings.Contains(out, "4 inputs -> 4: unchanged") || readFile(t, shrunk) != text {
		t.Fatalf("shrinking again: exit %d, %s", code, out)
	}
	other := writeTemp(t, "other.txt", "keep me\n")
	if _, stderr, code := modelcheck(t, "shrink", path, "--out", other); code != exitUsage || !strings.Contains(stderr, "already exists with other content") || readFile(t, other) != "keep me\n" {
		t.Fatalf("--out over another file: exit %d, %s", code, stderr)
	}
	fresh := filepath.Join(t.TempDir(), "fresh.txt")
	// The same file, its replay line naming the file written.
	want := strings.Replace(text, "replay "+shrunk+"\n", "replay "+fresh+"\n", 1)
	if _, stderr, code := modelcheck(t, "shrink", path, "--out", fresh); code != exitOK || readFile(t, fresh) != want || want == text {
		t.Fatalf("--out to a new file: exit %d, %s\n%s", code, stderr, readFile(t, fresh))
	}
	// Kept where go test replays it, under a name of its own choosing: the
	// test line names the subtest that name makes.
	kept := filepath.Join(t.TempDir(), "testdata", "counterexamples", "lost-wake-by-hand.txt")
	// A folder that is not there is refused, and none is made (shrink
	// made the whole tree, so a slip in a folder's name went unseen).
	if _, stderr, code := modelcheck(t, "shrink", path, "--out", kept); code != exitUsage ||
		!strings.Contains(stderr, "does not exist (shrink makes no folders)") {
		t.Fatalf("--out into a missing folder: exit %d, %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Dir(filepath.Dir(kept))); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("--out into a missing folder made %s (%v)", filepath.Dir(filepath.Dir(kept)), err)
	}
	mkdirs(t, filepath.Dir(kept))
	if _, stderr, code := modelcheck(t, "shrink", path, "--out", kept); code != exitOK ||
		!strings.Contains(readFile(t, kept), "\n# replay: modelcheck replay testdata/counterexamples/lost-wake-by-hand.txt\n# test: go test ./counterexamples -run 'TestRegression/lost-wake-by-hand$' -v\n") {
		t.Fatalf("--out into testdata/counterexamples: exit %d, %s\n%s", code, stderr, readFile(t, kept))
	}
	clean := writeTemp(t, "clean.txt", strings.Replace(handWritten, " faults=lost-wake", "", 1))
	if _, stderr, code := modelcheck(t, "shrink", clean); code != exitUsage || !strings.Contains(stderr, "no invariant is violated") {
		t.Fatalf("nothing to shrink: exit %d, %s", code, stderr)
	}
	if _, stderr, code := modelcheck(t, "shrink", path, clean); code != exitUsage || !strings.Contains(stderr, "want one file, got 2") {
		t.Fatalf("two files: exit %d, %s", code, stderr)
	}
}

// TestExploreNeverOverwrites: a different file under the counterexample's
// name is left alone and reported on stderr, and the violation still exits
// 1; an empty --out writes nothing.
func TestExploreNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "lane-order-af521bf3.txt")
	if err := os.WriteFile(name, []byte("reviewed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := modelcheck(t, "explore", "--fault", "lifo-ready", "--out", dir)
	if code != exitViolation || !strings.Contains(stderr, name+" already exists with other content") || readFile(t, name) != "reviewed\n" {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	r, code := exploreJSON(t, "--fault", "lifo-ready", "--out", "")
	if code != exitViolation || r.Violations[0].File != "" {
		t.Fatalf("--out '': exit %d, file %q", code, r.Violations[0].File)
	}
}

// TestOneInputHeader: a counterexample of one input says "1 input" in its
// length line, and that file replays.
func TestOneInputHeader(t *testing.T) {
	r, code := exploreJSON(t, "--scenario", "channel", "--depth", "2", "--fault", "extra-sender", "--out", t.TempDir())
	if code != exitViolation || len(r.Violations) == 0 || r.Violations[0].File == "" {
		t.Fatalf("exit %d, %+v", code, r)
	}
	path := r.Violations[0].File
	if text := readFile(t, path); !strings.Contains(text, "# length: 1 input as found, 1 after shrinking\n") {
		t.Fatalf("header:\n%s", text)
	}
	if _, stderr, code := modelcheck(t, "replay", path); code != exitViolation {
		t.Fatalf("replay: exit %d, %s", code, stderr)
	}
}

// TestExploreRecordsTheChecks: a run restricted with --invariant writes a
// file that checks only those invariants and says how it was found.
func TestExploreRecordsTheChecks(t *testing.T) {
	r, code := exploreJSON(t, "--fault", "lifo-ready", "--invariant", "wake-dedup", "--invariant", "lane-order", "--out", t.TempDir())
	if code != exitViolation || len(r.Violations) != 1 {
		t.Fatalf("exit %d, %+v", code, r)
	}
	text := readFile(t, r.Violations[0].File)
	for _, want := range []string{
		"# found by: modelcheck explore --model asupersync --scenario default --depth 12 --fault lifo-ready --invariant lane-order --invariant wake-dedup\n",
		"\nrun invariants=lane-order,wake-dedup\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("file does not say %q:\n%s", want, text)
		}
	}
	if _, stderr, code := modelcheck(t, "replay", r.Violations[0].File); code != exitViolation {
		t.Errorf("replay: exit %d, %s", code, stderr)
	}
}

// TestExploreSpellsInputCounts: the text report counts a one-input
// counterexample as "1 input", not "1 inputs", and replay does too.
func TestExploreSpellsInputCounts(t *testing.T) {
	dir := t.TempDir()
	out, stderr, code := modelcheck(t, "explore", "--depth", "12", "--fault", "cancelled-region-closes-ok", "--out", dir)
	m := regexp.MustCompile(`file: (\S+) \(wrote, 1 input after shrinking\)`).FindStringSubmatch(out)
	if code != exitViolation || m == nil {
		t.Fatalf("exit %d, %s\n%s", code, stderr, out)
	}
	if out, stderr, code := modelcheck(t, "replay", m[1]); code != exitViolation || !strings.Contains(out, "(1 input)\n") {
		t.Fatalf("replay: exit %d, %s\n%s", code, stderr, out)
	}
}

// TestPrintedCommandsPasteAsTyped: the commands a file's header and
// replay's hints print for a path the user chose, with a space and a
// quote in it, read back through a shell as the words meant: the path as
// one argument, and a -run pattern that selects the file's subtest.
func TestPrintedCommandsPasteAsTyped(t *testing.T) {
	path := writeTemp(t, "hand.txt", handWritten)
	odd := filepath.Join(t.TempDir(), "with space", "it's.txt")
	mkdirs(t, filepath.Dir(odd)) // shrink makes no folders
	if _, stderr, code := modelcheck(t, "shrink", path, "--out", odd); code != exitOK {
		t.Fatalf("shrink --out %q: exit %d, %s", odd, code, stderr)
	}
	if got := shellWords(t, headerLine(t, readFile(t, odd), "# replay: ")); !slices.Equal(got, []string{"modelcheck", "replay", odd}) {
		t.Errorf("replay line reads as %q", got)
	}

	kept := filepath.Join(t.TempDir(), "testdata", "counterexamples", "my copy.txt")
	mkdirs(t, filepath.Dir(kept))
	if _, stderr, code := modelcheck(t, "shrink", path, "--out", kept); code != exitOK {
		t.Fatalf("shrink --out %q: exit %d, %s", kept, code, stderr)
	}
	words := shellWords(t, headerLine(t, readFile(t, kept), "# test: "))
	if len(words) != 6 || words[3] != "-run" {
		t.Fatalf("test line reads as %q", words)
	}
	// go test names the subtest my_copy, and matches -run's pattern per
	// level of subtest, each part unanchored.
	pattern, ok := strings.CutPrefix(words[4], "TestRegression/")
	if !ok || !regexp.MustCompile(pattern).MatchString("my_copy") || regexp.MustCompile(pattern).MatchString("my_copy2") {
		t.Errorf("test line's -run %q does not select TestRegression/my_copy alone", words[4])
	}

	text := readFile(t, filepath.Join(committedDir, "lane-order-af521bf3.txt"))
	edited := writeTemp(t, "with space/edited.txt", strings.Replace(text, "caps=timer faults=lifo-ready\n", "caps=timer,message faults=lifo-ready\n", 1))
	_, stderr, code := modelcheck(t, "replay", edited)
	hint := regexp.MustCompile(`\((modelcheck shrink .*) writes it again`).FindStringSubmatch(stderr)
	if code != exitViolation || hint == nil {
		t.Fatalf("replay of an edited file: exit %d, %s", code, stderr)
	}
	if got := shellWords(t, hint[1]); !slices.Equal(got, []string{"modelcheck", "shrink", edited, "--out", edited}) {
		t.Errorf("mismatch hint reads as %q", got)
	}
}

// headerLine returns the rest of the line of text that starts with prefix.
func headerLine(t *testing.T, text, prefix string) string {
	t.Helper()
	for line := range strings.Lines(text) {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			return strings.TrimSuffix(rest, "\n")
		}
	}
	t.Fatalf("no line %q in:\n%s", prefix, text)
	return ""
}

// shellWords splits a command line as sh does, quotes and all.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on this machine")
	}
	out, err := exec.Command(sh, "-c", `for w in `+line+`; do printf '%s\0' "$w"; done`).Output()
	if err != nil {
		t.Fatalf("sh on %s: %v", line, err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// TestFoundByNamesMaxStates: --max-states decides how far a run gets, so
// the file's "# found by:" line names it, in exploreCommand's fixed order
// (model, scenario, depth, --dfs, --max-states, faults, invariants): the
// search again without it might not end where this one did.
func TestFoundByNamesMaxStates(t *testing.T) {
	r, code := exploreJSON(t, "--fault", "lifo-ready", "--max-states", "100000", "--out", t.TempDir())
	if code != exitViolation || len(r.Violations) != 1 || r.Violations[0].File == "" {
		t.Fatalf("exit %d, %+v", code, r.Violations)
	}
	want := "# found by: modelcheck explore --model asupersync --scenario default --depth 12 --max-states 100000 --fault lifo-ready\n"
	if text := readFile(t, r.Violations[0].File); !strings.Contains(text, want) {
		t.Errorf("file does not say %q:\n%s", want, text)
	}
}

// TestShrunkInputsAreCounted: "N inputs after shrinking" counts the file
// written, as replay counts it, not the trace as found. Under --dfs the
// trace found is longer than the shortest (lifo-ready's breaks at depth 7
// at --depth 8), and shrinking cuts it, so the two counts differ.
func TestShrunkInputsAreCounted(t *testing.T) {
	out, stderr, code := modelcheck(t, "explore", "--dfs", "--depth", "8", "--fault", "lifo-ready", "--out", t.TempDir())
	found := regexp.MustCompile(`VIOLATION \S+ \([^)]*\) at depth (\d+):`).FindStringSubmatch(out)
	m := regexp.MustCompile(`file: (\S+) \(wrote, (\d+ inputs?) after shrinking\)`).FindStringSubmatch(out)
	if code != exitViolation || found == nil || m == nil {
		t.Fatalf("exit %d, %s\n%s", code, stderr, out)
	}
	if found[1]+" inputs" == m[2] {
		t.Fatalf("found at depth %s and shrunk to %s: this test cannot tell them apart", found[1], m[2])
	}
	replayed, stderr, code := modelcheck(t, "replay", m[1])
	if code != exitViolation || !strings.Contains(replayed, "replay "+m[1]+" ("+m[2]+")\n") {
		t.Errorf("explore says %s after shrinking; replay (exit %d, %s) counts otherwise:\n%s", m[2], code, stderr, replayed)
	}
}

// TestDroppedFaultsAreSaid: when the shrunk case no longer turns on a
// fault the run was given, explore (text and JSON) and shrink say so, and
// a case that needs none of them is called the runtime's own finding.
// Under lifo-ready and no-wake-dedup, the first violation, wake-dedup at
// depth 2, needs only no-wake-dedup; under one fault nothing is said. The
// vm and sthira reducers drop faults too.
func TestDroppedFaultsAreSaid(t *testing.T) {
	two := []string{"--fault", "lifo-ready", "--fault", "no-wake-dedup", "--out", t.TempDir()}
	out, _, code := modelcheck(t, append([]string{"explore"}, two...)...)
	if want := "  faults: the shrunk case needs only no-wake-dedup, not lifo-ready\n"; code != exitViolation || !strings.Contains(out, want) {
		t.Errorf("explore under two faults: exit %d, want 1 and %q:\n%s", code, want, out)
	}
	r, _ := exploreJSON(t, two...)
	if len(r.Violations) == 0 || !slices.Equal(r.Violations[0].FaultsDropped, []string{"lifo-ready"}) {
		t.Errorf("JSON under two faults: %+v, want the first violation's faults_dropped [lifo-ready]", r.Violations)
	}
	one := []string{"--fault", "no-wake-dedup", "--out", t.TempDir()}
	if out, _, _ := modelcheck(t, append([]string{"explore"}, one...)...); strings.Contains(out, "faults:") {
		t.Errorf("explore under the one fault it needs says something of faults:\n%s", out)
	}
	if r, _ := exploreJSON(t, one...); len(r.Violations) == 0 || r.Violations[0].FaultsDropped != nil {
		t.Errorf("JSON under one fault: %+v, want no faults_dropped", r.Violations)
	}

	text := strings.Replace(readFile(t, "../../testdata/counterexamples/lane-order-af521bf3.txt"),
		"faults=lifo-ready\n----", "faults=lifo-ready,no-wake-dedup\n----", 1)
	path := writeTemp(t, "two.txt", text)
	if out, _, code := modelcheck(t, "shrink", path); code != exitOK || !strings.Contains(out, "  faults: the shrunk case needs only lifo-ready, not no-wake-dedup\n") {
		t.Errorf("shrink of a case under a fault it does not need: exit %d:\n%s", code, out)
	}

	// The VM's claim scenario breaks session-trace-invariance with every
	// fault off (the contract's claim is false), so under a fault its
	// shrunk case needs none.
	out, _, code = modelcheck(t, "explore", "--model", "vm", "--scenario", "claim", "--fault", "unblock-reversed", "--out", t.TempDir())
	if want := "  faults: the shrunk case needs none of unblock-reversed: the violation happens with every fault off, a finding of the runtime (or the model) as written, not of the fault\n"; code != exitViolation || !strings.Contains(out, want) {
		t.Errorf("the VM's false claim under a fault: exit %d, want 1 and %q:\n%s", code, want, out)
	}
}

// mkdirs makes dir and the folders above it, for a shrink --out there.
func mkdirs(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}
