package counterexamples

import (
	"regexp"
	"testing"
)

// TestFileNameFingerprintsTheChecks: a case checked with some invariants
// only (explore --invariant, "run invariants=...") is another file than
// the same scenario and script checked with all of them, since its run
// line differs, so it gets another name; and the name is a function of
// the case, the same when computed again.
func TestFileNameFingerprintsTheChecks(t *testing.T) {
	f, err := asu.Parse("sample.txt", []byte(sample(t)))
	if err != nil {
		t.Fatal(err)
	}
	name := func(only ...string) string {
		t.Helper()
		c := f.Case
		c.Only = only
		n, err := asu.FileName(&c, "lane-order")
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`^lane-order-[0-9a-f]{8}\.txt$`).MatchString(n) {
			t.Errorf("name %q, want lane-order-<8 hex digits>.txt", n)
		}
		return n
	}
	all, only := name(), name("lane-order")
	if all == only {
		t.Errorf("checked with all invariants and with lane-order only, the case is named %s both times", all)
	}
	if again := name("lane-order"); again != only {
		t.Errorf("named %s, then %s", only, again)
	}
}
