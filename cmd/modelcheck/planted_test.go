package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// plantedBug is a bug planted in the runtime: line, found once in file,
// becomes planted. Each is one make mutate found.
type plantedBug struct{ file, line, planted string }

var (
	// The parent walk of "Cascade Law" step 2 (cancel.State.within) stops
	// moving up, so a region cancel with a child region loops forever.
	parentWalkStalls = plantedBug{"runtime/cancel/region.go", "\t\tid = s.Regions[id-1].Parent\n", "\t\t_ = s.Regions[id-1].Parent\n"}
	// Spawn's search for a free task slot stops moving once it meets a
	// used one: the second spawn loops, and a scenario that spawns its
	// tasks before the first step loops in Init.
	spawnSearchStalls = plantedBug{"runtime/cancel/task.go", "\tfor i := range s.Tasks {\n", "\tfor i := 0; i < len(s.Tasks); {\n"}
	// Sthira's tick stops moving along a queue once a task in it is kept.
	tickStalls = plantedBug{"runtime/sthira/step.go", "\t\t\ti++\n\t\t}\n\t}\n\tif cfg.Faults.Has(Aging) {", "\t\t}\n\t}\n\tif cfg.Faults.Has(Aging) {"}
	// Sthira's queue search reads the queue after the task's: a check asks
	// the runtime's Diagnose, which calls it, and it indexes past the
	// queues.
	queuedReadsNext = plantedBug{"runtime/sthira/state.go", "\t\tf := &s.Queues[p-1]\n", "\t\tf := &s.Queues[p+1]\n"}
	// The VM's Load takes the protocol id one past the last: load-refused
	// asks Load for it, and Load indexes past the protocol table.
	loadTakesUnknown = plantedBug{"runtime/vm/state.go", "\tcase p >= NumProtocols:\n", "\tcase p > NumProtocols:\n"}
	// The VM's Load lets a session past the table in: load-refused asks
	// Load for one on each state whose session table is full, and Load
	// indexes past the sessions. This is the half of load-refused no
	// edit of the check's inputs reaches (invariants/vm/clauses_test.go).
	loadTakesFourthSession = plantedBug{"runtime/vm/state.go", "\tcase s.NSessions >= MaxSessions ||", "\tcase s.NSessions > MaxSessions ||"}
)

// build builds modelcheck with the bug planted, through an overlay (the
// tree is not touched), and returns the binary's path.
func (l plantedBug) build(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	abs, err := filepath.Abs(filepath.Join("..", "..", l.file))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(abs)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(src), l.line) != 1 {
		t.Fatalf("%s no longer has the line %q once; plant the bug elsewhere", l.file, l.line)
	}
	planted := filepath.Join(dir, filepath.Base(l.file))
	if err := os.WriteFile(planted, []byte(strings.Replace(string(src), l.line, l.planted, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {abs: planted}})
	if err := os.WriteFile(filepath.Join(dir, "overlay.json"), overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "modelcheck")
	if out, err := exec.Command("go", "build", "-overlay", filepath.Join(dir, "overlay.json"), "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build with the planted bug: %v\n%s", err, out)
	}
	return bin
}

// TestHangingStepIsNamed builds modelcheck with a planted loop and
// explores a scenario with nested regions: the run ends by itself, with
// exit 1, naming the step that never returned and the path to it, the
// same for every worker count, and writes no file; depth first too. A
// replay of a script that runs into the loop names its step.
func TestHangingStepIsNamed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modelcheck with a planted bug")
	}
	bin := parentWalkStalls.build(t)
	for _, workers := range []int{1, 2} {
		out := t.TempDir()
		cmd := exec.Command(bin, "explore", "--scenario", "region-kinds", "--step-timeout", "1s",
			"--workers", fmt.Sprint(workers), "--out", out, "--json")
		start := time.Now()
		stdout, err := cmd.Output()
		if code := exitCode(err); code != exitViolation {
			t.Fatalf("workers %d: exit %d (%v) after %v, want 1", workers, code, err, time.Since(start))
		}
		var rep report
		if err := json.Unmarshal(stdout, &rep); err != nil {
			t.Fatalf("workers %d: %v\n%s", workers, err, stdout)
		}
		h := rep.Hang
		if h == nil || h.Call != "Step" || h.Input != "cancel r1 kind=Deadline" || strings.Join(h.Path, "; ") != "open-region r1" ||
			len(rep.Violations) != 0 || rep.StoppedEarly != "stopped at a call that did not return" {
			t.Errorf("workers %d: hang %+v, violations %v, stopped %q; want the step cancel r1 after open-region r1", workers, h, rep.Violations, rep.StoppedEarly)
		}
		if entries, err := os.ReadDir(out); err != nil || len(entries) != 0 {
			t.Errorf("workers %d: --out holds %v (%v), want nothing", workers, entries, err)
		}
	}
	// Depth first, the first step that hangs is a deeper one.
	stdout, err := exec.Command(bin, "explore", "--dfs", "--scenario", "region-kinds", "--step-timeout", "1s", "--out", "", "--json").Output()
	var rep report
	if code := exitCode(err); code != exitViolation || json.Unmarshal(stdout, &rep) != nil || rep.Hang == nil ||
		rep.Hang.Input != "cancel r1 kind=Deadline" || rep.Hang.Depth < 2 || rep.Strategy != "dfs" {
		t.Errorf("--dfs: exit %d, hang %+v; want exit 1 and the step cancel r1\n%s", code, rep.Hang, stdout)
	}
	// A file whose script runs into the loop: replay names the step.
	file, code, stderr := replayWith(t, bin, "scenario base=region-kinds\n----\n\nrun\nopen-region r1\ncancel r1 kind=Deadline\n----\n")
	if code != exitViolation || !strings.Contains(stderr, "HANG "+file+": step 2 (cancel r1 kind=Deadline) had not returned after 1s") {
		t.Errorf("replay: exit %d, stderr %q; want 1 and the HANG of step 2", code, stderr)
	}
	text, err := exec.Command(bin, "explore", "--scenario", "region-kinds", "--step-timeout", "1s", "--out", "").Output()
	for _, want := range []string{"HANG at depth 1: the step by cancel r1 kind=Deadline had not returned after 1s",
		"   1. open-region r1\n        region_opened region=r2 parent=r1\n", "  then: cancel r1 kind=Deadline (never returned)\n", "file: none written"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("text output (exit %d) lacks %q:\n%s", exitCode(err), want, text)
		}
	}
}

// TestHangingInitIsNamed: a loop in the runtime reached while the model
// builds its initial state (chan-cascade spawns its three tasks before
// the first step) ends the run by itself too, exit 1, naming Init, with
// no trace (there is no step to replay) and no file; so does a replay.
func TestHangingInitIsNamed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modelcheck with a planted bug")
	}
	bin := spawnSearchStalls.build(t)
	out := t.TempDir()
	stdout, err := exec.Command(bin, "explore", "--scenario", "chan-cascade", "--step-timeout", "1s", "--out", out, "--json").Output()
	var rep report
	if code := exitCode(err); code != exitViolation || json.Unmarshal(stdout, &rep) != nil || rep.Hang == nil ||
		rep.Hang.Call != "Init" || rep.Hang.Depth != 0 || len(rep.Hang.Path) != 0 || rep.DistinctStates != 0 {
		t.Errorf("exit %d, hang %+v; want exit 1 and Init\n%s", code, rep.Hang, stdout)
	}
	if entries, err := os.ReadDir(out); err != nil || len(entries) != 0 {
		t.Errorf("--out holds %v (%v), want nothing", entries, err)
	}
	text, err := exec.Command(bin, "explore", "--scenario", "chan-cascade", "--step-timeout", "1s", "--out", "").Output()
	if code := exitCode(err); code != exitViolation || !strings.Contains(string(text), "HANG before the first step: the model's Init") ||
		strings.Contains(string(text), "trace:") {
		t.Errorf("text output (exit %d) lacks the hang in Init, or has a trace:\n%s", code, text)
	}
	file, code, stderr := replayWith(t, bin, "scenario base=chan-cascade\n----\n\nrun\ndispatch\n----\n")
	if code != exitViolation || !strings.Contains(stderr, "HANG "+file+": building the initial state had not returned after 1s") {
		t.Errorf("replay: exit %d, stderr %q; want 1 and the HANG of Init", code, stderr)
	}
}

// replayWith writes a counterexample file of text and replays it with
// bin under a 1s step timeout: the file, the exit status and stderr.
func replayWith(t *testing.T, bin, text string) (file string, code int, stderr string) {
	t.Helper()
	file = filepath.Join(t.TempDir(), "case.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "replay", "--step-timeout", "1s", file)
	var errs strings.Builder
	cmd.Stderr = &errs
	_, err := cmd.Output()
	return file, exitCode(err), errs.String()
}

// TestHangingStepIsNamedInLassoSearch: the lasso search (--liveness) is
// watched too, here on Sthira with its tick's queue walk stalled.
func TestHangingStepIsNamedInLassoSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modelcheck with a planted bug")
	}
	bin := tickStalls.build(t)
	stdout, err := exec.Command(bin, "explore", "--model", "sthira", "--scenario", "starvation", "--liveness", "starvation",
		"--step-timeout", "1s", "--out", "", "--json").Output()
	var rep lassoReport
	if code := exitCode(err); code != exitViolation || json.Unmarshal(stdout, &rep) != nil || rep.Hang == nil ||
		rep.Hang.Call != "Step" || rep.Hang.Input != "tick" || rep.Lasso != nil {
		t.Errorf("exit %d, hang %+v, lasso %+v; want exit 1 and the step tick\n%s", code, rep.Hang, rep.Lasso, stdout)
	}
	text, _ := exec.Command(bin, "explore", "--model", "sthira", "--scenario", "starvation", "--liveness", "starvation",
		"--step-timeout", "1s", "--out", "").Output()
	if !strings.Contains(string(text), "the step by tick had not returned after 1s") || !strings.Contains(string(text), "  then: tick (never returned)") {
		t.Errorf("text output lacks the hang:\n%s", text)
	}
}

// TestRuntimePanicInACheckIsItsViolation: some checks ask the runtime
// something beside the step (Sthira's §10 diagnostics, whether the VM
// refuses a bad load); a runtime bug that panics there is that check's
// violation, with exit 1, not a crash of the tool (exit 2). The first two
// bugs crashed the tool in session 16's exhaustive mutation runs.
func TestRuntimePanicInACheckIsItsViolation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modelcheck with a planted bug")
	}
	for _, tc := range []struct {
		bug       plantedBug
		args      []string
		invariant string
	}{
		{queuedReadsNext, []string{"--model", "sthira", "--scenario", "default"}, "diagnostics"},
		{loadTakesUnknown, []string{"--model", "vm", "--scenario", "backpressure"}, "load-refused"},
		{loadTakesFourthSession, []string{"--model", "vm", "--scenario", "default"}, "load-refused"},
	} {
		exploreBreaksFirst(t, tc.bug.build(t), tc.args, tc.invariant)
	}
}

// auditBugs are bugs the audits of the checks against the contracts
// (sessions 18 and 19) planted in runtime/ that every scenario of their model
// explored without a violation; each now stops the scenario named (model
// and scenario in args), with the invariant named first.
var auditBugs = []struct {
	name      string
	bug       plantedBug
	args      []string
	invariant string
}{
	// The checks took a drop's outcome from the runtime's own
	// DropReason.Outcome: max wait and cancel surfaced as REJECTED.
	{"drop-outcome", plantedBug{"runtime/sthira/state.go", "\t\treturn Timeout\n", "\t\treturn Rejected\n"}, sthira("default"), "no-silent-drop"},
	// The checks ranked priorities with the runtime's Priority.Above:
	// NORMAL no longer above LOW.
	{"priority-order", plantedBug{"runtime/sthira/state.go", "func (p Priority) Above(q Priority) bool { return p < q }",
		"func (p Priority) Above(q Priority) bool { return p < q && !(p == Normal && q == Low) }"}, sthira("default"), "diagnostics"},
	// Diagnose was asked only about queued tasks: a task in no queue
	// said it waits for the global limit.
	{"diagnose-unqueued", plantedBug{"runtime/sthira/diag.go", "\t\treturn Diagnosis{}\n", "\t\treturn Diagnosis{Why: WaitGlobalLimit, Queue: s.Task(id).Prio}\n"}, sthira("default"), "diagnostics"},
	// Diagnose was asked on the successor itself, which the explorer
	// then kept: a signal that writes the state (here, reading a task's
	// wait time restarts it) went unseen, and could mend a bug of the
	// step before the compare.
	{"diagnose-writes", plantedBug{"runtime/sthira/diag.go", "\treturn Diagnosis{Why: why, Queue: q, Position: pos, BlockedBy: t.BlockedBy, Waited: t.Waited, Starved: t.Starved}\n",
		"\td := Diagnosis{Why: why, Queue: q, Position: pos, BlockedBy: t.BlockedBy, Waited: t.Waited, Starved: t.Starved}\n\tt.Waited = 0\n\treturn d\n"}, sthira("default"), "diagnostics"},
	// An arrival that may start is dropped for full queues: no scenario
	// filled the queues while another scope had room, and drop-policy
	// did not ask whether the arrival could start.
	{"overflow-while-authorized", plantedBug{"runtime/sthira/step.go", "\tif s.authorized(cfg, t.Scope) {\n",
		"\tif !cfg.Reject && cfg.QueueLimit != 0 && s.QueuedCount(cfg) >= int(cfg.QueueLimit) && s.authorized(cfg, t.Scope) {\n\t\ts.drop(cfg, id, QueueFull, 0, log)\n\t\treturn\n\t}\n\tif s.authorized(cfg, t.Scope) {\n"}, sthira("scoped-overflow"), "drop-policy"},
	// A suspended holder no longer starves a waiting lower-priority
	// task: no scenario had both suspend and ticks.
	{"suspended-holder-starves-none", plantedBug{"runtime/sthira/step.go", "\t\t\tif s.holdersAbove(t.Prio) != 0 {\n",
		"\t\t\tif func() bool { // only a running holder starves\n\t\t\t\tfor i := range s.Tasks {\n\t\t\t\t\tif u := &s.Tasks[i]; u.Phase == Running && u.Prio.Above(t.Prio) {\n\t\t\t\t\t\treturn true\n\t\t\t\t\t}\n\t\t\t\t}\n\t\t\t\treturn false\n\t\t\t}() {\n"}, sthira("suspend-ticks"), "diagnostics"},
	// An arrival that may start still preempts a queued lower-priority
	// task when the queues are full.
	{"preempt-while-authorized", plantedBug{"runtime/sthira/step.go", "\tif s.authorized(cfg, t.Scope) {\n",
		"\tif !cfg.Reject && cfg.QueueLimit != 0 && s.QueuedCount(cfg) >= int(cfg.QueueLimit) && s.authorized(cfg, t.Scope) {\n" +
			"\t\tfor q := Low; t.Prio.Above(q); q-- {\n\t\t\tif f := &s.Queues[q-1]; f.Len > 0 {\n\t\t\t\tvictim := f.Items[f.Len-1]\n" +
			"\t\t\t\tf.remove(cfg, int(f.Len-1))\n\t\t\t\ts.drop(cfg, victim, Preempted, id, log)\n\t\t\t\tbreak\n\t\t\t}\n\t\t}\n\t}\n" +
			"\tif s.authorized(cfg, t.Scope) {\n"}, sthira("scoped-overflow"), "drop-policy"},
	// An arrival dropped for full queues (no lower-priority task to
	// preempt) gets no CONCURRENCY_LIMIT_REACHED first.
	{"overflow-unannounced", plantedBug{"runtime/sthira/step.go", "\tlog.emit(Event{Kind: ConcurrencyLimitReached, Task: id, Limit: s.limitReached(cfg, t.Scope)})\n",
		"\tif full := cfg.QueueLimit != 0 && s.QueuedCount(cfg) >= int(cfg.QueueLimit); !full || func() bool {\n" +
			"\t\tfor q := Low; t.Prio.Above(q); q-- {\n\t\t\tif s.Queues[q-1].Len > 0 {\n\t\t\t\treturn true\n\t\t\t}\n\t\t}\n\t\treturn false\n\t}() {\n" +
			"\t\tlog.emit(Event{Kind: ConcurrencyLimitReached, Task: id, Limit: s.limitReached(cfg, t.Scope)})\n\t}\n"}, sthira("overflow"), "drop-policy"},
	// A region cancel replaces the region's reason whatever it was, so a
	// weaker kind after ParentCancelled weakens it (001 invariant 2):
	// region-cancel-effective compared severities with the cascade's
	// only, never the region's reason with its reason before.
	{"region-reason-weakens", plantedBug{"runtime/cancel/region.go", "\t\t\tr.Reason = r.Reason.Strengthen(reason, s.Config.Faults)\n", "\t\t\tr.Reason = reason\n"},
		asupersync("region-kinds"), "region-cancel-effective"},
	// Rows of the severity and cleanup-budget tables (semantics notes)
	// for kinds no scenario requested: ResourceUnavailable's severity,
	// LinkedExit's, PollQuota's poll quota, CostBudget's priority.
	{"severity-resource-unavailable", plantedBug{"runtime/cancel/reason.go", "{0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5}", "{0, 1, 1, 2, 2, 3, 3, 3, 4, 5, 5}"},
		asupersync("rare-kinds"), "region-cancel-effective"},
	{"severity-linked-exit", plantedBug{"runtime/cancel/reason.go", "{0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5}", "{0, 1, 1, 2, 2, 3, 3, 2, 4, 4, 5}"},
		asupersync("rare-kinds-2"), "task-cancel-strengthened"},
	{"cleanup-polls-poll-quota", plantedBug{"runtime/cancel/budget.go", "{1000, 500, 500, 300, 300,", "{1000, 500, 500, 500, 300,"},
		asupersync("rare-kinds"), "budget-granted"},
	{"cleanup-priority-cost-budget", plantedBug{"runtime/cancel/budget.go", "{200, 210, 210, 215, 215,", "{200, 210, 210, 215, 220,"},
		asupersync("rare-kinds-2"), "budget-granted"},
	// The cancel lane's priority key (004 3.3, 3.10): a cancel that moves
	// a task out of another lane keeps that entry's priority, or cancel
	// entries lose theirs. The lane checks rebuilt the lanes from the
	// priority the runtime wrote into the enqueue event.
	{"cancel-keeps-old-priority", plantedBug{"runtime/sched/sched.go", "\t\t\tq.remove(q.find(task))\n", "\t\t\tpriority = q.remove(q.find(task)).Priority\n"},
		asupersync("default"), "route-own-record"},
	{"cancel-lane-unprioritized", plantedBug{"runtime/sched/sched.go", "\t// Fault CancelGenStalls leaves the counter where it was for the cancel lane.\n",
		"\tif l == Cancel {\n\t\tpriority = 0\n\t}\n\t// Fault CancelGenStalls leaves the counter where it was for the cancel lane.\n"}, asupersync("default"), "route-own-record"},
	// Names in the trace read back through the runtime's own tables:
	// lanes, governor suggestions, and the capability a denial names.
	{"lane-names-swapped", plantedBug{"runtime/sched/sched.go", `{"", "cancel", "timed", "ready"}`, `{"", "cancel", "ready", "timed"}`}, asupersync("default"), "lanes-derived"},
	{"governor-names-swapped", plantedBug{"runtime/sched/sched.go", `{"NoPreference", "MeetDeadlines", "DrainObligations", "DrainRegions"}`,
		`{"NoPreference", "MeetDeadlines", "DrainRegions", "DrainObligations"}`}, asupersync("governors"), "governor-derived"},
	{"capability-names-swapped", plantedBug{"runtime/pump/pump.go", `{{CapTimer, "timer"}, {CapMessage, "message"},`, `{{CapTimer, "message"}, {CapMessage, "timer"},`},
		asupersync("default"), "capability-fail-closed"},
	// A configured burst limit of 1 read as unset (the default, 16):
	// make mutate's one survivor in runtime/pump, since no scenario set a
	// limit below 2.
	{"burst-limit-one-is-default", plantedBug{"runtime/pump/pump.go", "\tif s.Config.BurstLimit == 0 {\n", "\tif s.Config.BurstLimit == 1 {\n"},
		asupersync("burst-one"), "burst-limit"},
	// An explicit max_wheel_duration or max_timer_duration below the
	// default is raised to it (004 2.7): no scenario set either, and two
	// checks read the bounds from the runtime's normalized config.
	{"explicit-wheel-bounds-raised", plantedBug{"runtime/wheel/wheel.go", "\tc.MaxWheelDuration = min(c.MaxWheelDuration, PhysicalRange)\n\tif c.MaxTimerDuration == 0 {\n",
		"\tc.MaxWheelDuration = min(max(c.MaxWheelDuration, DefaultMaxWheelDuration), PhysicalRange)\n\tif c.MaxTimerDuration < DefaultMaxTimerDuration {\n"}, asupersync("wheel-bounds"), "wheel-placement"},
	// Coalescing promotes only level 0 and 1 entries (004 2.4 step 5):
	// every scenario's window was a few ms, so no higher entry was ever in
	// one.
	{"promote-low-levels-only", plantedBug{"runtime/wheel/collect.go", "\t\tif !e.Used || e.Level == Ready || e.Deadline > boundary && ",
		"\t\tif !e.Used || e.Level == Ready || e.Level > Level1 || e.Deadline > boundary && "}, asupersync("coalesce-wide"), "wheel-coalesce-window"},
	// Coalescing that skips, or mishandles, an overflow entry inside the
	// window (session 20): no scenario's window reached the overflow heap,
	// so make mutate seed 69's survivor (k < Levels -> k <= Levels, which
	// clears a level-4 occupancy bit that does not exist) explored clean.
	{"overflow-never-promoted", plantedBug{"runtime/wheel/collect.go", "\t\tif !e.Used || e.Level == Ready || e.Deadline > boundary && ",
		"\t\tif !e.Used || e.Level == Ready || e.Level == Overflow || e.Deadline > boundary && "}, asupersync("coalesce-overflow"), "wheel-coalesce-window"},
	{"overflow-promote-clears-bitmap", plantedBug{"runtime/wheel/collect.go", "\t\temptied := k < Levels && ", "\t\temptied := k <= Levels && "},
		asupersync("coalesce-overflow"), "offered-input-accepted"},
	// cancel_streak_limit capped at 2 (session 19): no scenario set a
	// limit above 2, so every one explored it clean.
	{"streak-limit-capped", plantedBug{"runtime/sched/sched.go", "\treturn s.Config.CancelStreakLimit\n}", "\treturn min(s.Config.CancelStreakLimit, 2)\n}"},
		asupersync("streak-three"), "event-tags"},
	// DetRng and DetHasher drifted (session 19): the checks recomputed
	// steals, certificates and decision hashes with the runtime's own
	// package dethash, so every scenario explored them clean.
	{"det-rng-drifted", plantedBug{"runtime/dethash/dethash.go", "\tr.State += 0x9e3779b97f4a7c15\n", "\tr.State += 0x9e3779b97f4a7c13\n"},
		asupersync("stealing"), "steal-order"},
	{"det-hasher-unmixed", plantedBug{"runtime/dethash/dethash.go", "\tx ^= x >> 33\n\treturn x\n", "\treturn x\n"},
		asupersync("default"), "certificate-derived"},
	// Two names swapped in the runtime's tables of cancel kinds and of
	// phases (session 19): the checks spelled both with the runtime's
	// String methods, and no check read cancel_phase but cleanup_done's.
	{"kind-names-swapped", plantedBug{"runtime/cancel/reason.go", `"User", "Timeout", "Deadline",`, `"User", "Deadline", "Timeout",`},
		asupersync("cancel-kinds"), "cancel-kind-attr"},
	{"phase-names-swapped", plantedBug{"runtime/cancel/phase.go", `"Cancelling", "Finalizing"`, `"Finalizing", "Cancelling"`},
		asupersync("default"), "cancel-phase-attr"},
	// Two names swapped in the obligation kinds' table and in the region
	// spellings region_opened's parent uses: no check read either
	// attribute.
	{"obligation-kind-names-swapped", plantedBug{"runtime/cancel/obligation.go", `{"SendPermit", "Ack", "Lease",`, `{"Lease", "Ack", "SendPermit",`},
		asupersync("default"), "obligation-kind-attr"},
	{"region-names-swapped", plantedBug{"runtime/cancel/state.go", `{"", "r1", "r2", "r3", "r4"}`, `{"", "r1", "r3", "r2", "r4"}`},
		asupersync("sibling-regions"), "region-parent-attr"},
	// w1 and w2 swapped in the worker names steals and local pops give:
	// steal-order and local-pop-order read the task, not the worker.
	{"worker-names-swapped", plantedBug{"runtime/sched/pool.go", `{"w0", "w1", "w2", "w3"}`, `{"w0", "w2", "w1", "w3"}`},
		asupersync("stealing"), "steal-order"},
	// Failed reserves reported as try_reserve: no check read the op.
	{"reserve-named-try-reserve", plantedBug{"runtime/channel/send.go", `failed(task, "reserve", Cancelled, log)`, `failed(task, "try_reserve", Cancelled, log)`},
		asupersync("channel"), "chan-op-attr"},
}

func sthira(scenario string) []string { return []string{"--model", "sthira", "--scenario", scenario} }

func asupersync(scenario string) []string {
	return []string{"--model", "asupersync", "--scenario", scenario}
}

// TestAuditBugsAreCaught builds modelcheck with each of auditBugs and
// expects exit 1 with its invariant first.
func TestAuditBugsAreCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modelcheck with planted bugs")
	}
	for _, tc := range auditBugs {
		t.Run(tc.name, func(t *testing.T) {
			exploreBreaksFirst(t, tc.bug.build(t), tc.args, tc.invariant)
		})
	}
}

// exploreBreaksFirst runs bin's explore with args and expects exit 1 with
// invariant as the first violation.
func exploreBreaksFirst(t *testing.T, bin string, args []string, invariant string) {
	t.Helper()
	stdout, err := exec.Command(bin, append([]string{"explore", "--out", "", "--json"}, args...)...).Output()
	var rep report
	if code := exitCode(err); code != exitViolation || json.Unmarshal(stdout, &rep) != nil || len(rep.Violations) == 0 ||
		rep.Violations[0].Invariant != invariant {
		t.Errorf("%v: exit %d, violations %+v; want exit 1 and %s", args, code, rep.Violations, invariant)
	}
}
