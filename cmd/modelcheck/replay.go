package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"modelcheck/counterexamples"
)

func replayCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: modelcheck replay FILE...\n\nRe-runs counterexample files step by step: each input, its events and the state it left.\nExit status: 0 no file reproduces a violation, 1 one does, 2 a file is malformed.\n")
	}
	files, code, done := parseFiles(fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(files) == 0 {
		return usageError(fs, fmt.Errorf("no file given"), stderr)
	}
	worst := exitOK
	for _, path := range files {
		// A malformed file (2) outweighs a violation (1), which outweighs
		// a clean replay (0).
		worst = max(worst, replayFile(path, stdout, stderr))
	}
	return worst
}

// replayFile replays one file; a malformed one exits 2.
func replayFile(path string, stdout, stderr io.Writer) int {
	f, err := counterexamples.Read(path)
	if err == nil {
		var r counterexamples.Replayed
		if r, err = f.Replay(); err == nil {
			fmt.Fprintf(stdout, "replay %s (%d inputs)\n%s", path, len(f.Case.Script), r.Trace())
			if r.Stale {
				test := strings.TrimSuffix(filepath.Base(path), ".txt")
				fmt.Fprintf(stdout, "note: this differs from the expected output in the file; go test ./counterexamples -run 'TestRegression/%s$' shows how, and -rewrite updates it\n", test)
			}
			if r.Outcome.Violation != nil {
				return exitViolation
			}
			return exitOK
		}
	}
	fmt.Fprintf(stderr, "modelcheck replay: %v\n", err)
	return exitUsage
}
