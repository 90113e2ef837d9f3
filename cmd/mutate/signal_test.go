package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalsStopWithThree: SIGINT, SIGTERM and SIGHUP each stop mutate
// with exit 3 and leave no work folder behind: sent while it measures the
// unmutated tree, with no report; sent while it runs the mutants, with a
// partial report of those finished.
func TestSignalsStopWithThree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mutate, modelcheck and a mutant")
	}
	bin := filepath.Join(t.TempDir(), "mutate")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	args := []string{"-n", "2", "-j", "1", "-v", "-pkg", "runtime/channel", "-scenarios", "default", "-states", "2000", "-floors=false"}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run("measuring/"+sig.String(), func(t *testing.T) {
			stdout, stderr := stopAt(t, bin, args, "measuring the unmutated tree", sig)
			if !strings.Contains(stderr, "interrupted while measuring") || stdout != "" {
				t.Errorf("stdout %q, stderr:\n%s\nwant no report and a line saying it was interrupted", stdout, stderr)
			}
		})
	}
	t.Run("mutants/"+syscall.SIGTERM.String(), func(t *testing.T) {
		// The first verdict line comes once the first mutant is judged,
		// while the second runs.
		stdout, stderr := stopAt(t, bin, args, "mutate: [1/2", syscall.SIGTERM)
		if !strings.Contains(stdout, "interrupted: a partial report") || !strings.Contains(stdout, "kill rate") {
			t.Errorf("stdout:\n%s\nstderr:\n%s\nwant a partial report", stdout, stderr)
		}
	})
}

// stopAt runs mutate with args, sends it sig once a line of its stderr
// contains marker, and requires exit 3 and an empty TMPDIR after it. It
// returns what mutate printed.
func stopAt(t *testing.T, bin string, args []string, marker string, sig syscall.Signal) (stdout, stderr string) {
	t.Helper()
	tmp := t.TempDir()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var out bytes.Buffer
	cmd.Stdout = &out
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	seen := make(chan struct{})
	lines := make(chan string, 1)
	go func() {
		var all strings.Builder
		sc := bufio.NewScanner(pipe)
		for marked := false; sc.Scan(); {
			all.WriteString(sc.Text() + "\n")
			if !marked && strings.Contains(sc.Text(), marker) {
				marked = true
				close(seen)
			}
		}
		lines <- all.String()
	}()
	const generous = 3 * time.Minute
	select {
	case <-seen:
	case <-time.After(generous):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no line with %q within %v; stderr:\n%s", marker, generous, <-lines)
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(generous):
		cmd.Process.Kill()
		<-done
		t.Fatalf("still running %v after %v", generous, sig)
	}
	stderr = <-lines
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("%v: %v, want exit 3; stderr:\n%s", sig, err, stderr)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("%v: left %d entries in TMPDIR, the first %s", sig, len(left), left[0].Name())
	}
	return out.String(), stderr
}
