package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// listFlag is a repeatable string flag (--fault a --fault b, or a,b).
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
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
// may come before, between or after them.
func parseFiles(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (files []string, code int, done bool) {
	fs.SetOutput(io.Discard)
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.Usage()
			return nil, exitOK, true
		}
		if err != nil {
			return nil, usageError(fs, err, stderr), true
		}
		if fs.NArg() == 0 {
			return files, 0, false
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// usageError prints a usage error and the usage to stderr.
func usageError(fs *flag.FlagSet, err error, stderr io.Writer) int {
	fmt.Fprintf(stderr, "modelcheck %s: %v\n", fs.Name(), err)
	fs.SetOutput(stderr)
	fs.Usage()
	return exitUsage
}
