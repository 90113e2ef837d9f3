package main

import (
	"fmt"
	"io"
	"strings"

	"modelcheck/explore"
)

// writeCoverage prints --coverage: each label that counted something, with
// its count, then every label that counted nothing. The second list is the
// point: behaviour a scenario never reached within the bound is behaviour
// its clean result says nothing about.
func writeCoverage(w io.Writer, c *exploreConfig, r explore.Result[string]) {
	scope := fmt.Sprintf("within depth %d", c.depth)
	if c.depth == 0 {
		scope = "with no depth bound"
	}
	switch {
	case len(r.Violations) > 0:
		scope += ", up to the level of the first violation"
	case !r.Complete:
		scope += ", in the part explored before the stop"
	}
	if r.Coverage == nil {
		fmt.Fprintf(w, "\ncoverage: model %s counts nothing of its steps\n", c.model)
		return
	}
	fmt.Fprintf(w, "\ncoverage (%s): transitions that took each input kind, events of each kind\n", scope)
	width := 0
	for _, cv := range r.Coverage {
		width = max(width, len(cv.Label))
	}
	var never []string
	for _, cv := range r.Coverage {
		if cv.Count == 0 {
			never = append(never, cv.Label)
			continue
		}
		fmt.Fprintf(w, "  %-*s %12d\n", width, cv.Label, cv.Count)
	}
	if len(never) == 0 {
		fmt.Fprintf(w, "every input kind and event kind happened\n")
		return
	}
	fmt.Fprintf(w, "never happened (%d): %s\n", len(never), strings.Join(never, ", "))
}
