package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	mvm "modelcheck/model/vm"
	"modelcheck/models"
)

// TestWalksEndToEnd: --walks samples random paths past what BFS reaches
// (60 inputs deep unless --depth says). A clean sample exits 0 and says
// it was a sample; with a fault it exits
// 1 with a counterexample file whose '# found by:' command, run again,
// takes the same walks and writes the same bytes, and which replays; the
// same seed gives the same report.
func TestWalksEndToEnd(t *testing.T) {
	out, _, code := modelcheck(t, "explore", "--walks", "20", "--depth", "30", "--out", "")
	if code != exitOK || !strings.Contains(out, "20 random walks, seed 1") || !strings.Contains(out, "on 20 random walks of up to 30 inputs (a sample of the paths, not all of them)") {
		t.Fatalf("clean walks: exit %d\n%s", code, out)
	}
	r, code := exploreJSON(t, "--walks", "20", "--seed", "9", "--out", "")
	if code != exitOK || r.Strategy != "walk" || r.Walks != 20 || r.Seed == nil || *r.Seed != 9 || r.Workers != 1 || !r.Complete || r.Depth != defaultWalkDepth {
		t.Fatalf("clean walks, JSON: exit %d, %+v", code, r)
	}
	again, _ := exploreJSON(t, "--walks", "20", "--seed", "9", "--out", "")
	if again.DistinctStates != r.DistinctStates || again.GeneratedStates != r.GeneratedStates || again.MaxDepthReached != r.MaxDepthReached {
		t.Errorf("the same seed walked %+v, then %+v", r, again)
	}

	dir := t.TempDir()
	args := []string{"explore", "--walks", "100", "--depth", "40", "--fault", "lifo-ready", "--out", dir}
	out, _, code = modelcheck(t, args...)
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if code != exitViolation || len(files) != 1 {
		t.Fatalf("walks under lifo-ready: exit %d, files %v\n%s", code, files, out)
	}
	first := readFile(t, files[0])
	wantFoundBy(t, first, "modelcheck explore --model asupersync --scenario default --depth 40 --walks 100 --seed 1 --fault lifo-ready")
	if err := os.Remove(files[0]); err != nil {
		t.Fatal(err)
	}
	if _, _, code := modelcheck(t, args...); code != exitViolation {
		t.Fatalf("the found-by command again: exit %d", code)
	}
	if second, err := os.ReadFile(files[0]); err != nil || string(second) != first {
		t.Errorf("the found-by command again wrote (%v):\n%s\nwant:\n%s", err, second, first)
	}
	if out, _, code := modelcheck(t, "replay", files[0]); code != exitViolation {
		t.Errorf("replay: exit %d\n%s", code, out)
	}
}

// TestWalksBadUsage: --walks needs a depth and excludes the other ways to
// explore; --seed means nothing without it.
func TestWalksBadUsage(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"--walks 5 --depth 0", "--walks needs a depth bound"},
		{"--walks 5 --dfs", "--walks and --dfs"},
		{"--walks 5 --coverage", "drop --walks"},
		{"--walks 5 --liveness eventually-quiet", "drop --walks"},
		{"--seed 3", "--seed shapes random walks; add --walks N"},
		{"--swarm", "--swarm shapes random walks; add --walks N"},
		{"--walks -2", "-walks"},
	} {
		_, stderr, code := modelcheck(t, append([]string{"explore", "--out", ""}, strings.Fields(c.args)...)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("explore %s: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestWalksOnEveryModel: the walks, plain and swarm, are the pipeline's,
// not asupersync's: on every model a fault's walks end in its invariant's
// counterexample, and the same walks without the fault run clean.
func TestWalksOnEveryModel(t *testing.T) {
	for _, c := range []struct{ model, scenario, fault, invariant, swarm string }{
		{"vm", "default", "unblock-reversed", "unblock-order", ""},
		{"vm", "default", "unblock-reversed", "unblock-order", "--swarm"},
		{"sthira", "default", "lifo-queue", "activation-order", ""},
		{"sthira", "default", "lifo-queue", "activation-order", "--swarm"},
		{"asupersync", "default", "lifo-ready", "lane-order", "--swarm"},
	} {
		base := []string{"explore", "--model", c.model, "--scenario", c.scenario, "--walks", "200", "--depth", "30"}
		if c.swarm != "" {
			base = append(base, c.swarm)
		}
		if out, _, code := modelcheck(t, append(base, "--out", "")...); code != exitOK {
			t.Errorf("%s clean walks %s: exit %d\n%s", c.model, c.swarm, code, out)
		}
		dir := t.TempDir()
		out, _, code := modelcheck(t, append(base, "--fault", c.fault, "--out", dir)...)
		files, _ := filepath.Glob(filepath.Join(dir, c.invariant+"-*.txt"))
		if code != exitViolation || len(files) != 1 {
			t.Errorf("%s walks %s under %s: exit %d, files %v; want 1 and one %s file\n%s", c.model, c.swarm, c.fault, code, files, c.invariant, out)
		}
	}
}

// TestSwarmWalksEndToEnd: a cancel streak past its bound needs cancels
// in a row, which 1000 uniform walks of the default scenario never take
// and swarm walks, some of which keep cancels and drop the inputs
// between, do; the file's found-by command repeats the swarm.
func TestSwarmWalksEndToEnd(t *testing.T) {
	args := []string{"explore", "--walks", "1000", "--fault", "unbounded-cancel-streak"}
	if out, _, code := modelcheck(t, append(args, "--out", "")...); code != exitOK {
		t.Fatalf("uniform walks: exit %d\n%s", code, out)
	}
	dir := t.TempDir()
	out, _, code := modelcheck(t, append(args, "--swarm", "--out", dir)...)
	files, _ := filepath.Glob(filepath.Join(dir, "fairness-bound-*.txt"))
	if code != exitViolation || len(files) != 1 || !strings.Contains(out, "1000 random swarm walks, seed 1") {
		t.Fatalf("swarm walks: exit %d, files %v\n%s", code, files, out)
	}
	wantFoundBy(t, readFile(t, files[0]), "modelcheck explore --model asupersync --scenario default --depth 60 --walks 1000 --seed 1 --swarm --fault unbounded-cancel-streak")
	r, _ := exploreJSON(t, "--walks", "10", "--swarm", "--out", "")
	if !r.Swarm {
		t.Errorf("JSON of a swarm run: %+v", r)
	}
}

// wantFoundBy fails unless a counterexample file's text says it was
// found by command.
func wantFoundBy(t *testing.T, text, command string) {
	t.Helper()
	if want := "# found by: " + command + "\n"; !strings.Contains(text, want) {
		t.Errorf("the file's header lacks %q:\n%s", want, text)
	}
}

// TestEveryScenarioWalksClean: with every fault off, random walks three
// to five times deeper than BFS's default depth, plain and swarm, break
// nothing in any scenario of any model, but in the VM scenarios built to
// show one of the contract's false claims, which break that claim's
// invariant (vm.Scenario.Finding) and nothing else. Walks reach bounds of
// the environment that BFS at depth 12 does not: swarm walks of the
// channel scenario reserved and aborted permits until the obligation
// table was full, which the environment had gone on offering
// (obligationRoom in model/asupersync).
func TestEveryScenarioWalksClean(t *testing.T) {
	for _, sys := range models.All() {
		for _, sc := range sys.Scenarios() {
			finding := ""
			if sys.Name() == "vm" {
				v, err := mvm.Lookup(sc.Name)
				if err != nil {
					t.Fatal(err)
				}
				finding = v.Finding
			}
			for _, swarm := range []string{"", "--swarm"} {
				args := []string{"--model", sys.Name(), "--scenario", sc.Name, "--walks", "300", "--out", ""}
				if swarm != "" {
					args = append(args, swarm)
				}
				r, code := exploreJSON(t, args...)
				want := exitOK
				if finding != "" {
					want = exitViolation
				}
				if code != want {
					t.Errorf("%s/%s walks %s: exit %d, want %d: %+v", sys.Name(), sc.Name, swarm, code, want, r.Violations)
				}
				for _, v := range r.Violations {
					if v.Invariant != finding {
						t.Errorf("%s/%s walks %s broke %s after %v", sys.Name(), sc.Name, swarm, v.Invariant, v.Path)
					}
				}
				// Every scenario's walks go on past depth 10 (the
				// shallowest, sthira's reject, to 11), unless a finding
				// ends them: a walker that stopped short would pass
				// here having walked nothing.
				if finding == "" && r.MaxDepthReached < 10 {
					t.Errorf("%s/%s walks %s went %d inputs deep at most", sys.Name(), sc.Name, swarm, r.MaxDepthReached)
				}
			}
		}
	}
}
