package explore

import (
	"context"
	"reflect"

	"pgregory.net/rapid"
)

// mustRun runs m and fails the test on an error.
func mustRun[S any, I comparable](t rapid.TB, m Model[S, I], opt Options) Result[I] {
	t.Helper()
	r, err := Run(context.Background(), m, opt)
	if err != nil {
		t.Fatalf("Run(%+v): %v", opt, err)
	}
	return r
}

// sameAsReference checks a complete BFS result against the reference BFS.
func sameAsReference[I comparable](t rapid.TB, got Result[I], want refResult[I]) {
	t.Helper()
	if !got.Complete || got.StoppedEarly != NotStopped {
		t.Errorf("Complete = %v, StoppedEarly = %v; want a complete run", got.Complete, got.StoppedEarly)
	}
	if got.Distinct != want.distinct || got.Generated != want.generated || got.MaxDepthReached != want.maxDepth {
		t.Errorf("distinct, generated, max depth = %d, %d, %d; reference %d, %d, %d",
			got.Distinct, got.Generated, got.MaxDepthReached, want.distinct, want.generated, want.maxDepth)
	}
	if !reflect.DeepEqual(emptyPathsNil(got.Violations), emptyPathsNil(want.violations)) {
		t.Errorf("violations = %+v; reference %+v", got.Violations, want.violations)
	}
}

// replays checks that following v.Path from Init reproduces v: every step
// but a violating last one is clean, and the end is the violation.
func replays[S any, I comparable](t rapid.TB, m Model[S, I], v Violation[I]) {
	t.Helper()
	s := m.Init()
	var next S
	for k, in := range v.Path {
		enabled := m.Enabled(&s, nil)
		if !contains(enabled, in) {
			t.Fatalf("invariant %d: step %d: input %v not enabled in %v", v.Invariant, k, in, s)
		}
		next = s
		got := m.Step(&s, in, &next)
		if k == len(v.Path)-1 && !v.Stuck {
			if got != v.Invariant+1 {
				t.Fatalf("invariant %d: last step returned %d", v.Invariant, got)
			}
			return
		}
		if got != 0 {
			t.Fatalf("invariant %d: step %d violated %d on the way", v.Invariant, k, got-1)
		}
		s = next
	}
	if !v.Stuck {
		t.Fatalf("invariant %d: empty path for a transition violation", v.Invariant)
	}
	if n := len(m.Enabled(&s, nil)); n != 0 || m.Stuck(&s) != v.Invariant+1 {
		t.Fatalf("invariant %d: end state %v has %d inputs, Stuck %d", v.Invariant, s, n, m.Stuck(&s))
	}
}

func contains[I comparable](xs []I, x I) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// withoutTiming clears the fields that legitimately differ between runs.
func withoutTiming[I comparable](r Result[I]) Result[I] {
	r.Elapsed, r.StatesPerSecond, r.ProcessBytes = 0, 0, 0
	return r
}

// emptyPathsNil makes empty paths nil, so that DeepEqual compares contents.
func emptyPathsNil[I comparable](vs []Violation[I]) []Violation[I] {
	out := make([]Violation[I], len(vs))
	for i, v := range vs {
		if len(v.Path) == 0 {
			v.Path = nil
		}
		out[i] = v
	}
	return out
}

// mustNewBFS prepares a BFS run of m from its initial state.
func mustNewBFS[S any, I comparable](t rapid.TB, m Model[S, I], opt Options, compact bool) *bfs[S, I] {
	t.Helper()
	init := m.Init()
	b, err := newBFS(context.Background(), m, &init, opt, compact)
	if err != nil {
		t.Fatalf("newBFS: %v", err)
	}
	return b
}
