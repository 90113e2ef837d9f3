package main

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCoverage: --coverage counts, for each model, every transition by
// its input kind (so the input counts add up to the transitions
// generated), spells the model's own kinds, and lists what never happened.
func TestCoverage(t *testing.T) {
	for _, c := range []struct {
		model, input, event, never string
	}{
		{"asupersync", "input spawn", "event task_spawned", "input chan-send"},
		{"sthira", "input declare", "event TASK_DECLARED", ""},
		{"vm", "input load", "event opened", ""},
	} {
		r, code := exploreJSON(t, "--model", c.model, "--depth", "4", "--coverage", "--out", "")
		if code != exitOK {
			t.Fatalf("%s: exit %d", c.model, code)
		}
		var inputs uint64
		counted := map[string]uint64{}
		for _, cv := range r.Coverage {
			counted[cv.Label] = cv.Count
			if strings.HasPrefix(cv.Label, "input ") {
				inputs += cv.Count
			}
		}
		if inputs != uint64(r.GeneratedStates) {
			t.Errorf("%s: input counts add up to %d, but %d transitions were generated", c.model, inputs, r.GeneratedStates)
		}
		if counted[c.input] == 0 || counted[c.event] == 0 {
			t.Errorf("%s: %q counted %d, %q counted %d; want both above 0 in %v", c.model, c.input, counted[c.input], c.event, counted[c.event], r.Coverage)
		}
		out, _, code := modelcheck(t, "explore", "--model", c.model, "--depth", "4", "--coverage", "--out", "")
		if code != exitOK || !strings.Contains(out, "coverage (within depth 4)") || !strings.Contains(out, c.input) {
			t.Errorf("%s: exit %d, text output without its coverage:\n%s", c.model, code, out)
		}
		if c.never != "" && (!strings.Contains(out, "never happened") || !strings.Contains(out, c.never)) {
			t.Errorf("%s: %q is not listed as never happened:\n%s", c.model, c.never, out)
		}
	}
	if r, _ := exploreJSON(t, "--depth", "2", "--out", ""); r.Coverage != nil {
		t.Errorf("without --coverage the JSON has coverage %v", r.Coverage)
	}
}

// TestCoverageSaysWhatItCounted: a run that stops at a violation or at a
// limit says its counts are of the part explored, and keeps its exit
// status.
func TestCoverageSaysWhatItCounted(t *testing.T) {
	for _, c := range []struct {
		args  []string
		code  int
		scope string
	}{
		{[]string{"--fault", "lifo-ready"}, exitViolation, "up to the level of the first violation"},
		{[]string{"--max-states", "50"}, exitStopped, "in the part explored before the stop"},
	} {
		out, _, code := modelcheck(t, append([]string{"explore", "--coverage", "--out", ""}, c.args...)...)
		if code != c.code || !strings.Contains(out, "coverage (within depth 12, "+c.scope+")") {
			t.Errorf("%v: exit %d (want %d), output without %q:\n%s", c.args, code, c.code, c.scope, out)
		}
	}
}

// TestCoverageCountsWhatNeverHappened: the never-happened line counts the
// kinds it names, and --json lists those kinds too, each with count 0
// (README: "a coverage list of {label, count}, zero counts included").
// The default scenario holds no channel (README, "The default scenario"),
// so "input chan-send" must be there with 0; and the kinds that counted
// nothing in the JSON are exactly those the text names.
func TestCoverageCountsWhatNeverHappened(t *testing.T) {
	args := []string{"--depth", "4", "--coverage", "--out", ""}
	r, code := exploreJSON(t, args...)
	if code != exitOK {
		t.Fatalf("--json: exit %d", code)
	}
	var zero []string
	for _, cv := range r.Coverage {
		if cv.Count == 0 {
			zero = append(zero, cv.Label)
		}
	}
	if !slices.Contains(zero, "input chan-send") {
		t.Errorf("--json coverage %v: want input chan-send with count 0", r.Coverage)
	}
	out, _, code := modelcheck(t, append([]string{"explore"}, args...)...)
	m := regexp.MustCompile(`\nnever happened \((\d+)\): (.*)\n`).FindStringSubmatch(out)
	if code != exitOK || m == nil {
		t.Fatalf("exit %d, no never-happened line:\n%s", code, out)
	}
	never := strings.Split(m[2], ", ")
	if n, _ := strconv.Atoi(m[1]); n != len(never) {
		t.Errorf("never happened (%d) names %d kinds: %s", n, len(never), m[2])
	}
	if !slices.Equal(never, zero) {
		t.Errorf("the text says %v never happened; the JSON counts 0 for %v", never, zero)
	}
}
