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
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fs.Usage()
		return exitOK, true
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck %s: %v\n", fs.Name(), err)
		fs.SetOutput(stderr)
		fs.Usage()
		return exitUsage, true
	}
	return 0, false
}
