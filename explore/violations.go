package explore

import "fmt"

// firstViolations keeps the first violation of each invariant, as a path of
// input indices, in the order the strategy defines as first. Paths are
// turned into inputs only at the end, by replaying them (see resolve).
type firstViolations struct {
	// known[i] is set once invariant i has its first violation. BFS workers
	// read it while expanding, to skip recording violations that cannot
	// matter; it only changes between expansion phases.
	known []bool
	found []foundViolation
}

type foundViolation struct {
	invariant int
	stuck     bool
	steps     []int // input indices from Init, the violating one last
}

func (f *firstViolations) has(invariant int) bool {
	return invariant < len(f.known) && f.known[invariant]
}

// add records a violation unless its invariant already has one, and reports
// whether it did. steps is copied only when recorded.
func (f *firstViolations) add(invariant int, stuck bool, steps []int) bool {
	if f.has(invariant) {
		return false
	}
	for len(f.known) <= invariant {
		f.known = append(f.known, false)
	}
	f.known[invariant] = true
	f.found = append(f.found, foundViolation{invariant, stuck, append([]int(nil), steps...)})
	return true
}

// resolve replays every recorded path from Init, turning input indices into
// inputs and checking that the model reproduces each violation. A path that
// does not reproduce means the model is not deterministic (Enabled or Step
// depend on something outside the state), which would make every count the
// explorer reports meaningless, so it is an error.
func resolve[S any, I comparable](m Model[S, I], f *firstViolations) ([]Violation[I], error) {
	var out []Violation[I]
	var buf []I
	names := m.Invariants()
	for _, v := range f.found {
		if v.invariant < 0 || v.invariant >= len(names) {
			return nil, fmt.Errorf("explore: the model reported invariant %d, but lists %d invariants", v.invariant+1, len(names))
		}
		path := make([]I, len(v.steps))
		s := m.Init()
		var next S
		for k, idx := range v.steps {
			buf = m.Enabled(&s, buf[:0])
			if idx >= len(buf) {
				return nil, fmt.Errorf("explore: replaying invariant %d's path: step %d has %d enabled inputs, want more than %d; the model is not deterministic", v.invariant, k, len(buf), idx)
			}
			path[k] = buf[idx]
			next = s
			got := m.Step(&s, buf[idx], &next)
			want := 0
			if k == len(v.steps)-1 && !v.stuck {
				want = v.invariant + 1
			}
			if got != want {
				return nil, fmt.Errorf("explore: replaying invariant %d's path: Step %d returned %d, want %d; the model is not deterministic", v.invariant, k, got, want)
			}
			s = next
		}
		if v.stuck {
			if buf = m.Enabled(&s, buf[:0]); len(buf) != 0 {
				return nil, fmt.Errorf("explore: replaying invariant %d's path: the stuck state has %d enabled inputs; the model is not deterministic", v.invariant, len(buf))
			}
			if got := m.Stuck(&s); got != v.invariant+1 {
				return nil, fmt.Errorf("explore: replaying invariant %d's path: Stuck returned %d, want %d; the model is not deterministic", v.invariant, got, v.invariant+1)
			}
		}
		out = append(out, Violation[I]{Name: names[v.invariant], Invariant: v.invariant, Path: path, Depth: len(path), Stuck: v.stuck})
	}
	return out, nil
}
