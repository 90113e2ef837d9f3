package counterexamples

import (
	"context"
	"fmt"
	"strings"

	invariants "modelcheck/invariants/asupersync"
	model "modelcheck/model/asupersync"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// Violation is a broken invariant found by running a script.
type Violation struct {
	Invariant invariants.Invariant
	// Index is the invariant's position in invariants.All().
	Index int
	// Step is the number (1-based) of the step that broke it, or, for a
	// stuck state, the number of steps that reached it.
	Step int
	// Stuck is set when the script ends in a state with nothing enabled
	// that is not terminal.
	Stuck bool
}

// Outcome is what running a script did. It keeps no step's state or
// events, so its size does not grow with the script's length beyond the
// inputs; an observer passed to execute sees each step as it is run.
type Outcome struct {
	// Inputs are the inputs run, as the model offered them: every one of
	// the script's, or up to the violating one.
	Inputs []model.Input
	// Final is the state after the last step run.
	Final model.State
	// Violation is the first violation, nil if the script ran clean.
	Violation *Violation
}

// observer sees one step of a run: the input, the events it emitted and
// the state it left. It must not keep events or after.
type observer func(in model.Input, events []trace.Event, after *model.State)

// StepError is an input the model would not have given at that point of
// the script: one it does not offer there, or one the runtime refused.
type StepError struct {
	// Step is the input's index in the script (0-based).
	Step  int
	Input model.Input
	// Offered lists what the model offers there; Err is the runtime's
	// refusal.
	Offered []model.Input
	Err     error
}

func (e *StepError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%q: the runtime refused it: %v", e.Input, e.Err)
	}
	names := make([]string, len(e.Offered))
	for i, in := range e.Offered {
		names[i] = in.String()
	}
	return fmt.Sprintf("%q: the model does not offer it here (it offers: %s)", e.Input, strings.Join(names, "; "))
}

// Execute runs script from the scenario's initial state and checks every
// step with the invariants (all of them, or only the named ones), exactly
// as the explorer would: each input must be one the model offers in that
// state, the run stops at the first violated invariant, and a script that
// ends where nothing is enabled is checked for being stuck. An input the
// model would not have given is a *StepError: a script that only exists
// because someone edited it proves nothing about the runtime.
func Execute(sc model.Scenario, only []string, script []model.Input) (Outcome, error) {
	return execute(context.Background(), sc, only, script, nil)
}

// execute is Execute, stopping with ctx's error when ctx is done (it checks
// before every step), and showing each step to see if it is not nil.
func execute(ctx context.Context, sc model.Scenario, only []string, script []model.Input, see observer) (Outcome, error) {
	e, err := invariants.NewExplorable(sc, only)
	if err != nil {
		return Outcome{}, err
	}
	m := e.Model
	var out Outcome
	s := m.Init()
	var buf []model.Input
	var log trace.Log
	for i, in := range script {
		if err := ctx.Err(); err != nil {
			out.Final = s
			return out, err
		}
		buf = m.Enabled(&s, buf[:0])
		j := indexSpelled(buf, in)
		if j < 0 {
			out.Final = s
			return out, &StepError{Step: i, Input: in, Offered: append([]model.Input(nil), buf...)}
		}
		in = buf[j]
		before := s
		log.Reset()
		if err := m.Apply(&s, in, &log); err != nil {
			out.Final = s
			return out, &StepError{Step: i, Input: in, Err: err}
		}
		out.Inputs = append(out.Inputs, in)
		if see != nil {
			see(in, log.Events, &s)
		}
		if v := m.Checker.Check(&before, in, &s, log.Events); v != 0 {
			out.Final = s
			out.Violation = &Violation{Invariant: invariants.All()[v-1], Index: v - 1, Step: i + 1}
			return out, nil
		}
	}
	out.Final = s
	if len(m.Enabled(&s, buf[:0])) == 0 {
		if v := m.Stuck(&s); v != 0 {
			out.Violation = &Violation{Invariant: invariants.All()[v-1], Index: v - 1, Step: len(script), Stuck: true}
		}
	}
	return out, nil
}

// indexSpelled finds the offered input that a script line means. Inputs
// are compared as they are spelled: a host timer turn and the kernel's
// advance are both written `advance N`, and the model offers the former.
func indexSpelled(offered []model.Input, in model.Input) int {
	for i, o := range offered {
		if spelled(o) == spelled(in) {
			return i
		}
	}
	return -1
}

// spelled maps an input to the one its spelling parses back to.
func spelled(in model.Input) model.Input {
	if in.Host == pump.TimerTurn {
		in.Host = pump.NoHost
	}
	return in
}
