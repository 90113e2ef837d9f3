package counterexamples

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"modelcheck/explore"
	"modelcheck/internal/lockspec"
	"modelcheck/model"
)

// lockPipeline is the pipeline of the lock (internal/lockspec), a
// system with a liveness property, "entry".
func lockPipeline() *Pipeline[lockspec.Config, lockspec.State, lockspec.Input] {
	return New[lockspec.Config, lockspec.State, lockspec.Input](lockspec.Spec{})
}

func lockLookup(string) (System, error) { return lockPipeline(), nil }

// findLockLasso searches a scenario of the lock for the lasso of "entry".
func findLockLasso(t *testing.T, scenario string) Lassoed {
	t.Helper()
	prep, err := lockPipeline().Prepare(scenario, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	l, err := prep.FindLasso(context.Background(), "entry", explore.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// lockOrigin is how the lock's lasso is found: the lock is no registered
// model, so the test stands in for the command.
const lockOrigin = "TestLassoFile (explore --model lock --scenario naive --liveness entry)"

// lockTest is the go test that replays the lock's committed lasso.
const lockTest = "go test ./counterexamples -run 'TestLassoFile$' -v"

// writeLockLasso writes the naive lock's lasso file to a temporary folder.
func writeLockLasso(t *testing.T) (path string, data []byte) {
	t.Helper()
	name, data, err := findLockLasso(t, "naive").Counterexample(Origin{Command: lockOrigin, Dir: "testdata/example", Test: lockTest})
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestLassoFile: the lasso explore finds is written as the committed
// file testdata/example/entry-*.txt (go test -rewrite rewrites it), which
// replays (the lasso reproduces, and the file records exactly what is
// printed) and runs as a datadriven test.
func TestLassoFile(t *testing.T) {
	name, data, err := findLockLasso(t, "naive").Counterexample(Origin{Command: lockOrigin, Dir: "testdata/example", Test: lockTest})
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{
		"# lasso: entry (process p0 waits forever: 1 input to the loop, 3 in it)\n",
		"\nrun\np0\n----\n",
		"\nloop property=entry subject=0\np1\np1\np1\n----\n",
		"lasso entry: process p0 is pending in every state of the loop, loop step 1 (p1) is fair",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks %q:\n%s", want, text)
		}
	}
	path := filepath.Join("../testdata/example", name)
	committed, err := os.ReadFile(path)
	if rewrite := flag.Lookup("rewrite"); (err != nil || string(committed) != text) && rewrite != nil && rewrite.Value.String() == "true" {
		if _, err := WriteFile(path, data, true); err != nil {
			t.Fatal(err)
		}
	} else if err != nil || string(committed) != text {
		t.Fatalf("%s differs from what the pipeline writes now (%v); go test -rewrite rewrites it:\n%s", path, err, data)
	}
	f, err := Open(path, lockLookup)
	if err != nil {
		t.Fatal(err)
	}
	// The prefix's one input and the loop's three, as replay counts them.
	if n := f.Inputs(); n != 4 {
		t.Errorf("the file has %d inputs, want 4", n)
	}
	v, mismatch, err := f.Replay(context.Background(), io.Discard)
	if err != nil || mismatch != nil || v == nil || !v.Lasso || v.Invariant.Name != "entry" || v.Step != 4 {
		t.Fatalf("replay: violation %+v, mismatch %v, err %v; want the lasso of entry at step 4 and no mismatch", v, mismatch, err)
	}
	RunFile(t, path, lockLookup)
	if _, err := f.Shrink(context.Background(), ""); !errors.Is(err, errLassoNotShrunk) {
		t.Errorf("shrinking a lasso file: %v, want errLassoNotShrunk", err)
	}
}

// TestLassoFileEdited: a loop edited so that it no longer returns, or
// with a step that is no longer fair, does not reproduce; the replay says
// why and reports the recorded output as a mismatch.
func TestLassoFileEdited(t *testing.T) {
	path, data := writeLockLasso(t)
	for _, tc := range []struct{ old, new, verdict string }{
		{"p1\np1\np1\n----", "p1\np1\n----", "no lasso: the loop does not end in the state it started from"},
		{"p1\np1\np1\n----", "tick\n----", "no lasso: no step of the loop is fair"},
		{"\nrun\np0\n----", "\nrun\n----", "no lasso: process p0 is not pending before loop step 1 (p1)"},
	} {
		edited := strings.Replace(string(data), tc.old, tc.new, 1)
		if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Open(path, lockLookup)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		v, mismatch, err := f.Replay(context.Background(), &out)
		if err != nil || v != nil || mismatch == nil || !strings.Contains(out.String(), tc.verdict) {
			t.Errorf("%q -> %q: violation %+v, mismatch %v, err %v, output:\n%s\nwant no violation, a mismatch and %q",
				tc.old, tc.new, v, mismatch, err, out.String(), tc.verdict)
		}
	}
}

// TestNoLockLasso: with Peterson's turn variable nobody waits forever.
func TestNoLockLasso(t *testing.T) {
	l := findLockLasso(t, "peterson")
	if r := l.Result(); !r.Complete || r.Lasso != nil {
		t.Errorf("Complete %v, lasso %+v; want none", r.Complete, r.Lasso)
	}
	if _, _, err := l.Counterexample(Origin{}); err == nil {
		t.Error("Counterexample without a lasso: no error")
	}
}

func TestLassoFileMalformed(t *testing.T) {
	_, data := writeLockLasso(t)
	good := "loop property=entry subject=0"
	for _, tc := range []struct{ old, new, want string }{
		{good, "loop property=entry subject=x", `subject="x": want a number in 0..63`},
		{good, "loop property=entry subject=64", "want a number in 0..63"},
		{good, "loop subject=0", "want property=NAME subject=N"},
		{good, "loop property=entry subject=0 colour=red", `unknown argument "colour"`},
		{good, "walk property=entry subject=0", `unexpected directive "walk"`},
		{good + "\np1\np1\np1", good + "\n# no inputs", "loop: no inputs"},
		{good + "\np1", good + "\np7", `"p7": want p0, p1 or tick`},
		{good, "loop property=entry property=entry subject=0", "loop: property is given twice"},
		// A directive after the loop (lines 1 to 33 are the file, 34 the
		// blank line after it), which datadriven would run too.
		{"  rule: a waiting process eventually enters\n", "  rule: a waiting process eventually enters\n\nloop property=entry subject=0\np1\n----\n",
			`x.txt:35: unexpected directive "loop": a counterexample has one scenario, one run and, for a lasso, one loop`},
		// The property is checked as the file is read: a run that breaks
		// an invariant would never reach the loop to check it.
		{good, "loop property=exit subject=0", `x.txt:20: loop: unknown liveness property "exit" (known: entry)`},
		// A blank line typed into the run's output cuts it there, and the
		// rest reads as a directive.
		{"> p0\n  waiting p0", "> p0\n\n  waiting p0", `x.txt:16: unexpected directive "waiting": a counterexample has one scenario, one run and, for a lasso, one loop (line 15 is blank, and a blank line ends the expected output of the directive at line 11: if line 16 belongs to that output, remove the blank line)`},
	} {
		edited := strings.Replace(string(data), tc.old, tc.new, 1)
		_, err := lockPipeline().Parse("x.txt", []byte(edited))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "x.txt:") {
			t.Errorf("%q: error %v, want one naming x.txt:LINE and saying %q", tc.new, err, tc.want)
		}
	}
	// Known to the parser, refused at the replay: a loop input the model
	// does not offer there.
	for _, tc := range []struct{ old, new, want string }{
		{good + "\np1\np1\np1", good + "\np1\np1\np0", `"p0": the model does not offer it here`},
	} {
		edited := strings.Replace(string(data), tc.old, tc.new, 1)
		f, err := lockPipeline().Parse("x.txt", []byte(edited))
		if err != nil {
			t.Fatalf("%q: %v", tc.new, err)
		}
		_, err = f.Replay(context.Background(), io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "x.txt:") {
			t.Errorf("%q: error %v, want one naming x.txt:LINE and saying %q", tc.new, err, tc.want)
		}
	}
}

// TestLassoedResultKeepsEveryField: as TestExploredResultKeepsEveryField,
// for the lasso search's result.
func TestLassoedResultKeepsEveryField(t *testing.T) {
	var typed explore.LassoResult[lockspec.Input]
	n := 0
	fill(t, reflect.ValueOf(&typed).Elem(), &n)
	typed.Lasso = &explore.Lasso[lockspec.Input]{Property: "entry", Subject: 1, SubjectName: "process p1", Prefix: []lockspec.Input{1}, Loop: []lockspec.Input{0, lockspec.Tick}}
	typed.Hang = &explore.Hang[lockspec.Input]{Path: []lockspec.Input{1}, Call: "Step", Input: lockspec.Tick, After: 7}
	got := (&lassoed[lockspec.Config, lockspec.State, lockspec.Input]{r: typed}).Result()
	gv, tv := reflect.ValueOf(got), reflect.ValueOf(typed)
	for i := range tv.NumField() {
		if name := tv.Type().Field(i).Name; name != "Lasso" && name != "Hang" && !reflect.DeepEqual(gv.FieldByName(name).Interface(), tv.Field(i).Interface()) {
			t.Errorf("field %s: %v, want %v", name, gv.FieldByName(name), tv.Field(i))
		}
	}
	want := explore.Lasso[string]{Property: "entry", Subject: 1, SubjectName: "process p1", Prefix: []string{"p1"}, Loop: []string{"p0", "tick"}}
	if got.Lasso == nil || !reflect.DeepEqual(*got.Lasso, want) {
		t.Errorf("lasso %+v, want %+v", got.Lasso, want)
	}
	wantHang := explore.Hang[string]{Path: []string{"p1"}, Call: "Step", Input: "tick", After: 7}
	if got.Hang == nil || !reflect.DeepEqual(*got.Hang, wantHang) {
		t.Errorf("hang %+v, want %+v", got.Hang, wantHang)
	}
}

// TestLoopSubjects: a loop's subject is a bit of model.Live's Pending, a
// 64-bit mask, so subjects 0 to 63 are read and 64 is refused.
func TestLoopSubjects(t *testing.T) {
	_, data := writeLockLasso(t)
	for _, subject := range []int{0, 1, 63, 64} {
		edited := strings.Replace(string(data), "loop property=entry subject=0", fmt.Sprintf("loop property=entry subject=%d", subject), 1)
		f, err := lockPipeline().Parse("x.txt", []byte(edited))
		switch {
		case subject < 64 && (err != nil || f.Case.Loop.Subject != subject):
			t.Errorf("subject=%d: error %v; want it read", subject, err)
		case subject >= 64 && (err == nil || !strings.Contains(err.Error(), "want a number in 0..63")):
			t.Errorf("subject=%d: error %v; want it refused", subject, err)
		}
	}
}

// brokenLock is the lock whose tick breaks mutual exclusion, which the
// lock itself never breaks: a loop that breaks an invariant.
type brokenLock struct{ lockspec.Spec }

func (brokenLock) New(c lockspec.Config, only []string) (model.Traced[lockspec.State, lockspec.Input], error) {
	m, err := lockspec.Spec{}.New(c, only)
	if err != nil {
		return nil, err
	}
	return brokenTick{m.(*lockspec.Model)}, nil
}

// brokenTick is the lock model, liveness property included, with the
// tick that breaks mutual-exclusion (invariant 1).
type brokenTick struct{ *lockspec.Model }

func (m brokenTick) Step(s *lockspec.State, in lockspec.Input, next *lockspec.State) int {
	if v := m.Model.Step(s, in, next); v != 0 || in != lockspec.Tick {
		return v
	}
	return 1
}

// TestLoopBreakingAnInvariant: a loop step that breaks an invariant ends
// the loop there, as a run's step does, and the verdict numbers it in the
// loop: the tick is loop step 2, the prefix's one input before it (step 3
// of the whole lasso), and the loop's third input is not run. The file,
// written out by hand, records exactly that, so it replays with no
// mismatch.
func TestLoopBreakingAnInvariant(t *testing.T) {
	const text = "scenario base=naive\n----\npeterson=false\n\n" +
		"run\np0\n----\n> p0\n  waiting p0\nno violation\nstate after:\n  pc=[1 0] lock=0 turn=0\n\n" +
		"loop property=entry subject=0\np1\ntick\np1\n----\n" +
		"> p1\n  waiting p1\n> tick\n" +
		"violation mutual-exclusion by loop step 2 (tick)\n" +
		"  contract: lock/1\n  rule: one process at most in its critical section\n" +
		"  not run: steps 3 to 3 (the run ends at the first violation)\n"
	f, err := New[lockspec.Config, lockspec.State, lockspec.Input](brokenLock{}).Parse("x.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var trace strings.Builder
	r, err := f.Replay(context.Background(), &trace)
	if v := r.Outcome.Violation; err != nil || r.Mismatch != nil || v == nil || v.Lasso || v.Invariant.Name != "mutual-exclusion" || v.Step != 3 {
		t.Errorf("error %v, violation %+v, mismatch %v; want mutual-exclusion at step 3 and no mismatch:\n%s", err, v, r.Mismatch, trace.String())
	}
}
