package explore

import (
	"context"
	"strings"
	"testing"
)

// TestMaxMemory: a heap bound the run cannot meet stops it with the memory
// reason and a partial result, under both strategies; the first look at the
// heap comes after the first unit of work, so the counts are real.
func TestMaxMemory(t *testing.T) {
	for _, s := range []Strategy{BFS, DFS} {
		got := mustRun(t, bigCounters(), Options{Strategy: s, Workers: 2, MaxMemory: 1, KeepGoing: true})
		if got.Complete || got.StoppedEarly != StoppedAtMemoryLimit || got.Distinct <= 1 || got.Generated <= 0 {
			t.Errorf("%v: Complete = %v, StoppedEarly = %v, Distinct = %d, Generated = %d; want a partial result stopped at the memory limit",
				s, got.Complete, got.StoppedEarly, got.Distinct, got.Generated)
		}
		if got.StoppedEarly.String() != "stopped at memory limit" {
			t.Errorf("%v: reason spelled %q", s, got.StoppedEarly)
		}
	}
}

// TestMaxMemoryNotReached: a bound the run fits in changes nothing.
func TestMaxMemoryNotReached(t *testing.T) {
	m := bfsModels()["plain"]
	want := referenceBFS(m, 0)
	for _, s := range []Strategy{BFS, DFS} {
		got := mustRun(t, m, Options{MaxMemory: 1 << 50, Strategy: s, KeepGoing: true})
		if !got.Complete || got.Distinct != want.distinct {
			t.Errorf("%v: Complete = %v, Distinct = %d; want complete with %d", s, got.Complete, got.Distinct, want.distinct)
		}
	}
}

func TestNegativeMaxMemory(t *testing.T) {
	_, err := Run(context.Background(), bfsModels()["plain"], Options{MaxMemory: -1})
	if err == nil || !strings.Contains(err.Error(), "max memory") {
		t.Errorf("error %v, want one about max memory", err)
	}
}

// TestAllocsWithMemoryBound: looking at the memory keeps the hot loop free
// of allocations per successor.
func TestAllocsWithMemoryBound(t *testing.T) {
	m := &counters{K: 8, Max: 16, IncOnly: true}
	for _, opt := range []Options{{Workers: 2, MaxMemory: 1 << 50}, {Strategy: DFS, MaxMemory: 1 << 50}} {
		allocsIndependentOfStateCount(t, m, opt)
	}
}
