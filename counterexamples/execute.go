package counterexamples

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"modelcheck/internal/suggest"
	"modelcheck/model"
)

// Violation is a broken invariant found by running a script.
type Violation struct {
	Invariant model.Invariant
	// Index is the invariant's position in the system's check order
	// (model.System's Invariants).
	Index int
	// Step is the number (1-based) of the step that broke it, or, for a
	// stuck state, the number of steps that reached it (0: the initial
	// state broke it).
	Step int
	// Stuck is set when the script ends in a state with nothing enabled
	// that is not terminal.
	Stuck bool
	// Lasso is set when a lasso case's loop breaks a liveness property:
	// Invariant then names and describes the property, Index is -1, and
	// Step is the length of the prefix and the loop (see Loop).
	Lasso bool
}

// Outcome is what running a script did. It keeps no step's state or
// events, so its size does not grow with the script's length beyond the
// inputs; an observer passed to execute sees each step as it is run.
type Outcome[S any, I model.Input] struct {
	// Inputs are the inputs run, as the model offered them: every one of
	// the script's, or up to the violating one.
	Inputs []I
	// Final is the state after the last step run.
	Final S
	// Violation is the first violation, nil if the script ran clean.
	Violation *Violation
}

// observer sees one step of a run: the input, the events it emitted and
// the state it left. It must not keep events or after.
type observer[S any, I model.Input] func(in I, events []string, after *S)

// StepError is an input the model would not have given at that point of
// the script: one it does not offer there.
type StepError[I model.Input] struct {
	// Step is the input's index in the script (0-based).
	Step  int
	Input I
	// Offered lists what the model offers there.
	Offered []I
}

// maxOffered is the most offered inputs a StepError's message names: a
// hand-written scenario may offer many inputs at a step, and a message
// of thousands buries the input that was not among them.
const maxOffered = 24

func (e *StepError[I]) Error() string {
	names := make([]string, 0, min(len(e.Offered), maxOffered))
	for _, in := range e.Offered[:min(len(e.Offered), maxOffered)] {
		names = append(names, in.String())
	}
	if more := len(e.Offered) - len(names); more > 0 {
		names = append(names, fmt.Sprintf("and %d more", more))
	}
	return fmt.Sprintf("%s: the model does not offer it here (it offers: %s)", suggest.Quote(e.Input.String()), strings.Join(names, "; "))
}

// stepError is what execute's caller needs of a StepError whatever its
// input type: which step it is about.
type stepError interface{ step() int }

func (e *StepError[I]) step() int { return e.Step }

// Execute runs script from the scenario's initial state and checks every
// step with the invariants (all of them, or only the named ones), exactly
// as the explorer would: the initial state is checked, each input must be
// one the model offers in that state, the run stops at the first violated
// invariant, and a script that ends where nothing is enabled is checked
// for being stuck. An input the model would not have given is a
// *StepError: a script that only exists because someone edited it proves
// nothing about the runtime.
func (p *Pipeline[C, S, I]) Execute(sc C, only []string, script []I) (Outcome[S, I], error) {
	return p.execute(context.Background(), sc, only, script, nil)
}

// execute is Execute, stopping with ctx's error when ctx is done (it checks
// before every step), and showing each step to see if it is not nil. A
// step of the runtime that has not returned after ctx's step timeout is a
// *HangError (see stepWatch).
func (p *Pipeline[C, S, I]) execute(ctx context.Context, sc C, only []string, script []I, see observer[S, I]) (Outcome[S, I], error) {
	type ran struct {
		out Outcome[S, I]
		err error
	}
	r, hang := watched(ctx, func(w *stepWatch) ran {
		out, err := p.executeWatched(ctx, sc, only, script, see, w)
		return ran{out, err}
	}, func(step int) string { return spellStep(script, step-1) })
	if hang != nil {
		return Outcome[S, I]{}, hang
	}
	return r.out, r.err
}

// spellStep is script[i] spelled, or "" outside the script.
func spellStep[I model.Input](script []I, i int) string {
	if i < 0 || i >= len(script) {
		return ""
	}
	return script[i].String()
}

// watched calls run on a goroutine of its own, telling it a stepWatch to
// note its steps in, and returns its result; or, once run has sat in one
// step, inside the model, for ctx's step timeout, a *HangError for that
// step (spelled by spell), leaving run behind. A timeout of 0 calls run
// here, unwatched.
func watched[T any](ctx context.Context, run func(w *stepWatch) T, spell func(step int) string) (T, *HangError) {
	timeout := stepTimeoutOf(ctx)
	if timeout <= 0 {
		return run(nil), nil
	}
	w := &stepWatch{}
	done := make(chan T, 1)
	go func() { done <- run(w) }()
	r, step, hung := watchRun(w, done, timeout)
	if hung {
		return r, &HangError{Step: step, Input: spell(step), After: timeout}
	}
	return r, nil
}

// executeWatched is execute's run, telling w, if any, where it is.
func (p *Pipeline[C, S, I]) executeWatched(ctx context.Context, sc C, only []string, script []I, see observer[S, I], w *stepWatch) (Outcome[S, I], error) {
	w.enter(0)
	m, err := p.spec.New(sc, only)
	if err != nil {
		return Outcome[S, I]{}, err
	}
	s := m.Init()
	if v := m.CheckInit(&s); v != 0 {
		return Outcome[S, I]{Final: s, Violation: &Violation{Invariant: p.invariant(v - 1), Index: v - 1}}, nil
	}
	return p.runFrom(ctx, m, s, 0, script, see, w)
}

// resume is execute for a script whose first done inputs are known to run
// clean: it runs the rest of it, script, on m from s, the state those
// inputs left. The shrinker's candidates mostly keep a prefix of the case
// they come from, whose states it has at hand; replaying that prefix for
// each would make a shrink quadratic in the script's length. The outcome
// is the one execute gives the whole script, except that its Inputs are
// script's only. m must not be used again after a *HangError: the hung
// step still runs on it.
func (p *Pipeline[C, S, I]) resume(ctx context.Context, m model.Traced[S, I], s *S, done int, script []I) (Outcome[S, I], error) {
	type ran struct {
		out Outcome[S, I]
		err error
	}
	from := *s
	r, hang := watched(ctx, func(w *stepWatch) ran {
		out, err := p.runFrom(ctx, m, from, done, script, nil, w)
		return ran{out, err}
	}, func(step int) string { return spellStep(script, step-1-done) })
	if hang != nil {
		return Outcome[S, I]{}, hang
	}
	return r.out, r.err
}

// runFrom runs script on m from s, the state after the first done inputs
// of a longer script (none, for a whole one), checking each step as
// executeWatched says; steps are numbered in the longer script. The
// outcome's Inputs are script's only.
func (p *Pipeline[C, S, I]) runFrom(ctx context.Context, m model.Traced[S, I], s S, done int, script []I, see observer[S, I], w *stepWatch) (Outcome[S, I], error) {
	var out Outcome[S, I]
	var buf []I
	var events []string
	for i, in := range script {
		if err := ctx.Err(); err != nil {
			out.Final = s
			return out, err
		}
		w.enter(done + i + 1)
		buf = m.Enabled(&s, buf[:0])
		j := indexSpelled(buf, in)
		if j < 0 {
			out.Final = s
			return out, &StepError[I]{Step: done + i, Input: in, Offered: append([]I(nil), buf...)}
		}
		in = buf[j]
		next := s
		v := m.Step(&s, in, &next)
		s = next
		out.Inputs = append(out.Inputs, in)
		if see != nil {
			events = m.Events(events[:0])
			w.leave() // see may block on its writer, which is no hang of the runtime
			see(in, events, &s)
		}
		if v != 0 {
			out.Final = s
			out.Violation = &Violation{Invariant: p.invariant(v - 1), Index: v - 1, Step: done + i + 1}
			return out, nil
		}
	}
	out.Final = s
	w.enter(done + len(script) + 1)
	if len(m.Enabled(&s, buf[:0])) == 0 {
		if v := m.Stuck(&s); v != 0 {
			out.Violation = &Violation{Invariant: p.invariant(v - 1), Index: v - 1, Step: done + len(script), Stuck: true}
		}
	}
	return out, nil
}

// DefaultStepTimeout bounds each step of a script run here (a replay, a
// shrink, the regression test, a trace) unless the context says otherwise
// (WithStepTimeout). A step of the runtime caught in a loop would
// otherwise hang the command, or go test for its ten minutes, with no
// word of where. It is explore's default --step-timeout: a step of any
// model here takes microseconds.
const DefaultStepTimeout = 10 * time.Second

type stepTimeoutKey struct{}

// WithStepTimeout is ctx with the step timeout of the script runs made
// under it; 0 waits forever.
func WithStepTimeout(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, stepTimeoutKey{}, d)
}

// stepTimeoutOf is ctx's step timeout: WithStepTimeout's, or the default.
func stepTimeoutOf(ctx context.Context) time.Duration {
	if d, ok := ctx.Value(stepTimeoutKey{}).(time.Duration); ok {
		return d
	}
	return DefaultStepTimeout
}

// HangError is a step of a script that had not returned after the step
// timeout: an endless loop in the runtime, most likely. The step is still
// running, on a goroutine that cannot be stopped, and is left behind.
type HangError struct {
	// Step is the script's step (1-based) the run was in: 0 while it
	// built the initial state, len(script)+1 while it checked the last.
	// A lasso file's loop steps go on from its prefix's.
	Step int
	// Input is that step's input, spelled; "" when the run was between
	// steps (building a state or checking one).
	Input string
	After time.Duration
}

func (e *HangError) Error() string {
	where := fmt.Sprintf("step %d (%s)", e.Step, e.Input)
	switch {
	case e.Step == 0:
		where = "building the initial state"
	case e.Input == "":
		where = fmt.Sprintf("checking the state after step %d", e.Step-1)
	}
	return fmt.Sprintf("%s had not returned after %v: an endless loop in the runtime?", where, e.After)
}

// stepWatch is where a script run is, for the goroutine waiting on it:
// the step it is in and whether it is inside the model now. The run
// writes step and then counts the entry with an atomic add; the waiter
// reads step only after it has seen the count unchanged for the timeout,
// so what the run wrote before that count is safe to read.
type stepWatch struct {
	calls   atomic.Uint64
	inModel atomic.Bool
	step    int
}

// enter notes that the run is about to call the model for step.
func (w *stepWatch) enter(step int) {
	if w != nil {
		w.step = step
		w.calls.Add(1)
		w.inModel.Store(true)
	}
}

// leave notes that the run is outside the model (showing a step).
func (w *stepWatch) leave() {
	if w != nil {
		w.inModel.Store(false)
	}
}

// watchRun waits for the run w watches to send its result on done, or
// reports the step it has sat in, inside the model, for timeout.
func watchRun[T any](w *stepWatch, done <-chan T, timeout time.Duration) (result T, step int, hung bool) {
	tick := time.NewTicker(max(timeout/4, time.Millisecond))
	defer tick.Stop()
	last, since := w.calls.Load(), time.Now()
	for {
		select {
		case result = <-done:
			return result, 0, false
		case now := <-tick.C:
			switch n := w.calls.Load(); {
			case n != last || !w.inModel.Load():
				last, since = n, now
			case now.Sub(since) >= timeout:
				return result, w.step, true
			}
		}
	}
}

// indexSpelled finds the offered input that a script line means. Inputs
// are compared as they are spelled (asupersync's host timer turn and the
// kernel's advance are both written `advance N`, and the model offers the
// former); the offered inputs spell differently, so the input itself,
// when offered, is the one.
func indexSpelled[I model.Input](offered []I, in I) int {
	for i, o := range offered {
		if o == in {
			return i
		}
	}
	text := in.String()
	for i, o := range offered {
		if o.String() == text {
			return i
		}
	}
	return -1
}
