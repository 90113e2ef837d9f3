package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"modelcheck/internal/signaltest"
)

// TestSignalsStopWithThree: SIGINT, SIGTERM and SIGHUP each stop mutate
// with exit 3 and leave no work folder behind: sent while it measures the
// unmutated tree, with no report; sent while it runs the mutants, with a
// partial report of those finished, under -checks as well.
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
	t.Run("checks/"+syscall.SIGINT.String(), func(t *testing.T) {
		checks := []string{"-checks", "-n", "2", "-j", "1", "-v", "-pkg", "invariants/vm", "-run", "TestTokensConserved"}
		stdout, stderr := stopAt(t, bin, checks, "mutate: [1/2", syscall.SIGINT)
		if !strings.Contains(stdout, "interrupted: a partial report") || !strings.Contains(stdout, "mutate -checks:") {
			t.Errorf("stdout:\n%s\nstderr:\n%s\nwant a partial report of -checks", stdout, stderr)
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
	stdout, stderr, code := signaltest.StopAt(t, cmd, marker, sig, 3*time.Minute)
	if code != 3 {
		t.Fatalf("%v: exit %d, want 3; stderr:\n%s", sig, code, stderr)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("%v: left %d entries in TMPDIR, the first %s", sig, len(left), left[0].Name())
	}
	return stdout, stderr
}
