package explore

import (
	"sync/atomic"
	"time"
)

// A hang is a call into the model that has not returned after
// Options.StepTimeout: a Step of a runtime caught in a loop, say. The
// explorer cannot stop it (a goroutine cannot be stopped from outside),
// but it can say which call it is, so that the run ends with a finding a
// user can replay instead of a silent stall.
//
// Each worker publishes where it is, one atomic store per call into the
// model, as a place: the chunk, the parent within it, which call and the
// input index. A watch on the coordinating goroutine samples the places:
// a worker whose place has not changed for the timeout is stuck there.

// The calls a place names.
const (
	// callExpand: Enabled (or Stuck) on the parent.
	callExpand uint64 = 1 + iota
	// callStep: Step on the parent by input j.
	callStep
	// callBound: HasInput, Enabled or Stuck on the parent's successor by
	// input j, at the depth bound.
	callBound
)

// place packs where a worker is: chunk t of the batch (stored +1, so that
// 0 means "not in a call"), parent p of the chunk (below chunkParents),
// the call, and input index j (below 1<<25, far above what any model
// offers at a state; a larger one is clamped, and replaying the hang would
// then fail, naming the model as not deterministic).
func place(t, p int, call uint64, j int) uint64 {
	return uint64(t+1)<<32 | uint64(p)<<27 | call<<25 | uint64(min(j, 1<<25-1))
}

// unplace unpacks a place.
func unplace(at uint64) (t, p int, call uint64, j int) {
	return int(at>>32) - 1, int(at >> 27 & (chunkParents - 1)), at >> 25 & 3, int(at & (1<<25 - 1))
}

// placeMarker is where a worker publishes its place, with
// Options.StepTimeout: at points into the watch's places, nil without one.
type placeMarker struct{ at *atomic.Uint64 }

// mark publishes the worker's place: about to make call on parent p of
// chunk t, by input j.
func (m placeMarker) mark(t, p int, call uint64, j int) {
	if m.at != nil {
		m.at.Store(place(t, p, call, j))
	}
}

// hangWatch is what the coordinating goroutine knows of the workers'
// places during a watched job.
type hangWatch struct {
	timeout time.Duration
	tick    *time.Ticker
	at      []paddedPlace // written by the workers
	// Per worker, on the coordinating goroutine only: whether it has
	// returned from the job, the place last sampled and since when.
	returnedJob []bool
	last        []uint64
	since       []time.Time
}

// paddedPlace is a worker's place on a cache line of its own, so that
// the stores of two workers do not contend.
type paddedPlace struct {
	v atomic.Uint64
	_ [56]byte
}

// sampleEvery is how often a watch with this timeout samples: four times
// per timeout, so that a hang is reported within 1.25 timeouts, but not
// more often than every millisecond (a ticker needs a positive period).
func sampleEvery(timeout time.Duration) time.Duration {
	return max(timeout/4, time.Millisecond)
}

// runOne runs search, a search of m on one goroutine (DFS, the walks),
// and returns where it stopped and the model to replay its paths on.
// Without a step timeout that is m, and search runs here. With one, search
// runs under watchOne, and paths are replayed on a fork made before it
// starts, since the search's own model may be stuck mid-call.
func runOne[S any, I comparable](m Model[S, I], timeout time.Duration, calls *atomic.Uint64, search func() StopReason, hung func()) (StopReason, Model[S, I]) {
	if timeout <= 0 {
		return search(), m
	}
	replay := m.Fork()
	return watchOne(timeout, calls, search, hung), replay
}

// watchOne runs search on a goroutine of its own and waits for it, or,
// once calls, which the search adds to before each call into the model,
// has not moved for timeout, calls hung (which records the call the
// search is stuck in as the run's hang) and returns StoppedAtHang,
// leaving the goroutine behind (a goroutine cannot be stopped).
func watchOne(timeout time.Duration, calls *atomic.Uint64, search func() StopReason, hung func()) StopReason {
	done := make(chan StopReason, 1)
	go func() { done <- search() }()
	tick := time.NewTicker(sampleEvery(timeout))
	defer tick.Stop()
	last, since := calls.Load(), time.Now()
	for {
		select {
		case stop := <-done:
			return stop
		case now := <-tick.C:
			if n := calls.Load(); n != last {
				last, since = n, now
			} else if now.Sub(since) >= timeout {
				hung()
				return StoppedAtHang
			}
		}
	}
}

func newHangWatch(workers int, timeout time.Duration) *hangWatch {
	return &hangWatch{
		timeout: timeout, tick: time.NewTicker(sampleEvery(timeout)), at: make([]paddedPlace, workers),
		returnedJob: make([]bool, workers), last: make([]uint64, workers), since: make([]time.Time, workers),
	}
}

// start readies the watch for a job: no worker is anywhere yet.
func (h *hangWatch) start() {
	now := time.Now()
	for w := range h.at {
		h.at[w].v.Store(0)
		h.returnedJob[w], h.last[w], h.since[w] = false, 0, now
	}
}

func (h *hangWatch) returned(w int) { h.returnedJob[w] = true }

// hung samples the places. It reports a hang once every worker that has
// not returned sits at the place it sat at for the timeout, and returns
// the earliest of their places. Waiting for all of them makes the report
// the same for every worker count: chunks are handed out in order, so
// every chunk before the earliest stuck one was finished without a hang,
// and within a chunk a worker calls in a fixed order, so the stuck call
// is the first call of the run that never returns.
func (h *hangWatch) hung(now time.Time) (uint64, bool) {
	earliest, allStuck := uint64(0), true
	for w := range h.at {
		if h.returnedJob[w] {
			continue
		}
		v := h.at[w].v.Load()
		if v == 0 || v != h.last[w] {
			h.last[w], h.since[w] = v, now
			allStuck = false
			continue
		}
		if now.Sub(h.since[w]) < h.timeout {
			allStuck = false
		}
		if earliest == 0 || v < earliest {
			earliest = v
		}
	}
	return earliest, allStuck && earliest != 0
}

// The calls a Hang names besides a worker's: the two made once, before
// the first level, on the initial state. Path is then empty.
const (
	// CallInit is the model's Init: building the initial state runs the
	// runtime's constructors, and a scenario's work set up before the
	// first step (asupersync's tasks spawned up front), all runtime code.
	CallInit = "Init"
	// CallCheckInit is the model's check of the initial state, which may
	// ask the runtime too (a check that reads its diagnostics).
	CallCheckInit = "CheckInit"
)

// watchedCall calls f on a goroutine of its own and reports whether it
// returned within timeout, leaving it behind if not; with timeout 0 it
// calls f here. It watches the calls made before any worker starts: no
// place is published for them, as nothing else runs meanwhile.
func watchedCall(timeout time.Duration, f func()) bool {
	if timeout <= 0 {
		f()
		return true
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-done:
		return true
	case <-timer.C:
		return false
	}
}

// watchedInit calls m's Init under the step timeout: the initial state,
// or the Hang of the call that never returned (and a zero state: init is
// the stuck goroutine's to write, should it ever return).
func watchedInit[S any, I comparable](m Model[S, I], timeout time.Duration) (S, *Hang[I]) {
	var init S
	if !watchedCall(timeout, func() { init = m.Init() }) {
		var none S
		return none, &Hang[I]{Call: CallInit, After: timeout}
	}
	return init, nil
}
