package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"modelcheck/models"
)

// catalogue is the --json output of list: every registered model, and the
// scenarios, invariants, faults and liveness properties of each, tagged
// with their model.
type catalogue struct {
	Models     []modelInfo    `json:"models"`
	Scenarios  []scenarioInfo `json:"scenarios"`
	Invariants []invInfo      `json:"invariants"`
	Faults     []faultInfo    `json:"faults"`
	Liveness   []invInfo      `json:"liveness"`
}

type modelInfo struct {
	Name    string `json:"name"`
	Doc     string `json:"doc"`
	Default bool   `json:"default"`
}

type scenarioInfo struct {
	Name  string `json:"name"`
	Doc   string `json:"doc"`
	Model string `json:"model"`
}

type invInfo struct {
	Name        string   `json:"name"`
	ContractIDs []string `json:"contract_ids"`
	Doc         string   `json:"doc"`
	Model       string   `json:"model"`
}

type faultInfo struct {
	Name     string   `json:"name"`
	Doc      string   `json:"doc"`
	Model    string   `json:"model"`
	Scenario string   `json:"scenario"`
	Trips    []string `json:"trips"`
}

func listCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the catalogue as one JSON object")
	only := fs.String("model", "", "list only this model (default: every model)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: modelcheck list [--json] [--model NAME]\n\nLists models, scenarios, invariants (with contract IDs), fault switches\n(with the invariants each must trip and the scenario that catches it) and\nliveness properties (explore --liveness).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if code, done := parse(fs, args, stdout, stderr); done {
		return code
	}
	if given(fs, "model") {
		if _, err := models.Lookup(*only); err != nil {
			return usageError(fs, fmt.Errorf("--model: %w", err), stderr)
		}
	}
	c := catalogue{Liveness: []invInfo{}}
	for i, m := range models.All() {
		if *only != "" && m.Name() != *only {
			continue
		}
		c.Models = append(c.Models, modelInfo{m.Name(), m.Doc(), i == 0})
		for _, sc := range m.Scenarios() {
			c.Scenarios = append(c.Scenarios, scenarioInfo{sc.Name, sc.Doc, m.Name()})
		}
		for _, inv := range m.Invariants() {
			c.Invariants = append(c.Invariants, invInfo{inv.Name, inv.ContractIDs, inv.Rule, m.Name()})
		}
		for _, f := range m.Faults() {
			c.Faults = append(c.Faults, faultInfo{f.Name, f.Doc, m.Name(), f.Scenario, f.Trips})
		}
		for _, l := range m.LivenessProperties() {
			c.Liveness = append(c.Liveness, invInfo{l.Name, l.ContractIDs, l.Rule, m.Name()})
		}
	}
	// Buffered, so that a write error is caught once, at the flush.
	out := bufio.NewWriter(stdout)
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		_ = enc.Encode(c) // a catalogue always encodes; write errors surface at the flush
	} else {
		writeCatalogue(out, &c)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "modelcheck list: writing the output: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// writeCatalogue prints the catalogue as text, model by model.
func writeCatalogue(stdout io.Writer, c *catalogue) {
	fmt.Fprintf(stdout, "models:\n")
	for _, m := range c.Models {
		def := ""
		if m.Default {
			def = " (default)"
		}
		fmt.Fprintf(stdout, "  %s%s: %s\n", m.Name, def, m.Doc)
	}
	for _, m := range c.Models {
		fmt.Fprintf(stdout, "\nscenarios of %s (--model %s --scenario NAME):\n", m.Name, m.Name)
		width := 0
		for _, s := range c.Scenarios {
			if s.Model == m.Name {
				width = max(width, len(s.Name))
			}
		}
		for _, s := range c.Scenarios {
			if s.Model == m.Name {
				fmt.Fprintf(stdout, "  %-*s %s\n", width, s.Name, s.Doc)
			}
		}
		// Names are padded to the longest of their list, so no name runs
		// into its text (wheel-browser-overflow did at a fixed width).
		width = 0
		for _, inv := range c.Invariants {
			if inv.Model == m.Name {
				width = max(width, len(inv.Name))
			}
		}
		fmt.Fprintf(stdout, "\ninvariants of %s:\n", m.Name)
		for _, inv := range c.Invariants {
			if inv.Model == m.Name {
				fmt.Fprintf(stdout, "  %-*s %s\n  %-*s [%s]\n", width, inv.Name, inv.Doc, width, "", strings.Join(inv.ContractIDs, ", "))
			}
		}
		width = 0
		for _, f := range c.Faults {
			if f.Model == m.Name {
				width = max(width, len(f.Name))
			}
		}
		fmt.Fprintf(stdout, "\nfaults of %s (modelcheck explore --model %s --fault NAME):\n", m.Name, m.Name)
		for _, f := range c.Faults {
			if f.Model == m.Name {
				fmt.Fprintf(stdout, "  %-*s trips %s (scenario %s)\n  %-*s %s\n", width, f.Name, strings.Join(f.Trips, ", "), f.Scenario, width, "", f.Doc)
			}
		}
		header := fmt.Sprintf("\nliveness properties of %s (modelcheck explore --model %s --liveness NAME):\n", m.Name, m.Name)
		for _, l := range c.Liveness {
			if l.Model == m.Name {
				fmt.Fprintf(stdout, "%s  %-30s %s\n  %-30s [%s]\n", header, l.Name, l.Doc, "", strings.Join(l.ContractIDs, ", "))
				header = ""
			}
		}
	}
}
