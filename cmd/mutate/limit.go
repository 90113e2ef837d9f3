package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A mutant can make a child explode: an explore whose state space no
// longer closes, a test whose loop never ends. One -tests run once held
// 21 GB. So every child runs in its own process group under a memory
// bound, told twice: GOMEMLIMIT (the Go runtime collects harder as it
// nears it) and, for explore, --max-memory (it stops with exit 3). Neither
// is a hard cap, so a watchdog samples the resident memory of the whole
// group and kills the group past the bound.

// watchEvery is how often the watchdog samples a child's memory.
const watchEvery = 200 * time.Millisecond

// ownGroup puts cmd, made by exec.CommandContext, in its own process
// group, killed whole when the context ends: killing only the go command
// would leave its compile, link or test binary children running, and
// writing, after mutate has gone.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
}

// bounded prepares cmd, made by exec.CommandContext, to run under limit
// bytes: its own process group (ownGroup) and GOMEMLIMIT in its
// environment.
func bounded(cmd *exec.Cmd, limit uint64) {
	ownGroup(cmd)
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(env, "GOMEMLIMIT="+strconv.FormatUint(limit, 10), "RAPID_NOFAILFILE=1")
}

// runWatched starts a bounded cmd and waits for it, killing its process
// group if the group's resident memory passes limit; overMemory says
// whether that happened.
func runWatched(cmd *exec.Cmd, limit uint64) (overMemory bool, err error) {
	bounded(cmd, limit)
	if err := cmd.Start(); err != nil {
		return false, err
	}
	done := make(chan struct{})
	killed := make(chan bool, 1)
	go func() {
		tick := time.NewTicker(watchEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				killed <- false
				return
			case <-tick.C:
				if groupRSS(cmd.Process.Pid) > limit {
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					killed <- true
					return
				}
			}
		}
	}()
	err = cmd.Wait()
	close(done)
	return <-killed, err
}

// groupRSS sums the resident memory of the processes in process group
// pgid, read from /proc (0 where /proc cannot be read: the GOMEMLIMIT and
// --max-memory bounds still hold there).
func groupRSS(pgid int) uint64 {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	page := uint64(os.Getpagesize())
	var sum uint64
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// The command name, in parentheses, may hold spaces: the fields
		// that follow it are pid-independent and fixed in position.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		// f[0] is the state, f[2] the process group, f[21] the RSS in pages.
		if len(f) < 22 || f[2] != strconv.Itoa(pgid) {
			continue
		}
		if rss, err := strconv.ParseUint(f[21], 10, 64); err == nil {
			sum += rss * page
		}
	}
	return sum
}
