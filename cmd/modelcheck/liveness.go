package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"modelcheck/counterexamples"
	"modelcheck/explore"
	"modelcheck/internal/suggest"
)

// knownLiveness checks a --liveness name against the properties sys
// declares, as --fault and --invariant names are checked: echoed cut, with
// the known names or the near ones.
func knownLiveness(sys counterexamples.System, name string) error {
	props := sys.LivenessProperties()
	if len(props) == 0 {
		return fmt.Errorf("--liveness %s: model %s declares no liveness properties", suggest.Quote(name), sys.Name())
	}
	names := make([]string, len(props))
	for i, p := range props {
		if p.Name == name {
			return nil
		}
		names[i] = p.Name
	}
	return fmt.Errorf("--liveness: %w", suggest.Unknown("liveness property", name, names))
}

// livenessRun is explore --liveness NAME: the lasso search for the named
// liveness property (explore.FindLasso) instead of the invariant check.
// It exits 1 when a lasso is found, writing it to --out as a lasso file;
// 0 when the graph within the depth holds none; 2 for a property the
// model does not declare, or a model that declares none; 3 when a limit
// or a signal stopped the search (a partial graph is not searched).
func livenessRun(ctx context.Context, c *exploreConfig, sys counterexamples.System, prep counterexamples.Prepared, opt explore.Options, stdout, stderr io.Writer) int {
	if c.dfs {
		fmt.Fprintf(stderr, "modelcheck explore: --liveness builds the graph breadth first; drop --dfs\n")
		return exitUsage
	}
	if err := knownLiveness(sys, c.liveness); err != nil {
		fmt.Fprintf(stderr, "modelcheck explore: %v\n", err)
		return exitUsage
	}
	found, err := prep.FindLasso(ctx, c.liveness, opt)
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck explore: --liveness %s: %v\n", suggest.Quote(c.liveness), err)
		return exitUsage
	}
	r := found.Result()
	if r.Lasso != nil || r.Hang != nil {
		earn(ctx, exitViolation)
	}
	noteHang(stderr, r.Hang)
	var file written
	if r.Lasso != nil && c.out != "" {
		file = writeLasso(c, sys, prep.Faults(), found)
		if file.err != nil {
			fmt.Fprintf(stderr, "modelcheck explore: %v\n", file.err)
		}
	}
	out := bufio.NewWriter(stdout)
	if c.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		err = enc.Encode(newLassoReport(c, sys, prep.Faults(), r, file))
	} else {
		err = writeLassoText(out, c, sys, prep.Faults(), found, file)
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing the result: %w", ferr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "modelcheck explore: %v\n", err)
	}
	switch {
	case r.Lasso != nil || r.Hang != nil:
		return exitViolation
	case err != nil:
		return exitUsage
	case !r.Complete:
		return exitStopped
	}
	return exitOK
}

// writeLasso writes the lasso as a lasso file in c.out; a file that
// records the same lasso already is kept (counterexamples.WriteFound).
func writeLasso(c *exploreConfig, sys counterexamples.System, faults []string, found counterexamples.Lassoed) written {
	origin := counterexamples.Origin{Command: exploreCommand(c, sys, faults) + " --liveness " + c.liveness, Dir: c.out}
	name, data, err := found.Counterexample(origin)
	if err != nil {
		return written{err: fmt.Errorf("writing the lasso: %w", err)}
	}
	l := found.Result().Lasso
	w := written{path: filepath.Join(c.out, name), inputs: len(l.Prefix) + len(l.Loop)}
	if w.what, err = counterexamples.WriteFound(w.path, data); err != nil {
		return written{err: err}
	}
	return w
}

// livenessProperty is the contract IDs and rule of the declared liveness
// property of that name.
func livenessProperty(sys counterexamples.System, name string) (contract []string, rule string) {
	for _, p := range sys.LivenessProperties() {
		if p.Name == name {
			return p.ContractIDs, p.Rule
		}
	}
	return nil, ""
}

func writeLassoText(w io.Writer, c *exploreConfig, sys counterexamples.System, faultsOn []string, found counterexamples.Lassoed, file written) error {
	r := found.Result()
	faults := strings.Join(faultsOn, ",")
	if faults == "" {
		faults = "none"
	}
	fmt.Fprintf(w, "modelcheck explore: model %s, scenario %s, depth %d, liveness %s, workers %d, faults %s\n",
		c.model, c.scenario, c.depth, c.liveness, c.workers, faults)
	fmt.Fprintf(w, "built the graph of %d distinct states and %d transitions (%d generated), max depth %d, in %.2fs (%.0f states/s)\n",
		r.Distinct, r.Edges, r.Generated, r.MaxDepthReached, r.Elapsed.Seconds(), r.StatesPerSecond)
	l := r.Lasso
	switch {
	case r.Hang != nil:
		return writeHang(w, r.Hang, found.HangTrace)
	case l != nil:
	case !r.Complete:
		fmt.Fprintf(w, "STOPPED EARLY (%s): the graph is incomplete, and a partial graph is not searched for lassos\n", r.StoppedEarly)
		return nil
	default:
		fmt.Fprintf(w, "OK: no lasso of %s %s\n", c.liveness, searched(c.depth, r.MaxDepthReached))
		return nil
	}
	contract, rule := livenessProperty(sys, l.Property)
	fmt.Fprintf(w, "\nLASSO %s: %s waits forever (%s to the loop, %d in it)\n  contract: %s\n  rule: %s\n",
		l.Property, l.SubjectName, inputs(len(l.Prefix)), len(l.Loop), strings.Join(contract, ", "), rule)
	fmt.Fprintf(w, "  prefix: %s\n  loop: %s\n", strings.Join(l.Prefix, "; "), strings.Join(l.Loop, "; "))
	switch {
	case file.err != nil:
		fmt.Fprintf(w, "  file: none written: %v\n", file.err)
	case file.path != "":
		fmt.Fprintf(w, "  file: %s (%s)\n", file.path, file.what)
	}
	return nil
}

// inputs is n inputs, spelled.
func inputs(n int) string {
	if n == 1 {
		return "1 input"
	}
	return fmt.Sprintf("%d inputs", n)
}

// lassoReport is the --json output of explore --liveness.
type lassoReport struct {
	Model           string     `json:"model"`
	Scenario        string     `json:"scenario"`
	Depth           int        `json:"depth"`
	Workers         int        `json:"workers"`
	Liveness        string     `json:"liveness"`
	Faults          []string   `json:"faults"`
	DistinctStates  int64      `json:"distinct_states"`
	GeneratedStates int64      `json:"generated_states"`
	Transitions     int64      `json:"transitions"`
	MaxDepthReached int        `json:"max_depth_reached"`
	Complete        bool       `json:"complete"`
	StoppedEarly    string     `json:"stopped_early,omitempty"`
	ElapsedSeconds  float64    `json:"elapsed_seconds"`
	StatesPerSecond float64    `json:"states_per_second"`
	Lasso           *lassoJSON `json:"lasso"`
	// Hang is there when a step had not returned after --step-timeout.
	Hang *hang `json:"hang,omitempty"`
}

type lassoJSON struct {
	Property    string   `json:"property"`
	ContractIDs []string `json:"contract_ids"`
	Subject     int      `json:"subject"`
	SubjectName string   `json:"subject_name"`
	Prefix      []string `json:"prefix"`
	Loop        []string `json:"loop"`
	File        string   `json:"file"`
	FileError   string   `json:"file_error,omitempty"`
}

func newLassoReport(c *exploreConfig, sys counterexamples.System, faults []string, r explore.LassoResult[string], file written) lassoReport {
	rep := lassoReport{
		Model: c.model, Scenario: c.scenario, Depth: c.depth, Workers: c.workers, Liveness: c.liveness,
		Faults: append([]string{}, faults...), DistinctStates: r.Distinct, GeneratedStates: r.Generated, Transitions: r.Edges,
		MaxDepthReached: r.MaxDepthReached, Complete: r.Complete, ElapsedSeconds: r.Elapsed.Seconds(), StatesPerSecond: r.StatesPerSecond,
	}
	if !r.Complete {
		rep.StoppedEarly = r.StoppedEarly.String()
	}
	rep.Hang = hangJSON(r.Hang)
	if l := r.Lasso; l != nil {
		contract, _ := livenessProperty(sys, l.Property)
		rep.Lasso = &lassoJSON{Property: l.Property, ContractIDs: contract, Subject: l.Subject, SubjectName: l.SubjectName,
			Prefix: append([]string{}, l.Prefix...), Loop: append([]string{}, l.Loop...), File: file.path}
		if file.err != nil {
			rep.Lasso.FileError = file.err.Error()
		}
	}
	return rep
}
