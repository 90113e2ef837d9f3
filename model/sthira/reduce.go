package sthira

import rt "modelcheck/runtime/sthira"

// Reductions lists the scenarios one step smaller than sc that the same
// script can still run in, most telling first: fewer tasks (the last
// declared one, when the script never names it nor a retry), no retries,
// then each operation or policy switched off, each limit lifted. The
// shrinker keeps the first that still breaks the same invariant; a
// reduction the script needs fails its replay and is dropped. The faults
// stay.
func Reductions(sc *Scenario, script []Input) []Scenario {
	var out []Scenario
	add := func(f func(*Scenario) bool) {
		r := *sc
		if f(&r) && r.Validate() == nil {
			out = append(out, r)
		}
	}
	add(func(r *Scenario) bool {
		if r.Config.Tasks <= 1 {
			return false
		}
		for _, in := range script {
			if in.Op != rt.Tick && in.Task >= r.Config.Tasks {
				return false
			}
		}
		r.Config.Tasks--
		r.Specs[r.Config.Tasks] = TaskSpec{}
		return true
	})
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
	return out
}

// Size is a measure every reduction lowers.
func Size(sc *Scenario) int {
	n := 8*int(sc.Config.Tasks) + 4*int(sc.Retries)
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
