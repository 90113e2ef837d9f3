package explore

import (
	"context"
	"sync/atomic"
)

// single is what a search on one goroutine (DFS, the walks) holds
// besides its own path: the model and its encoding, the options, the
// meter, the memory guard, the visited set, what it found and its
// counts, and the call counter runOne's watch reads.
type single[S any, I comparable] struct {
	ctx    context.Context
	m      Model[S, I]
	encode encoder[S]
	opt    Options
	meter  meter
	memory memoryGuard
	set    fpSet
	enc    []byte
	found  firstViolations
	stats  Stats
	// With Options.StepTimeout the search runs on a goroutine of its own
	// and, before each call into the model, notes the call (callInput,
	// the index of the input it steps by, -1 for Enabled or Stuck, and
	// whatever the search adds to say where it is) and then counts it in
	// calls. The watch reads calls (see watchOne): what was written
	// before the count it reads is safe to read, and a stuck search
	// writes nothing more.
	calls     atomic.Uint64
	callInput int
}

// start readies s for a one-goroutine search of m; keepDepths keeps, in
// the visited set, the depth each state was first reached at. (It sets
// the fields in place: single holds an atomic counter, which must not be
// copied.)
func (s *single[S, I]) start(ctx context.Context, m Model[S, I], opt Options, keepDepths bool) error {
	encode, err := encoderOf(m)
	if err != nil {
		return err
	}
	s.ctx, s.m, s.encode, s.opt = ctx, m, encode, opt
	s.meter, s.memory, s.set = newMeter(opt), newMemoryGuard(opt.MaxMemory), newFPSet(keepDepths)
	return nil
}

// result is the search's result once it stopped for stop.
func (s *single[S, I]) result(stop StopReason) Result[I] {
	return partialResult[I](&s.meter, s.stats, s.stats.Depth, stop, s.set.bytes(), s.memory.read())
}
