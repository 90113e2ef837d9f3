package vm

import (
	"math/bits"
	"slices"

	"modelcheck/model"
	rt "modelcheck/runtime/vm"
)

// Reductions lists the scenarios one step smaller than sc that can still
// run script: the vocabulary without the protocols the script never
// loads (all at once, then one at a time), fewer sessions down to the
// number the script loads, a smaller capacity, one fault fewer (a
// violation that needs none of the faults it was found under is the VM's
// own, and the file should say so). The script is unchanged: none of
// these changes what an input says.
func Reductions(sc *Scenario, script []Input) []model.Reduction[Scenario, Input] {
	used := map[rt.ProtocolID]bool{}
	loads := uint8(0)
	for _, in := range script {
		if in.Kind == Load {
			used[in.Proto] = true
			loads++
		}
	}
	var out []model.Reduction[Scenario, Input]
	add := func(c Scenario) { out = append(out, model.Reduction[Scenario, Input]{Config: c, Script: script}) }
	var kept []rt.ProtocolID
	for _, p := range sc.Vocabulary {
		if used[p] {
			kept = append(kept, p)
		}
	}
	if len(kept) > 0 && len(kept) < len(sc.Vocabulary) {
		c := *sc
		c.Vocabulary = kept
		add(c)
		for i, p := range sc.Vocabulary {
			if !used[p] && len(sc.Vocabulary) > 2 {
				c := *sc
				c.Vocabulary = slices.Delete(slices.Clone(sc.Vocabulary), i, i+1)
				add(c)
			}
		}
	}
	if loads > 0 && loads < sc.MaxSessions {
		c := *sc
		c.MaxSessions = loads
		add(c)
	}
	if sc.Capacity > 1 {
		c := *sc
		c.Capacity--
		add(c)
	}
	for _, f := range rt.AllFaults() {
		if sc.Faults.Has(f) {
			c := *sc
			c.Faults &^= rt.Faults(0).With(f)
			add(c)
		}
	}
	return out
}

// Size is what every reduction lowers.
func Size(sc *Scenario) int {
	return len(sc.Vocabulary) + int(sc.MaxSessions) + int(sc.Capacity) + bits.OnesCount32(uint32(sc.Faults))
}

// Weight is how big an input's operands are: a load of an earlier
// protocol, or with response 0, is lighter; a step of a lower coroutine is
// lighter.
func Weight(in Input) int {
	switch in.Kind {
	case Load:
		return 2*int(in.Proto) + int(in.Resp)
	case Step:
		return int(in.Coro)
	}
	return 0
}

// Alike: the same kind of input.
func Alike(a, b Input) bool { return a.Kind == b.Kind }

// CoroID is the kind of the ids Created and Renumber handle: coroutines,
// numbered in creation order (loads, then spawns).
const CoroID = 0

// Created appends the coroutines the step from before to after created
// (in the explored run, Runs[0]).
func Created(before, after *State, ids []model.ID) []model.ID {
	for c := before.Runs[0].VM.NCoros; c < after.Runs[0].VM.NCoros; c++ {
		ids = append(ids, model.ID{Kind: CoroID, N: c})
	}
	return ids
}

// Renumber rewrites a step for the coroutines in gone no longer existing:
// a coroutine above gone ones moves down by as many; naming a gone one
// fails.
func Renumber(in Input, gone []model.ID) (Input, bool) {
	if in.Kind != Step {
		return in, true
	}
	shift := uint8(0)
	for _, g := range gone {
		switch {
		case g.Kind != CoroID:
		case g.N == in.Coro:
			return in, false
		case g.N < in.Coro:
			shift++
		}
	}
	in.Coro -= shift
	return in, true
}
