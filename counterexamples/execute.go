package counterexamples

import (
	"context"
	"fmt"
	"strings"

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

func (e *StepError[I]) Error() string {
	names := make([]string, len(e.Offered))
	for i, in := range e.Offered {
		names[i] = in.String()
	}
	return fmt.Sprintf("%q: the model does not offer it here (it offers: %s)", e.Input.String(), strings.Join(names, "; "))
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
// before every step), and showing each step to see if it is not nil.
func (p *Pipeline[C, S, I]) execute(ctx context.Context, sc C, only []string, script []I, see observer[S, I]) (Outcome[S, I], error) {
	m, err := p.spec.New(sc, only)
	if err != nil {
		return Outcome[S, I]{}, err
	}
	var out Outcome[S, I]
	s := m.Init()
	if v := m.CheckInit(&s); v != 0 {
		out.Final = s
		out.Violation = &Violation{Invariant: p.invariant(v - 1), Index: v - 1}
		return out, nil
	}
	var buf []I
	var events []string
	for i, in := range script {
		if err := ctx.Err(); err != nil {
			out.Final = s
			return out, err
		}
		buf = m.Enabled(&s, buf[:0])
		j := indexSpelled(buf, in)
		if j < 0 {
			out.Final = s
			return out, &StepError[I]{Step: i, Input: in, Offered: append([]I(nil), buf...)}
		}
		in = buf[j]
		next := s
		v := m.Step(&s, in, &next)
		s = next
		out.Inputs = append(out.Inputs, in)
		if see != nil {
			events = m.Events(events[:0])
			see(in, events, &s)
		}
		if v != 0 {
			out.Final = s
			out.Violation = &Violation{Invariant: p.invariant(v - 1), Index: v - 1, Step: i + 1}
			return out, nil
		}
	}
	out.Final = s
	if len(m.Enabled(&s, buf[:0])) == 0 {
		if v := m.Stuck(&s); v != 0 {
			out.Violation = &Violation{Invariant: p.invariant(v - 1), Index: v - 1, Step: len(script), Stuck: true}
		}
	}
	return out, nil
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
