package explore

import (
	"fmt"
	"runtime"
	"time"
)

// Strategy is the order in which states are explored.
type Strategy int

const (
	// BFS explores level by level, in parallel, and finds shortest
	// counterexamples. It is the default.
	BFS Strategy = iota
	// DFS explores depth first on one goroutine (Options.Workers is
	// ignored). Its counterexamples are not shortest, but it holds only the
	// current path in memory instead of BFS's levels.
	DFS
	// Walk takes Options.Walks random walks of up to Options.Depth inputs
	// from the initial state, on one goroutine (Options.Workers is
	// ignored): a sample of the paths, not all of them, that reaches
	// depths BFS cannot. Each input is drawn among those enabled by the
	// walk's own generator, seeded with Options.Seed and the walk's
	// number, so the same seed takes the same walks.
	Walk
)

func (s Strategy) String() string {
	switch s {
	case BFS:
		return "bfs"
	case DFS:
		return "dfs"
	case Walk:
		return "walk"
	}
	return fmt.Sprintf("Strategy(%d)", int(s))
}

// Options bound and shape a run. The zero value explores without a depth
// bound on every CPU, breadth first, and stops after the level of the
// first violation.
type Options struct {
	// Depth is the longest path explored, in transitions; states at depth
	// Depth are visited and checked for being stuck but not expanded. 0
	// means no bound: explore until no new state is found.
	Depth int
	// Workers is the number of goroutines expanding states under BFS; 0
	// means runtime.NumCPU(). It never changes the result.
	Workers int
	// Strategy is BFS (the zero value), DFS or Walk.
	Strategy Strategy
	// Walks is how many random walks Walk takes; 0 means DefaultWalks.
	Walks int
	// Seed seeds Walk's generators: walk w draws its inputs from
	// PCG(Seed, w).
	Seed uint64
	// Swarm makes Walk's walks swarm walks (Groce et al., "Swarm
	// Testing", ISSTA 2012), for a model that numbers its input kinds
	// (model.InputKinder): each walk first tosses a coin for every kind
	// and then draws only among the enabled inputs of the kinds it kept,
	// or among all enabled inputs where none of those is. A walk that
	// spawns, dispatches and cancels but never yields or wakes reaches
	// states a walk drawing among all inputs almost never does.
	Swarm bool
	// MaxStates stops the run once more than this many distinct states have
	// been found; 0 means no limit. BFS checks the limit after each chunk of
	// 32 parents, so Distinct may pass it by up to one chunk's successors;
	// the stopping point is the same for every worker count.
	MaxStates int
	// MaxMemory stops the run once the process holds more than this many
	// bytes for Go, confirmed after a forced collection; 0 means no limit.
	// What is counted is runtime/metrics' total memory less what was
	// returned to the OS and the free heap pages: the heap, garbage
	// included until the collection, fragmentation, stacks and the
	// runtime's own data, close to the resident set. It is sampled between
	// BFS batches and every 1024 DFS transitions, at most every 100ms, so
	// it may pass the limit by what one batch adds. Where the stop falls
	// depends on the garbage collector, not only on the model: unlike
	// MaxStates it is a guard against running out of memory, not a
	// reproducible bound. Set the collector's soft limit
	// (debug.SetMemoryLimit) a little above it, or garbage may take the
	// process far past it between samples.
	MaxMemory int64
	// KeepGoing explores on past violations, to the bound, and collects the
	// first violation of every invariant. Without it a run stops after the
	// BFS level in which the first violation was found (the other
	// invariants violated in that level are still reported), or, under
	// DFS, at the first violation: once one rule is broken, a caller
	// usually wants that counterexample now, not a full exploration.
	KeepGoing bool
	// StepTimeout, when set, bounds each call into the model: a Step (or
	// Enabled, or Stuck, or Init or CheckInit before the first level) that
	// has not returned after it ends the run with StoppedAtHang and
	// Result.Hang naming the call; it is noticed within
	// 1.25 times the timeout. 0 waits forever. A call of a well-behaved
	// model takes microseconds, so the timeout only has to stay clear of
	// pauses of the whole process. Under DFS it moves the search to a
	// goroutine of its own, which the caller's watches. FindLasso watches
	// its graph's expansion as BFS does.
	StepTimeout time.Duration
	// Progress, when set, is called about every ProgressEvery, from the
	// goroutine that called Run (from the DFS goroutine, under DFS with a
	// StepTimeout, while the caller waits), never twice at once, so it may
	// print without locking.
	Progress func(Stats)
	// ProgressEvery is the interval between Progress calls; 0 means 2s.
	ProgressEvery time.Duration
}

// DefaultWalks is how many random walks Walk takes unless told.
const DefaultWalks = 1000

// maxDFSDepth is the deepest bound DFS can honour: it records the shallowest
// depth of each visited state in 16 bits to keep the visited set small.
const maxDFSDepth = 1<<16 - 1

// withDefaults checks o and fills in its defaults.
func (o Options) withDefaults() (Options, error) {
	switch {
	case o.Depth < 0:
		return o, fmt.Errorf("explore: depth %d is negative", o.Depth)
	case o.Workers < 0:
		return o, fmt.Errorf("explore: workers %d is negative", o.Workers)
	case o.MaxStates < 0:
		return o, fmt.Errorf("explore: max states %d is negative", o.MaxStates)
	case o.MaxMemory < 0:
		return o, fmt.Errorf("explore: max memory %d is negative", o.MaxMemory)
	case o.StepTimeout < 0:
		return o, fmt.Errorf("explore: step timeout %v is negative", o.StepTimeout)
	case o.ProgressEvery < 0:
		return o, fmt.Errorf("explore: progress interval %v is negative", o.ProgressEvery)
	case o.Strategy != BFS && o.Strategy != DFS && o.Strategy != Walk:
		return o, fmt.Errorf("explore: unknown strategy %v", o.Strategy)
	case o.Strategy == DFS && o.Depth > maxDFSDepth:
		return o, fmt.Errorf("explore: DFS depth %d is above %d; use 0 for no bound", o.Depth, maxDFSDepth)
	case o.Walks < 0:
		return o, fmt.Errorf("explore: walks %d is negative", o.Walks)
	case o.Swarm && o.Strategy != Walk:
		return o, fmt.Errorf("explore: swarm is a way to walk; it needs strategy walk, not %v", o.Strategy)
	case o.Strategy == Walk && o.Depth == 0:
		return o, fmt.Errorf("explore: a random walk needs a depth bound (Depth 0 would walk forever)")
	}
	if o.Walks == 0 {
		o.Walks = DefaultWalks
	}
	if o.Workers == 0 {
		o.Workers = runtime.NumCPU()
	}
	if o.ProgressEvery == 0 {
		o.ProgressEvery = 2 * time.Second
	}
	return o, nil
}
