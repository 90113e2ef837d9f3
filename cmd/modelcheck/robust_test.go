package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"modelcheck/internal/signaltest"
)

// This file holds the tests of the command's behaviour at its edges:
// signals, exit statuses when something else fails, refused flag values,
// and the memory bound. The signal and memory tests run the built binary,
// since a signal's handling and the garbage collector's limit belong to a
// process.

var binary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binary.dir != "" {
		os.RemoveAll(binary.dir)
	}
	os.Exit(code)
}

// modelcheckBinary builds the command once per test run and returns its
// path.
func modelcheckBinary(t *testing.T) string {
	t.Helper()
	binary.once.Do(func() {
		if binary.dir, binary.err = os.MkdirTemp("", "modelcheck-test-"); binary.err != nil {
			return
		}
		binary.path = filepath.Join(binary.dir, "modelcheck")
		out, err := exec.Command("go", "build", "-o", binary.path, ".").CombinedOutput()
		if err != nil {
			binary.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path
}

// exitCode is the exit status of a finished command, or -1 if a signal
// killed it.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// generous bounds every wait in the process tests: long enough for a
// loaded machine, and only ever reached when something is broken.
const generous = 2 * time.Minute

// explored matches the text output's counts line.
var explored = regexp.MustCompile(`explored (\d+) distinct states \((\d+) generated\)`)

// TestSignalsStopWithPartialCounts: SIGINT, SIGTERM and SIGHUP sent to a
// run that would never end (depth 0 on the infinite stealing scenario)
// stop it with exit 3 and the counts so far, as text and as JSON, and
// leave nothing in --out. The signal is sent once the first progress line
// shows the exploration under way.
func TestSignalsStopWithPartialCounts(t *testing.T) {
	bin := modelcheckBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		for _, asJSON := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/json=%v", sig, asJSON), func(t *testing.T) {
				t.Parallel()
				out := filepath.Join(t.TempDir(), "out")
				args := []string{"explore", "--depth", "0", "--scenario", "stealing", "--workers", "2", "--out", out}
				if asJSON {
					args = append(args, "--json")
				}
				stdout, stderr, code := runUntilProgress(t, bin, args, sig)
				if code != exitStopped {
					t.Fatalf("exit %d, want 3\nstdout: %s\nstderr: %s", code, stdout, stderr)
				}
				if !strings.Contains(stderr, "--depth 0 explores until no new state") {
					t.Errorf("no warning about --depth 0 without a bound: %s", stderr)
				}
				if asJSON {
					var r report
					if err := json.Unmarshal([]byte(stdout), &r); err != nil {
						t.Fatalf("bad JSON (%v): %s", err, stdout)
					}
					if r.Complete || r.StoppedEarly != "interrupted" || r.DistinctStates <= 1 || r.GeneratedStates < r.DistinctStates {
						t.Fatalf("want partial counts stopped by the interrupt, got %+v", r)
					}
				} else {
					m := explored.FindStringSubmatch(stdout)
					if m == nil || !strings.Contains(stdout, "STOPPED EARLY (interrupted)") {
						t.Fatalf("no partial counts or stop reason in %q", stdout)
					}
					if n, _ := strconv.Atoi(m[1]); n <= 1 {
						t.Fatalf("%d distinct states reported, want the ones explored before the signal", n)
					}
				}
				// The run made --out and wrote nothing there, so it
				// removed the folder again.
				if entries, err := os.ReadDir(out); !os.IsNotExist(err) {
					t.Fatalf("--out holds %v (%v), want no folder", entries, err)
				}
			})
		}
	}
}

// runUntilProgress starts bin with args, sends sig once a progress line
// appears on stderr, and returns the outputs and the exit status.
func runUntilProgress(t *testing.T, bin string, args []string, sig syscall.Signal) (stdout, stderr string, code int) {
	t.Helper()
	return signaltest.StopAt(t, exec.Command(bin, args...), "progress:", sig, generous)
}

// TestMemoryBoundStopsWithThree: --max-memory, and GOMEMLIMIT when no flag
// is given, stop a run whose heap passes the bound with exit 3 and the
// counts so far. A bound of a few megabytes is passed within the first
// levels of the default model, whatever the machine.
func TestMemoryBoundStopsWithThree(t *testing.T) {
	bin := modelcheckBinary(t)
	for _, tc := range []struct {
		name string
		args []string
		env  string
	}{
		{"flag", []string{"--max-memory", "8MiB"}, ""},
		{"GOMEMLIMIT", nil, "GOMEMLIMIT=8MiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			cmd := exec.Command(bin, append([]string{"explore", "--json", "--depth", "12", "--workers", "2", "--out", out}, tc.args...)...)
			cmd.Env = append(os.Environ(), "GOMEMLIMIT=")
			if tc.env != "" {
				cmd.Env = append(cmd.Env, tc.env)
			}
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			code := exitCode(cmd.Run())
			var r report
			if err := json.Unmarshal([]byte(stdout.String()), &r); err != nil {
				t.Fatalf("exit %d, bad JSON (%v): %s\nstderr: %s", code, err, stdout.String(), stderr.String())
			}
			if code != exitStopped || r.Complete || r.StoppedEarly != "stopped at memory limit" || r.DistinctStates <= 1 {
				t.Fatalf("exit %d, %+v; want 3 and partial counts stopped at the memory limit\nstderr: %s", code, r, stderr.String())
			}
		})
	}
}

func TestByteSizeFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"1048576", 1 << 20}, {"7B", 7}, {"3KiB", 3 << 10}, {"512MiB", 512 << 20}, {"2GiB", 2 << 30}, {"1TiB", 1 << 40},
	} {
		var b byteSize
		if err := b.Set(tc.in); err != nil || int64(b) != tc.want {
			t.Errorf("Set(%q) = %d, %v; want %d", tc.in, b, err, tc.want)
		}
		var again byteSize
		if err := again.Set(b.String()); err != nil || again != b {
			t.Errorf("%q printed as %q, which reads back as %d, %v", tc.in, b.String(), again, err)
		}
	}
	for _, bad := range []string{"", "MiB", "12XB", "512MB", "-1MiB", "1.5GiB", "99999999TiB"} {
		var b byteSize
		if err := b.Set(bad); err == nil {
			t.Errorf("Set(%q) = %d, want an error", bad, b)
		}
	}
}

// brokenWriter fails every write, like a stdout on a full disk or a closed
// pipe.
type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestBrokenStdout: output that cannot be written is exit 2 with a message
// on stderr, except that a violation found still exits 1.
func TestBrokenStdout(t *testing.T) {
	shrunk := filepath.Join(t.TempDir(), "shrunk.txt")
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"explore", "--depth", "3", "--out", ""}, exitUsage},
		{[]string{"explore", "--depth", "3", "--out", "", "--json"}, exitUsage},
		{[]string{"explore", "--depth", "3", "--out", "", "--max-states", "10"}, exitUsage},
		{[]string{"explore", "--fault", "lifo-ready", "--out", ""}, exitViolation},
		{[]string{"explore", "--fault", "lifo-ready", "--out", "", "--json"}, exitViolation},
		// A file whose violation reproduces is exit 1 however its trace
		// fared, as explore's violation is: it was exit 2.
		{[]string{"replay", filepath.Join(committedDir, "lane-order-af521bf3.txt")}, exitViolation},
		// The file is written; the line that says so is not: it was exit
		// 0, with nothing on stderr.
		{[]string{"shrink", filepath.Join(committedDir, "lane-order-af521bf3.txt"), "--out", shrunk}, exitUsage},
		{[]string{"list"}, exitUsage},
		{[]string{"list", "--json"}, exitUsage},
		{[]string{"help"}, exitUsage},
		{[]string{"version"}, exitUsage},
		{[]string{"version", "--help"}, exitUsage},
		// A command's help, as its flag set prints it: it exited 0,
		// with nothing on stderr, where help and version's exit 2.
		{[]string{"help", "explore"}, exitUsage},
		{[]string{"explore", "--help"}, exitUsage},
		{[]string{"replay", "-h"}, exitUsage},
		{[]string{"shrink", "--help"}, exitUsage},
		{[]string{"list", "--help"}, exitUsage},
		{[]string{"help", "replay"}, exitUsage},
	} {
		var stderr strings.Builder
		code := run(context.Background(), tc.args, brokenWriter{}, &stderr)
		if code != tc.want || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("modelcheck %v on a broken stdout: exit %d, stderr %q; want %d and the write error", tc.args, code, stderr.String(), tc.want)
		}
	}
}

// TestReplayStopsAtBrokenStdout: replay stops at the first file whose
// output cannot be written and says so once, with the status that file
// earned. It went on through every file, each failing at its first line:
// 'replay testdata/counterexamples/*.txt | head -1' printed the same
// broken pipe 301 times.
func TestReplayStopsAtBrokenStdout(t *testing.T) {
	files := []string{"replay"}
	for _, name := range []string{"lane-order-af521bf3.txt", "severity-monotone-9dd0c824.txt", "starvation-a295bb05.txt"} {
		files = append(files, filepath.Join(committedDir, name))
	}
	var stderr strings.Builder
	code := run(context.Background(), files, brokenWriter{}, &stderr)
	if n := strings.Count(stderr.String(), "no space left on device"); code != exitViolation || n != 1 {
		t.Errorf("replay of %d files on a broken stdout: exit %d, the write error %d times in %q; want exit 1 and the error once", len(files)-1, code, n, stderr.String())
	}
}

// TestClosedPipe: the built command writing to a pipe whose reader has
// gone (modelcheck ... | head -1) gets exit 2 with the error on stderr, or
// 1 when it found a violation, as for any output that cannot be written,
// not death by SIGPIPE.
func TestClosedPipe(t *testing.T) {
	bin := modelcheckBinary(t)
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"list"}, exitUsage},
		{[]string{"explore", "--depth", "3", "--out", ""}, exitUsage},
		{[]string{"explore", "--depth", "6", "--fault", "lifo-ready", "--out", ""}, exitViolation},
		{[]string{"replay", filepath.Join(committedDir, "lane-order-af521bf3.txt")}, exitViolation},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		var stderr strings.Builder
		cmd := exec.Command(bin, tc.args...)
		cmd.Stdout, cmd.Stderr = w, &stderr
		err = cmd.Run()
		w.Close()
		if code := exitCode(err); code != tc.want || !strings.Contains(stderr.String(), "broken pipe") {
			t.Errorf("modelcheck %v into a closed pipe: exit %d (-1: killed by a signal), stderr %q; want %d and the write error", tc.args, code, stderr.String(), tc.want)
		}
	}
}

// TestViolationExitsOneWhenItsFileFails: a counterexample file that cannot
// be written (here its name is taken by a folder) is reported on stderr,
// the trace is still printed, and the exit status is still 1.
func TestViolationExitsOneWhenItsFileFails(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "lane-order-af521bf3.txt"), 0o755); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := modelcheck(t, "explore", "--fault", "lifo-ready", "--out", dir)
	if code != exitViolation || !strings.Contains(stderr, "lane-order-af521bf3.txt") {
		t.Fatalf("exit %d, stderr %q; want 1 and the file's error", code, stderr)
	}
	for _, want := range []string{"VIOLATION lane-order", "  trace:\n", "  file: none written: "} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not say %q:\n%s", want, out)
		}
	}
	r, code := exploreJSON(t, "--fault", "lifo-ready", "--out", dir)
	if code != exitViolation || r.Violations[0].File != "" || r.Violations[0].FileError == "" {
		t.Fatalf("--json: exit %d, %+v", code, r.Violations)
	}
}

// TestRefindingIsAlreadyRecorded: finding a recorded counterexample again
// with another command (another --depth, so another "found by" line)
// keeps the file as first written, says so, and exits 1.
func TestRefindingIsAlreadyRecorded(t *testing.T) {
	dir := t.TempDir()
	first, code := exploreJSON(t, "--fault", "lifo-ready", "--depth", "12", "--out", dir)
	if code != exitViolation {
		t.Fatalf("first run: exit %d", code)
	}
	before, err := os.ReadFile(first.Violations[0].File)
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := modelcheck(t, "explore", "--fault", "lifo-ready", "--depth", "8", "--out", dir)
	if code != exitViolation || strings.Contains(stderr, "modelcheck explore:") {
		t.Fatalf("second run: exit %d, stderr %q; want 1 and no error", code, stderr)
	}
	if want := "file: " + first.Violations[0].File + " (already recorded,"; !strings.Contains(out, want) {
		t.Errorf("output does not say %q:\n%s", want, out)
	}
	after, err := os.ReadFile(first.Violations[0].File)
	if err != nil || string(after) != string(before) {
		t.Errorf("the recorded file changed (%v):\n%s", err, after)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("--out holds %v, want the one file", entries)
	}
}

// TestOutCheckedBeforeExploring: an --out that cannot hold files is exit 2
// before any exploring: the run given would otherwise never end. A missing
// folder is created.
func TestOutCheckedBeforeExploring(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// What is in the way is named, not mkdir's "not a directory" or
	// "file exists".
	dangling := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink("nowhere", dangling); err != nil {
		t.Fatal(err)
	}
	for out, what := range map[string]string{
		file:                         file + " is a file, not a folder",
		filepath.Join(file, "below"): file + " is a file, not a folder",
		dangling:                     dangling + " is a symbolic link to nowhere, which does not exist",
	} {
		stdout, stderr, code := modelcheck(t, "explore", "--depth", "0", "--scenario", "stealing", "--out", out)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "--out "+strconv.Quote(out)+": "+what) || strings.Contains(stderr, "warning") {
			t.Errorf("--out %s: exit %d, stdout %q, stderr %q; want 2 naming --out and saying %q, before anything else", out, code, stdout, stderr, what)
		}
	}
	// The folders made to check --out go again when the run writes no
	// file into them, and stay, holding only the file, when it does; a
	// folder that was there stays either way.
	top := t.TempDir()
	missing := filepath.Join(top, "new", "folder")
	if _, stderr, code := modelcheck(t, "explore", "--depth", "2", "--out", missing); code != exitOK {
		t.Fatalf("--out %s: exit %d, %s", missing, code, stderr)
	}
	if entries, err := os.ReadDir(top); err != nil || len(entries) != 0 {
		t.Errorf("a clean run with --out %s left %v (%v) in %s, want nothing", missing, entries, err, top)
	}
	if _, stderr, code := modelcheck(t, "explore", "--depth", "6", "--fault", "lifo-ready", "--out", missing); code != exitViolation {
		t.Fatalf("--out %s --fault lifo-ready: exit %d, %s", missing, code, stderr)
	}
	if entries, err := os.ReadDir(missing); err != nil || len(entries) != 1 || entries[0].Name() != "lane-order-af521bf3.txt" {
		t.Errorf("--out %s: %v (%v), want the counterexample alone", missing, entries, err)
	}
	// A path too long for the system fails after the first of its
	// folders were made; they go again too.
	long := filepath.Join(top, strings.Repeat(strings.Repeat("d", 200)+string(filepath.Separator), 25))
	if stdout, stderr, code := modelcheck(t, "explore", "--depth", "2", "--out", long); code != exitUsage || stdout != "" {
		t.Errorf("--out of %d bytes: exit %d, stdout %q, stderr %.200q; want 2", len(long), code, stdout, stderr)
	}
	if entries, err := os.ReadDir(top); err != nil || len(entries) != 1 {
		t.Errorf("--out of %d bytes left %v (%v) in %s beside new/, want nothing", len(long), entries, err, top)
	}
	there := t.TempDir()
	if _, stderr, code := modelcheck(t, "explore", "--depth", "2", "--out", there); code != exitOK {
		t.Fatalf("--out %s: exit %d, %s", there, code, stderr)
	}
	if _, err := os.Stat(there); err != nil {
		t.Errorf("a clean run removed --out %s, an empty folder that was there: %v", there, err)
	}
}

// TestShrinkOutCheckedBeforeShrinking: shrink refuses an --out it could
// not write before it reads FILE, so a long shrink never ends in a write
// error. FILE does not exist here: an --out checked only at the write
// would fail on FILE instead. A folder that is not there is refused, not
// made.
func TestShrinkOutCheckedBeforeShrinking(t *testing.T) {
	top := t.TempDir()
	file := filepath.Join(top, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(top, "no-such-counterexample.txt")
	for _, c := range []struct{ out, want string }{
		{filepath.Join(file, "below.txt"), "cannot write to " + file},
		{filepath.Join(top, "new") + string(filepath.Separator), "names a folder"},
		{top, "is not a regular file"},
		{filepath.Join(top, "new", "deeper", "x.txt"), "does not exist (shrink makes no folders)"},
	} {
		stdout, stderr, code := modelcheck(t, "shrink", missing, "--out", c.out)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "no-such-counterexample") {
			t.Errorf("shrink --out %s: exit %d, stdout %q, stderr %q; want 2 saying %q before FILE is read", c.out, code, stdout, stderr, c.want)
		}
	}
	if _, stderr, code := modelcheck(t, "shrink", missing, "--out", filepath.Join(top, "x.txt")); code != exitUsage || !strings.Contains(stderr, "no-such-counterexample") {
		t.Errorf("shrink of a missing FILE: exit %d, %q; want 2 naming it", code, stderr)
	}
	if entries, err := os.ReadDir(top); err != nil || len(entries) != 1 {
		t.Errorf("shrink with a bad FILE left %v (%v) in %s beside a-file, want nothing", entries, err, top)
	}
}

// TestWorkersBounded: a worker count past the bound is exit 2 naming the
// bound, instead of an out-of-memory crash; the bound itself runs.
func TestWorkersBounded(t *testing.T) {
	bound := strconv.Itoa(maxWorkers())
	for _, n := range []string{strconv.Itoa(maxWorkers() + 1), "1000000000"} {
		_, stderr, code := modelcheck(t, "explore", "--workers", n, "--out", "")
		if code != exitUsage || !strings.Contains(stderr, "at most "+bound) {
			t.Errorf("--workers %s: exit %d, stderr %q; want 2 naming the bound %s", n, code, stderr, bound)
		}
	}
	if r, code := exploreJSON(t, "--workers", bound, "--depth", "3", "--out", ""); code != exitOK || r.Workers != maxWorkers() {
		t.Errorf("--workers %s: exit %d, %d workers", bound, code, r.Workers)
	}
}

func TestEmptyNamesRefused(t *testing.T) {
	for _, args := range [][]string{
		{"--invariant", ""}, {"--fault", ""}, {"--fault", " "}, {"--liveness", ""}, {"--fault", "lifo-ready,,weaken-severity"}, {"--invariant", "lane-order,"},
	} {
		stdout, stderr, code := modelcheck(t, append([]string{"explore", "--out", ""}, args...)...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "empty name") {
			t.Errorf("explore %q: exit %d, stderr %q; want 2 and an empty name", args, code, stderr)
		}
	}
}

// TestRepeatedInvariantCountsOnce: naming an invariant twice checks it
// once, and the count says so.
func TestRepeatedInvariantCountsOnce(t *testing.T) {
	r, code := exploreJSON(t, "--depth", "3", "--out", "", "--invariant", "lane-order", "--invariant", "lane-order,wake-dedup")
	if code != exitOK || r.InvariantsChecked != 2 {
		t.Errorf("exit %d, %d invariants checked; want 2", code, r.InvariantsChecked)
	}
}

// TestHelpCommand: 'help CMD' prints that command's own help.
func TestHelpCommand(t *testing.T) {
	for _, cmd := range []string{"explore", "replay", "shrink", "list"} {
		out, stderr, code := modelcheck(t, "help", cmd)
		if code != exitOK || !strings.HasPrefix(out, "Usage: modelcheck "+cmd) {
			t.Errorf("help %s: exit %d, stdout %q, stderr %q; want its own usage", cmd, code, out, stderr)
		}
	}
	// Help asked of help itself, however spelled, is the general usage
	// (help -h once recursed into itself until the stack overflowed).
	for _, args := range [][]string{{"help", "help"}, {"help", "-h"}, {"help", "-help"}, {"help", "--help"}, {"-h", "-h"}, {"--help", "help"}} {
		if out, _, code := modelcheck(t, args...); code != exitOK || out != usage {
			t.Errorf("%v: exit %d, %q; want 0 and the usage", args, code, out)
		}
	}
	for _, args := range [][]string{{"help", "nope"}, {"help", "explore", "extra"}} {
		if out, stderr, code := modelcheck(t, args...); code != exitUsage || out != "" || stderr == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 with an error", args, code, out, stderr)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"version", "--version"} {
		out, _, code := modelcheck(t, arg)
		if code != exitOK || !strings.HasPrefix(out, "modelcheck ") || strings.TrimSpace(out) == "modelcheck" {
			t.Errorf("%s: exit %d, %q", arg, code, out)
		}
	}
	if _, _, code := modelcheck(t, "version", "extra"); code != exitUsage {
		t.Errorf("version extra: exit %d, want 2", code)
	}
	for _, args := range [][]string{{"version", "--help"}, {"version", "-h"}, {"help", "version"}, {"help", "--version"}} {
		if out, _, code := modelcheck(t, args...); code != exitOK || out != versionUsage {
			t.Errorf("%v: exit %d, %q; want 0 and version's usage", args, code, out)
		}
	}
}

// TestDepthZeroWarns: --depth 0 without a state or memory bound warns on
// stderr that it may never end; with a bound it does not. An interrupt
// before it starts still stops it with exit 3 and the counts.
func TestDepthZeroWarns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, stderr strings.Builder
	code := run(ctx, []string{"explore", "--depth", "0", "--scenario", "stealing", "--out", ""}, &out, &stderr)
	if code != exitStopped || !strings.Contains(stderr.String(), "warning: --depth 0") || !explored.MatchString(out.String()) {
		t.Errorf("unbounded: exit %d, stdout %q, stderr %q; want 3, counts and a warning", code, out.String(), stderr.String())
	}
	for _, bound := range [][]string{{"--max-states", "100"}, {"--max-memory", "16MiB"}} {
		_, stderr, code := modelcheck(t, append([]string{"explore", "--depth", "0", "--scenario", "stealing", "--out", ""}, bound...)...)
		if code != exitStopped || strings.Contains(stderr, "warning") {
			t.Errorf("%v: exit %d, stderr %q; want 3 and no warning", bound, code, stderr)
		}
	}
}

// TestCleanRunSaysHowFarItLooked: a clean run says "within depth N" of its
// bound, and, run with --depth 0 until no new state came, that it looked at
// every reachable state and how deep they lay, not "within depth 0"; one
// invariant checked is one invariant.
func TestCleanRunSaysHowFarItLooked(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "0", "--model", "vm"}, `(?m)^OK: no violation of \d+ invariants in any reachable state \(no new state past depth [1-9]\d*\)$`},
		{[]string{"--depth", "0", "--model", "vm", "--coverage"}, `(?m)^coverage \(with no depth bound\)`},
		{[]string{"--depth", "4", "--invariant", "lane-order"}, `(?m)^OK: no violation of 1 invariant within depth 4$`},
	} {
		out, stderr, code := modelcheck(t, append([]string{"explore", "--out", ""}, c.args...)...)
		if code != exitOK || !regexp.MustCompile(c.want).MatchString(out) {
			t.Errorf("explore %v: exit %d, stdout %q, stderr %q; want 0 and %s", c.args, code, out, stderr, c.want)
		}
	}
}

// TestDFSWorkersWarns: --dfs runs one worker, so a --workers above one
// given with it is ignored, and said so on stderr; the default worker
// count says nothing.
func TestDFSWorkersWarns(t *testing.T) {
	for _, c := range []struct {
		args []string
		warn bool
	}{
		{[]string{"--workers", "2"}, true},
		{[]string{"--workers", "1"}, false},
		{nil, false},
	} {
		args := append([]string{"explore", "--dfs", "--depth", "3", "--scenario", "stealing", "--out", ""}, c.args...)
		_, stderr, code := modelcheck(t, args...)
		if code != exitOK || strings.Contains(stderr, "warning: --dfs") != c.warn {
			t.Errorf("%v: exit %d, stderr %q; want 0 and a warning: %v", c.args, code, stderr, c.warn)
		}
	}
}

// TestDoubleDashEndsTheFlags: after a "--", every argument is a file,
// however many and whatever they look like; a "--" that is a flag's value
// is that value. Only the first file after "--" was taken as one: replay
// -- -a.txt -b.txt refused -b.txt as an unknown flag.
func TestDoubleDashEndsTheFlags(t *testing.T) {
	for _, c := range []struct {
		args  []string
		files []string
		out   string
	}{
		{[]string{"--", "-a.txt", "-b.txt"}, []string{"-a.txt", "-b.txt"}, ""},
		{[]string{"x.txt", "--", "-a.txt", "--out", "y"}, []string{"x.txt", "-a.txt", "--out", "y"}, ""},
		{[]string{"x.txt", "--out", "--", "-a.txt"}, nil, ""}, // -a.txt is a flag again: refused
		{[]string{"--out", "--", "x.txt"}, []string{"x.txt"}, "--"},
		// --out's value "--" ends nothing: -a.txt after the file is a
		// flag again, refused (read as a terminator, it was a file).
		{[]string{"--out", "--", "x.txt", "-a.txt"}, nil, ""},
		{[]string{"--json", "--", "-x.txt"}, []string{"-x.txt"}, ""},
		{[]string{"--out=--", "--", "-y.txt", "--"}, []string{"-y.txt", "--"}, "--"},
		{[]string{"a.txt", "--json", "b.txt"}, []string{"a.txt", "b.txt"}, ""},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		out := fs.String("out", "", "")
		fs.Bool("json", false, "")
		var errb strings.Builder
		files, code, done := parseFiles(fs, c.args, io.Discard, &errb)
		if c.files == nil {
			if !done || code != exitUsage {
				t.Errorf("%q: files %q, exit %d; want it refused", c.args, files, code)
			}
			continue
		}
		if done || !slices.Equal(files, c.files) || *out != c.out {
			t.Errorf("%q: files %q, --out %q, done %v (%s); want files %q, --out %q", c.args, files, *out, done, errb.String(), c.files, c.out)
		}
	}
}

// TestDashFileUsageNamesDoubleDash: a file named like a flag is refused as
// one, and the usage printed with the error says how to pass it, with --:
// only the README said so.
func TestDashFileUsageNamesDoubleDash(t *testing.T) {
	for _, c := range []struct{ cmd, want string }{
		{"replay", "after -- every argument\nis a file (replay -- -a.txt)"},
		{"shrink", "after -- the argument is FILE, whatever\nit looks like (shrink -- -a.txt)"},
	} {
		_, stderr, code := modelcheck(t, c.cmd, "-a.txt")
		if code != exitUsage || !strings.Contains(stderr, "flag provided but not defined: -a.txt") || !strings.Contains(stderr, c.want) {
			t.Errorf("%s -a.txt: exit %d, stderr %q; want 2, the unknown flag and how to pass it with --", c.cmd, code, stderr)
		}
	}
}

// TestStepTimeoutBoundIsTaken: --step-timeout refuses only what is under
// its bound, 100ms (the message: "is under 100ms"), so the bound itself is
// taken, on each command that takes the flag; 99ms is refused (see
// TestBadInputExitsTwo). Only the refusal (exit 2) is asked about: a step
// held 100ms by a loaded machine would be a HANG (exit 1), which is no
// matter here.
func TestStepTimeoutBoundIsTaken(t *testing.T) {
	if _, err := withStepTimeout(context.Background(), minStepTimeout); err != nil {
		t.Errorf("withStepTimeout(%v): %v", minStepTimeout, err)
	}
	file := filepath.Join(committedDir, "lane-order-af521bf3.txt")
	for _, args := range [][]string{
		{"explore", "--step-timeout", "100ms", "--depth", "2", "--out", ""},
		{"replay", "--step-timeout", "100ms", file},
		{"shrink", "--step-timeout", "100ms", file, "--out", filepath.Join(t.TempDir(), "x.txt")},
	} {
		if _, stderr, code := modelcheck(t, args...); code == exitUsage {
			t.Errorf("%q: exit %d, %s; want --step-timeout 100ms taken", args, code, stderr)
		}
	}
}

// TestDFSReportsOneWorker: --dfs explores with one worker and ignores a
// --workers above 1 (README), so both reports name the one worker it ran,
// not the count it ignored.
func TestDFSReportsOneWorker(t *testing.T) {
	args := []string{"--dfs", "--workers", "2", "--depth", "3", "--scenario", "stealing", "--out", ""}
	r, code := exploreJSON(t, args...)
	if code != exitOK || r.Workers != 1 || r.Strategy != "dfs" {
		t.Errorf("--json: exit %d, workers %d, strategy %q; want 0, 1, dfs", code, r.Workers, r.Strategy)
	}
	out, _, code := modelcheck(t, append([]string{"explore"}, args...)...)
	if code != exitOK || !strings.Contains(out, ", dfs, workers 1, ") {
		t.Errorf("text: exit %d, the header does not say dfs, workers 1:\n%s", code, out)
	}
}

// TestFaultsReportedOnce: a fault named twice is turned on once, and
// --json's faults names the faults turned on, each once, as the text
// header does, not the flags as typed.
func TestFaultsReportedOnce(t *testing.T) {
	args := []string{"--depth", "2", "--out", "", "--fault", "weaken-severity", "--fault", "lifo-ready,lifo-ready"}
	r, code := exploreJSON(t, args...)
	out, _, textCode := modelcheck(t, append([]string{"explore"}, args...)...)
	m := regexp.MustCompile(`, faults (\S+)\n`).FindStringSubmatch(out)
	if code == exitUsage || textCode != code || m == nil {
		t.Fatalf("exit %d (text %d), header:\n%s", code, textCode, out)
	}
	on := strings.Split(m[1], ",")
	slices.Sort(on)
	if want := []string{"lifo-ready", "weaken-severity"}; !slices.Equal(on, want) {
		t.Errorf("the text header turns on %v, want %v", on, want)
	}
	if !slices.Equal(r.Faults, strings.Split(m[1], ",")) {
		t.Errorf("--json faults %q; the text header says %s", r.Faults, m[1])
	}
}

// TestDepthZeroReportsDepthReached: --depth 0 bounds nothing, so --json's
// max_depth_reached is how deep the run went, not the 0 it was given: a
// run past the initial state reached depth 1 at least, and the JSON says
// the depth the text names ("no new state past depth N").
func TestDepthZeroReportsDepthReached(t *testing.T) {
	args := []string{"--depth", "0", "--model", "vm", "--out", ""}
	r, code := exploreJSON(t, args...)
	if code != exitOK || r.DistinctStates <= 1 || r.MaxDepthReached < 1 {
		t.Fatalf("--json: exit %d, %d states, max depth %d; want 0, more than one state, depth 1 or more", code, r.DistinctStates, r.MaxDepthReached)
	}
	out, _, code := modelcheck(t, append([]string{"explore"}, args...)...)
	if want := fmt.Sprintf("(no new state past depth %d)\n", r.MaxDepthReached); code != exitOK || !strings.Contains(out, want) {
		t.Errorf("text: exit %d, does not say %q:\n%s", code, want, out)
	}
}
