package sthira

import (
	"math/bits"

	"modelcheck/model"
	rt "modelcheck/runtime/sthira"
)

// Reductions lists the scenarios one step smaller than sc that the same
// script can still run in, most telling first: fewer tasks, no retries,
// then each operation or policy switched off, each limit lifted, and last
// one fault fewer (a violation that needs none of the faults it was found
// under is the scheduler's own, and the file should say so). The
// shrinker keeps the first that still breaks the same invariant; a
// reduction the script needs fails its replay and is dropped.
func Reductions(sc *Scenario, script []Input) []model.Reduction[Scenario, Input] {
	var out []model.Reduction[Scenario, Input]
	for id := sc.Config.Tasks; id >= 1; id-- {
		if r, rs, ok := withoutTask(sc, script, id); ok {
			out = append(out, model.Reduction[Scenario, Input]{Config: r, Script: rs})
		}
	}
	add := func(f func(*Scenario) bool) {
		r := *sc
		if f(&r) && r.Validate() == nil {
			out = append(out, model.Reduction[Scenario, Input]{Config: r, Script: script})
		}
	}
	add(func(r *Scenario) bool { ok := r.Retries > 0; r.Retries = 0; return ok })
	add(func(r *Scenario) bool { ok := r.Errors && r.Retries == 0; r.Errors = false; return ok })
	add(func(r *Scenario) bool { ok := r.Suspend; r.Suspend = false; return ok })
	add(func(r *Scenario) bool { ok := r.Cancel; r.Cancel = false; return ok })
	add(func(r *Scenario) bool { ok := r.Ticks; r.Ticks = false; return ok })
	add(func(r *Scenario) bool { ok := r.Config.Recycle; r.Config.Recycle = false; return ok })
	add(func(r *Scenario) bool { ok := r.Config.Reject; r.Config.Reject = false; return ok })
	add(func(r *Scenario) bool { ok := r.Config.MaxWait != 0; r.Config.MaxWait = 0; return ok })
	add(func(r *Scenario) bool { ok := r.Config.QueueLimit != 0; r.Config.QueueLimit = 0; return ok })
	for k := range rt.MaxScopes {
		add(func(r *Scenario) bool { ok := r.Config.ScopeLimit[k] != 0; r.Config.ScopeLimit[k] = 0; return ok })
	}
	for _, f := range rt.AllFaults() {
		add(func(r *Scenario) bool {
			ok := r.Config.Faults.Has(f)
			r.Config.Faults &^= rt.Faults(0).With(f)
			return ok
		})
	}
	return out
}

// withoutTask drops declared task id, which the script must not name, from
// sc: the tasks after it move down a slot, and so do the retries' slots
// after the declared tasks, so the script's later task ids move down one
// to follow. Dropping only the last task left a case that names t1 and t3
// with an idle t2 it could not shed: a random walk's shrunk file kept a
// task the breadth-first one had never declared.
func withoutTask(sc *Scenario, script []Input, id uint8) (Scenario, []Input, bool) {
	if sc.Config.Tasks <= 1 {
		return Scenario{}, nil, false
	}
	for _, in := range script {
		if in.Op != rt.Tick && in.Task == id {
			return Scenario{}, nil, false
		}
	}
	r := *sc
	copy(r.Specs[id-1:], r.Specs[id:r.Config.Tasks])
	r.Config.Tasks--
	r.Specs[r.Config.Tasks] = TaskSpec{}
	if r.Validate() != nil {
		return Scenario{}, nil, false
	}
	rs := make([]Input, len(script))
	for i, in := range script {
		if in.Op != rt.Tick && in.Task > id {
			in.Task--
		}
		rs[i] = in
	}
	return r, rs, true
}

// Size is a measure every reduction lowers.
func Size(sc *Scenario) int {
	n := 8*int(sc.Config.Tasks) + 4*int(sc.Retries) + bits.OnesCount64(uint64(sc.Config.Faults))
	for _, on := range []bool{sc.Errors, sc.Suspend, sc.Cancel, sc.Ticks, sc.Config.Recycle, sc.Config.Reject,
		sc.Config.MaxWait != 0, sc.Config.QueueLimit != 0, sc.Config.ScopeLimit[0] != 0, sc.Config.ScopeLimit[1] != 0} {
		if on {
			n++
		}
	}
	return n
}

// WithFault switches the named fault on in sc.
func WithFault(sc *Scenario, name string) error {
	f, err := rt.ParseFault(name)
	if err != nil {
		return err
	}
	sc.Config.Faults = sc.Config.Faults.With(f)
	return nil
}

// FaultsOn lists the faults sc switches on, in declaration order.
func FaultsOn(sc *Scenario) []string {
	var out []string
	for _, f := range rt.AllFaults() {
		if sc.Config.Faults.Has(f) {
			out = append(out, f.Name())
		}
	}
	return out
}
