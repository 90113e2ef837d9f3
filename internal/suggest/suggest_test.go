package suggest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// many is a long list of known names, as asupersync's faults are.
func many() []string {
	known := []string{"lost-wake", "stale-wake-enqueues", "no-wake-dedup", "wake-requeues", "lifo-ready"}
	for i := len(known); i <= listAll; i++ {
		known = append(known, fmt.Sprintf("fault-%02d", i))
	}
	return known
}

func TestShortListsAreGivenWhole(t *testing.T) {
	err := Unknown("model", "nope", []string{"asupersync", "vm", "sthira"})
	if want := `unknown model "nope" (known: asupersync, vm, sthira)`; err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
}

func TestLongListsOfferTheNearNames(t *testing.T) {
	for _, c := range []struct {
		name string
		want []string
	}{
		{"lost-wak", []string{"lost-wake"}},                               // a letter short
		{"lostwake", []string{"lost-wake"}},                               // no hyphen
		{"lifo_ready", []string{"lifo-ready"}},                            // the wrong separator
		{"wake", []string{"lost-wake", "no-wake-dedup", "wake-requeues"}}, // a word: the first three, by edits
		{"zzzzzzzz", nil},
	} {
		if got := nearest(c.name, many()); !slices.Equal(got, c.want) {
			t.Errorf("nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	err := Unknown("fault", "lostwake", many()).Error()
	if want := `unknown fault "lostwake" (did you mean "lost-wake"? 'modelcheck list' names all 17)`; err != want {
		t.Errorf("got %q, want %q", err, want)
	}
	err = Unknown("fault", "zzzzzzzz", many()).Error()
	if want := `unknown fault "zzzzzzzz" ('modelcheck list' names all 17)`; err != want {
		t.Errorf("got %q, want %q", err, want)
	}
}

// A name of any length costs no more than maxCompared's comparisons: a
// hostile file cannot make the error slow to word.
func TestLongNamesAreNotCompared(t *testing.T) {
	if got := nearest(strings.Repeat("lost-wake", 1<<16), many()); got != nil {
		t.Errorf("nearest of a 600 KB name = %q, want none", got)
	}
}

// An unknown name is echoed cut, with its length: the name may be a
// corrupt file's megabyte-long header line.
func TestLongNamesAreEchoedCut(t *testing.T) {
	for _, known := range [][]string{{"asupersync", "vm"}, many()} {
		err := Unknown("model", strings.Repeat("x", 1<<20), known)
		if msg := err.Error(); len(msg) > 2000 || !strings.Contains(msg, "... (1048576 bytes)") {
			t.Errorf("%d known: %d bytes: %.200q", len(known), len(msg), msg)
		}
	}
}

func TestEdits(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3}, {"lostwake", "lost-wake", 1}} {
		if got := edits(c.a, c.b); got != c.want {
			t.Errorf("edits(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestAnotherModelsListIsNamed: a long list of another model's names
// points at 'modelcheck list --model M', where that list is; plain
// 'modelcheck list' prints every model's (an unknown vm fault said
// "'modelcheck list' names all 35").
func TestAnotherModelsListIsNamed(t *testing.T) {
	err := UnknownOf("vm", "fault", "nope-nope-nope", many())
	if want := fmt.Sprintf(`unknown vm fault "nope-nope-nope" ('modelcheck list --model vm' names all %d)`, len(many())); err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
}
