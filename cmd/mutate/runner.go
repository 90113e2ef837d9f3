package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"modelcheck/counterexamples"
)

// Shuffle returns the mutants in an order drawn from seed alone.
func Shuffle(ms []Mutant, seed uint64) []Mutant {
	out := append([]Mutant(nil), ms...)
	rng := rand.New(rand.NewPCG(seed, 0x6d75746174650a))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// scenario is one scenario as the unmutated build explores it.
type scenario struct {
	Name  string
	Depth int
	// Raised is set when Depth is that of the scenario's deepest committed
	// counterexample, past Budget, the deepest the -states budget allows
	// (see foundDepths).
	Raised    bool
	Budget    int
	Distinct  int
	Generated int
}

// Verdict classes.
const (
	NoBuild = "does not compile"
	Killed  = "killed"
	Crashed = "killed by crash"
	// TimedOut: past -timeout, or a step explore found never returned
	// (its --step-timeout), which names the step.
	TimedOut   = "killed by timeout"
	OverMemory = "killed by memory bound"
	Equivalent = "equivalent (likely)"
	Survived   = "survived"
)

// result is what became of one mutant.
type result struct {
	M       Mutant
	Verdict string
	// By names the scenario and invariant (or exit status) that killed
	// it; Changed the scenarios whose counts differ from the baseline.
	By      string
	Changed []string
	// TestsFail: with -tests, its tests (testsPass) caught what the
	// explorer did not.
	TestsFail bool
	// Interrupted: mutate was stopped while judging it.
	Interrupted bool
}

type runner struct {
	opt  options
	root string
	// work is mutate's work folder, removed on every way out of it.
	work      string
	stderr    io.Writer
	scenarios []scenario
	// reach is which runtime code the scenarios run (nil if it could not
	// be measured).
	reach reach
}

// newRunner is a runner working in work, with the folder its go children
// build in (goTmp) made: go refuses a GOTMPDIR that does not exist.
func newRunner(o options, root, work string, stderr io.Writer) (*runner, error) {
	r := &runner{opt: o, root: root, work: work, stderr: stderr}
	if err := os.Mkdir(r.goTmp(), 0o755); err != nil {
		return nil, err
	}
	return r, nil
}

// goTmp is the GOTMPDIR of every go child: inside the work folder, so
// that the go-build folder of a go build or go test killed by an
// interrupt (or a timeout, or the memory watchdog), which that child had
// no chance to remove, goes with the work folder instead of piling up in
// the system's temporary folder (7 to 12 MB each).
func (r *runner) goTmp() string { return filepath.Join(r.work, "gotmp") }

// goCmd is the go command with args, run in the module root, building in
// goTmp, in its own process group (ownGroup). Every go child is made here.
func (r *runner) goCmd(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = r.root
	cmd.Env = append(os.Environ(), "GOTMPDIR="+r.goTmp())
	ownGroup(cmd)
	return cmd
}

// exploreOut is the part of `explore --json` mutate reads.
type exploreOut struct {
	Distinct   int `json:"distinct_states"`
	Generated  int `json:"generated_states"`
	Violations []struct {
		Invariant string `json:"invariant"`
	} `json:"violations"`
	// Hang is set when a step of the mutant never returned (explore's
	// --step-timeout): the loop a timeout would otherwise catch, named.
	Hang *struct {
		Call  string `json:"call"`
		Input string `json:"input"`
		Depth int    `json:"depth"`
	} `json:"hang"`
}

// build compiles modelcheck, with the overlay if not empty, to bin.
func (r *runner) build(ctx context.Context, overlay, bin string) ([]byte, error) {
	args := []string{"build", "-o", bin}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	return r.goCmd(ctx, append(args, "./cmd/modelcheck")...).CombinedOutput()
}

// Exit codes explore reports beside its own: past the timeout, past the
// memory bound (explore's --max-memory or the watchdog).
const (
	codeTimedOut   = -1
	codeOverMemory = -2
)

// explore runs one scenario; code is the exit status, or codeTimedOut or
// codeOverMemory. With maxStates 0 (a mutant's run, or the unmutated run
// at a scenario's floor, which set no state limit) explore's exit 3 can
// only be its memory bound.
func (r *runner) explore(ctx context.Context, bin, sc string, depth int, maxStates int) (exploreOut, int, string) {
	ctx, cancel := context.WithTimeout(ctx, r.opt.timeout)
	defer cancel()
	limit := r.opt.maxMemory << 20
	args := []string{"explore", "--scenario", sc, "--depth", strconv.Itoa(depth), "--out", "", "--workers", "1", "--json",
		"--max-memory", strconv.FormatUint(limit, 10)}
	if model, name, ok := strings.Cut(sc, "/"); ok {
		args = append(args[:1], append([]string{"--model", model, "--scenario", name}, args[3:]...)...)
	}
	if maxStates > 0 {
		args = append(args, "--max-states", strconv.Itoa(maxStates))
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	over, err := runWatched(cmd, limit)
	var out exploreOut
	_ = json.Unmarshal(stdout.Bytes(), &out) // a crash leaves no JSON: the exit status says so
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return out, codeTimedOut, ""
	case over:
		return out, codeOverMemory, ""
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return out, 0, ""
	case errors.As(err, &exit):
		return out, exit.ExitCode(), why(stderr.String())
	default:
		return out, 2, err.Error()
	}
}

// baseline builds the unmutated modelcheck, lists its scenarios and picks
// each one's depth: the deepest within the state budget, or with -floors
// that of its deepest committed counterexample if deeper.
func (r *runner) baseline(ctx context.Context) error {
	// It takes a minute or more before the first mutant: say what is happening.
	fmt.Fprintln(r.stderr, "mutate: measuring the unmutated tree: each scenario's depth and counts")
	bin := filepath.Join(r.work, "modelcheck")
	names, defaultModel, err := r.scenarioNames(ctx, bin)
	if err != nil {
		return err
	}
	floors := map[string]int{}
	if r.opt.floors {
		if floors, err = foundDepths(filepath.Join(r.root, counterexamples.DefaultDir), defaultModel); err != nil {
			return fmt.Errorf("-floors: %v", err)
		}
	}
scenarios:
	for _, name := range names {
		sc := scenario{Name: name}
		for d := 1; d <= r.opt.depth; d++ {
			res, code, msg := r.explore(ctx, bin, name, d, r.opt.states+1)
			if code == 3 {
				break // past the budget
			}
			if code == 1 && r.opt.only == "" {
				// A scenario built to show a documented finding (the vm's
				// claim scenarios) violates an invariant on the correct
				// tree: a mutant cannot be caught there, so it is left
				// out, and said so. Named with -scenarios, it is an error.
				fmt.Fprintf(r.stderr, "mutate: scenario %s left out: the unmutated tree already violates an invariant there at depth %d (a documented finding)\n", name, d)
				continue scenarios
			}
			if code != 0 {
				return fmt.Errorf("the unmutated tree fails scenario %s at depth %d (exit %d) %s", name, d, code, msg)
			}
			sc.Depth, sc.Distinct, sc.Generated = d, res.Distinct, res.Generated
		}
		if floor := min(floors[name], r.opt.depth); floor > sc.Depth {
			res, code, msg := r.explore(ctx, bin, name, floor, 0)
			if code != 0 {
				return fmt.Errorf("the unmutated tree fails scenario %s at depth %d, the depth of its deepest committed counterexample (exit %d) %s", name, floor, code, msg)
			}
			sc.Raised, sc.Budget = true, sc.Depth
			sc.Depth, sc.Distinct, sc.Generated = floor, res.Distinct, res.Generated
		}
		if sc.Depth == 0 {
			return fmt.Errorf("scenario %s: depth 1 has more than %d states (raise -states)", name, r.opt.states)
		}
		r.scenarios = append(r.scenarios, sc)
	}
	// Cheapest first: most mutants die in the first run that sees them.
	sort.SliceStable(r.scenarios, func(i, j int) bool { return r.scenarios[i].Generated < r.scenarios[j].Generated })
	for _, sc := range r.scenarios {
		raised := ""
		if sc.Raised {
			raised = fmt.Sprintf(" (raised from %d, the deepest within -states, to its deepest committed counterexample's)", sc.Budget)
		}
		fmt.Fprintf(r.stderr, "mutate: scenario %-16s depth %2d, %d distinct, %d generated%s\n", sc.Name, sc.Depth, sc.Distinct, sc.Generated, raised)
	}
	// Reach only annotates the report, so a failure to measure it costs
	// the annotation, not the run.
	rc, err := r.measureReach(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		fmt.Fprintf(r.stderr, "mutate: the report will not say which survivors the scenarios reach: %v\n", err)
	}
	r.reach = rc
	return nil
}

// scenarioNames builds the unmutated modelcheck to bin and returns the
// scenarios to run: every one it lists, or those -scenarios names, each of
// which it must list. defaultModel is the model whose scenarios go by
// their bare name.
func (r *runner) scenarioNames(ctx context.Context, bin string) (names []string, defaultModel string, err error) {
	if out, err := r.build(ctx, "", bin); err != nil {
		return nil, "", fmt.Errorf("the unmutated tree does not build: %v\n%s", err, out)
	}
	out, err := exec.CommandContext(ctx, bin, "list", "--json").Output()
	if err != nil {
		return nil, "", fmt.Errorf("modelcheck list: %v", err)
	}
	var cat struct {
		Models []struct {
			Name    string
			Default bool
		} `json:"models"`
		Scenarios []struct{ Name, Model string } `json:"scenarios"`
	}
	if err := json.Unmarshal(out, &cat); err != nil {
		return nil, "", fmt.Errorf("modelcheck list --json: %v", err)
	}
	for _, m := range cat.Models {
		if m.Default {
			defaultModel = m.Name
		}
	}
	// A scenario of the default model is named as it is; one of another
	// model is model/scenario, and explore gets --model for it.
	for _, s := range cat.Scenarios {
		name := s.Name
		for _, m := range cat.Models {
			if m.Name == s.Model && !m.Default {
				name = s.Model + "/" + s.Name
			}
		}
		names = append(names, name)
	}
	if r.opt.only == "" {
		return names, defaultModel, nil
	}
	want := strings.Split(r.opt.only, ",")
	for _, w := range want {
		if !slices.Contains(names, w) {
			return nil, "", fmt.Errorf("-scenarios: unknown scenario %q (known: %s)", w, strings.Join(names, ", "))
		}
	}
	return want, defaultModel, nil
}

// runAll takes mutants in order until n of them compiled, running up to
// -j at once. A mutant is started only while the compiled ones plus those
// in flight are fewer than n, so the sample is exactly the first n that
// compile, however the work interleaves.
func (r *runner) runAll(ctx context.Context, order []Mutant) []result {
	results := make([]*result, len(order))
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	compiled, inFlight, next := 0, 0, 0
	var wg sync.WaitGroup
	start := time.Now()
	// of is the sample's size for the progress lines: -n, or every
	// mutant with -n 0.
	of := r.opt.n
	if of == 0 || of > len(order) {
		of = len(order)
	}
	for w := 0; w < r.opt.workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				mu.Lock()
				for r.opt.n > 0 && compiled+inFlight >= r.opt.n && inFlight > 0 {
					cond.Wait()
				}
				if next == len(order) || (r.opt.n > 0 && compiled >= r.opt.n) || ctx.Err() != nil {
					mu.Unlock()
					cond.Broadcast()
					return
				}
				i := next
				next++
				inFlight++
				mu.Unlock()

				res := r.one(ctx, w, order[i])
				res.Interrupted = ctx.Err() != nil
				mu.Lock()
				results[i] = &res
				inFlight--
				if res.Verdict != NoBuild {
					compiled++
					if r.opt.verbose {
						fmt.Fprintf(r.stderr, "mutate: [%d/%d %s] %s: %s %s\n", compiled, of, time.Since(start).Round(time.Second), res.M.ID(), res.Verdict, res.By)
					}
				}
				mu.Unlock()
				cond.Broadcast()
			}
		}(w)
	}
	wg.Wait()
	var out []result
	for _, res := range results {
		if res != nil {
			out = append(out, *res)
		}
	}
	return out
}

// one builds and judges one mutant.
func (r *runner) one(ctx context.Context, w int, m Mutant) result {
	res := result{M: m}
	dir := filepath.Join(r.work, fmt.Sprintf("w%d", w))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		res.Verdict, res.By = Crashed, err.Error()
		return res
	}
	if r.opt.checks {
		return r.oneCheck(ctx, dir, m)
	}
	overlay, err := r.writeOverlay(dir, m)
	if err != nil {
		res.Verdict, res.By = Crashed, err.Error()
		return res
	}
	bin := filepath.Join(dir, "modelcheck")
	if _, err := r.build(ctx, overlay, bin); err != nil {
		res.Verdict = NoBuild
		return res
	}
	for _, sc := range r.scenarios {
		out, code, msg := r.explore(ctx, bin, sc.Name, sc.Depth, 0)
		switch {
		case code == 1 && len(out.Violations) > 0:
			res.Verdict, res.By = Killed, sc.Name+": "+out.Violations[0].Invariant
			return res
		case code == codeTimedOut:
			res.Verdict, res.By = TimedOut, fmt.Sprintf("%s: over %s", sc.Name, r.opt.timeout)
			return res
		case code == 1 && out.Hang != nil:
			res.Verdict, res.By = TimedOut, fmt.Sprintf("%s: %s %s at depth %d did not return", sc.Name, out.Hang.Call, out.Hang.Input, out.Hang.Depth)
			return res
		case code == codeOverMemory || (code == 3 && len(out.Violations) == 0):
			res.Verdict, res.By = OverMemory, fmt.Sprintf("%s: over %d MiB", sc.Name, r.opt.maxMemory)
			return res
		case code != 0:
			res.Verdict, res.By = Crashed, fmt.Sprintf("%s: exit %d: %s", sc.Name, code, msg)
			return res
		}
		if out.Distinct != sc.Distinct || out.Generated != sc.Generated {
			res.Changed = append(res.Changed, fmt.Sprintf("%s %d/%d -> %d/%d", sc.Name, sc.Distinct, sc.Generated, out.Distinct, out.Generated))
		}
	}
	res.Verdict = Survived
	if len(res.Changed) == 0 {
		res.Verdict = Equivalent
		if r.opt.tests && !r.testsPass(ctx, overlay, m) {
			res.Verdict, res.TestsFail = Survived, true
		}
	}
	return res
}

// finished drops the results an interrupt cut short: their builds or
// runs were killed, which says nothing about the mutant.
func finished(results []result) []result {
	var out []result
	for _, r := range results {
		if !r.Interrupted {
			out = append(out, r)
		}
	}
	return out
}

// writeOverlay writes the mutated file and the overlay naming it.
func (r *runner) writeOverlay(dir string, m Mutant) (string, error) {
	orig := filepath.Join(r.root, filepath.FromSlash(m.File))
	src, err := os.ReadFile(orig)
	if err != nil {
		return "", err
	}
	mutated := filepath.Join(dir, "mutant.go")
	if err := os.WriteFile(mutated, m.Apply(src), 0o644); err != nil {
		return "", err
	}
	js, err := json.Marshal(map[string]map[string]string{"Replace": {orig: mutated}})
	if err != nil {
		return "", err
	}
	overlay := filepath.Join(dir, "overlay.json")
	return overlay, os.WriteFile(overlay, js, 0o644)
}

// testsPass runs on the mutant the mutated package's tests and the
// conformance fixtures (which compare every printed event), then, if they
// pass, the committed counterexamples (TestRegression): each runs with its
// fault switch on, so they reach the code that only fault switches call,
// which mutate's explore runs, all without faults, never do.
func (r *runner) testsPass(ctx context.Context, overlay string, m Mutant) bool {
	for _, args := range [][]string{
		{"./" + m.Package() + "/", "./runtime/conformance/"},
		{"-run", "^TestRegression$", "./counterexamples/"},
	} {
		cmd := r.goCmd(ctx, append([]string{"test", "-overlay", overlay, "-count=1"}, args...)...)
		// A test run past the memory bound did not pass: it caught the mutant.
		if over, err := runWatched(cmd, r.opt.maxMemory<<20); err != nil || over {
			return false
		}
	}
	return true
}

// why picks the line of a failed run's stderr that says what went wrong:
// a panic's message, else the last line.
func why(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "panic: ") {
			return abbrev(l)
		}
	}
	return abbrev(lines[len(lines)-1])
}
