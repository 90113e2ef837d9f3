package model

import (
	"slices"
	"testing"
)

// TestCounter: a number with no name is counted but not listed, the
// labels keep the kinds' order, and a fork counts on its own from zero.
func TestCounter(t *testing.T) {
	c := NewCounter([]string{"", "spawn", "wake"}, []string{"begin", "", "end"})
	if want := []string{"input spawn", "input wake", "event begin", "event end"}; !slices.Equal(c.CoverageLabels(), want) {
		t.Fatalf("labels %q, want %q", c.CoverageLabels(), want)
	}
	c.Input(2)
	c.Input(2)
	c.Input(0)
	c.Event(0)
	c.Event(1)
	f := c.Fork()
	f.Input(1)
	f.Event(2)
	got := make([]uint64, 4)
	c.AddCoverage(got)
	if want := []uint64{0, 2, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("counts %v, want %v", got, want)
	}
	f.AddCoverage(got)
	if want := []uint64{1, 2, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("counts with the fork's added %v, want %v", got, want)
	}
	// More event kinds than input kinds: each event counts at its own
	// number, past the last input kind too.
	w := NewCounter([]string{"spawn"}, []string{"begin", "poll", "end"})
	w.Input(0)
	w.Event(2)
	w.Event(1)
	w.Event(2)
	got = make([]uint64, 4)
	w.AddCoverage(got)
	if want := []uint64{1, 0, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("counts %v, want %v", got, want)
	}
}
