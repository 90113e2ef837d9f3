// Package suggest words the error for a name that is not one of the known
// ones: a model, scenario, fault, invariant or liveness property given on
// the command line or in a counterexample file.
//
// A short list of known names is given whole. A long one (asupersync has
// about 250 fault switches and 200 invariants) is not: one line of a few
// thousand characters buries the answer, which is usually a near miss of
// one name. Then the error offers the nearest names, if any are near, and
// says where the whole list is.
package suggest

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// listAll is the most known names an error lists whole.
const listAll = 16

// maxSuggestions is the most near names a long list's error offers.
const maxSuggestions = 3

// maxCompared is the longest name nearest compares by edits: no known name
// is half as long, and a name read from a file may be any length, while
// the comparison costs its length times each known name's.
const maxCompared = 128

// MaxEcho is the most bytes of a name or a line read from a file that an
// error message quotes: enough to recognise any name or line the formats
// allow, little enough that a corrupt file's 50 MB line does not become a
// 50 MB message.
const MaxEcho = 80

// Quote is s as an error message echoes it: quoted with %q, so control
// characters never reach a terminal, and cut to MaxEcho bytes with its
// full length said.
func Quote(s string) string {
	if len(s) <= MaxEcho {
		return fmt.Sprintf("%q", s)
	}
	cut := MaxEcho
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q... (%d bytes)", s[:cut], len(s))
}

// Unknown is the error for name, a what ("fault", "vm invariant") that is
// not among known. The name is echoed with Quote: it may come from a file
// (a counterexample's '# model:' header line, say) of any length.
func Unknown(what, name string, known []string) error {
	return UnknownOf("", what, name, known)
}

// UnknownOf is Unknown for a name of model's (a vm fault, say; "" for the
// default model's): the whole list is then in 'modelcheck list --model
// MODEL', which the error names, since plain 'modelcheck list' prints
// every model's and the list it means is hard to find among them.
func UnknownOf(model, what, name string, known []string) error {
	if model != "" {
		what = model + " " + what
	}
	if len(known) <= listAll {
		return fmt.Errorf("unknown %s %s (known: %s)", what, Quote(name), strings.Join(known, ", "))
	}
	list := "modelcheck list"
	if model != "" {
		list += " --model " + model
	}
	all := fmt.Sprintf("'%s' names all %d", list, len(known))
	near := nearest(name, known)
	if len(near) == 0 {
		return fmt.Errorf("unknown %s %s (%s)", what, Quote(name), all)
	}
	quoted := make([]string, len(near))
	for i, n := range near {
		quoted[i] = fmt.Sprintf("%q", n)
	}
	return fmt.Errorf("unknown %s %s (did you mean %s? %s)", what, Quote(name), strings.Join(quoted, " or "), all)
}

// nearest returns up to maxSuggestions of known that name is a likely slip
// for, nearest first (ties in known's order): those within a few edits of
// it (a typo, a missing hyphen) and those that contain it or that it
// contains (a word of the name, or the name with a word too many).
func nearest(name string, known []string) []string {
	if len(name) > maxCompared {
		return nil
	}
	type scored struct {
		name  string
		edits int
		at    int
	}
	var near []scored
	for i, k := range known {
		d := edits(name, k)
		within := d <= max(2, len(name)/4)
		contained := len(name) >= 3 && (strings.Contains(k, name) || strings.Contains(name, k))
		if within || contained {
			near = append(near, scored{k, d, i})
		}
	}
	slices.SortFunc(near, func(a, b scored) int {
		if a.edits != b.edits {
			return a.edits - b.edits
		}
		return a.at - b.at
	})
	out := make([]string, 0, maxSuggestions)
	for _, s := range near[:min(len(near), maxSuggestions)] {
		out = append(out, s.name)
	}
	return out
}

// edits is the Levenshtein distance between a and b, byte-wise (names are
// ASCII): the fewest insertions, deletions and substitutions from a to b.
func edits(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
