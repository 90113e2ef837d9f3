package explore

import (
	"fmt"
	"time"
)

// firstViolations keeps the first violation of each invariant, as a path of
// input indices, in the order the strategy defines as first. Paths are
// turned into inputs only at the end, by replaying them (see resolve).
type firstViolations struct {
	// known[i] is set once invariant i has its first violation. BFS workers
	// read it while expanding, to skip recording violations that cannot
	// matter; it only changes between expansion phases.
	known []bool
	found []foundViolation
	// hang is the call found stuck (Options.StepTimeout), if any.
	hang *foundHang
}

// foundHang is a call into the model that did not return: on the state
// steps reach, Step by input index input, or, with input -1, Enabled or
// Stuck.
type foundHang struct {
	steps []int
	input int
	after time.Duration
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
	names := m.Invariants()
	for _, v := range f.found {
		if v.invariant < 0 || v.invariant >= len(names) {
			return nil, fmt.Errorf("explore: the model reported invariant %d, but lists %d invariants", v.invariant+1, len(names))
		}
		last := v.invariant + 1
		if v.stuck {
			last = 0
		}
		s, path, buf, err := replayIndices(m, v.steps, last)
		if err != nil {
			return nil, fmt.Errorf("explore: replaying invariant %d's path: %w", v.invariant, err)
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

// resolveHang replays a hang's path from Init, as resolve does a
// violation's, and spells the stuck call. Every step of the path returned
// once already, so the replay does too.
func resolveHang[S any, I comparable](m Model[S, I], h *foundHang) (*Hang[I], error) {
	s, path, buf, err := replayIndices(m, h.steps, 0)
	if err != nil {
		return nil, fmt.Errorf("explore: replaying the path to a hung call: %w", err)
	}
	out := &Hang[I]{Path: path, Call: "Enabled or Stuck", After: h.after}
	if h.input >= 0 {
		buf = m.Enabled(&s, buf[:0])
		if h.input >= len(buf) {
			return nil, fmt.Errorf("explore: replaying the path to a hung call: the last state has %d enabled inputs, want more than %d; the model is not deterministic", len(buf), h.input)
		}
		out.Call, out.Input = "Step", buf[h.input]
	}
	return out, nil
}

// replayIndices follows input indices from Init, each step meant to
// break no invariant but the last, meant to return last, and returns the
// state reached, the inputs taken and the scratch list of inputs. Any
// other outcome means the model is not deterministic (Enabled or Step
// depend on something outside the state), which would make every count
// the explorer reports meaningless.
func replayIndices[S any, I comparable](m Model[S, I], steps []int, last int) (S, []I, []I, error) {
	var buf []I
	path := make([]I, len(steps))
	s := m.Init()
	var next S
	for k, idx := range steps {
		buf = m.Enabled(&s, buf[:0])
		if idx >= len(buf) {
			return s, nil, nil, fmt.Errorf("step %d has %d enabled inputs, want more than %d; the model is not deterministic", k, len(buf), idx)
		}
		path[k] = buf[idx]
		next = s
		want := 0
		if k == len(steps)-1 {
			want = last
		}
		if got := m.Step(&s, buf[idx], &next); got != want {
			return s, nil, nil, fmt.Errorf("Step %d returned %d, want %d; the model is not deterministic", k, got, want)
		}
		s = next
	}
	return s, path, buf, nil
}
