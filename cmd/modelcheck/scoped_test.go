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
