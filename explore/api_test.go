package explore

import (
	"context"
	"strings"
	"testing"
)

// badInit is a counters model whose initial state breaks invariant
// "bad-state" (Bad is the zero state).
type badInit struct{ counters }

func (b *badInit) CheckInit(s *cstate) int {
	if b.Bad != nil && *s == *b.Bad {
		return 1
	}
	return 0
}

func (b *badInit) Fork() Model[cstate, uint8] { return b }

// TestInitialStateChecked: an initial state that breaks an invariant is
// the run's one violation, with an empty path, under either strategy.
func TestInitialStateChecked(t *testing.T) {
	m := &badInit{counters{K: 3, Max: 2, Bad: &cstate{}}}
	for _, s := range []Strategy{BFS, DFS} {
		got := mustRun(t, m, Options{Strategy: s, KeepGoing: true})
		if len(got.Violations) != 1 || got.Violations[0].Name != "bad-state" || len(got.Violations[0].Path) != 0 || got.Distinct != 1 {
			t.Errorf("%v: %d distinct, violations %+v; want only the initial state, breaking bad-state", s, got.Distinct, got.Violations)
		}
	}
}

// noEncode is a counters model without Encode: the explorer fingerprints
// its states' raw bytes.
type noEncode struct{ c *counters }

func (n noEncode) Init() cstate                               { return n.c.Init() }
func (n noEncode) CheckInit(s *cstate) int                    { return n.c.CheckInit(s) }
func (n noEncode) Enabled(s *cstate, buf []uint8) []uint8     { return n.c.Enabled(s, buf) }
func (n noEncode) Step(s *cstate, in uint8, next *cstate) int { return n.c.Step(s, in, next) }
func (n noEncode) Stuck(s *cstate) int                        { return n.c.Stuck(s) }
func (n noEncode) Invariants() []string                       { return n.c.Invariants() }
func (n noEncode) Fork() Model[cstate, uint8]                 { return n }

// TestRawBytesWithoutEncode: a plain-bytes state needs no Encode, and is
// explored exactly as the reference does with whole-state equality.
func TestRawBytesWithoutEncode(t *testing.T) {
	m := noEncode{bfsModels()["all three"]}
	want := referenceBFS[cstate, uint8](m, 0)
	for _, s := range []Strategy{BFS, DFS} {
		got := mustRun(t, m, Options{Strategy: s, Workers: 2, KeepGoing: true})
		if got.Distinct != want.distinct || len(got.Violations) != len(want.violations) {
			t.Errorf("%v: %d distinct, %d violations; reference %d, %d", s, got.Distinct, len(got.Violations), want.distinct, len(want.violations))
		}
	}
}

// padState has a padding byte after a, whose content no Step sets.
type padState struct {
	a uint8
	b uint16
}

type padModel struct{}

func (padModel) Init() padState                                 { return padState{} }
func (padModel) CheckInit(*padState) int                        { return 0 }
func (padModel) Enabled(s *padState, buf []uint8) []uint8       { return buf }
func (padModel) Step(s *padState, in uint8, next *padState) int { return 0 }
func (padModel) Stuck(*padState) int                            { return 0 }
func (padModel) Invariants() []string                           { return nil }
func (m padModel) Fork() Model[padState, uint8]                 { return m }

// TestPaddedStateNeedsEncode: a state with padding cannot be hashed by its
// bytes, and the run says so instead of never deduplicating.
func TestPaddedStateNeedsEncode(t *testing.T) {
	for _, s := range []Strategy{BFS, DFS} {
		_, err := Run(context.Background(), padModel{}, Options{Strategy: s})
		if err == nil || !strings.Contains(err.Error(), "Encode") {
			t.Errorf("%v: error %v, want one asking for Encode", s, err)
		}
	}
}

// misnamed lists fewer invariants than it reports.
type misnamed struct{ counters }

func (m *misnamed) Invariants() []string       { return []string{"bad-state"} }
func (m *misnamed) Fork() Model[cstate, uint8] { return m }

func TestUnlistedInvariant(t *testing.T) {
	m := &misnamed{counters{K: 3, Max: 3, NoFullRot: true}}
	_, err := Run(context.Background(), m, Options{})
	if err == nil || !strings.Contains(err.Error(), "lists 1 invariants") {
		t.Errorf("error %v, want one about an unlisted invariant", err)
	}
}

// TestProcessBytes: the process bytes cover the visited set at least.
func TestProcessBytes(t *testing.T) {
	for _, s := range []Strategy{BFS, DFS} {
		got := mustRun(t, bigCounters(), Options{Strategy: s, KeepGoing: true})
		if got.VisitedBytes <= 0 || got.ProcessBytes < got.VisitedBytes || got.ProcessBytesPerState() < got.BytesPerState() {
			t.Errorf("%v: process bytes %d, visited bytes %d; want the process to hold the visited set", s, got.ProcessBytes, got.VisitedBytes)
		}
	}
}
