package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	invariants "modelcheck/invariants/asupersync"
	model "modelcheck/model/asupersync"
)

// catalogue is the --json output of list.
type catalogue struct {
	Models     []string       `json:"models"`
	Scenarios  []scenarioInfo `json:"scenarios"`
	Invariants []invInfo      `json:"invariants"`
	Faults     []faultInfo    `json:"faults"`
}

type scenarioInfo struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
}

type invInfo struct {
	Name        string   `json:"name"`
	ContractIDs []string `json:"contract_ids"`
	Doc         string   `json:"doc"`
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
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: modelcheck list [--json]\n\nLists models, scenarios, invariants (with contract IDs) and fault switches\n(with the invariants each must trip and the scenario that catches it).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if code, done := parse(fs, args, stdout, stderr); done {
		return code
	}
	c := catalogue{Models: []string{model.Name}}
	for _, sc := range model.Scenarios() {
		c.Scenarios = append(c.Scenarios, scenarioInfo{sc.Name, sc.Doc})
	}
	for _, inv := range invariants.All() {
		c.Invariants = append(c.Invariants, invInfo{inv.Name, inv.ContractIDs, inv.Doc})
	}
	for _, fc := range invariants.Faults() {
		c.Faults = append(c.Faults, faultInfo{fc.Fault.Name(), fc.Fault.Doc(), model.Name, fc.Scenario, fc.Trips})
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

// writeCatalogue prints the catalogue as text.
func writeCatalogue(stdout io.Writer, c *catalogue) {
	fmt.Fprintf(stdout, "models:\n  %s (default)\n\nscenarios:\n", model.Name)
	for _, s := range c.Scenarios {
		fmt.Fprintf(stdout, "  %-14s %s\n", s.Name, s.Doc)
	}
	fmt.Fprintf(stdout, "\ninvariants:\n")
	for _, inv := range c.Invariants {
		fmt.Fprintf(stdout, "  %-30s %s\n  %-30s [%s]\n", inv.Name, inv.Doc, "", strings.Join(inv.ContractIDs, ", "))
	}
	fmt.Fprintf(stdout, "\nfaults (modelcheck explore --fault NAME):\n")
	for _, f := range c.Faults {
		fmt.Fprintf(stdout, "  %-28s trips %s (scenario %s)\n  %-28s %s\n", f.Name, strings.Join(f.Trips, ", "), f.Scenario, "", f.Doc)
	}
}
