// Command modelcheck is an explicit-state model checker for async-runtime
// scheduling contracts: it enumerates every interleaving of a model's
// environment inputs up to a depth, checks the contracts' invariants on
// every transition, and reports the shortest violation.
//
// Exit status: 0 explored to the bound with no violation; 1 a violation
// was found (whatever else went wrong); 2 bad usage or bad input, or
// output that could not be written; 3 stopped early (state or memory
// limit, signal) with partial results reported.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"modelcheck/explore"
)

// Exit statuses.
const (
	exitOK        = 0
	exitViolation = 1
	exitUsage     = 2
	exitStopped   = 3
)

func main() {
	// Collect as the explorer is measured to run best (see
	// explore.GCPercent); GOGC, if set, still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(explore.GCPercent)
	}
	// A closed pipe on stdout is output that cannot be written: exit 2,
	// or 1 if a violation was found. Go's default for a write to a
	// broken stdout or stderr is to die of SIGPIPE (exit 141 in a
	// shell), which would lose that status; ignored, the write returns
	// EPIPE and each command reports it as it does a full disk.
	signal.Ignore(syscall.SIGPIPE)
	// Every signal a user or CI sends to end a run cancels ctx: each
	// command stops promptly, writes nothing half-done and exits 3.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	ctx, st := withStanding(ctx)
	stdout := st.watch(os.Stdout)
	code := runWithGrace(ctx, stopGrace, os.Stderr, func() int {
		return run(ctx, os.Args[1:], stdout, os.Stderr)
	})
	stop()
	os.Exit(code)
}

// stopGrace is how long a signalled command may take to stop. Every
// command checks ctx between steps of the model, and a step takes
// microseconds, so a healthy one stops well within it.
const stopGrace = 3 * time.Second

// runWithGrace runs cmd and returns its exit status, or exit 3 if ctx is
// cancelled (a signal) and cmd has not returned grace later. A step
// of the runtime under check that never returns (an endless loop in it,
// which no check can report because the step never ends) would otherwise
// keep the command from ever seeing the signal, and so would a write of
// its output to a pipe nobody reads. Leaving then leaves no half-written
// file: cmd writes each file whole under a temporary name and renames it,
// and a command stuck in a step or in a write to stdout is writing none.
// The status is the worse of 3 and what cmd had earned by then (see
// standing): a violation found before the signal is still exit 1.
func runWithGrace(ctx context.Context, grace time.Duration, stderr io.Writer, cmd func() int) int {
	done := make(chan int, 1)
	go func() { done <- cmd() }()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
	}
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case code := <-done:
		return code
	case <-timer.C:
	}
	st := standingOf(ctx)
	code := worse(st.code(), exitStopped)
	// Which call the command sits in is not known here: a step of the
	// model that never returns is the likely one, but work between
	// steps that looks for no signal holds it too (the shrinker enumerating
	// a 9000-value scenario list's reductions did), so the message names
	// both rather than blame the runtime for certain.
	why, lost := "the command had not stopped (a step of the model under check that never returns, an endless loop in the runtime? or other work that does not look for the signal)", "there are no results to report"
	if st.blockedWriting() {
		why = "its output was still not being read (a pipe nobody reads?)"
	}
	if st.blockedWriting() || code != exitStopped {
		lost = "the rest of the results are lost"
	}
	switch code {
	case exitViolation:
		lost += "; a violation was found before, so the exit status is 1"
	case exitUsage:
		lost += "; an error was reported before, so the exit status is 2"
	}
	fmt.Fprintf(stderr, "modelcheck: interrupted; %v later %s, so %s\n", grace, why, lost)
	return code
}

const usage = `modelcheck checks async-runtime contracts by exhaustive exploration.

Usage:
  modelcheck explore [flags]            explore a model's interleavings and check its invariants;
                                        write each violation, shrunk, to --out
  modelcheck replay FILE...             re-run counterexample files step by step
  modelcheck shrink FILE [--out FILE]   shrink a counterexample file to a 1-minimal one
  modelcheck list [--model M] [--json]  list models, scenarios, invariants and fault switches
  modelcheck help [COMMAND]             show this help, or a command's
  modelcheck version                    show the version (also --version)

Run 'modelcheck help COMMAND' or 'modelcheck COMMAND --help' for a command's flags.
`

// run is main without the process: arguments in, exit status out.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "explore":
		return exploreCmd(ctx, args[1:], stdout, stderr)
	case "replay":
		return replayCmd(ctx, args[1:], stdout, stderr)
	case "shrink":
		return shrinkCmd(ctx, args[1:], stdout, stderr)
	case "list":
		return listCmd(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		if len(args) > 2 {
			fmt.Fprintf(stderr, "modelcheck help: unexpected argument %q\n", args[2])
			return exitUsage
		}
		if len(args) == 2 {
			return helpCmd(ctx, args[1], stdout, stderr)
		}
		return printText(stdout, stderr, usage)
	case "version", "-version", "--version":
		if len(args) > 1 {
			if isHelpFlag(args[1]) {
				return printText(stdout, stderr, versionUsage)
			}
			fmt.Fprintf(stderr, "modelcheck version: unexpected argument %q\n", args[1])
			return exitUsage
		}
		return printText(stdout, stderr, "modelcheck "+version()+"\n")
	}
	fmt.Fprintf(stderr, "modelcheck: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}

// helpCmd prints the help of command name, which 'modelcheck help' names:
// a command's own usage, or the general one for help itself (as
// 'help -h' asks too). It hands a command's help to the command's own
// --help, so the flags printed are those the command parses.
func helpCmd(ctx context.Context, name string, stdout, stderr io.Writer) int {
	switch {
	case name == "help" || isHelpFlag(name):
		return printText(stdout, stderr, usage)
	case name == "version" || name == "-version" || name == "--version":
		return printText(stdout, stderr, versionUsage)
	case name == "explore" || name == "replay" || name == "shrink" || name == "list":
		return run(ctx, []string{name, "--help"}, stdout, stderr)
	}
	fmt.Fprintf(stderr, "modelcheck help: unknown command %q\n\n%s", name, usage)
	return exitUsage
}

// isHelpFlag reports whether arg asks for help, as the flag package's -h
// and -help do for a command with flags.
func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

const versionUsage = `Usage: modelcheck version

Prints the version of the module the binary was built from, as the build
recorded it: a tag, or the pseudo-version of the commit that go build
stamps in a git checkout (v0.0.0-20261127143949-59119f124d4d, +dirty if
the tree was modified); "devel" when it recorded none (-buildvcs=false,
say). Also: modelcheck --version.
`

// printText writes text to stdout; exit 2 if it cannot.
func printText(stdout, stderr io.Writer, text string) int {
	if _, err := io.WriteString(stdout, text); err != nil {
		fmt.Fprintf(stderr, "modelcheck: writing the output: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// version is the module version the binary was built from (go install
// modelcheck@v1.2.3 records it, and since Go 1.24 go build in a git
// checkout records a pseudo-version of its commit), or "devel", with the
// VCS revision when the build recorded that and no version.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	v := "devel"
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			v += " " + s.Value
		case s.Key == "vcs.modified" && s.Value == "true":
			v += " (modified)"
		}
	}
	return v
}
