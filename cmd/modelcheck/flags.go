package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"modelcheck/counterexamples"
	"modelcheck/models"
)

// listFlag is a repeatable string flag (--fault a --fault b, or a,b).
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

// Set adds the names in v. An empty name (an empty value, or a,,b) is an error
// rather than nothing: a script that builds the flag from an empty
// variable would otherwise run without the fault or check it meant.
func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			return fmt.Errorf("empty name in %q", v)
		}
		*l = append(*l, s)
	}
	return nil
}

// parse parses a subcommand's flags. It returns done when the caller should
// exit with code (help was shown, or the flags were bad); bad flags print
// the error and the usage to stderr.
func parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, done bool) {
	files, code, done := parseFiles(fs, args, stdout, stderr)
	if !done && len(files) > 0 {
		return usageError(fs, fmt.Errorf("unexpected argument %q", files[0]), stderr), true
	}
	return code, done
}

// parseFiles is parse for a subcommand that takes file arguments: flags
// may come before, between or after them, and every argument after a "--"
// is a file, whatever it looks like.
func parseFiles(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (files []string, code int, done bool) {
	fs.SetOutput(io.Discard)
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			// Through printText, as help and version print theirs: the
			// flag package drops a write error, so a help that could not
			// be written exited 0.
			var b strings.Builder
			fs.SetOutput(&b)
			fs.Usage()
			return nil, printText(stdout, stderr, b.String()), true
		}
		if err != nil {
			return nil, usageError(fs, err, stderr), true
		}
		if terminated(fs, args[:len(args)-fs.NArg()]) {
			return append(files, fs.Args()...), 0, false
		}
		if fs.NArg() == 0 {
			return files, 0, false
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// terminated reports whether fs.Parse, having consumed the flags in
// consumed, stopped at a "--" rather than at the first argument that is
// not a flag. The flag package drops the "--" either way, and a "--" that
// is a flag's value (--out --) is no terminator, so consumed is read as
// the package reads it: a flag takes the next argument as its value unless
// it is boolean or written name=value.
func terminated(fs *flag.FlagSet, consumed []string) bool {
	for i := 0; i < len(consumed); i++ {
		arg := consumed[i]
		if arg == "--" {
			return true
		}
		name := strings.TrimLeft(arg, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
			i++ // its value
		}
	}
	return false
}

// usageError prints a usage error and the usage to stderr.
func usageError(fs *flag.FlagSet, err error, stderr io.Writer) int {
	fmt.Fprintf(stderr, "modelcheck %s: %v\n", fs.Name(), err)
	fs.SetOutput(stderr)
	fs.Usage()
	return exitUsage
}

// byteSize is a flag holding a number of bytes, written as GOMEMLIMIT
// writes them: an integer with an optional unit B, KiB, MiB, GiB or TiB
// (512MiB, 2GiB, 1048576). Only the binary units are taken, so that a value
// means the same here as in GOMEMLIMIT.
type byteSize int64

var byteUnits = []struct {
	suffix string
	shift  uint
}{{"KiB", 10}, {"MiB", 20}, {"GiB", 30}, {"TiB", 40}, {"B", 0}}

func (b *byteSize) String() string {
	if *b == 0 {
		return "0"
	}
	for _, u := range byteUnits {
		if u.shift > 0 && int64(*b)%(1<<u.shift) == 0 && int64(*b)>>u.shift < 1<<10 {
			return strconv.FormatInt(int64(*b)>>u.shift, 10) + u.suffix
		}
	}
	return strconv.FormatInt(int64(*b), 10)
}

func (b *byteSize) Set(v string) error {
	num, shift := v, uint(0)
	for _, u := range byteUnits {
		if n, ok := strings.CutSuffix(v, u.suffix); ok {
			num, shift = n, u.shift
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	switch {
	case err != nil || n < 0:
		return fmt.Errorf("%q is not a size like 512MiB (units B, KiB, MiB, GiB, TiB)", v)
	case n > math.MaxInt64>>shift:
		return fmt.Errorf("%q is too large", v)
	}
	*b = byteSize(n << shift)
	return nil
}

// modelFlag adds --model to a command that reads counterexample files.
// stepTimeoutFlag is --step-timeout, for every command that runs the
// model: a step that has not returned after it is named, and the command
// ends with exit 1 (see counterexamples.DefaultStepTimeout).
func stepTimeoutFlag(fs *flag.FlagSet) *time.Duration {
	d := counterexamples.DefaultStepTimeout
	fs.Var((*duration)(&d), "step-timeout", "end the run (exit 1) naming the step when a step of the model has not returned after `d`, a duration with its unit (10s, 1m): an endless loop in the runtime (0: wait forever)")
	return &d
}

// duration is a time.Duration flag whose error says what a duration
// looks like: flag's own says only "parse error" for --step-timeout 5.
type duration time.Duration

func (d *duration) String() string { return time.Duration(*d).String() }

func (d *duration) Set(v string) error {
	n, err := time.ParseDuration(v)
	if err != nil {
		return fmt.Errorf("want a duration with its unit, like 5s or 1m (0 for none)")
	}
	*d = duration(n)
	return nil
}

// minStepTimeout is the shortest --step-timeout taken. A healthy step
// takes microseconds, but the watch reads wall time, and a pause of the
// process (a garbage collection, a busy neighbour on a shared machine)
// can hold a step for milliseconds: a 1ns timeout reported a HANG before
// the first step. Under this bound a pause would read as an endless loop.
const minStepTimeout = 100 * time.Millisecond

// withStepTimeout is ctx carrying the step timeout d for the script runs
// made under it, or an error for a negative d or one too short to tell a
// loop from a pause.
func withStepTimeout(ctx context.Context, d time.Duration) (context.Context, error) {
	switch {
	case d < 0:
		return ctx, fmt.Errorf("--step-timeout %v is negative", d)
	case d > 0 && d < minStepTimeout:
		return ctx, fmt.Errorf("--step-timeout %v is under %v, too short to tell an endless loop from a pause of the process (0 waits forever)", d, minStepTimeout)
	}
	return counterexamples.WithStepTimeout(ctx, d), nil
}

func modelFlag(fs *flag.FlagSet) *string {
	return fs.String("model", models.Default().Name(), "read files without a '# model:' header line as this model's (see 'modelcheck list'); a file whose header names another model is refused")
}

// fileModels resolves the model of each file read: the one its header
// names, or --model's for a file without the line. A --model given on the
// command line must agree with every header. The error (an unknown
// --model) names the known models.
func fileModels(fs *flag.FlagSet, selected string) (func(header string) (counterexamples.System, error), error) {
	if _, err := models.Lookup(selected); err != nil {
		return nil, fmt.Errorf("--model: %w", err)
	}
	explicit := given(fs, "model")
	return func(header string) (counterexamples.System, error) {
		switch {
		case header == "":
			return models.Lookup(selected)
		case explicit && header != selected:
			return nil, fmt.Errorf("the file is for model %s, not --model %s", header, selected)
		}
		return models.Lookup(header)
	}, nil
}

// given reports whether the command line set the flag name, as opposed to
// leaving it at its default.
func given(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
