package explore

import (
	"context"
	"fmt"
	"math/rand/v2"

	"modelcheck/model"
)

// walker is one run of random walks (Strategy Walk), on one goroutine: a
// walk's inputs are drawn in sequence, and one goroutine keeps the run's
// "first violation" the first in walk order, whatever the machine.
//
// Each walk starts at the initial state. At each state it asks for the
// enabled inputs: with none, the state is checked for being stuck and the
// walk ends; at the depth bound it ends there; otherwise it takes one
// input drawn by its generator. A step that breaks an invariant ends the
// walk too: the state after it is not one the checks passed. Distinct
// counts the states the walks met, by fingerprint, Generated the steps
// they took.
type walker[S any, I comparable] struct {
	single[S, I]
	init   S
	cur    S
	next   S
	inputs []I
	steps  []int // the current walk's input indices, for its violations
	// With Options.Swarm, kinds numbers the model's input kinds, kept
	// says which of them the current walk draws among, and allowed holds
	// the indices of the enabled inputs of those kinds.
	kinds   model.InputKinder[I]
	kept    []bool
	allowed []int
	// pcg and rng are the current walk's generator, reseeded for each
	// walk rather than made anew, so that walks allocate nothing.
	pcg rand.PCG
	rng *rand.Rand
}

// runWalks returns, besides the result and the violations found, the
// model to replay their paths on.
func runWalks[S any, I comparable](ctx context.Context, m Model[S, I], init *S, opt Options) (Result[I], *firstViolations, Model[S, I], error) {
	w := &walker[S, I]{init: *init}
	if err := w.start(ctx, m, opt, false); err != nil {
		return Result[I]{}, nil, nil, err
	}
	w.rng = rand.New(&w.pcg)
	if opt.Swarm {
		k, ok := m.(model.InputKinder[I])
		if !ok {
			return Result[I]{}, nil, nil, fmt.Errorf("explore: swarm walks need a model that numbers its input kinds (model.InputKinder)")
		}
		w.kinds, w.kept = k, make([]bool, k.NumInputKinds())
	}
	stop, replay := runOne(m, opt.StepTimeout, &w.calls, w.walkAll, func() {
		w.found.hang = &foundHang{steps: append([]int(nil), w.steps...), input: w.callInput, after: opt.StepTimeout}
	})
	return w.result(stop), &w.found, replay, nil
}

// called notes the call about to be made by input index input (-1:
// Enabled or Stuck), for watchOne.
func (w *walker[S, I]) called(input int) {
	if w.opt.StepTimeout > 0 {
		w.callInput = input
		w.calls.Add(1)
	}
}

// walkAll takes the walks in order.
func (w *walker[S, I]) walkAll() StopReason {
	if stop := w.meet(&w.init); stop != NotStopped {
		return stop
	}
	sinceCheck := 0
	for walk := range w.opt.Walks {
		w.pcg.Seed(w.opt.Seed, uint64(walk))
		w.cur, w.steps = w.init, w.steps[:0]
		for k := range w.kept {
			w.kept[k] = w.rng.IntN(2) == 0
		}
		for {
			// Counted per state the walk is at, not per step, so that
			// walks that end at once (a stuck initial state) are
			// counted too.
			if sinceCheck++; sinceCheck == dfsCheckEvery {
				sinceCheck = 0
				if w.ctx.Err() != nil {
					return StoppedByContext
				}
				w.stats.Queue = int64(w.opt.Walks - walk)
				w.meter.tick(w.stats)
				if w.memory.exceeded() {
					return StoppedAtMemoryLimit
				}
			}
			w.called(-1)
			w.inputs = w.m.Enabled(&w.cur, w.inputs[:0])
			if len(w.inputs) == 0 {
				if v := w.m.Stuck(&w.cur); v != 0 && w.record(v-1, true, -1) && !w.opt.KeepGoing {
					return StoppedAtViolation
				}
				break
			}
			if len(w.steps) == w.opt.Depth {
				break
			}
			j := w.draw()
			w.stats.Generated++
			w.next = w.cur
			w.called(j)
			if v := w.m.Step(&w.cur, w.inputs[j], &w.next); v != 0 {
				if w.record(v-1, false, j) && !w.opt.KeepGoing {
					return StoppedAtViolation
				}
				break
			}
			w.cur = w.next
			w.steps = append(w.steps, j)
			w.stats.Depth = max(w.stats.Depth, len(w.steps))
			if stop := w.meet(&w.cur); stop != NotStopped {
				return stop
			}
		}
	}
	return NotStopped
}

// draw picks the index of the enabled input the walk takes: any of
// w.inputs, or with Options.Swarm one of the kinds the walk kept, if any
// is enabled.
func (w *walker[S, I]) draw() int {
	if w.kinds == nil {
		return w.rng.IntN(len(w.inputs))
	}
	w.allowed = w.allowed[:0]
	for i, in := range w.inputs {
		if k := w.kinds.InputKind(in); k >= 0 && k < len(w.kept) && w.kept[k] {
			w.allowed = append(w.allowed, i)
		}
	}
	if len(w.allowed) == 0 {
		return w.rng.IntN(len(w.inputs))
	}
	return w.allowed[w.rng.IntN(len(w.allowed))]
}

// meet counts s among the distinct states if the walks had not met it.
func (w *walker[S, I]) meet(s *S) StopReason {
	w.enc = w.encode.encode(s, w.enc[:0])
	if _, added := w.set.insert(fingerprint(w.enc)); added {
		w.stats.Distinct++
		if w.opt.MaxStates > 0 && w.stats.Distinct > int64(w.opt.MaxStates) {
			return StoppedAtMaxStates
		}
	}
	return NotStopped
}

// record keeps a violation found on the current walk (a stuck state, or
// the step by the j-th enabled input) if it is its invariant's first.
func (w *walker[S, I]) record(invariant int, stuck bool, j int) bool {
	if w.found.has(invariant) {
		return false
	}
	steps := w.steps
	if !stuck {
		steps = append(steps, j)
	}
	ok := w.found.add(invariant, stuck, steps)
	w.steps = steps[:len(w.steps)]
	return ok
}
