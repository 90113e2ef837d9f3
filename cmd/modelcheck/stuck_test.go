package main

import (
	"os"
	"strings"
	"testing"
)

// TestStuckStateEndToEnd: a violation found at a state where nothing is
// enabled (a stuck state, not a step) is reported as one all the way
// through: the JSON's stuck flag, the text's "stuck state reached", the
// file's "stuck after step N", and a replay that exits 1 saying nothing
// is enabled. Fault blocked-never-stepped leaves a choice session stuck
// after three steps, worked by hand: A opens, then invokes and blocks in
// InvokeWait, which the faulty scheduler never steps again; B waits at
// its offer with an empty buffer. sessions-complete alone is checked, so
// steps-offered, which sees the fault one step earlier, does not.
func TestStuckStateEndToEnd(t *testing.T) {
	args := []string{"--model", "vm", "--scenario", "handlers", "--fault", "blocked-never-stepped", "--invariant", "sessions-complete", "--workers", "1"}
	r, code := exploreJSON(t, append(args, "--out", t.TempDir())...)
	if code != exitViolation || len(r.Violations) != 1 {
		t.Fatalf("exit %d, %d violations; want exit 1 and one", code, len(r.Violations))
	}
	v := r.Violations[0]
	if !v.Stuck || v.Invariant != "sessions-complete" || v.Depth != 3 || len(v.Path) != 3 {
		t.Fatalf("violation %+v; want sessions-complete stuck after 3 inputs", v)
	}
	file, err := os.ReadFile(v.File)
	if err != nil {
		t.Fatal(err)
	}
	if head := strings.SplitN(string(file), "\n", 2)[0]; head != "# counterexample: sessions-complete (stuck after step 3)" {
		t.Errorf("file's first line %q; want it to say stuck after step 3", head)
	}
	out, _, code := modelcheck(t, append([]string{"explore", "--out", ""}, args...)...)
	if code != exitViolation || !strings.Contains(out, "VIOLATION sessions-complete (stuck state reached) at depth 3: "+strings.Join(v.Path, "; ")) {
		t.Errorf("text output (exit %d) does not report the stuck state:\n%s", code, out)
	}
	out, _, code = modelcheck(t, "replay", v.File)
	if code != exitViolation || !strings.Contains(out, "violation sessions-complete after step 3: nothing is enabled and the state is not terminal") {
		t.Errorf("replay (exit %d) does not reproduce the stuck state:\n%s", code, out)
	}
}
