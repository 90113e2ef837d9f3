package main

import (
	"path/filepath"
	"strings"

	"modelcheck/counterexamples"
)

// The -states budget picks each scenario's depth by size alone, but a bug
// may need more inputs to show than that depth allows: the cascade wakes
// of contract 004 take 11 or 12 in chan-cascade and chan-drop, whose
// budget stops at 9, so session 27's samples counted such mutants as
// survivors. The committed counterexamples record how deep the known bugs
// of each scenario were found (a breadth-first search finds each at its
// shortest), so each scenario is explored at least that deep, up to
// -depth.

// foundDepths returns, per scenario, the deepest a committed
// counterexample in dir was found at by a breadth-first explore of it:
// the length of its script as found. Scenarios are named as mutate names
// them (model/scenario for a model other than defaultModel). Files found
// otherwise (a lasso's --liveness search, a --dfs run, --walks, a
// script written by hand) say nothing about a depth and are skipped; a
// file whose header cannot be read is an error, as it is for the
// regression tests.
func foundDepths(dir, defaultModel string) (map[string]int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	depths := map[string]int{}
	for _, f := range files {
		o, err := counterexamples.ReadOrigin(f)
		if err != nil {
			return nil, err
		}
		name, ok := exploredScenario(o.Command, defaultModel)
		if ok && o.Length > depths[name] {
			depths[name] = o.Length
		}
	}
	return depths, nil
}

// exploredScenario is the scenario a found-by command explored breadth
// first, if it is one: `modelcheck explore` without --liveness, --dfs or
// --walks (a walk's depth is its length, far past what BFS can reach).
func exploredScenario(command, defaultModel string) (string, bool) {
	args := strings.Fields(command)
	if len(args) < 2 || args[0] != "modelcheck" || args[1] != "explore" {
		return "", false
	}
	model, scenario := defaultModel, "default"
	for i := 2; i < len(args); i++ {
		flag, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !hasValue && i+1 < len(args) {
			value = args[i+1]
		}
		switch flag {
		case "liveness", "walks":
			return "", false
		case "dfs":
			if !hasValue || value == "true" {
				return "", false
			}
		case "model":
			model = value
		case "scenario":
			scenario = value
		}
	}
	if model != defaultModel {
		return model + "/" + scenario, true
	}
	return scenario, true
}
