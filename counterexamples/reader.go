package counterexamples

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cockroachdb/datadriven"

	"modelcheck/internal/ddline"
	"modelcheck/internal/suggest"
)

// A counterexample file is read by the same rules datadriven reads it by,
// but with every line's number kept, so that a malformed file is an error
// naming the line, for the command line as much as for go test.

// MaxEchoBytes is the most bytes of a file's own text that an error message
// quotes (suggest.Quote cuts it there).
const MaxEchoBytes = suggest.MaxEcho

// sourceLine is a line of a file with its number (1-based).
type sourceLine struct {
	n    int
	text string
}

// directive is one datadriven directive: the command line, its input and
// its expected output, read as datadriven reads them.
type directive struct {
	line, end int // the directive's first line and its last
	cmd       string
	args      []datadriven.CmdArg
	input     []sourceLine
	expected  string
	// expectedLine is the line of the expected output's first line.
	expectedLine int
	// blank, when not 0, is the blank line just before the directive,
	// which ended the expected output of the directive at line blankEnds.
	// A blank line typed into an expected output ends it there, and the
	// rest of the output reads as a new directive: see mistaken.
	blank, blankEnds int
	// indented is set if the directive's line starts with a space or a
	// tab, as no directive's does and most output lines do.
	indented bool
}

// outputWords are the first words of the lines of an expected output that
// start at the left margin, and are not key=value lines: a verdict
// (format.go, lasso.go) or the state's heading.
var outputWords = []string{"violation", "no", "lasso", "state"}

// mistaken reports whether d is likely no directive at all but the rest
// of the expected output above it, cut off by a blank line: it follows
// the blank line that ended that output, and reads like output (indented,
// "> input", "r1: Open", key=value, a verdict or the state's heading).
func (d *directive) mistaken() bool {
	return d.blank != 0 && (d.indented || word(d.cmd) != d.cmd || slices.Contains(outputWords, d.cmd))
}

// blankHint is what an error about directive d adds when d is mistaken.
func (d *directive) blankHint() string {
	if !d.mistaken() {
		return ""
	}
	return fmt.Sprintf(" (line %d is blank, and a blank line ends the expected output of the directive at line %d: if line %d belongs to that output, remove the blank line)", d.blank, d.blankEnds, d.line)
}

// readDirectives splits a file into directives, and returns the header
// lines before the first one (see isHeader). It follows datadriven's rules: # comments and
// blank lines between directives, a trailing backslash continues the
// directive line, the input runs to a ---- line, and the expected output
// to a blank line (or, after ----/----, to ----/----). A file saved with
// CRLF line ends or a UTF-8 byte order mark reads as the same file
// without them, since editors add both unasked (and a CRLF file whose
// last line lost its LF as one whose last line has none). It takes time
// linear in the file's length, however its lines are continued.
func readDirectives(path, text string) ([]directive, []sourceLine, error) {
	text = strings.TrimPrefix(text, "\uFEFF")
	if err := ddline.Check(path, text); err != nil {
		return nil, nil, err
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	// A last line with a CR and no LF, as datadriven (go test) reads it:
	// the CR ends the line.
	text = strings.TrimSuffix(text, "\r")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var ds []directive
	var comments []sourceLine
	// blank is the blank line that ended the last directive's expected
	// output, if one did (see directive.blank).
	blank, blankEnds := 0, 0
	for i := 0; i < len(lines); i++ {
		raw := strings.TrimSpace(lines[i])
		if raw == "" || strings.HasPrefix(raw, "#") {
			if len(ds) == 0 && isHeader(raw) {
				comments = append(comments, sourceLine{i + 1, raw})
			}
			continue
		}
		d := directive{line: i + 1, indented: strings.TrimLeft(lines[i], " \t") != lines[i]}
		if blank != 0 && d.line == blank+1 {
			d.blank, d.blankEnds = blank, blankEnds
		}
		if strings.HasSuffix(raw, `\`) {
			// One builder for the whole directive: joining strings line by
			// line copies the directive each time, quadratic in its length.
			var b strings.Builder
			for strings.HasSuffix(raw, `\`) {
				if i+1 == len(lines) {
					return nil, nil, fmt.Errorf("%s:%d: the directive continues past the end of the file (truncated?)", path, i+1)
				}
				b.WriteString(strings.TrimSuffix(raw, `\`) + " ")
				i++
				raw = strings.TrimSpace(lines[i])
			}
			b.WriteString(raw)
			raw = b.String()
		}
		var err error
		if d.cmd, d.args, err = datadriven.ParseLine(raw); err != nil {
			// datadriven's message ends with the whole line, unquoted.
			msg, _, _ := strings.Cut(err.Error(), ": ")
			return nil, nil, fmt.Errorf("%s:%d: %s: %s (want NAME [key=value ...])", path, d.line, suggest.Quote(raw), msg)
		}
		for i++; i < len(lines) && lines[i] != "----"; i++ {
			if strings.TrimSpace(lines[i]) == "----" {
				// datadriven would read it as input, and go on to the
				// next ---- line.
				return nil, nil, fmt.Errorf("%s:%d: %s: the ---- line after %s must be exactly ----, with no space or tab around it", path, i+1, suggest.Quote(lines[i]), word(d.cmd))
			}
			if strings.TrimSpace(lines[i]) != "" {
				d.input = append(d.input, sourceLine{i + 1, lines[i]})
			}
		}
		if i == len(lines) {
			if d.mistaken() {
				return nil, nil, fmt.Errorf("%s:%d: a blank line in the expected output of the directive at line %d ends it there, so line %d (%s) was read as a directive, with no ---- line before the end of the file: remove the blank line", path, d.blank, d.blankEnds, d.line, suggest.Quote(strings.TrimSpace(lines[d.line-1])))
			}
			if at, ok := outputInInput(d.input); ok {
				return nil, nil, fmt.Errorf("%s:%d: %s: no ---- line before the end of the file, and this line of its input, %s, reads as expected output: is the ---- line before it missing?", path, at.n, word(d.cmd), suggest.Quote(at.text))
			}
			return nil, nil, fmt.Errorf("%s:%d: %s: no ---- line before the end of the file (truncated?)", path, len(lines), word(d.cmd))
		}
		double := i+1 < len(lines) && lines[i+1] == "----"
		d.expected, d.expectedLine, i = readExpected(lines, i+1)
		d.end = i + 1
		blank = 0
		if !double && i+1 < len(lines) && strings.TrimSpace(lines[i+1]) == "" {
			blank, blankEnds = i+2, d.line
		}
		ds = append(ds, d)
	}
	return ds, comments, nil
}

// outputInInput is the first line of a directive's input that reads as
// expected output, as no input line does: a step's "> input" heading, or
// an indented event or field. A file whose directive runs to its end with
// such a line in its input most likely lost the ---- line above it.
func outputInInput(input []sourceLine) (sourceLine, bool) {
	for _, l := range input {
		if strings.HasPrefix(l.text, "> ") || strings.TrimLeft(l.text, " \t") != l.text {
			return l, true
		}
	}
	return sourceLine{}, false
}

// isHeader reports whether a trimmed line is a header line that the
// pipeline reads back (headerKeys: "# model: ...", "# found by: ..."). Only
// those of a file's leading comments are kept: a file of 8 MiB holds
// millions of blank or comment lines, and keeping each cost 100 times the
// file's size in memory (800 MB) and seconds of copying.
func isHeader(raw string) bool {
	if !strings.HasPrefix(raw, "#") {
		return false
	}
	text := headerText(sourceLine{text: raw})
	for _, key := range headerKeys {
		if strings.HasPrefix(text, key) {
			return true
		}
	}
	return false
}

// MaxLineBytes is the longest line a counterexample file may hold, its line
// end included: go test reads a file through datadriven, which stops at a
// longer line (see ddline). A line explore writes is a few hundred bytes.
const MaxLineBytes = ddline.MaxBytes

// word is a directive's or key's name as an error message echoes it: as
// written if it looks like a name, quoted and cut otherwise.
func word(s string) string {
	if len(s) == 0 || len(s) > MaxEchoBytes {
		return suggest.Quote(s)
	}
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_' || r == '.') {
			return suggest.Quote(s)
		}
	}
	return s
}

// readExpected reads an expected output starting at line i (0-based) and
// returns it with the number of its first line and the index of its last.
func readExpected(lines []string, i int) (string, int, int) {
	var b strings.Builder
	if i < len(lines) && lines[i] == "----" {
		first := i + 2
		for i++; i < len(lines); i++ {
			if lines[i] == "----" && i+1 < len(lines) && lines[i+1] == "----" {
				return b.String(), first, i + 1
			}
			b.WriteString(lines[i] + "\n")
		}
		return b.String(), first, i - 1
	}
	first := i + 1
	for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
		b.WriteString(lines[i] + "\n")
	}
	return b.String(), first, i - 1
}
