package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"modelcheck/counterexamples"
	"modelcheck/internal/shellword"
)

func replayCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	model := modelFlag(fs)
	stepTimeout := stepTimeoutFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: modelcheck replay FILE... [--model NAME] [--step-timeout D]\n\nRe-runs counterexample files step by step: each input, its events and the state it left.\nEach file is read as the model its '# model:' header line names.\nExit status: 0 no violation and every file records exactly what it prints,\n1 a violation reproduces (MISMATCH on stderr if its output differs, is missing\nor stops short) or a step never returns (HANG), 2 a file is malformed, or runs\nclean but records other or short output, 3 interrupted. Over several files: 1 if any file gives 1, else 2 if\nany gives 2, else 3 if interrupted.\nFlags may come before, between or after the files; after -- every argument\nis a file (replay -- -a.txt).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	files, code, done := parseFiles(fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(files) == 0 {
		return usageError(fs, fmt.Errorf("no file given"), stderr)
	}
	lookup, err := fileModels(fs, *model)
	if err != nil {
		return usageError(fs, err, stderr)
	}
	if ctx, err = withStepTimeout(ctx, *stepTimeout); err != nil {
		return usageError(fs, err, stderr)
	}
	worst := exitOK
	out := &outputWriter{w: stdout}
	for _, path := range files {
		code := replayFile(ctx, path, lookup, out, stderr)
		worst = worse(worst, code)
		earn(ctx, code)
		// Output that cannot be written stops the replay, as an interrupt
		// does, at the file in hand: each file after it failed the same
		// way, said so once more, and was replayed for nobody to read.
		if code == exitStopped || out.err != nil {
			break
		}
	}
	return worst
}

// worse combines two replays' statuses as explore's outcomes combine: a
// violation that reproduces (1) is the one thing a caller must never
// miss, so it outweighs a malformed or mismatching file (2, each named on
// stderr), which outweighs an interrupt (3), which outweighs a clean
// replay (0).
func worse(a, b int) int {
	rank := func(code int) int {
		switch code {
		case exitViolation:
			return 3
		case exitUsage:
			return 2
		case exitStopped:
			return 1
		}
		return 0
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// replayFile replays one file, printing each step as it is run. A
// violation that reproduces exits 1, loudly noting a recorded output that
// differs; a clean run exits 0 only if the file records exactly what the
// scenario and the run print now, since a file edited (or cut) into a
// clean run must not pass as a fixed bug; otherwise, and for a malformed
// file, it exits 2. A step that never returns is a runtime bug too: 1. An
// interrupt stops it with 3.
//
// Output that cannot be written is exit 2, unless the violation reproduces:
// the replay runs on without its trace, as explore still exits 1 with a
// violation whose trace it could not print.
func replayFile(ctx context.Context, path string, lookup func(string) (counterexamples.System, error), stdout *outputWriter, stderr io.Writer) int {
	code := replayRun(ctx, path, lookup, stdout, stderr)
	if stdout.err != nil {
		fmt.Fprintf(stderr, "modelcheck replay: writing the output: %v\n", stdout.err)
		code = worse(code, exitUsage)
	}
	return code
}

func replayRun(ctx context.Context, path string, lookup func(string) (counterexamples.System, error), stdout *outputWriter, stderr io.Writer) int {
	f, err := counterexamples.Open(path, lookup)
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck replay: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "replay %s (%s)\n", path, inputs(f.Inputs()))
	violation, mismatch, err := f.Replay(ctx, stdout)
	if err != nil && stdout.err != nil && errors.Is(err, stdout.err) {
		err = nil // the output's, which replayFile reports
	}
	var hang *counterexamples.HangError
	var short *counterexamples.ShortOutputError
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintf(stderr, "modelcheck replay: %s: interrupted\n", path)
		return exitStopped
	case errors.As(err, &hang):
		// A runtime bug the file found, as a violation is: exit 1.
		fmt.Fprintf(stderr, "modelcheck replay: HANG %s: %v\n", path, hang)
		return exitViolation
	case errors.As(err, &short) && violation != nil:
		// A hand-written script records no output; its violation is
		// still a runtime bug found: exit 1, as for any other mismatch.
		fmt.Fprintf(stderr, "modelcheck replay: MISMATCH %v\n  the violation reproduces, but the file does not record all of its output%s\n", err, mismatchHint(path, f.Lasso()))
		return exitViolation
	case err != nil:
		fmt.Fprintf(stderr, "modelcheck replay: %v\n", err)
		return exitUsage
	}
	switch {
	case violation != nil && mismatch != nil:
		fmt.Fprintf(stderr, "modelcheck replay: MISMATCH %v\n  the violation reproduces, but the file records other output%s\n", mismatch, mismatchHint(path, f.Lasso()))
		return exitViolation
	case violation != nil:
		return exitViolation
	case mismatch != nil:
		fmt.Fprintf(stderr, "modelcheck replay: MISMATCH %v\n  no violation now, but the file records other output: it was edited, or the runtime changed.\n  %s\n", mismatch, fixedHint(path))
		return exitUsage
	}
	return exitOK
}

// mismatchHint says how to see all of a reproducing file's differences:
// go test prints them for a file it replays (counterexamples.RegressionTest),
// and shrink writes any other file again with today's output, except a
// lasso, which shrink refuses and only its search writes again.
func mismatchHint(path string, lasso bool) string {
	if test := counterexamples.RegressionTest(path); test != "" {
		return " (" + test + " shows the difference)"
	}
	if lasso {
		return " (its '# found by:' command writes it again, with today's output)"
	}
	path = shellword.Quote(path)
	return " (modelcheck shrink " + path + " --out " + path + " writes it again, shrunk, with today's output)"
}

// fixedHint says what to do with a file that no longer shows a violation:
// go test -rewrite records today's output in a file go test replays; any
// other file shows no bug now, and its '# found by:' command finds again
// whatever is left.
func fixedHint(path string) string {
	if test := counterexamples.RegressionTest(path); test != "" {
		return "If the runtime was fixed on purpose, regenerate the file: " + test + " -rewrite, then read the diff."
	}
	return "If the runtime was fixed on purpose, the file shows no bug now: run its '# found by:' command again, or delete it."
}

// outputWriter is a command's stdout, keeping the first write error and
// refusing every write after it.
type outputWriter struct {
	w   io.Writer
	err error
}

func (o *outputWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	o.err = err
	return n, err
}
