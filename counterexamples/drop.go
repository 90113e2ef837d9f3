package counterexamples

import "modelcheck/model"

// dropInputs is delta debugging (ddmin) over the script: it tries dropping
// chunks of inputs, halving the chunk size when no chunk can go, down to
// single inputs. It reports whether it dropped anything; when it returns,
// no single input can be dropped.
//
// A round tries its chunks in script order, so one walk through the
// script (a walker) has the state before each chunk at hand, and a
// candidate runs only what follows the chunk it drops: a round costs the
// script's length in steps plus what its candidates run, where replaying
// each candidate from the start made a round of single inputs cost the
// square of the length.
func (s *shrinker[C, S, I]) dropInputs() bool {
	changed := false
	for n := 2; len(s.cur.Script) > 0 && !s.stopped(); {
		size := len(s.cur.Script)
		n = min(n, size)
		dropped := false
		w, err := s.walk()
		if err != nil {
			return changed
		}
		for i := 0; i < n && !dropped && !s.stopped(); i++ {
			lo, hi := i*size/n, (i+1)*size/n
			at := w.state
			for _, rest := range s.without(w.to(hi, s.p.renumberer), hi) {
				if s.tryFrom(&at, lo, rest) {
					dropped = true
					break
				}
			}
		}
		switch {
		case dropped:
			changed, n = true, max(n-1, 2)
		case n == size:
			return changed
		default:
			n = min(2*n, size)
		}
	}
	return changed
}

// without lists the candidates that drop a chunk of the current case's
// inputs ending at hi, given what the chunk's inputs created (gone): for
// each, the inputs it runs after the case's inputs before the chunk.
// Where the system hands out ids in creation order (t1, t2, ...; see
// model.Renumberer), dropping a spawn renames every later task: the first
// candidate renumbers the later inputs' ids to follow (impossible if they
// name something the dropped inputs created), the second keeps the ids as
// written.
func (s *shrinker[C, S, I]) without(gone []model.ID, hi int) [][]I {
	rest := s.cur.Script[hi:]
	if len(gone) == 0 {
		return [][]I{rest}
	}
	var out [][]I
	if renumbered, ok := s.renumber(rest, gone); ok {
		out = append(out, renumbered)
	}
	return append(out, rest)
}

// walker steps through the (reproducing) current script, for a pass that
// tries its candidates in script order: state is the state after the
// first at inputs. It holds that one state, nothing per step.
type walker[S any, I model.Input] struct {
	m      model.Traced[S, I]
	script []I
	at     int
	state  S
}

// walk starts a walker at the current case's initial state.
func (s *shrinker[C, S, I]) walk() (*walker[S, I], error) {
	m, err := s.p.spec.New(s.cur.Scenario, s.cur.Only)
	if err != nil {
		return nil, err
	}
	return &walker[S, I]{m: m, script: s.cur.Script, state: m.Init()}, nil
}

// to steps the walker on to the state after the first hi inputs and
// returns the ids the inputs it stepped through created, in order, as r
// tells them; none if r is nil.
func (w *walker[S, I]) to(hi int, r model.Renumberer[S, I]) []model.ID {
	var ids []model.ID
	for ; w.at < hi; w.at++ {
		// The script reproduces, so every input is offered; the last
		// one breaks the invariant, which changes nothing here.
		next := w.state
		w.m.Step(&w.state, w.script[w.at], &next)
		if r != nil {
			ids = r.Created(&w.state, &next, ids)
		}
		w.state = next
	}
	return ids
}

// renumber rewrites the ids of inputs that follow dropped ones (see
// model.Renumberer). It fails if an input names a dropped id.
func (s *shrinker[C, S, I]) renumber(script []I, gone []model.ID) ([]I, bool) {
	out := make([]I, len(script))
	for i, in := range script {
		r, ok := s.p.renumberer.Renumber(in, gone)
		if !ok {
			return nil, false
		}
		out[i] = r
	}
	return out, true
}
