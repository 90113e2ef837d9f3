package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"modelcheck/counterexamples"
	"modelcheck/internal/signaltest"
)

// governorScript is a file whose script has n inputs that the governors
// scenario offers forever: the governor suggestion toggled. It records no
// output, so its replay ends in exit 2 after running every input.
func governorScript(n int) string {
	var b strings.Builder
	b.WriteString("scenario base=governors\n----\n\nrun\n")
	for i := range n {
		if i%2 == 0 {
			b.WriteString("governor DrainRegions\n")
		} else {
			b.WriteString("governor NoPreference\n")
		}
	}
	b.WriteString("----\n")
	return b.String()
}

// TestLongScriptsAreRefused: a script over MaxScriptInputs is bad input
// for replay and shrink, naming the line where it goes over.
func TestLongScriptsAreRefused(t *testing.T) {
	path := writeTemp(t, "long.txt", governorScript(counterexamples.MaxScriptInputs+1))
	want := path + ":" + strconv.Itoa(5+counterexamples.MaxScriptInputs) + ": the script has more than " + strconv.Itoa(counterexamples.MaxScriptInputs) + " inputs"
	for _, cmd := range []string{"replay", "shrink"} {
		out, stderr, code := modelcheck(t, cmd, path)
		if code != exitUsage || !strings.Contains(stderr, want) || out != "" {
			t.Errorf("%s: exit %d, stderr %q, want 2 and %q", cmd, code, stderr, want)
		}
	}
}

// TestNonRegularAndHugeFilesAreRefused: /dev/zero, a FIFO (which would
// block the read forever), a folder and a file over MaxFileBytes are bad
// input for replay and shrink, refused before any read.
func TestNonRegularAndHugeFilesAreRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.txt")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.txt")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, counterexamples.MaxFileBytes+1); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{"/dev/zero", "/dev/zero: not a regular file"},
		{fifo, fifo + ": not a regular file"},
		{dir, dir + ": not a regular file"},
		{huge, huge + ": " + strconv.Itoa(counterexamples.MaxFileBytes+1) + " bytes, larger than"},
	}
	for _, c := range cases {
		for _, cmd := range []string{"replay", "shrink"} {
			done := make(chan struct{})
			var stderr string
			var code int
			go func() {
				defer close(done)
				_, stderr, code = modelcheck(t, cmd, c.path)
			}()
			select {
			case <-done:
			case <-time.After(generous):
				t.Fatalf("%s %s did not return", cmd, c.path)
			}
			if code != exitUsage || !strings.Contains(stderr, c.want) {
				t.Errorf("%s %s: exit %d, stderr %q, want 2 and %q", cmd, c.path, code, stderr, c.want)
			}
		}
	}
}

// TestEchoesAreQuotedAndCut: what a bad file makes an error message echo
// is quoted (no control character reaches the terminal) and cut, however
// long the bad value is.
func TestEchoesAreQuotedAndCut(t *testing.T) {
	good := readFile(t, filepath.Join(committedDir, "lane-order-af521bf3.txt"))
	long := strings.Repeat("\x1b[31mA", 1<<20)
	for _, bad := range []string{
		strings.Replace(good, "\nmicrotask\n", "\nmicrotask "+long+"\n", 1),
		strings.Replace(good, "\nmicrotask\n", "\n"+long+"\n", 1),
		strings.Replace(good, "tasks=2", "tasks="+long, 1),
		strings.Replace(good, "tasks=2", long+"=2", 1),
		strings.Replace(good, "tasks=2", "tasks=(2", 1) + long,
		strings.Replace(good, "\nrun\n", "\nrun"+long+"\n", 1),
		strings.Replace(good, "\nrun\n", "\nrun invariants="+long+"\n", 1),
		strings.Replace(good, "# length: 4", "# length: "+long, 1),
		strings.Replace(good, "> microtask", "> "+long, 1),
		strings.Replace(good, "# model: asupersync", "# model: "+long, 1),
		strings.Replace(good, "base=default", "base="+long, 1),
		strings.Replace(good, "faults=lifo-ready", "faults="+long, 1),
	} {
		path := writeTemp(t, "bad.txt", bad)
		for _, cmd := range []string{"replay", "shrink"} {
			if cmd == "shrink" && strings.Contains(bad, "> "+long) {
				continue // shrink does not read the recorded output
			}
			_, stderr, code := modelcheck(t, cmd, path)
			if code == exitOK || len(stderr) > 2000 || strings.ContainsAny(stderr, "\x1b\r") {
				t.Errorf("%s: exit %d, %d bytes of stderr: %q", cmd, code, len(stderr), stderr[:min(len(stderr), 300)])
			}
		}
	}
}

// TestCRLFAndBOMAreAccepted: a committed file saved with CRLF line ends,
// or with a UTF-8 byte order mark, replays as the file itself does; so
// does one with CRLF line ends whose last line has no LF, whose lone CR
// go test (datadriven) reads as a line end.
func TestCRLFAndBOMAreAccepted(t *testing.T) {
	path := filepath.Join(committedDir, "lane-order-af521bf3.txt")
	text := readFile(t, path)
	want, _, code := modelcheck(t, "replay", path)
	if code != exitViolation {
		t.Fatalf("replay: exit %d", code)
	}
	for name, variant := range map[string]string{
		"crlf.txt": strings.ReplaceAll(text, "\n", "\r\n"),
		"bom.txt":  "\uFEFF" + text,
		"both.txt": "\uFEFF" + strings.ReplaceAll(text, "\n", "\r\n"),
		"cr.txt":   strings.TrimSuffix(strings.ReplaceAll(text, "\n", "\r\n"), "\n"),
	} {
		p := writeTemp(t, name, variant)
		out, stderr, code := modelcheck(t, "replay", p)
		if code != exitViolation || stderr != "" || strings.Replace(out, p, path, 1) != want {
			t.Errorf("%s: exit %d, stderr %q\n%s", name, code, stderr, out)
		}
	}
}

// TestTamperedFilesDoNotPass: a file whose recorded output no longer
// matches never replays as a clean exit 0. Deleting a script line that
// leaves a clean run exits 2 and names the first differing line; an
// edited scenario output block of a reproducing file still exits 1, with
// a MISMATCH note naming the line and the command that writes the file
// again.
func TestTamperedFilesDoNotPass(t *testing.T) {
	path := filepath.Join(committedDir, "lane-order-af521bf3.txt")
	text := readFile(t, path)
	deleted := writeTemp(t, "deleted.txt", strings.Replace(text, "\nspawn r1\ndispatch\n", "\ndispatch\n", 1))
	_, stderr, code := modelcheck(t, "replay", deleted)
	if code != exitUsage || !strings.Contains(stderr, "MISMATCH "+deleted+":") || !strings.Contains(stderr, "# found by:") {
		t.Errorf("a deleted line: exit %d, stderr %s", code, stderr)
	}
	edited := writeTemp(t, "edited.txt", strings.Replace(text, "caps=timer faults=lifo-ready\n", "caps=timer,message faults=lifo-ready\n", 1))
	_, stderr, code = modelcheck(t, "replay", edited)
	if code != exitViolation || !strings.Contains(stderr, "MISMATCH "+edited+":14: ") || !strings.Contains(stderr, "modelcheck shrink "+edited+" --out "+edited+" ") {
		t.Errorf("an edited scenario block: exit %d, stderr %s", code, stderr)
	}
}

// TestShrinkNeverReplacesASymlink: shrink F --out L, L a link to F, is
// refused (exit 2) and leaves both the link and F as they were.
func TestShrinkNeverReplacesASymlink(t *testing.T) {
	path := writeTemp(t, "hand.txt", handWritten)
	link := filepath.Join(filepath.Dir(path), "link.txt")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := modelcheck(t, "shrink", path, "--out", link)
	if code != exitUsage || !strings.Contains(stderr, link+" is not a regular file") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 || readFile(t, path) != handWritten {
		t.Errorf("the link or its target changed (%v)", err)
	}
}

// countdown is a context that is cancelled after its Err has been asked
// a given number of times: a deterministic interrupt in the middle of a
// shrink or a replay, whatever the machine's speed.
type countdown struct {
	context.Context
	mu   sync.Mutex
	left int
	done chan struct{}
}

func newCountdown(n int) *countdown {
	return &countdown{Context: context.Background(), left: n, done: make(chan struct{})}
}

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left == 0 {
		return context.Canceled
	}
	if c.left--; c.left == 0 {
		close(c.done)
		return context.Canceled
	}
	return nil
}

func (c *countdown) Done() <-chan struct{} { return c.done }

// TestInterruptedShrinkWritesNothing: a shrink interrupted at any of
// several points exits 3 and writes nothing; replay likewise exits 3. The
// points are spread over the checks of a whole shrink of the same file,
// counted first on a copy of it: a fixed count fell past the end once
// the shrinker found the short path at once (500 checks did then).
func TestInterruptedShrinkWritesNothing(t *testing.T) {
	whole := newCountdown(math.MaxInt)
	if code := run(whole, []string{"shrink", writeTemp(t, "hand.txt", handWritten)}, io.Discard, io.Discard); code != exitOK {
		t.Fatalf("an uninterrupted shrink: exit %d", code)
	}
	checks := math.MaxInt - whole.left
	path := writeTemp(t, "hand.txt", handWritten)
	dir := filepath.Dir(path)
	for _, n := range []int{1, 5, checks / 10, checks / 2, checks - 1} {
		var out, errb strings.Builder
		code := run(newCountdown(n), []string{"shrink", path}, &out, &errb)
		if code != exitStopped || !strings.Contains(errb.String(), "interrupted; nothing written") {
			t.Errorf("interrupt after %d checks: exit %d, %s%s", n, code, out.String(), errb.String())
		}
		if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 1 {
			t.Fatalf("interrupt after %d checks: files %v", n, files)
		}
	}
	long := writeTemp(t, "long.txt", governorScript(1000))
	var out, errb strings.Builder
	if code := run(newCountdown(100), []string{"replay", long, long}, &out, &errb); code != exitStopped || !strings.Contains(errb.String(), "interrupted") || strings.Count(out.String(), "replay ") != 1 {
		t.Errorf("replay: exit %d, %s", code, errb.String())
	}
}

// TestSignalStopsReplay runs the built command on a long script and
// sends it SIGINT, SIGTERM or SIGHUP while it runs: it stops with exit 3.
// The test reads one line of the replay's output before the signal and
// no more until after it: the replay's output (megabytes) cannot fit the
// pipe, so the signal always arrives mid-replay.
func TestSignalStopsReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := modelcheckBinary(t)
	path := writeTemp(t, "long.txt", governorScript(counterexamples.MaxScriptInputs))
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		cmd, r, stderr := startReading(t, bin, "replay", path)
		if _, err := r.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, r)
		signaltest.WaitOrKill(t, cmd, generous, fmt.Sprintf("replay, sent %v,", sig))
		if code := cmd.ProcessState.ExitCode(); code != exitStopped || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("%v: exit %d, stderr %q", sig, code, stderr.String())
		}
	}
}

// startReading starts the built command bin with args, its output to be
// read from the reader returned and its errors kept in the builder.
func startReading(t *testing.T, bin string, args ...string) (*exec.Cmd, *bufio.Reader, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := new(strings.Builder)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, bufio.NewReader(stdout), stderr
}

// TestSignalWithOutputUnreadKeepsTheViolation: replay FILE... with its
// output going to a pipe nobody reads (a pager at its first screen), a
// violation already reproduced by the first file, and then an interrupt:
// the command is held in a write until the grace ends, and exits 1, not
// 3, without blaming the runtime for a step that never returned.
func TestSignalWithOutputUnreadKeepsTheViolation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and waits out the grace")
	}
	bin := modelcheckBinary(t)
	reproduces := filepath.Join(committedDir, "lane-order-af521bf3.txt")
	long := writeTemp(t, "long.txt", governorScript(counterexamples.MaxScriptInputs))
	cmd, r, stderr := startReading(t, bin, "replay", reproduces, long)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("the replay of %s never began: %v", long, err)
		}
		if strings.HasPrefix(line, "replay "+long) {
			break
		}
	}
	// The replay's megabytes fill the pipe within milliseconds.
	time.Sleep(500 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	signaltest.WaitOrKill(t, cmd, generous, "replay")
	if code := cmd.ProcessState.ExitCode(); code != exitViolation || strings.Contains(stderr.String(), "endless loop") {
		t.Errorf("exit %d, stderr %q; want 1, the violation the first file reproduced, and no runtime blamed", code, stderr.String())
	}
}

// TestInterruptWhileShrinkingKeepsTheViolation: explore interrupted at
// each of many points either stops before it finds the violation (exit 3,
// nothing written) or after (exit 1, the trace printed as found); an
// interrupt that stops the shrinking writes no file and says it was
// interrupted, in the text and in the JSON, rather than Go's "context
// canceled".
func TestInterruptWhileShrinkingKeepsTheViolation(t *testing.T) {
	shrinkStopped := 0
	for n := 1; n <= 1<<14; n *= 2 {
		for _, asJSON := range []bool{false, true} {
			dir := t.TempDir()
			args := []string{"explore", "--depth", "6", "--workers", "1", "--fault", "lifo-ready", "--out", dir}
			if asJSON {
				args = append(args, "--json")
			}
			var out, errb strings.Builder
			code := run(newCountdown(n), args, &out, &errb)
			files, _ := filepath.Glob(filepath.Join(dir, "*"))
			switch {
			case code == exitStopped:
				if len(files) != 0 {
					t.Errorf("interrupt after %d checks, stopped before the violation: files %v", n, files)
				}
			case code != exitViolation:
				t.Fatalf("interrupt after %d checks: exit %d, %s", n, code, errb.String())
			case len(files) == 1:
			case len(files) > 1 || !strings.Contains(out.String(), "lane-order"):
				t.Errorf("interrupt after %d checks: files %v, output %s", n, files, out.String())
			default:
				shrinkStopped++
				if want := "interrupted while shrinking the lane-order counterexample"; !strings.Contains(out.String(), want) ||
					!strings.Contains(errb.String(), want) || strings.Contains(out.String()+errb.String(), "context canceled") {
					t.Errorf("interrupt after %d checks, while shrinking: stdout %s\nstderr %s\nwant both to say %q", n, out.String(), errb.String(), want)
				}
			}
		}
	}
	if shrinkStopped == 0 {
		t.Error("no interrupt point fell in the shrinking")
	}
}
