package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"modelcheck/counterexamples"
	"modelcheck/explore"
	"modelcheck/internal/lockspec"
)

// lockSystem is the lock of internal/lockspec, a system with the liveness
// property "entry"; it is not registered, so the tests call livenessRun
// with it as explore would.
func lockSystem() counterexamples.System { return counterexamples.New(lockspec.Spec{}) }

// exploreLock runs explore --liveness on a scenario of the lock.
func exploreLock(t *testing.T, c exploreConfig) (stdout, stderr string, code int) {
	t.Helper()
	sys := lockSystem()
	c.model, c.depth = "lock", 12
	c.workers = max(c.workers, 1)
	prep, err := sys.Prepare(c.scenario, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	opt := explore.Options{Depth: c.depth, Workers: c.workers, MaxStates: c.maxStates}
	code = livenessRun(context.Background(), &c, sys, prep, opt, &out, &errb)
	return out.String(), errb.String(), code
}

// TestLivenessLassoExitsOne: the naive lock's lasso is reported, written
// as a lasso file that replays, the same for any worker count.
func TestLivenessLassoExitsOne(t *testing.T) {
	dir := t.TempDir()
	var first string
	for _, workers := range []int{1, 2, 8} {
		out, stderr, code := exploreLock(t, exploreConfig{scenario: "naive", liveness: "entry", out: dir, workers: workers})
		if code != exitViolation {
			t.Fatalf("%d workers: exit %d, want 1\n%s\n%s", workers, code, out, stderr)
		}
		for _, want := range []string{"LASSO entry: process p0 waits forever (1 input to the loop, 3 in it)", "  prefix: p0\n  loop: p1; p1; p1\n", "  file: "} {
			if !strings.Contains(out, want) {
				t.Errorf("%d workers: output lacks %q:\n%s", workers, want, out)
			}
		}
		// The first line names the worker count and the second times the
		// run; the rest is the same, but that the file is there already.
		_, rest, _ := strings.Cut(out, "\n")
		_, rest, _ = strings.Cut(rest, "\n")
		rest = strings.Replace(rest, "(unchanged)", "(wrote)", 1)
		if workers == 1 {
			first = rest
		} else if rest != first {
			t.Errorf("%d workers:\n%s\n1 worker:\n%s", workers, rest, first)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "entry-*.txt"))
	if len(files) != 1 {
		t.Fatalf("files %v, want one lasso file", files)
	}
	f, err := counterexamples.Open(files[0], func(string) (counterexamples.System, error) { return lockSystem(), nil })
	if err != nil {
		t.Fatal(err)
	}
	v, mismatch, err := f.Replay(context.Background(), nil)
	if err != nil || mismatch != nil || v == nil || !v.Lasso {
		t.Errorf("replay: violation %+v, mismatch %v, err %v; want the lasso", v, mismatch, err)
	}
	data, _ := os.ReadFile(files[0])
	if !strings.Contains(string(data), "# found by: modelcheck explore --model lock --scenario naive --depth 12 --liveness entry\n") {
		t.Errorf("the file does not record the command that found it:\n%s", data)
	}
}

func TestLivenessJSON(t *testing.T) {
	out, stderr, code := exploreLock(t, exploreConfig{scenario: "naive", liveness: "entry", json: true})
	var r lassoReport
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != exitViolation {
		t.Fatalf("exit %d, bad JSON (%v): %s\n%s", code, err, out, stderr)
	}
	if l := r.Lasso; !r.Complete || l == nil || l.Property != "entry" || l.SubjectName != "process p0" || len(l.Loop) != 3 || l.File != "" {
		t.Errorf("report %+v, lasso %+v; want the lasso of entry and no file (--out '')", r, r.Lasso)
	}
}

// TestLivenessNoLassoExitsZero: with the turn variable nobody waits
// forever; a state limit stops the search short with 3.
func TestLivenessNoLassoExitsZero(t *testing.T) {
	out, stderr, code := exploreLock(t, exploreConfig{scenario: "peterson", liveness: "entry", out: t.TempDir()})
	if code != exitOK || !strings.Contains(out, "OK: no lasso of entry within depth 12") {
		t.Errorf("exit %d, want 0 and OK\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = exploreLock(t, exploreConfig{scenario: "peterson", liveness: "entry", maxStates: 2})
	if code != exitStopped || !strings.Contains(out, "STOPPED EARLY (stopped at state limit)") {
		t.Errorf("--max-states 2: exit %d, want 3 and STOPPED EARLY\n%s\n%s", code, out, stderr)
	}
}

func TestLivenessBadUsageExitsTwo(t *testing.T) {
	_, stderr, code := exploreLock(t, exploreConfig{scenario: "naive", liveness: "exit"})
	if code != exitUsage || !strings.Contains(stderr, `--liveness: unknown liveness property "exit" (known: entry)`) {
		t.Errorf("an unknown property: exit %d, stderr %q; want 2 and the known ones", code, stderr)
	}
	// A name is echoed once, cut, as every unknown name is.
	long := strings.Repeat("x", 5000)
	if _, stderr, code := exploreLock(t, exploreConfig{scenario: "naive", liveness: long}); code != exitUsage || len(stderr) > 300 || !strings.Contains(stderr, "(5000 bytes)") {
		t.Errorf("a 5,000-byte name: exit %d, %d bytes of stderr %.300q; want 2 and the name cut", code, len(stderr), stderr)
	}
	_, stderr, code = exploreLock(t, exploreConfig{scenario: "naive", liveness: "entry", dfs: true})
	if code != exitUsage || !strings.Contains(stderr, "--dfs") {
		t.Errorf("--dfs: exit %d, stderr %q; want 2", code, stderr)
	}
	_, stderr, code = modelcheck(t, "explore", "--liveness", "starvation", "--out", "")
	if code != exitUsage || !strings.Contains(stderr, "declares no liveness properties") {
		t.Errorf("a model without liveness: exit %d, stderr %q; want 2 saying so", code, stderr)
	}
}

// TestListShowsLiveness: a model's liveness properties are listed after
// its faults, and a model without any gets no section.
func TestListShowsLiveness(t *testing.T) {
	c := catalogue{
		Models:   []modelInfo{{Name: "lock"}, {Name: "plain"}},
		Liveness: []invInfo{{Name: "entry", ContractIDs: []string{"lock/2"}, Doc: "a waiting process eventually enters", Model: "lock"}},
	}
	var out bytes.Buffer
	writeCatalogue(&out, &c)
	text := out.String()
	want := "\nliveness properties of lock (modelcheck explore --model lock --liveness NAME):\n  entry                          a waiting process eventually enters\n"
	if !strings.Contains(text, want) || strings.Count(text, "liveness properties of") != 1 {
		t.Errorf("list output:\n%s\nwant one liveness section, for lock:\n%s", text, want)
	}
}

// TestTamperedLassoFilesDoNotPass: a lasso file cut before its loop, one
// whose loop names a property the model does not have or a key twice,
// and a violation file with a loop pasted after it are each refused or
// flagged, never passed as clean; a lasso's MISMATCH points to its search,
// not to shrink, which refuses a lasso.
func TestTamperedLassoFilesDoNotPass(t *testing.T) {
	lasso := readFile(t, filepath.Join(committedDir, "starvation-a295bb05.txt"))
	loopAt := strings.Index(lasso, "\nloop ") + 1
	vm := readFile(t, filepath.Join(committedDir, "buffer-capacity-635dfe5d.txt"))
	sthira := readFile(t, filepath.Join(committedDir, "activation-order-4ca74a44.txt"))
	for _, c := range []struct {
		name, text string
		code       int
		want       string
	}{
		{"cut before the loop", lasso[:loopAt], exitUsage, "says the file is a lasso, but it has no loop directive (truncated?)"},
		{"cut inside the run's output", lasso[:loopAt-30], exitUsage, "cut.txt:"},
		{"a key twice", strings.Replace(lasso, "loop property=starvation subject=0", "loop property=starvation property=starvation subject=0", 1), exitUsage, "loop: property is given twice"},
		{"an unknown property", strings.Replace(lasso, "loop property=starvation", "loop property=starvatoin", 1), exitUsage, `loop: unknown liveness property "starvatoin"`},
		{"a loop after a vm violation", vm + "\nloop property=nosuch subject=0\nround\n----\n", exitUsage, "loop: model vm declares no liveness properties"},
		{"a loop after a sthira violation", sthira + "\n" + lasso[loopAt:], exitViolation, `the file goes on with "loop property=starvation subject=0"; the output printed now ends here`},
		{"another scenario", strings.Replace(lasso, "scenario base=starvation\n", "scenario base=starvation faults=aging\n", 1), exitViolation, "its '# found by:' command writes it again"},
	} {
		path := writeTemp(t, "cut.txt", c.text)
		_, stderr, code := modelcheck(t, "replay", path)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "modelcheck shrink") {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", c.name, code, stderr, c.code, c.want)
		}
	}
}

// TestLivenessJSONCountsTransitions: --json's transitions is the graph's
// edges (README: "transitions (the graph's edges)"), the count the text
// prints as "N transitions", and not the generated count beside it. At
// depth 3 sthira's graph is cut by the bound: the successors generated
// from its deepest states lie past it and are no edges, so the two counts
// differ (the lock's graph at depth 12 is complete, and they agree there)
// and a report that filled transitions from the generated count is told
// apart.
func TestLivenessJSONCountsTransitions(t *testing.T) {
	args := []string{"explore", "--model", "sthira", "--liveness", "starvation", "--depth", "3", "--out", ""}
	text, stderr, code := modelcheck(t, args...)
	m := regexp.MustCompile(`graph of (\d+) distinct states and (\d+) transitions \((\d+) generated\)`).FindStringSubmatch(text)
	if code != exitOK || m == nil {
		t.Fatalf("text: exit %d, no graph line:\n%s\n%s", code, text, stderr)
	}
	edges, _ := strconv.ParseInt(m[2], 10, 64)
	generated, _ := strconv.ParseInt(m[3], 10, 64)
	if edges == generated {
		t.Fatalf("the graph has %d transitions and %d generated: this test cannot tell them apart", edges, generated)
	}
	out, stderr, code := modelcheck(t, append(args, "--json")...)
	var r lassoReport
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != exitOK {
		t.Fatalf("--json: exit %d, bad JSON (%v): %s\n%s", code, err, out, stderr)
	}
	if r.Transitions != edges || r.GeneratedStates != generated {
		t.Errorf("--json: transitions %d, generated %d; want %d and %d, as the text says", r.Transitions, r.GeneratedStates, edges, generated)
	}
}

// TestLivenessLassoExitsOneWhenOutputFails: a lasso found is exit 1
// whatever else fails (README, exit status), a report that cannot be
// written included, as TestBrokenStdout holds the invariant search to.
func TestLivenessLassoExitsOneWhenOutputFails(t *testing.T) {
	sys := lockSystem()
	prep, err := sys.Prepare("naive", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, asJSON := range []bool{false, true} {
		c := exploreConfig{model: "lock", scenario: "naive", depth: 12, workers: 1, liveness: "entry", json: asJSON}
		var errb bytes.Buffer
		code := livenessRun(context.Background(), &c, sys, prep, explore.Options{Depth: c.depth, Workers: c.workers}, brokenWriter{}, &errb)
		if code != exitViolation || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("--json %v: exit %d, stderr %q; want 1 and the write error", asJSON, code, errb.String())
		}
	}
}
