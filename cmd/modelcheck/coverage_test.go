package main

import (
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
		if c.never != "" && !strings.Contains(out, "never happened") || !strings.Contains(out, c.never) {
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
