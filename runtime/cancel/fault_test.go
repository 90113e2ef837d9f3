package cancel

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// faultCases pairs each cancellation fault with the property it must be
// able to break and a short script that breaks it. Each script is harmless
// without the fault, so the fault alone trips the property: the checker's
// properties are not vacuous.
var faultCases = []struct {
	fault  fault.Fault
	breaks string
	script []op
}{
	{fault.AckWhileMasked, propAckUnmasked, []op{
		{code: opSpawn, id: 1}, {code: opStart, id: 1}, {code: opMask, id: 1},
		{code: opRequest, id: 1, arg: uint8(User)}, {code: opCheckpoint, id: 1},
	}},
	{fault.WeakenSeverity, propSeverityMonotone, []op{
		{code: opSpawn, id: 1}, {code: opStart, id: 1},
		{code: opRequest, id: 1, arg: uint8(Shutdown)}, {code: opRequest, id: 1, arg: uint8(User)},
	}},
	{fault.WidenBudget, propBudgetMonotone, []op{
		{code: opSpawn, id: 1}, {code: opStart, id: 1},
		{code: opRequest, id: 1, arg: uint8(Shutdown)}, {code: opRequest, id: 1, arg: uint8(User)},
	}},
	{fault.PhaseRegress, propPhaseValid, []op{
		{code: opSpawn, id: 1}, {code: opStart, id: 1},
		{code: opRequest, id: 1, arg: uint8(User)}, {code: opCheckpoint, id: 1},
		{code: opRequest, id: 1, arg: uint8(User)},
	}},
	{fault.CloseWithLiveTask, propRegionClosedQuiescent, []op{
		{code: opOpenRegion, id: 1}, {code: opSpawn, id: 2}, {code: opCloseRegion, id: 2},
	}},
	{fault.LeakObligationOnCancel, propCancelAbortsObligation, []op{
		{code: opSpawn, id: 1}, {code: opStart, id: 1}, {code: opReserve, id: 1, arg: uint8(Ack)},
		{code: opRequest, id: 1, arg: uint8(User)}, {code: opComplete, id: 1, arg: uint8(Ok)},
	}},
	{fault.SpawnAfterCancel, propNoWorkAfterCancel, []op{
		{code: opSpawn, id: 1}, {code: opCancelRegion, id: 1, arg: uint8(User)}, {code: opSpawn, id: 1},
	}},
	{fault.ChildBeforeParent, propCascadeOrder, []op{
		{code: opOpenRegion, id: 1}, {code: opCancelRegion, id: 1, arg: uint8(User)},
	}},
	{fault.DoubleResolve, propSingleResolution, []op{
		{code: opSpawn, id: 1}, {code: opStart, id: 1}, {code: opReserve, id: 1, arg: uint8(Lease)},
		{code: opCommit, id: 1}, {code: opAbort, id: 1},
	}},
	{fault.ResumeCompleted, propCompletedAbsorbing, []op{
		{code: opSpawn, id: 1}, {code: opStart, id: 1}, {code: opComplete, id: 1, arg: uint8(Ok)},
		{code: opRequest, id: 1, arg: uint8(User)},
	}},
}

// runScript applies the ops to a fresh state and returns every property any
// step violated.
func runScript(cfg Config, script []op) []string {
	s := New(cfg)
	var log trace.Log
	var found []string
	for _, o := range script {
		before := s
		log.Reset()
		err := apply(&s, o, &log)
		found = append(found, check(&before, &s, err, log.Events)...)
	}
	return found
}

// TestEachFaultTripsItsProperty runs each fault's script with and without
// the fault.
func TestEachFaultTripsItsProperty(t *testing.T) {
	covered := fault.Set{}
	for _, fc := range faultCases {
		covered = covered.With(fc.fault)
		t.Run(fc.fault.Name(), func(t *testing.T) {
			if v := runScript(Config{}, fc.script); len(v) > 0 {
				t.Fatalf("script violates %v without the fault", v)
			}
			v := runScript(Config{Faults: fault.Set{}.With(fc.fault)}, fc.script)
			if !slices.Contains(v, fc.breaks) {
				t.Fatalf("with %s: violations %v, want %s", fc.fault, v, fc.breaks)
			}
		})
	}
	for f := fault.AckWhileMasked; f <= fault.ResumeCompleted; f++ {
		if !covered.Has(f) {
			t.Errorf("cancellation fault %s has no case", f)
		}
	}
}

type randDrawer struct{ r *rand.Rand }

func (d randDrawer) intn(_ string, lo, hi int) int { return lo + d.r.IntN(hi-lo+1) }

// TestRandomRunsFindEachFault: the random operation sequences of the
// property test find every fault's violation on their own (fixed seed, so
// deterministic), and a longer fault-free search finds nothing.
func TestRandomRunsFindEachFault(t *testing.T) {
	search := func(cfg Config, runs int, seed uint64) map[string]string {
		found := map[string]string{}
		r := rand.New(rand.NewPCG(seed, 1))
		var log trace.Log
		for range runs {
			s := New(cfg)
			var history []string
			for range 120 {
				o := drawOp(randDrawer{r}, &s)
				history = append(history, o.String())
				before := s
				log.Reset()
				err := apply(&s, o, &log)
				for _, p := range check(&before, &s, err, log.Events) {
					if _, ok := found[p]; !ok {
						found[p] = strings.Join(history, "; ")
					}
				}
			}
		}
		return found
	}
	if found := search(Config{MaxChainDepth: 2}, 3000, 7); len(found) > 0 {
		for p, h := range found {
			t.Errorf("no fault: %s violated after %s", p, h)
		}
	}
	for _, fc := range faultCases {
		found := search(Config{Faults: fault.Set{}.With(fc.fault)}, 400, 11)
		if _, ok := found[fc.breaks]; !ok {
			t.Errorf("%s: random runs never broke %s (found %v)", fc.fault, fc.breaks, keys(found))
		}
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
