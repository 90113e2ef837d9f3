// Command mutate measures how much of the runtime the explorer checks. It
// plants one small bug at a time in runtime/ (an operator swapped, a
// condition negated, a statement removed, a constant moved by one), builds
// modelcheck with it through a `go build -overlay` (the tree is never
// copied or edited), runs `modelcheck explore` on every scenario, and
// reports per package how many mutants some run caught.
//
// A mutant counts as killed only if a real explore run said so: exit 1 (a
// violation, named), or a crash (any other exit) or a timeout, which are
// reported apart. A mutant that every run passes is equivalent (likely)
// when every scenario's distinct and generated counts equal the unmutated
// run's (with -tests, also only if the runtime's own tests pass on it):
// nothing observable changed. Otherwise it survived: the behaviour
// changed and no invariant noticed. The kill rate is killed / (killed +
// survived).
//
// The sample is the first -n mutants that compile, in an order drawn from
// -seed; the explore depth of each scenario is the deepest whose unmutated
// run stays within -states distinct states. Both depend only on the tree
// and the flags, so the report is the same on every run (timeouts aside).
//
// With -checks it mutates the checks in invariants/ instead, one || term of
// a violation condition at a time, and judges each by the checks' tests and
// the committed counterexamples (checks.go).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"modelcheck/internal/numflag"
)

type options struct {
	n       int
	seed    uint64
	pkg     string
	ops     string
	workers int
	timeout time.Duration
	states  int
	depth   int
	tests   bool
	// floors explores each scenario at least as deep as its committed
	// counterexamples were found (see foundDepths).
	floors  bool
	list    bool
	only    string
	verbose bool
	// maxMemory bounds each child (explore, go test) in MiB.
	maxMemory uint64
	// checks mutates invariants/ and judges by go test (checks.go); run
	// is the -run pattern of those tests.
	checks bool
	run    string
	// match keeps only the mutants whose ID it matches: a survivor run
	// again once it has a test, say.
	match string
}

// exploreOnly are the flags that mean nothing under -checks, which runs no
// explore (and -run means something only there).
var exploreOnly = []string{"ops", "states", "depth", "floors", "tests", "scenarios"}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	// The number flags' defaults; flag.Var takes each flag's from its value.
	o := options{n: 100, seed: 1, workers: max(1, runtime.NumCPU()/2), states: 30000, depth: 12, maxMemory: 2048}
	fs := flag.NewFlagSet("mutate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var((*numflag.Int)(&o.n), "n", "run `n` mutants (the first n that compile, in the seeded order; 0: all)")
	fs.Var((*numflag.Uint64)(&o.seed), "seed", "seed `s` of the sample order (decimal)")
	fs.StringVar(&o.pkg, "pkg", "", "only mutate packages whose directory contains this (e.g. runtime/wheel)")
	fs.StringVar(&o.ops, "ops", "", "only these operator classes, comma-separated: "+strings.Join(Ops, ", ")+" (default: all)")
	fs.Var((*numflag.Int)(&o.workers), "j", "build and run `n` mutants at once")
	fs.DurationVar(&o.timeout, "timeout", 60*time.Second, "limit of one explore run of a mutant (past it: killed by timeout); with -checks, of one go test run, and 10m unless set")
	fs.Var((*numflag.Int)(&o.states), "states", "explore each scenario to the deepest depth whose unmutated run has at most `n` distinct states")
	fs.Var((*numflag.Int)(&o.depth), "depth", "never explore deeper than `n` inputs")
	fs.BoolVar(&o.floors, "floors", true, "explore each scenario at least as deep as the deepest committed counterexample (testdata/counterexamples) was found in it, past -states if need be")
	fs.BoolVar(&o.tests, "tests", false, "run the mutated package's tests, the conformance fixtures and the committed counterexamples on mutants the explorer let through")
	fs.StringVar(&o.only, "scenarios", "", "comma-separated scenarios to run (default: every scenario 'modelcheck list' names)")
	fs.BoolVar(&o.list, "list", false, "print the sampled mutants (before compiling them) and exit; with -scenarios, after checking its names against the unmutated build's")
	fs.StringVar(&o.match, "match", "", "only the mutants whose ID (file:line:col: edit, as -list and the report print it) this regexp matches")
	fs.BoolVar(&o.verbose, "v", false, "print each mutant's verdict to stderr as it comes")
	fs.BoolVar(&o.checks, "checks", false, "mutate the checks instead: turn off one || term of a violation condition in invariants/ at a time, run that package's tests and the committed counterexamples, and report the terms no test needs (-pkg invariants/vm picks a model)")
	fs.StringVar(&o.run, "run", "", "with -checks: only the tests this go test -run pattern selects (default: all of them)")
	fs.Var((*numflag.Uint64)(&o.maxMemory), "max-memory", fmt.Sprintf("memory bound of each child process group in `MiB`, at least %d (GOMEMLIMIT, explore's --max-memory, and a watchdog that kills the group past it)", minMemory))
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: mutate [flags]\n\nPlants mutants in runtime/, runs modelcheck explore on every scenario for each,\nand prints the kill rate per package and every survivor. With -checks, plants\nthem in the checks (invariants/) and judges each by go test instead.\n\nExit status: 0 the report; 2 bad usage, an unmutated tree that fails, or a tree\nedited during the run; 3 interrupted (SIGINT, SIGTERM, SIGHUP: a partial report\nof the mutants finished, if any ran).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	// The flag package's own message would not say which command wrote it;
	// parse quietly, then say it as checkValues does.
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	if errors.Is(err, flag.ErrHelp) {
		fs.Usage()
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		fs.Usage()
		return 2
	}
	if err := checkValues(o, fs.Args()); err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.checks {
		for _, name := range exploreOnly {
			if set[name] {
				fmt.Fprintf(stderr, "mutate: -%s does not apply with -checks, which runs go test, not explore\n", name)
				return 2
			}
		}
		if !set["timeout"] {
			o.timeout = checksTimeout
		}
	} else if set["run"] {
		fmt.Fprintln(stderr, "mutate: -run applies only with -checks")
		return 2
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	var all []Mutant
	if o.checks {
		all, err = EnumerateChecks(root, o.pkg)
	} else {
		all, err = EnumerateTree(root, "runtime", o.pkg)
		if err == nil {
			all, err = SelectOps(all, o.ops)
		}
	}
	if err == nil && o.match != "" {
		all, err = matching(all, o.match)
	}
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	if len(all) == 0 {
		if o.match != "" {
			fmt.Fprintf(stderr, "mutate: no mutant's ID matches -match %q\n", o.match)
			return 2
		}
		if o.checks {
			fmt.Fprintf(stderr, "mutate: no disjunct in %s/ matches -pkg %q\n", checksDir, o.pkg)
		} else {
			fmt.Fprintf(stderr, "mutate: no mutant in runtime/ matches -pkg %q and -ops %q\n", o.pkg, o.ops)
		}
		return 2
	}
	order := Shuffle(all, o.seed)
	work, err := os.MkdirTemp("", "mutate-")
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	defer os.RemoveAll(work)
	r, err := newRunner(o, root, work, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	if o.list {
		// -scenarios is checked as a run would check it, so that -list
		// does not pass (exit 0) the flags a run then refuses: only the
		// unmutated build knows the scenarios, so it is built for that.
		if o.only != "" {
			if _, _, err := r.scenarioNames(ctx, filepath.Join(work, "modelcheck")); err != nil {
				if ctx.Err() != nil {
					fmt.Fprintln(stderr, "mutate: interrupted while checking -scenarios")
					return 3
				}
				fmt.Fprintln(stderr, "mutate:", err)
				return 2
			}
		}
		for i, m := range order {
			if o.n > 0 && i == o.n {
				break
			}
			fmt.Fprintln(stdout, m.ID())
		}
		return 0
	}
	measure, printReport := r.baseline, func(results []result) {
		report(stdout, o, r.scenarios, r.reach, len(all), results)
	}
	if o.checks {
		measure = func(ctx context.Context) error { return r.baselineChecks(ctx, order) }
		printReport = func(results []result) { reportChecks(stdout, o, len(all), results) }
	}
	before, err := stampTree(root)
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	if err := measure(ctx); err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "mutate: interrupted while measuring the unmutated tree: no mutant ran")
			return 3
		}
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	results := r.runAll(ctx, order)
	if ctx.Err() != nil {
		// The mutants judged before the interrupt still count; the one
		// cut short does not (its runs were killed, not failed).
		fmt.Fprintln(stdout, "mutate: interrupted: a partial report of the mutants finished")
		printReport(finished(results))
		return 3
	}
	printReport(results)
	after, err := stampTree(root)
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	if moved := before.changed(after); len(moved) > 0 {
		fmt.Fprintf(stderr, "mutate: the tree changed while the run was under way (%s): the mutants and the unmutated baseline were built from different trees, so the report above is not a measurement; run again on a tree nobody edits (a clone)\n", listFew(moved))
		return 2
	}
	return 0
}

// listFew spells up to three paths and how many more.
func listFew(paths []string) string {
	if len(paths) <= 3 {
		return strings.Join(paths, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(paths[:3], ", "), len(paths)-3)
}

// minMemory is -max-memory's least value in MiB. A Go process takes tens
// of MiB before it does any work, so below it the unmutated tree's own runs
// would meet the bound; it also refuses a small number meant as GiB.
const minMemory = 64

// checkValues refuses the flag values mutate cannot run with, and any
// argument left after the flags (mutate takes none), naming the flag, the
// value given and what is wanted: a bare "bad arguments" left the user to
// guess which of seven checks failed.
func checkValues(o options, args []string) error {
	switch {
	case len(args) != 0:
		return fmt.Errorf("unexpected argument %q: mutate takes only flags, and reads none after an argument (see mutate -h)", args[0])
	case o.n < 0:
		return fmt.Errorf("-n %d: need 0 (every mutant that compiles) or more", o.n)
	case o.workers < 1:
		return fmt.Errorf("-j %d: need at least 1", o.workers)
	case o.states < 1:
		return fmt.Errorf("-states %d: need at least 1", o.states)
	case o.depth < 1:
		return fmt.Errorf("-depth %d: need at least 1", o.depth)
	case o.timeout <= 0:
		return fmt.Errorf("-timeout %s: need more than 0", o.timeout)
	case o.maxMemory < minMemory:
		return fmt.Errorf("-max-memory %d: need at least %d (MiB)", o.maxMemory, minMemory)
	}
	return nil
}

// moduleRoot is the directory of the go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the working directory: run mutate inside the module")
		}
		dir = up
	}
}
