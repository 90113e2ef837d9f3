package counterexamples

import (
	"slices"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/trace"
)

// dropInputs is delta debugging (ddmin) over the script: it tries dropping
// chunks of inputs, halving the chunk size when no chunk can go, down to
// single inputs. It reports whether it dropped anything; when it returns,
// no single input can be dropped.
func (s *shrinker) dropInputs() bool {
	changed := false
	for n := 2; len(s.cur.Script) > 0 && !s.stopped(); {
		size := len(s.cur.Script)
		n = min(n, size)
		dropped := false
		// What each input creates depends only on the current case:
		// computed once per round, not once per candidate (a replay each).
		created := creations(&s.cur)
		for i := 0; i < n && !dropped && !s.stopped(); i++ {
			for _, c := range s.without(created, i*size/n, (i+1)*size/n) {
				if s.try(c) {
					dropped = true
					break
				}
			}
		}
		switch {
		case dropped:
			changed, n = true, max(n-1, 2)
		case n == size:
			return changed
		default:
			n = min(2*n, size)
		}
	}
	return changed
}

// without is the current case minus the inputs in [lo, hi), given what
// each of its inputs created. Ids are handed
// out in creation order (t1, t2, ...), so dropping a spawn renames every
// later task; the first candidate renumbers the later inputs' ids to
// follow (impossible if they name a task, region or obligation the
// dropped inputs created), the second keeps the ids as written.
func (s *shrinker) without(created []ids, lo, hi int) []Case {
	script := s.cur.Script
	raw := slices.Concat(script[:lo], script[hi:])
	var out []Case
	var gone ids
	for _, c := range created[lo:hi] {
		gone.add(c)
	}
	if renumbered, ok := renumber(script[hi:], &gone); ok {
		out = append(out, s.cur.withScript(slices.Concat(script[:lo], renumbered)))
		if gone.empty() {
			return out
		}
	}
	return append(out, s.cur.withScript(raw))
}

func (c Case) withScript(script []model.Input) Case {
	c.Script = script
	return c
}

// ids are the task, region and obligation ids some inputs created.
type ids struct{ tasks, regions, obligations []uint8 }

func (x *ids) add(y ids) {
	x.tasks = append(x.tasks, y.tasks...)
	x.regions = append(x.regions, y.regions...)
	x.obligations = append(x.obligations, y.obligations...)
}

func (x *ids) empty() bool {
	return len(x.tasks)+len(x.regions)+len(x.obligations) == 0
}

// creations replays the (reproducing) current script and records, for
// each input, the ids it created.
func creations(c *Case) []ids {
	m := model.New(c.Scenario, nil)
	s := m.Init()
	out := make([]ids, len(c.Script))
	for i, in := range c.Script {
		before := s.P.Kernel.Cancel
		var log trace.Log
		// The current case reproduces, so every input is accepted.
		_ = m.Apply(&s, in, &log)
		after := &s.P.Kernel.Cancel
		for id := uint8(1); id <= cancel.MaxTasks; id++ {
			if after.Task(id).Used && !before.Task(id).Used {
				out[i].tasks = append(out[i].tasks, id)
			}
		}
		for id := uint8(1); id <= cancel.MaxRegions; id++ {
			if after.Region(id).Used && !before.Region(id).Used {
				out[i].regions = append(out[i].regions, id)
			}
		}
		for id := uint8(1); id <= cancel.MaxObligations; id++ {
			if after.Obligation(id).Used && !before.Obligation(id).Used {
				out[i].obligations = append(out[i].obligations, id)
			}
		}
	}
	return out
}

// renumber rewrites the ids of inputs that follow dropped ones: an id
// above dropped ones moves down by as many. It fails if an input names a
// dropped id.
func renumber(script []model.Input, gone *ids) ([]model.Input, bool) {
	out := make([]model.Input, len(script))
	for i, in := range script {
		var okT, okR, okO bool
		in.K.Task, okT = shift(in.K.Task, gone.tasks)
		in.K.Region, okR = shift(in.K.Region, gone.regions)
		in.K.Obligation, okO = shift(in.K.Obligation, gone.obligations)
		if !okT || !okR || !okO {
			return nil, false
		}
		out[i] = in
	}
	return out, true
}

func shift(id uint8, gone []uint8) (uint8, bool) {
	if id == 0 {
		return 0, true
	}
	below := uint8(0)
	for _, g := range gone {
		switch {
		case g == id:
			return 0, false
		case g < id:
			below++
		}
	}
	return id - below, true
}
