package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"modelcheck/counterexamples"
	"modelcheck/internal/suggest"
)

func shrinkCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shrink", flag.ContinueOnError)
	out := fs.String("out", "", "write the result here (default: its own name, <invariant>-<fingerprint>.txt, next to FILE)")
	model := modelFlag(fs)
	stepTimeout := stepTimeoutFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: modelcheck shrink FILE [--out FILE] [--model NAME] [--step-timeout D]\n\nShrinks a counterexample file (written by explore or by hand) to a 1-minimal one:\nfewer inputs, a smaller scenario, simpler inputs, the same invariant broken.\nThe file is read as the model its '# model:' header line names.\nShrinking a shrunk file changes nothing. A file with other content is never\noverwritten, except FILE itself.\nExit status: 0 shrunk, 1 a step never returned (HANG; nothing written), 2 bad\nusage, a malformed file, no violation to shrink, an output path that is not\na regular file or one in a folder that does not exist (shrink makes none),\n3 interrupted (nothing written).\nFlags may come before or after FILE; after -- the argument is FILE, whatever\nit looks like (shrink -- -a.txt).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	files, code, done := parseFiles(fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(files) != 1 {
		return usageError(fs, fmt.Errorf("want one file, got %d", len(files)), stderr)
	}
	// An empty --out would write next to FILE, which leaving it out does;
	// explore's --out '' writes nothing, so an empty one here is refused
	// rather than read either way.
	if given(fs, "out") && *out == "" {
		return usageError(fs, fmt.Errorf("--out '': name the file to write, or leave --out out to write next to FILE"), stderr)
	}
	written := *out
	if written == "" {
		written = filepath.Dir(files[0])
	}
	if err := checkHeaderPath(written); err != nil {
		return usageError(fs, fmt.Errorf("%q: %w", written, err), stderr)
	}
	// The output is checked before the shrink, which may take long, as
	// explore checks its --out before it explores.
	dir := written
	if *out != "" {
		if err := counterexamples.CheckTarget(*out); err != nil {
			fmt.Fprintf(stderr, "modelcheck shrink: --out %s: %v\n", strconv.Quote(*out), err)
			return exitUsage
		}
		dir = filepath.Dir(*out)
		// --out names a file, and a slip in its folder's name would
		// otherwise make a tree of folders nobody meant; explore's --out
		// names a folder and makes it.
		if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(stderr, "modelcheck shrink: --out %s: its folder %s does not exist (shrink makes no folders)\n", suggest.Quote(*out), suggest.Quote(dir))
			return exitUsage
		}
	}
	made, err := checkOut(dir)
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck shrink: cannot write to %s: %v\n", dir, err)
		return exitUsage
	}
	defer counterexamples.RemoveEmpty(made)
	lookup, err := fileModels(fs, *model)
	if err != nil {
		return usageError(fs, err, stderr)
	}
	if ctx, err = withStepTimeout(ctx, *stepTimeout); err != nil {
		return usageError(fs, err, stderr)
	}
	err = shrinkFile(ctx, files[0], *out, lookup, stdout)
	var hang *counterexamples.HangError
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintf(stderr, "modelcheck shrink: interrupted; nothing written\n")
		return exitStopped
	case errors.As(err, &hang):
		fmt.Fprintf(stderr, "modelcheck shrink: HANG %v; nothing written\n", err)
		return exitViolation
	case err != nil:
		fmt.Fprintf(stderr, "modelcheck shrink: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// shrinkFile shrinks path and writes the result to out, or, if out is
// empty, under its own name next to path.
func shrinkFile(ctx context.Context, path, out string, lookup func(string) (counterexamples.System, error), stdout io.Writer) error {
	f, err := counterexamples.Open(path, lookup)
	if err != nil {
		return err
	}
	shrunk, err := f.Shrink(ctx, out)
	if err != nil {
		return err
	}
	if out == "" {
		out = filepath.Join(filepath.Dir(path), shrunk.Name)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	w, err := counterexamples.WriteFile(out, shrunk.Data, sameFile(path, out))
	if err != nil {
		return err
	}
	// The file is written by now; the line saying so is output like any
	// other, and one that cannot be written is exit 2.
	if _, err := fmt.Fprintf(stdout, "%s: %s -> %d: %s %s\n%s", path, inputs(f.Inputs()), shrunk.Inputs, w, out,
		droppedLine(shrunk.Faults, shrunk.Dropped)); err != nil {
		return fmt.Errorf("writing the output: %w", err)
	}
	return nil
}

// sameFile reports whether a and b name one existing file: shrinking a
// file in place may replace it.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
