package asupersync

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryFixtureIsNamedByACheck: each fixture of the kernel
// (testdata/fixtures), the channel and the wheel (their own folders) is
// named among the contract IDs of some check, so that 'modelcheck list'
// and a violation's "contract:" line lead from a fixture's rule to the
// check the explorer applies on every transition. The fixture runs one
// script; the check holds the rule on every path. The folders hold one
// file per ID of 000's, 001's and 004's fixture matrices, and one fixture
// of ours for a rule the matrices give none,
// cancel.region.cancel_scheduling_set_changed_only (001 Cascade Law 5).
func TestEveryFixtureIsNamedByACheck(t *testing.T) {
	var files []string
	for _, dir := range []string{"fixtures", "channel", "wheel"} {
		in, err := filepath.Glob(filepath.Join("../../testdata", dir, "*.txt"))
		if err != nil || len(in) == 0 {
			t.Fatalf("no fixture files in testdata/%s (%v)", dir, err)
		}
		files = append(files, in...)
	}
	named := map[string]bool{}
	for _, inv := range all {
		for _, id := range inv.ContractIDs {
			named[id] = true
		}
	}
	for _, f := range files {
		// A fixture's file is named by its ID: the fixture runner
		// (internal/fixtures) fails a file whose "# id:" header differs.
		id := strings.TrimSuffix(filepath.Base(f), ".txt")
		if !named[id] {
			t.Errorf("fixture %s is named by no check: add it to the contract IDs of the check that holds its rule", id)
		}
	}
}
