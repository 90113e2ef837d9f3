// Command modelcheck is an explicit-state model checker for async-runtime
// scheduling contracts: it enumerates every interleaving of a model's
// environment inputs up to a depth, checks the contracts' invariants on
// every transition, and reports the shortest violation.
//
// Exit status: 0 explored to the bound with no violation; 1 a violation
// was found; 2 bad usage or bad input; 3 stopped early (state limit,
// interrupt) with partial results reported.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit statuses.
const (
	exitOK        = 0
	exitViolation = 1
	exitUsage     = 2
	exitStopped   = 3
)

func main() {
	// Every signal a user or CI sends to end a run cancels ctx: each
	// command stops promptly, writes nothing half-done and exits 3.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usage = `modelcheck checks async-runtime contracts by exhaustive exploration.

Usage:
  modelcheck explore [flags]            explore a model's interleavings and check its invariants;
                                        write each violation, shrunk, to --out
  modelcheck replay FILE...             re-run counterexample files step by step
  modelcheck shrink FILE [--out FILE]   shrink a counterexample file to a 1-minimal one
  modelcheck list [--json]              list models, scenarios, invariants and fault switches
  modelcheck help                       show this help

Run 'modelcheck COMMAND --help' for a command's flags.
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
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "modelcheck: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}
