package explore

import "context"

// Run explores m within opt's bounds and returns what it found.
//
// Stopping early (StopAtFirst, MaxStates, a cancelled ctx) is not an error:
// the partial result says why it stopped and is accurate for what it
// covers. The error is for bad options and for a model that does not replay
// its own counterexamples, which means it is not deterministic.
func Run[S any, I comparable](ctx context.Context, m Model[S, I], opt Options) (Result[I], error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return Result[I]{}, err
	}
	var r Result[I]
	var found *firstViolations
	if opt.Strategy == DFS {
		r, found = runDFS(ctx, m, opt)
	} else {
		r, found = runBFS(ctx, m, opt)
	}
	r.Violations, err = resolve(m, found)
	return r, err
}
