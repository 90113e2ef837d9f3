package counterexamples

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	model "modelcheck/model/asupersync"
)

// allocated is the number of bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestContinuationsReadInLinearSpace: a directive continued over twice as
// many lines costs about twice the bytes to read, not four times (joining
// the lines as strings was quadratic: 1M lines took minutes).
func TestContinuationsReadInLinearSpace(t *testing.T) {
	text := func(n int) string {
		return "scenario base=default " + strings.Repeat("x=1 \\\n", n) + "y=2\n----\n"
	}
	read := func(n int) uint64 {
		s := text(n)
		return allocated(func() {
			ds, _, err := readDirectives("c.txt", s)
			if err != nil || len(ds) != 1 || len(ds[0].args) != n+2 {
				t.Fatalf("%d continuations: %v", n, err)
			}
		})
	}
	small, large := read(20_000), read(40_000)
	if large > 3*small {
		t.Errorf("reading 20k continuations allocates %d bytes, 40k %d: more than linear", small, large)
	}
}

// governorText is a file of n inputs that toggle the governor suggestion
// forever, with the expected outputs the run prints, so it replays clean.
func governorText(t *testing.T, n int) string {
	t.Helper()
	var script strings.Builder
	for i := range n {
		if i%2 == 0 {
			script.WriteString("governor DrainRegions\n")
		} else {
			script.WriteString("governor NoPreference\n")
		}
	}
	f, err := asu.Parse("g.txt", []byte("scenario base=governors\n----\n\nrun\n"+script.String()+"----\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, out, err := asu.runCase(context.Background(), &f.Case)
	if err != nil {
		t.Fatal(err)
	}
	return "scenario base=governors\n----\n" + asu.describeScenario(&f.Case.Scenario) + "\nrun\n" + script.String() + "----\n" + out
}

// stepProbe is a replay's trace writer that measures the live heap at two
// steps.
type stepProbe struct {
	steps    int
	at       [2]int
	heap     [2]uint64
	measured int
}

func (p *stepProbe) Write(b []byte) (int, error) {
	if strings.HasPrefix(strings.TrimSpace(string(b)), "governor") || strings.Contains(string(b), ". governor") {
		p.steps++
		if p.measured < 2 && p.steps == p.at[p.measured] {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			p.heap[p.measured] = m.HeapAlloc
			p.measured++
		}
	}
	return len(b), nil
}

// TestReplayMemoryIsBoundedByTheState: the live heap does not grow with
// the steps replayed (each step's state is about 8.5 KB; 9,000 of them
// kept would be 75 MB), and a clean file that records exactly what it
// prints replays with no mismatch, while an edit to either block is one.
func TestReplayMemoryIsBoundedByTheState(t *testing.T) {
	text := governorText(t, MaxScriptInputs)
	f, err := asu.Parse("g.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p := &stepProbe{at: [2]int{500, 9500}}
	r, err := f.Replay(context.Background(), p)
	if err != nil || r.Mismatch != nil || r.Outcome.Violation != nil || p.measured != 2 {
		t.Fatalf("error %v, mismatch %v, violation %v, %d steps seen", err, r.Mismatch, r.Outcome.Violation, p.steps)
	}
	if grew := int64(p.heap[1]) - int64(p.heap[0]); grew > 8<<20 {
		t.Errorf("the live heap grew by %d bytes over 9,000 steps", grew)
	}
	for _, edit := range [][2]string{
		{"governors=NoPreference,", "governors=MeetDeadlines,"},
		{"governor_changed suggestion=NoPreference", "governor_changed suggestion=MeetDeadlines"},
	} {
		if !strings.Contains(text, edit[0]) {
			t.Fatalf("no %q in the file", edit[0])
		}
		g, err := asu.Parse("g.txt", []byte(strings.Replace(text, edit[0], edit[1], 1)))
		if err != nil {
			t.Fatal(err)
		}
		if r, err := g.Replay(context.Background(), nil); err != nil || r.Mismatch == nil {
			t.Errorf("%q edited: error %v, no mismatch", edit[0], err)
		}
	}
}

// TestRunInvariantsReadInLinearSpace: a run directive naming an invariant
// many times costs a few bytes a name to read, and the name counts once.
// Each name used to build the list of the system's 199 invariants again:
// an 8 MiB file of 760,000 names took twenty minutes to read.
func TestRunInvariantsReadInLinearSpace(t *testing.T) {
	const n = 5_000 // a line within MaxLineBytes
	text := "scenario base=default faults=lifo-ready\n----\n\nrun invariants=" +
		strings.Repeat("lane-order,", n-1) + "lane-order\nspawn r1\n----\n"
	var f *File[model.Scenario, model.State, model.Input]
	got := allocated(func() {
		var err error
		if f, err = asu.Parse("inv.txt", []byte(text)); err != nil {
			t.Fatal(err)
		}
	})
	if want := uint64(64 * len(text)); got > want {
		t.Errorf("reading %d invariant names (%d bytes) allocated %d bytes, over %d", n, len(text), got, want)
	}
	if len(f.Case.Only) != 1 || f.Case.Only[0] != "lane-order" {
		t.Errorf("invariants read as %d names (the first: %q), want lane-order once", len(f.Case.Only), f.Case.Only[:min(3, len(f.Case.Only))])
	}
}

// TestLeadingCommentsReadInLinearSpace: a file that starts with a million
// blank lines and a million comment lines costs a few times its size to
// read (3.5 times; 44 before), and its header line is still found. Every
// leading line used to be kept, with its number, by both readers of the
// header: an 8 MiB file of newlines took 10 s and 800 MB to refuse.
func TestLeadingCommentsReadInLinearSpace(t *testing.T) {
	const n = 1_000_000
	text := strings.Repeat("\n", n) + strings.Repeat("# a comment\n", n) + "# model: vm\n" +
		"scenario base=default\n----\n\nrun\nspawn r1\n----\n"
	var parseErr error
	got := allocated(func() {
		if name, line, ok := headerModel(leadingComments(text)); !ok || name != "vm" || line != 2*n+1 {
			t.Errorf("header model %q at line %d (%v), want vm at line %d", name, line, ok, 2*n+1)
		}
		_, parseErr = asu.Parse("c.txt", []byte(text))
	})
	if want := uint64(10 * len(text)); got > want {
		t.Errorf("reading %d leading lines (%d bytes) allocated %d bytes, over %d", 2*n, len(text), got, want)
	}
	if want := `c.txt:2000001: header: the file is for model "vm"`; parseErr == nil || !strings.HasPrefix(parseErr.Error(), want) {
		t.Errorf("parse: %v, want %q", parseErr, want)
	}
	// A file of blank lines alone is refused at its last line.
	if _, err := asu.Parse("b.txt", []byte(strings.Repeat("\n", n))); err == nil || !strings.HasPrefix(err.Error(), "b.txt:1000000: want a scenario directive") {
		t.Errorf("a file of %d blank lines: %v, want an error at its last line", n, err)
	}
}

// TestLongLinesAsDatadrivenReadsThem: a file with a line datadriven (go
// test) reads whole is read, and one with a line it stops at, silently,
// running none of the directives after it, is refused naming that line:
// around the bound, with either line end.
func TestLongLinesAsDatadrivenReadsThem(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n"} {
		for n := MaxLineBytes - 3; n <= MaxLineBytes+1; n++ {
			// A subtest each: datadriven stops a test that failed before.
			t.Run(fmt.Sprintf("%d%q", n, eol), func(t *testing.T) {
				text := "# " + strings.Repeat("x", n-2) + eol + "cmd" + eol + "----" + eol + "out" + eol
				ran := 0
				datadriven.RunTestFromString(t, text, func(*testing.T, *datadriven.TestData) string {
					ran++
					return "out"
				})
				_, _, err := readDirectives("long.txt", text)
				if (ran == 1) != (err == nil) || err != nil && !strings.HasPrefix(err.Error(), "long.txt:1: a line of ") {
					t.Errorf("a %d-byte line ended by %q: datadriven ran %d directives, read: %v", n, eol, ran, err)
				}
			})
		}
	}
}

// TestLongLineErrorCountsTheLineEnd: the error for a line over
// MaxLineBytes gives its size as the bound counts it, with its line end,
// so that the size it names is over the bound it names. Counted without
// its end, a line of 65536 bytes and an LF read "a line of 65536 bytes: at
// most 65536, its line end included". A last line with no line end is
// held to one byte less, and says so.
func TestLongLineErrorCountsTheLineEnd(t *testing.T) {
	sizes := regexp.MustCompile(` of (\d+) bytes[^:]*: at most (\d+)`)
	for _, tc := range []struct {
		eol   string
		extra int // bytes past MaxLineBytes of the line before its end
	}{{"\n", 0}, {"\n", 1}, {"\r\n", -1}, {"\r\n", 0}, {"", 0}, {"", 3}} {
		content := "# " + strings.Repeat("x", MaxLineBytes+tc.extra-2)
		_, _, err := readDirectives("long.txt", "cmd\n----\nout\n\n"+content+tc.eol)
		if err == nil {
			t.Errorf("a %d-byte line ended by %q was read", len(content), tc.eol)
			continue
		}
		want := fmt.Sprintf("long.txt:5: a line of %d bytes with its line end: at most %d,", len(content)+len(tc.eol), MaxLineBytes)
		if tc.eol == "" {
			want = fmt.Sprintf("long.txt:5: a last line of %d bytes with no line end: at most %d ", len(content), MaxLineBytes-1)
		}
		if !strings.HasPrefix(err.Error(), want) {
			t.Errorf("a %d-byte line ended by %q:\n got %v\nwant %s...", len(content), tc.eol, err, want)
		}
		if m := sizes.FindStringSubmatch(err.Error()); m != nil {
			size, _ := strconv.Atoi(m[1])
			limit, _ := strconv.Atoi(m[2])
			if size <= limit {
				t.Errorf("a %d-byte line ended by %q: the error names a size within the bound it names: %v", len(content), tc.eol, err)
			}
		}
	}
}
