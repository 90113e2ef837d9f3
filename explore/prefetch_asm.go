//go:build amd64 || arm64

package explore

// prefetch asks the processor to bring the cache line at p into cache
// without waiting for it. The visited set is tens of megabytes, so looking
// a fingerprint up is a miss to main memory; prefetching the slots of a
// parent's successors before looking any of them up overlaps the misses
// instead of paying for them one after another (see worker.expand and
// mergeGroup). Go has no prefetch of its own outside the runtime, hence
// the two lines of assembly per architecture; p is only a hint and is
// never read, so an address a table growth made stale does no harm.
//
//go:noescape
func prefetch(p *uint64)
