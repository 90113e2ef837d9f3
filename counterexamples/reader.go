package counterexamples

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/cockroachdb/datadriven"

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
	if err := linesDatadrivenReads(path, text); err != nil {
		return nil, nil, err
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	// A last line with a CR and no LF, as datadriven (go test) reads it:
	// the CR ends the line.
	text = strings.TrimSuffix(text, "\r")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var ds []directive
	var comments []sourceLine
	for i := 0; i < len(lines); i++ {
		raw := strings.TrimSpace(lines[i])
		if raw == "" || strings.HasPrefix(raw, "#") {
			if len(ds) == 0 && isHeader(raw) {
				comments = append(comments, sourceLine{i + 1, raw})
			}
			continue
		}
		d := directive{line: i + 1}
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
			if strings.TrimSpace(lines[i]) != "" {
				d.input = append(d.input, sourceLine{i + 1, lines[i]})
			}
		}
		if i == len(lines) {
			return nil, nil, fmt.Errorf("%s:%d: %s: no ---- line before the end of the file (truncated?)", path, len(lines), word(d.cmd))
		}
		d.expected, d.expectedLine, i = readExpected(lines, i+1)
		d.end = i + 1
		ds = append(ds, d)
	}
	return ds, comments, nil
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
// end included: go test reads a file through datadriven, whose
// bufio.Scanner stops at a longer line without an error, so go test would
// run the directives before it and pass, and go test -rewrite would cut
// the file there. A line explore writes is a few hundred bytes.
const MaxLineBytes = bufio.MaxScanTokenSize

// linesDatadrivenReads refuses a file with a line longer than
// MaxLineBytes, so that replay and go test read the same directives.
func linesDatadrivenReads(path, text string) error {
	for n, rest := 1, text; rest != ""; n++ {
		line, after, _ := strings.Cut(rest, "\n")
		if len(line)+1 > MaxLineBytes {
			return fmt.Errorf("%s:%d: a line of %d bytes: at most %d, its line end included (MaxLineBytes), since go test's datadriven reader stops reading the file at a longer one", path, n, len(line), MaxLineBytes)
		}
		rest = after
	}
	return nil
}

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
