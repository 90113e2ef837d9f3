package models

import (
	"slices"
	"strings"
	"testing"
)

// TestCatalogues: every registered system lists scenarios, uniquely named
// invariants with contract IDs, and faults caught in one of its scenarios
// by one of its invariants, so that list and --model never show a fault
// nobody can reproduce.
func TestCatalogues(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range All() {
		if s.Name() == "" || s.Doc() == "" || seen[s.Name()] {
			t.Errorf("system %q: empty or duplicate name, or no doc", s.Name())
		}
		seen[s.Name()] = true
		var scenarios, invariants []string
		for _, sc := range s.Scenarios() {
			scenarios = append(scenarios, sc.Name)
		}
		for _, inv := range s.Invariants() {
			if slices.Contains(invariants, inv.Name) || len(inv.ContractIDs) == 0 || inv.Rule == "" {
				t.Errorf("%s: invariant %q is a duplicate or lacks contract IDs or a rule", s.Name(), inv.Name)
			}
			invariants = append(invariants, inv.Name)
		}
		if len(scenarios) == 0 || len(invariants) == 0 {
			t.Errorf("%s: %d scenarios, %d invariants; want some of each", s.Name(), len(scenarios), len(invariants))
		}
		for _, f := range s.Faults() {
			if !slices.Contains(scenarios, f.Scenario) {
				t.Errorf("%s: fault %s is caught in unknown scenario %q", s.Name(), f.Name, f.Scenario)
			}
			for _, trip := range f.Trips {
				if !slices.Contains(invariants, trip) {
					t.Errorf("%s: fault %s trips unknown invariant %q", s.Name(), f.Name, trip)
				}
			}
		}
	}
}

func TestLookup(t *testing.T) {
	if s, err := Lookup(Default().Name()); err != nil || s.Name() != Default().Name() {
		t.Errorf("Lookup(%q) = %v, %v", Default().Name(), s, err)
	}
	_, err := Lookup("nope")
	if err == nil || !strings.Contains(err.Error(), `unknown model "nope"`) || !strings.Contains(err.Error(), Default().Name()) {
		t.Errorf("Lookup(nope): error %v, want one naming the known models", err)
	}
}
