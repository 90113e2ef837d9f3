package model

// Coverer is implemented by a checked model that counts what its steps
// did, by label: how many explored transitions took each kind of input,
// and how many events of each kind they emitted (TLC's action coverage).
// A scenario explored clean says nothing about behaviour it never ran: a
// runtime that refuses every spawn passes every safety check. A count of
// zero says which behaviour that was.
//
// In a breadth-first run the explorer takes each worker's counts after
// every chunk of parents it expands and sums those of the chunks it keeps
// (a stop at --max-states drops the rest of a batch). Each state within
// the bound is expanded once, so the counts are exactly the transitions
// generated, and do not depend on the worker count.
type Coverer interface {
	// CoverageLabels names the counters, the same list for every fork.
	CoverageLabels() []string
	// AddCoverage adds this model's counts, one per label, to into. A
	// fork starts from zero.
	AddCoverage(into []uint64)
}

// Counter is the counting half of a Coverer for a system whose inputs
// and events are each of a few kinds, numbered from 0. A model holds one
// and counts in Step; it allocates nothing per step.
type Counter struct {
	// inputNames and eventNames spell each kind by its number; "" is a
	// number that is not a kind (a zero value), counted but not listed.
	inputNames, eventNames []string
	inputs, events         []uint64
	labels                 []string
}

// NewCounter makes a counter for the input kinds and event kinds named,
// each at its number: its labels are "input NAME" and "event NAME", in
// that order.
func NewCounter(inputKinds, eventKinds []string) Counter {
	var labels []string
	for _, k := range inputKinds {
		if k != "" {
			labels = append(labels, "input "+k)
		}
	}
	for _, k := range eventKinds {
		if k != "" {
			labels = append(labels, "event "+k)
		}
	}
	c := Counter{inputNames: inputKinds, eventNames: eventKinds, labels: labels}
	return c.Fork()
}

// Input counts one transition that took an input of kind k.
func (c *Counter) Input(k int) { c.inputs[k]++ }

// Event counts one emitted event of kind k.
func (c *Counter) Event(k int) { c.events[k]++ }

// Fork returns a counter with the same labels and its own counts, all
// zero: a model's Fork must call it, since a copied Counter would share
// its counts with the original across workers.
func (c *Counter) Fork() Counter {
	f := *c
	f.inputs, f.events = make([]uint64, len(c.inputNames)), make([]uint64, len(c.eventNames))
	return f
}

// CoverageLabels implements Coverer.
func (c *Counter) CoverageLabels() []string { return c.labels }

// AddCoverage implements Coverer.
func (c *Counter) AddCoverage(into []uint64) {
	i := 0
	for _, group := range []struct {
		names  []string
		counts []uint64
	}{{c.inputNames, c.inputs}, {c.eventNames, c.events}} {
		for k, name := range group.names {
			if name != "" {
				into[i] += group.counts[k]
				i++
			}
		}
	}
}
