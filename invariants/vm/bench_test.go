package vm

import (
	"context"
	"runtime/debug"
	"testing"
	"unsafe"

	"modelcheck/explore"
	mvm "modelcheck/model/vm"
)

// BenchmarkExplore explores the two kinds of scenario to the end with
// every invariant on, on one worker, and reports distinct states per
// second, the bytes the visited set holds per distinct state (B/state),
// the bytes the whole process held at the end per distinct state
// (procB/state), as the other models' benchmarks do, and the bytes of a
// state (stateB: nine lockstep runs side by side).
func BenchmarkExplore(b *testing.B) {
	// Collect as the command line does, so procB/state is what a run holds.
	defer debug.SetGCPercent(debug.SetGCPercent(explore.GCPercent))
	for _, name := range []string{"default", "interleavings"} {
		b.Run(name, func(b *testing.B) {
			sc, _ := mvm.Lookup(name)
			e, err := NewExplorable(sc, nil)
			if err != nil {
				b.Fatal(err)
			}
			var states, bytes, procBytes, secs float64
			for b.Loop() {
				r, err := explore.Run[State, mvm.Input](context.Background(), e, explore.Options{Workers: 1})
				if err != nil || len(r.Violations) > 0 {
					b.Fatal(err, r.Violations)
				}
				states += float64(r.Distinct)
				secs += r.Elapsed.Seconds()
				bytes, procBytes = r.BytesPerState(), r.ProcessBytesPerState()
			}
			b.ReportMetric(states/secs, "states/s")
			b.ReportMetric(bytes, "B/state")
			b.ReportMetric(procBytes, "procB/state")
			b.ReportMetric(float64(unsafe.Sizeof(State{})), "stateB")
		})
	}
}
