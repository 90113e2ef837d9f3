package main

import (
	"context"
	"os/exec"
	"testing"
)

// TestWatchdogKillsTheGroup: a child whose memory grows without end (tail
// buffers /dev/zero looking for a newline) is killed at the bound, and a
// child that stays small is left to finish. The shell's own ulimit keeps a
// broken watchdog from taking the machine down with it: tail then fails
// on its own, which the test reports.
func TestWatchdogKillsTheGroup(t *testing.T) {
	if _, err := exec.LookPath("tail"); err != nil {
		t.Skip("no tail")
	}
	ctx := context.Background()
	over, err := runWatched(exec.CommandContext(ctx, "sh", "-c", "ulimit -v 2000000; tail /dev/zero"), 64<<20)
	if !over {
		t.Fatalf("a child growing past 64 MiB was not killed (exit: %v)", err)
	}
	over, err = runWatched(exec.CommandContext(ctx, "sh", "-c", "exit 0"), 64<<20)
	if over || err != nil {
		t.Fatalf("a small child: over %v, err %v", over, err)
	}
}
