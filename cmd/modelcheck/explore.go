package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"
	"unicode"

	"modelcheck/counterexamples"
	"modelcheck/explore"
	"modelcheck/internal/numflag"
	"modelcheck/models"
)

// exploreConfig is what the explore flags select.
type exploreConfig struct {
	model, scenario string
	depth, workers  int
	maxStates       int
	maxMemory       byteSize
	// walks, when not 0, takes that many random walks (explore.Walk)
	// instead of exploring every path; seed picks them.
	walks     int
	seed      uint64
	swarm     bool
	dfs, json bool
	coverage  bool
	faults    listFlag
	only      listFlag
	out       string
	liveness  string
	// stepTimeout bounds each call into the model (explore.Options'
	// StepTimeout).
	stepTimeout time.Duration
	// unchecked names the invariants the scenario leaves unchecked (see
	// model.Scoped) when no --invariant restricts the run.
	unchecked []string
}

func exploreCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var c exploreConfig
	fs := flag.NewFlagSet("explore", flag.ContinueOnError)
	fs.StringVar(&c.model, "model", models.Default().Name(), "model to explore (see 'modelcheck list')")
	fs.StringVar(&c.scenario, "scenario", "default", "scenario of the model (see 'modelcheck list')")
	c.depth, c.workers = 12, runtime.NumCPU()
	fs.Var((*numflag.Int)(&c.depth), "depth", "explore paths of up to `n` inputs (0: until no new state)")
	fs.Var((*numflag.Int)(&c.workers), "workers", fmt.Sprintf("run `n` workers in parallel, at most %d (results do not depend on it)", maxWorkers()))
	fs.Var((*numflag.Int)(&c.maxStates), "max-states", "stop at the first batch of states past `n` distinct ones, so a few more may be counted (0: no limit); exit 3 if reached")
	fs.Var(&c.maxMemory, "max-memory", "stop before the process holds this much memory, like 512MiB (default: GOMEMLIMIT if set, else no limit); exit 3 if reached")
	fs.BoolVar(&c.dfs, "dfs", false, "explore depth first (one worker; counterexamples not shortest)")
	fs.Var((*numflag.Int)(&c.walks), "walks", fmt.Sprintf("instead of every path, take `n` random walks of up to --depth inputs each (default depth %d with it): a sample that reaches deeper than every path can (one worker; counterexamples not shortest until shrunk)", defaultWalkDepth))
	c.seed = 1
	fs.Var((*numflag.Uint64)(&c.seed), "seed", "with --walks: pick the walks with seed `s`, a decimal whole number (the same seed takes the same walks)")
	fs.BoolVar(&c.swarm, "swarm", false, "with --walks: swarm walks, each drawing only among the input kinds a coin left it (see README)")
	fs.BoolVar(&c.json, "json", false, "print the result as one JSON object")
	fs.BoolVar(&c.coverage, "coverage", false, "also print how many explored transitions took each kind of input and emitted each kind of event, and which kinds never happened (BFS invariant runs only)")
	fs.Var(&c.faults, "fault", "turn on a fault switch (repeatable, or comma-separated)")
	fs.Var(&c.only, "invariant", "check only this invariant (repeatable; default: all)")
	fs.StringVar(&c.out, "out", "testdata/counterexamples/", "write each violation, shrunk, as a counterexample file in this folder ('': write none)")
	stepTimeout := stepTimeoutFlag(fs)
	fs.StringVar(&c.liveness, "liveness", "", "instead of checking invariants, search for a lasso breaking this liveness property (see 'modelcheck list'); exit 1 if one is found")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: modelcheck explore [flags]\n\nBreadth-first by default: the first violation reported is a shortest one.\n--walks N samples N random paths instead, each as deep as --depth.\nExit status: 0 no violation, 1 violation (whatever else fails), 2 bad usage\nor output that could not be written, 3 stopped early (limit, signal).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if code, done := parse(fs, args, stdout, stderr); done {
		return code
	}
	// An empty --liveness would read as none given, and run an invariant
	// search the user did not ask for.
	if given(fs, "liveness") && c.liveness == "" {
		fmt.Fprintf(stderr, "modelcheck explore: --liveness '': empty name (see 'modelcheck list' for the properties)\n")
		return exitUsage
	}
	c.stepTimeout = *stepTimeout
	if c.walks > 0 && !given(fs, "depth") {
		c.depth = defaultWalkDepth
	}
	for _, name := range []string{"seed", "swarm"} {
		if given(fs, name) && c.walks == 0 {
			fmt.Fprintf(stderr, "modelcheck explore: --%s shapes random walks; add --walks N\n", name)
			return exitUsage
		}
	}
	// The shrinking of what the run finds replays scripts under the same
	// step timeout.
	ctx, err := withStepTimeout(ctx, c.stepTimeout)
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck explore: %v\n", err)
		return exitUsage
	}
	sys, prep, err := c.resolve()
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck explore: %v\n", err)
		return exitUsage
	}
	if len(c.only) == 0 {
		c.unchecked = prep.Unchecked()
	}
	made, err := checkOut(c.out)
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck explore: --out %q: %v\n", c.out, err)
		return exitUsage
	}
	// A run that writes no file leaves no folder behind: a clean run in
	// any directory would otherwise leave testdata/counterexamples/ there.
	defer counterexamples.RemoveEmpty(made)
	stopAt, restore := memoryBound(c.maxMemory)
	defer restore()
	opt := explore.Options{Depth: c.depth, Workers: c.workers, MaxStates: c.maxStates, MaxMemory: stopAt}
	if c.depth == 0 && c.maxStates == 0 && opt.MaxMemory == 0 && c.walks == 0 {
		fmt.Fprintf(stderr, "modelcheck explore: warning: --depth 0 explores until no new state, which may never come; "+
			"bound it with --max-states or --max-memory, or stop it with an interrupt (exit 3)\n")
	}
	if c.dfs {
		if c.workers > 1 && given(fs, "workers") {
			fmt.Fprintf(stderr, "modelcheck explore: warning: --dfs explores with one worker; --workers %d is ignored\n", c.workers)
		}
		opt.Strategy = explore.DFS
		c.workers = 1
	}
	if c.walks > 0 {
		if c.workers > 1 && given(fs, "workers") {
			fmt.Fprintf(stderr, "modelcheck explore: warning: --walks walks with one worker; --workers %d is ignored\n", c.workers)
		}
		opt.Strategy, opt.Walks, opt.Seed, opt.Swarm = explore.Walk, c.walks, c.seed, c.swarm
		c.workers = 1
	}
	opt.StepTimeout = c.stepTimeout
	opt.Progress = func(s explore.Stats) {
		fmt.Fprintf(stderr, "progress: depth=%d distinct=%d generated=%d queue=%d states/s=%.0f elapsed=%s\n",
			s.Depth, s.Distinct, s.Generated, s.Queue, s.StatesPerSecond, s.Elapsed.Round(time.Second))
	}
	if c.liveness != "" {
		return livenessRun(ctx, &c, sys, prep, opt, stdout, stderr)
	}
	found, err := prep.Explore(ctx, opt)
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck explore: %v\n", err)
		return exitUsage
	}
	r := found.Result()
	if len(r.Violations) > 0 || r.Hang != nil {
		// Shrinking and printing may yet be held past a signal's grace.
		earn(ctx, exitViolation)
	}
	noteHang(stderr, r.Hang)
	files := writeCounterexamples(ctx, &c, sys, prep.Faults(), found)
	for _, f := range files {
		if f.err != nil {
			fmt.Fprintf(stderr, "modelcheck explore: %v\n", f.err)
		}
	}
	// The output is buffered so that a write error (a full disk, a closed
	// pipe) is caught once, at the flush, whatever line it hit.
	out := bufio.NewWriter(stdout)
	if c.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		err = enc.Encode(newReport(&c, sys, prep.Faults(), r, files))
	} else {
		err = writeText(out, &c, sys, prep.Faults(), found, files)
		if err == nil && c.coverage {
			writeCoverage(out, &c, r)
		}
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing the result: %w", ferr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck explore: %v\n", err)
	}
	if len(r.Violations) == 0 && r.Hang == nil {
		noteFaultScenarios(stderr, &c, sys, prep.Faults())
	}
	// A violation found is exit 1 whatever else went wrong: it is the one
	// thing a caller must never miss; so is a step that never returns, a
	// runtime bug too. Only then does a lost or broken report (2) come
	// before a stop short of the bound (3).
	switch {
	case len(r.Violations) > 0 || r.Hang != nil:
		return exitViolation
	case err != nil:
		return exitUsage
	case !r.Complete:
		return exitStopped
	}
	return exitOK
}

// noteFaultScenarios says on stderr, for each fault turned on that the
// catalogue catches in another scenario than the one explored, which
// scenario that is: a fault planted where the scenario never reaches its
// code runs clean, and a bare OK read as "the checks cannot catch it".
// Stdout and the JSON report keep their shape.
func noteFaultScenarios(stderr io.Writer, c *exploreConfig, sys counterexamples.System, on []string) {
	for _, f := range sys.Faults() {
		if slices.Contains(on, f.Name) && f.Scenario != "" && f.Scenario != c.scenario {
			fmt.Fprintf(stderr, "modelcheck explore: note: fault %s is caught in scenario %s, not %s (see 'modelcheck list --model %s'): try --scenario %s\n",
				f.Name, f.Scenario, c.scenario, c.model, f.Scenario)
		}
	}
}

// defaultWalkDepth is how deep --walks walks without --depth: BFS covers
// the default depth, 12, whole, so a sample is worth taking only well
// past it, and 60 inputs (a few cancel, timer and pump cycles of the
// default scenario) take microseconds a walk.
const defaultWalkDepth = 60

// maxWorkers bounds --workers: more workers than a few per CPU cannot run
// at once, and each holds its own batch buffers (tens of megabytes on the
// default model), so a huge count would only exhaust memory.
func maxWorkers() int {
	return max(16, 4*runtime.NumCPU())
}

// checkOut makes sure counterexample files can be written to dir before
// any exploring, so that a long run does not end in a write error: a
// missing folder is created, and a file made there and removed proves it
// writable. An empty dir writes nothing and needs nothing. It returns the
// folders it made, deepest first, for counterexamples.RemoveEmpty.
func checkOut(dir string) (made []string, err error) {
	if dir == "" {
		return nil, nil
	}
	if err := checkHeaderPath(dir); err != nil {
		return nil, err
	}
	if made, err = counterexamples.MakeFolder(dir); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, ".modelcheck-probe-*")
	if err != nil {
		counterexamples.RemoveEmpty(made)
		return nil, err
	}
	f.Close()
	return made, os.Remove(f.Name())
}

// checkHeaderPath refuses a path that a counterexample file's header
// would name but could not hold: its '# replay:' and '# test:' lines are
// one line each, so a newline (or another control character) in the path
// would split the header, and the file written would not read back.
func checkHeaderPath(path string) error {
	for _, r := range path {
		if unicode.IsControl(r) {
			return fmt.Errorf("the path holds the control character %q, which the one-line '# replay:' header of a counterexample file cannot hold", r)
		}
	}
	return nil
}

// memoryBound is the process's memory bound: --max-memory, or else the
// GOMEMLIMIT the process runs under, or 0 for none. The garbage
// collector's soft limit is lowered to the bound, so that garbage does not
// carry the process past it between two of the explorer's samples, and the
// explorer stops at 15/16 of it (returned as stop), leaving the rest for
// the batch in flight and the report. restore puts the old soft limit back.
func memoryBound(flag byteSize) (stop int64, restore func()) {
	limit := debug.SetMemoryLimit(-1)
	bound := int64(flag)
	if bound == 0 && limit != math.MaxInt64 {
		bound = limit
	}
	if bound > 0 && bound < limit {
		debug.SetMemoryLimit(bound)
	}
	return bound - bound/16, func() { debug.SetMemoryLimit(limit) }
}

// resolve checks the names the flags gave and builds the checked model.
func (c *exploreConfig) resolve() (counterexamples.System, counterexamples.Prepared, error) {
	sys, err := models.Lookup(c.model)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case c.depth < 0:
		return nil, nil, fmt.Errorf("--depth %d is negative", c.depth)
	case c.workers < 1:
		return nil, nil, fmt.Errorf("--workers %d: need at least 1", c.workers)
	case c.workers > maxWorkers():
		return nil, nil, fmt.Errorf("--workers %d: at most %d on this machine (4 per CPU, and never fewer than 16): more cannot run at once, and each costs memory", c.workers, maxWorkers())
	case c.maxStates < 0:
		return nil, nil, fmt.Errorf("--max-states %d is negative", c.maxStates)
	case c.coverage && c.dfs:
		return nil, nil, fmt.Errorf("--coverage counts a breadth-first run, where each state is expanded once; drop --dfs")
	case c.walks < 0:
		return nil, nil, fmt.Errorf("--walks %d is negative", c.walks)
	case c.walks > 0 && c.dfs:
		return nil, nil, fmt.Errorf("--walks and --dfs are two ways to explore; give one")
	case c.walks > 0 && c.coverage:
		return nil, nil, fmt.Errorf("--coverage counts a breadth-first run, where each state is expanded once; drop --walks")
	case c.walks > 0 && c.liveness != "":
		return nil, nil, fmt.Errorf("--liveness builds the graph breadth first; drop --walks")
	case c.walks > 0 && c.depth == 0:
		return nil, nil, fmt.Errorf("--walks needs a depth bound (--depth 0 would walk forever); without --depth it walks %d deep", defaultWalkDepth)
	case c.coverage && c.liveness != "":
		return nil, nil, fmt.Errorf("--coverage counts an invariant run; drop --liveness")
	case len(c.only) > 0 && c.liveness != "":
		// It was ignored: the user asked about one invariant and was
		// answered about a liveness property.
		return nil, nil, fmt.Errorf("--liveness searches for a lasso among the transitions that break no invariant, not one invariant; drop --invariant")
	}
	prep, err := sys.Prepare(c.scenario, c.faults, c.only)
	return sys, prep, err
}

// report is the --json output.
type report struct {
	Model    string `json:"model"`
	Scenario string `json:"scenario"`
	Depth    int    `json:"depth"`
	Workers  int    `json:"workers"`
	Strategy string `json:"strategy"`
	// Walks and Seed are there for --walks.
	Walks             int      `json:"walks,omitempty"`
	Seed              *uint64  `json:"seed,omitempty"`
	Swarm             bool     `json:"swarm,omitempty"`
	Faults            []string `json:"faults"`
	DistinctStates    int64    `json:"distinct_states"`
	GeneratedStates   int64    `json:"generated_states"`
	MaxDepthReached   int      `json:"max_depth_reached"`
	Complete          bool     `json:"complete"`
	StoppedEarly      string   `json:"stopped_early,omitempty"`
	ElapsedSeconds    float64  `json:"elapsed_seconds"`
	StatesPerSecond   float64  `json:"states_per_second"`
	InvariantsChecked int      `json:"invariants_checked"`
	// InvariantsUnchecked names the model's invariants this scenario
	// leaves unchecked (a claim checked only in its own scenarios).
	InvariantsUnchecked []string    `json:"invariants_unchecked,omitempty"`
	Violations          []violation `json:"violations"`
	// Hang is there when a step had not returned after --step-timeout.
	Hang *hang `json:"hang,omitempty"`
	// Coverage is there with --coverage: every label the model counts,
	// in its order, zero counts included.
	Coverage []covered `json:"coverage,omitempty"`
}

// hang is a call into the model that never returned (explore.Hang).
type hang struct {
	Call         string   `json:"call"`
	Input        string   `json:"input,omitempty"`
	Depth        int      `json:"depth"`
	Path         []string `json:"path"`
	AfterSeconds float64  `json:"after_seconds"`
}

// hangJSON is h as --json writes it, nil for nil.
func hangJSON(h *explore.Hang[string]) *hang {
	if h == nil {
		return nil
	}
	return &hang{Call: h.Call, Input: h.Input, Depth: len(h.Path), Path: append([]string{}, h.Path...), AfterSeconds: h.After.Seconds()}
}

type covered struct {
	Label string `json:"label"`
	Count uint64 `json:"count"`
}

type violation struct {
	Invariant   string   `json:"invariant"`
	ContractIDs []string `json:"contract_ids"`
	Depth       int      `json:"depth"`
	Stuck       bool     `json:"stuck,omitempty"`
	Path        []string `json:"path"`
	File        string   `json:"file"`
	// FileError says why no file was written, when one should have been.
	FileError string `json:"file_error,omitempty"`
	// FaultsDropped are the run's faults the shrunk file does not need
	// (its scenario turns them off): all of them, and the violation is the
	// runtime's as written, not the faults'.
	FaultsDropped []string `json:"faults_dropped,omitempty"`
}

func newReport(c *exploreConfig, sys counterexamples.System, faults []string, r explore.Result[string], files []written) report {
	rep := report{
		Model: c.model, Scenario: c.scenario, Depth: c.depth, Workers: c.workers, Strategy: "bfs",
		Faults: append([]string{}, faults...), DistinctStates: r.Distinct, GeneratedStates: r.Generated,
		MaxDepthReached: r.MaxDepthReached, Complete: r.Complete, ElapsedSeconds: r.Elapsed.Seconds(),
		StatesPerSecond: r.StatesPerSecond, InvariantsChecked: checked(c, sys), InvariantsUnchecked: c.unchecked,
		Violations: []violation{},
	}
	rep.Strategy = strategyName(c)
	if c.walks > 0 {
		rep.Walks, rep.Seed, rep.Swarm = c.walks, &c.seed, c.swarm
	}
	if !r.Complete && (len(r.Violations) == 0 || cutShort(&r)) {
		rep.StoppedEarly = r.StoppedEarly.String()
	}
	rep.Hang = hangJSON(r.Hang)
	if c.coverage {
		rep.Coverage = []covered{}
		for _, cv := range r.Coverage {
			rep.Coverage = append(rep.Coverage, covered{Label: cv.Label, Count: cv.Count})
		}
	}
	all := sys.Invariants()
	for i, v := range r.Violations {
		inv := all[v.Invariant]
		rep.Violations = append(rep.Violations, violation{Invariant: inv.Name, ContractIDs: inv.ContractIDs, Depth: v.Depth,
			Stuck: v.Stuck, Path: v.Path, File: files[i].path, FaultsDropped: files[i].dropped})
		if err := files[i].err; err != nil {
			rep.Violations[i].FileError = err.Error()
		}
	}
	return rep
}

// checked is the number of invariants checked: an invariant named twice
// is checked once.
func checked(c *exploreConfig, sys counterexamples.System) int {
	if len(c.only) > 0 {
		return len(checkOrder(sys, c.only))
	}
	return len(sys.Invariants()) - len(c.unchecked)
}

// searched says how far a run that reached its bound looked: within its
// depth, or, for --depth 0, in every reachable state, the deepest of them
// at the depth it names ("within depth 0" would say it looked nowhere).
func searched(depth, maxReached int) string {
	if depth == 0 {
		return fmt.Sprintf("in any reachable state (no new state past depth %d)", maxReached)
	}
	return fmt.Sprintf("within depth %d", depth)
}

// cutShort reports whether a run that found a violation stopped before
// the end of the level it found it in (a signal, a limit): its counts are
// then of part of that level, not of the states up to it.
func cutShort(r *explore.Result[string]) bool {
	return r.StoppedEarly != explore.NotStopped && r.StoppedEarly != explore.StoppedAtViolation
}

// strategyName is the run's strategy as the report names it.
func strategyName(c *exploreConfig) string {
	switch {
	case c.walks > 0:
		return "walk"
	case c.dfs:
		return "dfs"
	}
	return "bfs"
}

// walkNoun names what --walks takes: walks, or swarm walks.
func walkNoun(c *exploreConfig) string {
	if c.swarm {
		return "swarm walk"
	}
	return "walk"
}

// plural is noun as a count of n reads.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// writeText prints the summary and, for each violation, its trace: every
// input of the shortest path with the events the runtime emitted, and the
// counterexample file written for it.
func writeText(w io.Writer, c *exploreConfig, sys counterexamples.System, faultsOn []string, found counterexamples.Explored, files []written) error {
	r := found.Result()
	faults := strings.Join(faultsOn, ",")
	if faults == "" {
		faults = "none"
	}
	strategy := strategyName(c)
	if c.walks > 0 {
		strategy = fmt.Sprintf("%d random %s, seed %d", c.walks, plural(c.walks, walkNoun(c)), c.seed)
	}
	fmt.Fprintf(w, "modelcheck explore: model %s, scenario %s, depth %d, %s, workers %d, faults %s\n",
		c.model, c.scenario, c.depth, strategy, c.workers, faults)
	what := "explored"
	if c.walks > 0 {
		what = "walked through"
	}
	fmt.Fprintf(w, "%s %d distinct states (%d generated), max depth %d, in %.2fs (%.0f states/s)\n",
		what, r.Distinct, r.Generated, r.MaxDepthReached, r.Elapsed.Seconds(), r.StatesPerSecond)
	switch {
	case r.Hang != nil:
		return writeHang(w, r.Hang, found.HangTrace)
	case len(r.Violations) > 0:
		if cutShort(&r) {
			fmt.Fprintf(w, "STOPPED EARLY (%s) in the level of the first violation: the counts are of the part explored\n", r.StoppedEarly)
		}
	case !r.Complete:
		fmt.Fprintf(w, "STOPPED EARLY (%s): no violation in the part explored; the bound was not reached\n", r.StoppedEarly)
		return nil
	default:
		n := checked(c, sys)
		where := searched(c.depth, r.MaxDepthReached)
		if c.walks > 0 {
			where = fmt.Sprintf("on %d random %s of up to %d inputs (a sample of the paths, not all of them)", c.walks, plural(c.walks, walkNoun(c)), c.depth)
		}
		fmt.Fprintf(w, "OK: no violation of %d %s %s\n", n, plural(n, "invariant"), where)
		if len(c.unchecked) > 0 {
			fmt.Fprintf(w, "not checked in scenario %s: %s (see 'modelcheck list --model %s' for where each is)\n",
				c.scenario, strings.Join(c.unchecked, ", "), c.model)
		}
		return nil
	}
	all := sys.Invariants()
	for i, v := range r.Violations {
		inv := all[v.Invariant]
		kind, path := "violated by the last step", strings.Join(v.Path, "; ")
		switch {
		case v.Stuck:
			kind = "stuck state reached"
		case v.Depth == 0:
			// Model.Init's check of the runtime as constructed, or of the
			// scenario's spawns before the first step.
			kind, path = "violated in the initial state", "no input"
		}
		fmt.Fprintf(w, "\nVIOLATION %s (%s) at depth %d: %s\n  contract: %s\n  rule: %s\n",
			inv.Name, kind, v.Depth, path, strings.Join(inv.ContractIDs, ", "), inv.Rule)
		steps, final, err := found.Trace(i)
		if err != nil {
			return fmt.Errorf("replaying the counterexample: %w", err)
		}
		writeTrace(w, steps, "state after", final)
		switch f := files[i]; {
		case f.err != nil:
			fmt.Fprintf(w, "  file: none written: %v\n", f.err)
		case f.path != "":
			fmt.Fprintf(w, "  file: %s (%s, %s after shrinking)\n", f.path, f.what, inputs(f.inputs))
			fmt.Fprint(w, droppedLine(f.kept, f.dropped))
		}
	}
	return nil
}

// droppedLine says which of the faults a case was found under its shrunk
// case does not need (kept and dropped: counterexamples.Shrunk), as a line
// after its file's; "" when it needs them all. A case that needs none is
// no finding of the faults: a run under a fault meant to prove a check can
// fail then shows a violation the runtime as written has, or the model's
// environment (session 38's swarm walks "found" twelve channel faults by
// an overflow of the obligation table that needed none of them).
func droppedLine(kept, dropped []string) string {
	switch {
	case len(dropped) == 0:
		return ""
	case len(kept) == 0:
		return fmt.Sprintf("  faults: the shrunk case needs none of %s: the violation happens with every fault off, a finding of the runtime (or the model) as written, not of the %s\n",
			strings.Join(dropped, ", "), plural(len(dropped), "fault"))
	}
	return fmt.Sprintf("  faults: the shrunk case needs only %s, not %s\n", strings.Join(kept, ", "), strings.Join(dropped, ", "))
}

// noteHang says on stderr, if h is a hang, that its call is left running.
func noteHang(stderr io.Writer, h *explore.Hang[string]) {
	if h != nil {
		fmt.Fprintf(stderr, "modelcheck explore: a call into the model had not returned after %v: it is still running, and is left behind when the command exits\n", h.After)
	}
}

// beforeFirstStep spells the calls made before the first step
// (explore.CallInit, explore.CallCheckInit) for a HANG report.
var beforeFirstStep = map[string]string{
	explore.CallInit:      "the model's Init (the initial state: the runtime's constructors and the work the scenario sets up before the first step)",
	explore.CallCheckInit: "the check of the initial state",
}

// writeHang prints a step that never returned: the call, the trace to the
// state it was made on (replayed by trace), and why no counterexample
// file is written.
func writeHang(w io.Writer, h *explore.Hang[string], trace func() ([]counterexamples.Step, string, error)) error {
	if first, ok := beforeFirstStep[h.Call]; ok {
		// There is no trace to replay: the replay would make the call again.
		fmt.Fprintf(w, "\nHANG before the first step: %s had not returned after %v (--step-timeout): an endless loop in the runtime?\n",
			first, h.After)
		fmt.Fprintf(w, "  file: none written: a counterexample replays its steps from the initial state, and this one would hang the replay too\n")
		return nil
	}
	call := "Enabled (the inputs offered), or the check of a state without any,"
	if h.Call == "Step" {
		call = "the step by " + h.Input
	}
	fmt.Fprintf(w, "\nHANG at depth %d: %s had not returned after %v (--step-timeout): an endless loop in the runtime?\n",
		len(h.Path), call, h.After)
	steps, final, err := trace()
	if err != nil {
		return fmt.Errorf("replaying the path to the hang: %w", err)
	}
	writeTrace(w, steps, "state before the call", final)
	if h.Call == "Step" {
		fmt.Fprintf(w, "  then: %s (never returned)\n", h.Input)
	}
	fmt.Fprintf(w, "  file: none written: a counterexample replays its steps, and this one would hang the replay too\n")
	return nil
}

// writeTrace prints the steps of a trace, each input with its events, and
// the summary of the state they reach, titled.
func writeTrace(w io.Writer, steps []counterexamples.Step, title, final string) {
	fmt.Fprintf(w, "  trace:\n")
	for i, st := range steps {
		fmt.Fprintf(w, "  %2d. %s\n", i+1, st.Input)
		for _, e := range st.Events {
			fmt.Fprintf(w, "        %s\n", e)
		}
	}
	fmt.Fprintf(w, "  %s:\n", title)
	for _, line := range strings.Split(strings.TrimSuffix(final, "\n"), "\n") {
		fmt.Fprintf(w, "    %s\n", line)
	}
}
