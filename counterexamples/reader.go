package counterexamples

import (
	"fmt"
	"strings"

	"github.com/cockroachdb/datadriven"
)

// A counterexample file is read by the same rules datadriven reads it by,
// but with every line's number kept, so that a malformed file is an error
// naming the line, for the command line as much as for go test.

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
}

// readDirectives splits a file into directives, and returns the comment
// lines before the first one. It follows datadriven's rules: # comments and
// blank lines between directives, a trailing backslash continues the
// directive line, the input runs to a ---- line, and the expected output
// to a blank line (or, after ----/----, to ----/----).
func readDirectives(path, text string) ([]directive, []sourceLine, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var ds []directive
	var comments []sourceLine
	for i := 0; i < len(lines); i++ {
		raw := strings.TrimSpace(lines[i])
		if raw == "" || strings.HasPrefix(raw, "#") {
			if len(ds) == 0 {
				comments = append(comments, sourceLine{i + 1, raw})
			}
			continue
		}
		d := directive{line: i + 1}
		for strings.HasSuffix(raw, `\`) {
			if i+1 == len(lines) {
				return nil, nil, fmt.Errorf("%s:%d: the directive continues past the end of the file (truncated?)", path, i+1)
			}
			i++
			raw = strings.TrimSuffix(raw, `\`) + " " + strings.TrimSpace(lines[i])
		}
		var err error
		if d.cmd, d.args, err = datadriven.ParseLine(raw); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %w", path, d.line, err)
		}
		for i++; i < len(lines) && lines[i] != "----"; i++ {
			if strings.TrimSpace(lines[i]) != "" {
				d.input = append(d.input, sourceLine{i + 1, lines[i]})
			}
		}
		if i == len(lines) {
			return nil, nil, fmt.Errorf("%s:%d: %s: no ---- line before the end of the file (truncated?)", path, len(lines), d.cmd)
		}
		d.expected, i = readExpected(lines, i+1)
		d.end = i + 1
		ds = append(ds, d)
	}
	return ds, comments, nil
}

// readExpected reads an expected output starting at line i (0-based) and
// returns it with the index of its last line.
func readExpected(lines []string, i int) (string, int) {
	var b strings.Builder
	if i < len(lines) && lines[i] == "----" {
		for i++; i < len(lines); i++ {
			if lines[i] == "----" && i+1 < len(lines) && lines[i+1] == "----" {
				return b.String(), i + 1
			}
			b.WriteString(lines[i] + "\n")
		}
		return b.String(), i - 1
	}
	for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
		b.WriteString(lines[i] + "\n")
	}
	return b.String(), i - 1
}
