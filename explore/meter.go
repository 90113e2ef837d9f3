package explore

import "time"

// meter keeps the run's clock and calls Options.Progress at most every
// ProgressEvery. The strategies call tick from the coordinating goroutine
// between units of work, so the callback never runs concurrently with
// itself and needs no locking.
type meter struct {
	start, last time.Time
	every       time.Duration
	report      func(Stats)
}

func newMeter(opt Options) meter {
	now := time.Now()
	return meter{start: now, last: now, every: opt.ProgressEvery, report: opt.Progress}
}

// stamp fills in the time-derived fields of s.
func (m *meter) stamp(s Stats) Stats {
	s.Elapsed = time.Since(m.start)
	if sec := s.Elapsed.Seconds(); sec > 0 {
		s.StatesPerSecond = float64(s.Distinct) / sec
	}
	return s
}

// tick reports s if a progress interval has passed.
func (m *meter) tick(s Stats) {
	if m.report == nil {
		return
	}
	if now := time.Now(); now.Sub(m.last) >= m.every {
		m.last = now
		m.report(m.stamp(s))
	}
}

// partialResult assembles everything in a Result but the violations, which
// Run resolves once the strategy has finished.
func partialResult[I comparable](m *meter, s Stats, maxDepth int, stop StopReason, visitedBytes int64, processBytes uint64) Result[I] {
	s = m.stamp(s)
	return Result[I]{
		Stats:                s,
		MaxDepthReached:      maxDepth,
		Complete:             stop == NotStopped,
		StoppedEarly:         stop,
		CollisionProbability: collisionProbability(s.Distinct),
		VisitedBytes:         visitedBytes,
		ProcessBytes:         int64(processBytes),
	}
}
