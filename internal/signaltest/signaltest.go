// Package signaltest runs a built command in a test and signals it once a
// line of its standard error shows it under way, as a user's Ctrl-C, a
// closed terminal or a CI runner's SIGTERM would. Both commands, modelcheck
// and mutate, promise exit 3 and nothing half-written on each of those.
package signaltest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// StopAt starts cmd, whose Stdout and Stderr must be unset, sends it sig
// once a line of its stderr contains marker, and waits for it to end,
// failing t if either takes longer than wait. It returns what the command
// printed and its exit status (-1 if a signal killed it).
func StopAt(t testing.TB, cmd *exec.Cmd, marker string, sig os.Signal, wait time.Duration) (stdout, stderr string, code int) {
	t.Helper()
	var out strings.Builder
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
	select {
	case <-seen:
	case <-time.After(wait):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no line with %q within %v; stderr:\n%s", marker, wait, <-lines)
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	WaitOrKill(t, cmd, wait, fmt.Sprintf("the command, sent %v,", sig))
	return out.String(), <-lines, cmd.ProcessState.ExitCode()
}

// WaitOrKill waits for the started cmd to exit, and kills it and fails t
// if it has not within wait: a command that ignores its signal must not
// hold the test run until go test's own timeout.
func WaitOrKill(t testing.TB, cmd *exec.Cmd, wait time.Duration, what string) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(wait):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%s still running %v later", what, wait)
	}
}
