package explore

import "modelcheck/model"

// Covered is one coverage count of a run (see model.Coverer): how many
// explored transitions took an input kind, or emitted events of a kind.
type Covered struct {
	Label string
	Count uint64
}

// coverageOf is what the models counted between before and now: worker 0
// steps with the caller's model itself, which may have counted earlier
// work of its own (before holds that), and the others with fresh forks.
// It is nil for a model that counts nothing.
func coverageOf[S any, I comparable](models []Model[S, I], before []uint64) []Covered {
	first, ok := models[0].(model.Coverer)
	if !ok {
		return nil
	}
	labels := first.CoverageLabels()
	counts := make([]uint64, len(labels))
	for _, m := range models {
		m.(model.Coverer).AddCoverage(counts)
	}
	out := make([]Covered, len(labels))
	for i, l := range labels {
		out[i] = Covered{Label: l, Count: counts[i] - before[i]}
	}
	return out
}

// countedSoFar is what m has counted already, if it counts.
func countedSoFar[S any, I comparable](m Model[S, I]) []uint64 {
	c, ok := m.(model.Coverer)
	if !ok {
		return nil
	}
	counts := make([]uint64, len(c.CoverageLabels()))
	c.AddCoverage(counts)
	return counts
}

// Uncovered returns the labels of want the run counted nothing for, in
// want's order: a label the model does not count is uncovered too. A test
// holds a scenario to what it exists to run with it.
func (r Result[I]) Uncovered(want []string) []string {
	counted := make(map[string]uint64, len(r.Coverage))
	for _, c := range r.Coverage {
		counted[c.Label] = c.Count
	}
	var never []string
	for _, l := range want {
		if counted[l] == 0 {
			never = append(never, l)
		}
	}
	return never
}
