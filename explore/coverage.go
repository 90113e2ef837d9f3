package explore

// Covered is one coverage count of a run (see model.Coverer): how many
// explored transitions took an input kind, or emitted events of a kind.
type Covered struct {
	Label string
	Count uint64
}

// covered pairs each label with its count; nil for a model that counts
// nothing.
func covered(labels []string, counts []uint64) []Covered {
	if counts == nil {
		return nil
	}
	out := make([]Covered, len(labels))
	for i, l := range labels {
		out[i] = Covered{Label: l, Count: counts[i]}
	}
	return out
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
