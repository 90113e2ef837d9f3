package counterexamples

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/cockroachdb/datadriven"

	"modelcheck/explore"
	"modelcheck/model"
)

// System is a system's whole pipeline with its types hidden: what the
// command line holds for the model --model selects, and what the registry
// (package models) lists. A *Pipeline is one; New makes it.
type System interface {
	model.System
	// LivenessProperties lists the liveness properties the system's
	// checked models declare (model.Live), none if they declare none.
	LivenessProperties() []model.Liveness
	// Prepare builds the checked model of a named scenario with the named
	// fault switches on, checking only the named invariants (all if
	// none). An unknown scenario, fault or invariant is an error that
	// names the known ones.
	Prepare(scenario string, faults, only []string) (Prepared, error)
	// parse reads a counterexample file's bytes as one of this system's.
	parse(path string, data []byte) (Opened, error)
	// directives runs a file's datadriven directives (see RunFile).
	directives(path string) func(d *datadriven.TestData) (string, error)
}

// Prepared is a scenario ready to explore.
type Prepared interface {
	// Faults lists the fault switches on, in the system's fixed order.
	Faults() []string
	// Unchecked names the system's invariants this scenario leaves
	// unchecked (see model.Scoped), in check order.
	Unchecked() []string
	// Explore runs the explorer on it.
	Explore(ctx context.Context, opt explore.Options) (Explored, error)
	// FindLasso runs the explorer's lasso search (explore.FindLasso) for
	// the named liveness property.
	FindLasso(ctx context.Context, property string, opt explore.Options) (Lassoed, error)
}

// Explored is what an exploration found.
type Explored interface {
	// Result is the explorer's result, each path's inputs spelled.
	Result() explore.Result[string]
	// Trace replays violation i's path: each input with the events it
	// emitted, and a summary of the state it left, one fact a line.
	Trace(i int) (steps []Step, final string, err error)
	// HangTrace replays the path to the result's hang (Result().Hang,
	// which must be set) as Trace does a violation's: the state the call
	// that never returned was made on.
	HangTrace() (steps []Step, final string, err error)
	// Counterexample shrinks violation i and formats it as a
	// counterexample file, found as origin says.
	Counterexample(ctx context.Context, i int, origin Origin) (Shrunk, error)
}

// Shrunk is a counterexample shrunk and formatted as a file.
type Shrunk struct {
	// Name and Data are the file's name and bytes; Inputs is the length
	// of its script.
	Name   string
	Data   []byte
	Inputs int
	// Faults are the fault switches the shrunk case still turns on, and
	// Dropped those the case turned on that the violation turned out not
	// to need (the shrinker drops a fault as it drops a task). A case
	// found under a fault that keeps none is no finding of that fault:
	// the runtime as written breaks the invariant.
	Faults, Dropped []string
}

// Step is one input of a trace, spelled, with the events it emitted.
type Step struct {
	Input  string
	Events []string
}

// Opened is a counterexample file as read, of whichever system.
type Opened interface {
	// Inputs is the length of its script.
	Inputs() int
	// Lasso reports whether it is a lasso file, which Shrink refuses.
	Lasso() bool
	// Replay runs it again as File.Replay does, and returns the violation
	// it breaks (nil if none) and the first line of recorded output that
	// differs from what is printed now (nil if none).
	Replay(ctx context.Context, w io.Writer) (*Violation, *Mismatch, error)
	// Shrink runs it, shrinks it and formats the result, as
	// Counterexample does, for keeping at path out, whose folder and name
	// its header's lines then name ("": its own name, next to the file).
	Shrink(ctx context.Context, out string) (Shrunk, error)
}

// Open reads a counterexample file as one of the system its "model:"
// header line names, looked up with lookup; a file without the line is
// the default model's, which lookup("") returns.
func Open(path string, lookup func(name string) (System, error)) (Opened, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	name, line, ok := headerModel(leadingComments(string(data)))
	sys, err := lookup(name)
	switch {
	case err != nil && ok:
		return nil, fmt.Errorf("%s:%d: header: %w", path, line, err)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f, err := sys.parse(path, data)
	if err != nil && !ok {
		// A file of another model read as the default's fails on a key or
		// an input that model does not know, which does not say why.
		err = fmt.Errorf("%w (the file has no '# model:' header line, so it was read as model %s's: pass --model if it is another model's)", err, sys.Name())
	}
	return f, err
}

// Prepare builds the checked model of a named scenario (see System).
func (p *Pipeline[C, S, I]) Prepare(scenario string, faults, only []string) (Prepared, error) {
	sc, err := p.spec.Config(scenario)
	if err != nil {
		return nil, err
	}
	for _, f := range faults {
		if err := p.spec.WithFault(&sc, f); err != nil {
			return nil, err
		}
	}
	m, err := p.spec.New(sc, only)
	if err != nil {
		return nil, err
	}
	return &prepared[C, S, I]{p: p, base: scenario, sc: sc, only: p.checkOrder(only), m: m}, nil
}

// checkOrder is a list of invariant names without duplicates, in check
// order.
func (p *Pipeline[C, S, I]) checkOrder(names []string) []string {
	var out []string
	for _, inv := range p.spec.Invariants() {
		if slices.Contains(names, inv.Name) {
			out = append(out, inv.Name)
		}
	}
	return out
}

type prepared[C, S any, I model.Input] struct {
	p    *Pipeline[C, S, I]
	base string
	sc   C
	only []string
	m    model.Traced[S, I]
}

func (e *prepared[C, S, I]) Faults() []string { return e.p.spec.FaultsOn(&e.sc) }

func (e *prepared[C, S, I]) Unchecked() []string {
	if s, ok := e.m.(model.Scoped); ok {
		return e.p.checkOrder(s.Unchecked())
	}
	return nil
}

func (e *prepared[C, S, I]) Explore(ctx context.Context, opt explore.Options) (Explored, error) {
	r, err := explore.Run[S, I](ctx, e.m, opt)
	if err != nil {
		return nil, err
	}
	return &explored[C, S, I]{prepared: e, r: r}, nil
}

type explored[C, S any, I model.Input] struct {
	*prepared[C, S, I]
	r explore.Result[I]
}

func (e *explored[C, S, I]) Result() explore.Result[string] {
	r := explore.Result[string]{
		Stats: e.r.Stats, MaxDepthReached: e.r.MaxDepthReached, Complete: e.r.Complete,
		StoppedEarly: e.r.StoppedEarly, CollisionProbability: e.r.CollisionProbability,
		VisitedBytes: e.r.VisitedBytes, ProcessBytes: e.r.ProcessBytes, Coverage: e.r.Coverage,
	}
	for _, v := range e.r.Violations {
		r.Violations = append(r.Violations, explore.Violation[string]{
			Name: v.Name, Invariant: v.Invariant, Path: spellScript(v.Path), Depth: v.Depth, Stuck: v.Stuck})
	}
	r.Hang = spellHang(e.r.Hang)
	return r
}

// spellHang is h with its inputs spelled, nil for nil.
func spellHang[I model.Input](h *explore.Hang[I]) *explore.Hang[string] {
	if h == nil {
		return nil
	}
	out := &explore.Hang[string]{Path: spellScript(h.Path), Call: h.Call, After: h.After}
	if h.Call == "Step" {
		out.Input = h.Input.String()
	}
	return out
}

func (e *explored[C, S, I]) Trace(i int) ([]Step, string, error) {
	return e.trace(e.r.Violations[i].Path)
}

func (e *explored[C, S, I]) HangTrace() ([]Step, string, error) {
	return e.trace(e.r.Hang.Path)
}

// trace replays path, each input with the events it emitted, and
// summarises the state it leaves.
func (e *prepared[C, S, I]) trace(path []I) ([]Step, string, error) {
	var steps []Step
	o, err := e.p.execute(context.Background(), e.sc, e.only, path, func(in I, events []string, _ *S) {
		steps = append(steps, Step{Input: in.String(), Events: slices.Clone(events)})
	})
	if err != nil {
		return steps, "", err
	}
	return steps, e.p.spec.Summary(&o.Final), nil
}

func (e *explored[C, S, I]) Counterexample(ctx context.Context, i int, origin Origin) (Shrunk, error) {
	v := e.r.Violations[i]
	origin.Length = len(v.Path)
	return e.p.shrinkAndFormat(ctx, Case[C, I]{Origin: origin, Base: e.base, Scenario: e.sc, Only: e.only, Script: v.Path})
}

// shrinkAndFormat shrinks a case and formats the result.
func (p *Pipeline[C, S, I]) shrinkAndFormat(ctx context.Context, c Case[C, I]) (Shrunk, error) {
	shrunk, err := p.Shrink(ctx, c)
	if err != nil {
		return Shrunk{}, err
	}
	name, data, err := p.Format(shrunk)
	if err != nil {
		return Shrunk{}, err
	}
	out := Shrunk{Name: name, Data: data, Inputs: len(shrunk.Script), Faults: p.spec.FaultsOn(&shrunk.Scenario)}
	for _, f := range p.spec.FaultsOn(&c.Scenario) {
		if !slices.Contains(out.Faults, f) {
			out.Dropped = append(out.Dropped, f)
		}
	}
	return out, nil
}

func (p *Pipeline[C, S, I]) parse(path string, data []byte) (Opened, error) {
	f, err := p.Parse(path, data)
	if err != nil {
		return nil, err
	}
	return opened[C, S, I]{f}, nil
}

type opened[C, S any, I model.Input] struct{ f *File[C, S, I] }

func (o opened[C, S, I]) Inputs() int {
	if l := o.f.Case.Loop; l != nil {
		return len(o.f.Case.Script) + len(l.Script)
	}
	return len(o.f.Case.Script)
}

func (o opened[C, S, I]) Lasso() bool { return o.f.Case.Loop != nil }

func (o opened[C, S, I]) Replay(ctx context.Context, w io.Writer) (*Violation, *Mismatch, error) {
	r, err := o.f.Replay(ctx, w)
	return r.Outcome.Violation, r.Mismatch, err
}

func (o opened[C, S, I]) Shrink(ctx context.Context, out string) (Shrunk, error) {
	if _, err := o.f.Run(); err != nil {
		return Shrunk{}, err
	}
	c := o.f.Case
	if out != "" {
		c.Origin.Dir, c.Origin.Name = filepath.Dir(out), filepath.Base(out)
	}
	shrunk, err := o.f.p.shrinkAndFormat(ctx, c)
	if err != nil {
		err = fmt.Errorf("%s: %w", o.f.Path, err)
	}
	return shrunk, err
}
