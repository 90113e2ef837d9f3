package main

import (
	"slices"
	"strings"
	"testing"

	"modelcheck/models"
)

// TestUncheckedInvariantsAreReportedNotCounted: the vm's default scenario
// leaves the contract's claim (session-trace-invariance, false in general)
// to its own scenarios; a clean run says so and does not count it as
// holding, while a scenario that checks the claim counts every invariant.
func TestUncheckedInvariantsAreReportedNotCounted(t *testing.T) {
	sys, err := models.Lookup("vm")
	if err != nil {
		t.Fatal(err)
	}
	all := len(sys.Invariants())
	r, code := exploreJSON(t, "--model", "vm", "--depth", "6", "--out", "")
	if code != exitOK || r.InvariantsChecked != all-1 || !slices.Equal(r.InvariantsUnchecked, []string{"session-trace-invariance"}) {
		t.Errorf("default: exit %d, %d checked, unchecked %v; want 0, %d, [session-trace-invariance]", code, r.InvariantsChecked, r.InvariantsUnchecked, all-1)
	}
	r, code = exploreJSON(t, "--model", "vm", "--scenario", "capacity-1", "--depth", "6", "--out", "")
	if code != exitOK || r.InvariantsChecked != all || len(r.InvariantsUnchecked) != 0 {
		t.Errorf("capacity-1: exit %d, %d checked, unchecked %v; want 0, %d, none", code, r.InvariantsChecked, r.InvariantsUnchecked, all)
	}
	out, _, code := modelcheck(t, "explore", "--model", "vm", "--depth", "6", "--out", "")
	if code != exitOK || !strings.Contains(out, "not checked in scenario default: session-trace-invariance") {
		t.Errorf("text: exit %d:\n%s", code, out)
	}
}

// TestNamedInvariantsAreNotNotedUnchecked: a run restricted by --invariant
// checks what it names and says nothing of what the scenario leaves
// unchecked (exploreConfig.unchecked: only when no --invariant restricts
// the run); the note would read as if the run had left out a check it was
// never asked for.
func TestNamedInvariantsAreNotNotedUnchecked(t *testing.T) {
	sys, err := models.Lookup("vm")
	if err != nil {
		t.Fatal(err)
	}
	name := sys.Invariants()[0].Name
	if name == "session-trace-invariance" {
		t.Fatal("the vm's first invariant is the one its default scenario leaves unchecked: pick another")
	}
	args := []string{"--model", "vm", "--depth", "3", "--out", "", "--invariant", name}
	r, code := exploreJSON(t, args...)
	if code != exitOK || r.InvariantsChecked != 1 || len(r.InvariantsUnchecked) != 0 {
		t.Errorf("--invariant %s: exit %d, %d checked, unchecked %v; want 0, 1, none", name, code, r.InvariantsChecked, r.InvariantsUnchecked)
	}
	out, _, code := modelcheck(t, append([]string{"explore"}, args...)...)
	if code != exitOK || strings.Contains(out, "not checked in scenario") {
		t.Errorf("--invariant %s, text: exit %d:\n%s", name, code, out)
	}
}

// TestFaultInAnotherScenarioIsNoted: a clean run with a fault the
// catalogue catches in another scenario says on stderr which one, and
// keeps stdout as it is; a fault explored in its own scenario gets no
// note. It ran OK with no hint that the fault's code was never reached.
func TestFaultInAnotherScenarioIsNoted(t *testing.T) {
	out, stderr, code := modelcheck(t, "explore", "--model", "vm", "--fault", "buffer-overflow", "--depth", "4", "--out", "")
	if code != exitOK || !strings.Contains(stderr, "note: fault buffer-overflow is caught in scenario backpressure, not default") || strings.Contains(out, "backpressure") {
		t.Errorf("another scenario: exit %d\n%s%s", code, out, stderr)
	}
	_, stderr, _ = modelcheck(t, "explore", "--model", "vm", "--scenario", "backpressure", "--fault", "buffer-overflow", "--depth", "4", "--out", "")
	if strings.Contains(stderr, "note: fault") {
		t.Errorf("its own scenario: %s", stderr)
	}
}
