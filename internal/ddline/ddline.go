// Package ddline bounds the lines of a datadriven file as datadriven reads
// them. Its reader is a bufio.Scanner, which stops at a line longer than
// its buffer without an error: go test would run the directives before
// that line and pass, and go test -rewrite would cut the file there. So
// each reader of such a file (counterexamples, conformance fixtures)
// refuses a longer line first, with one message.
package ddline

import (
	"bufio"
	"fmt"
	"strings"
)

// MaxBytes is the longest line datadriven reads whole, its line end
// included.
const MaxBytes = bufio.MaxScanTokenSize

// Check refuses text, the contents of path, if a line of it is longer
// than MaxBytes. A last line with no LF is held to a line end all the
// same: the scanner stops at a full buffer before it sees the end of the
// file.
func Check(path, text string) error {
	for n, rest := 1, text; rest != ""; n++ {
		line, after, ended := strings.Cut(rest, "\n")
		if len(line)+1 > MaxBytes {
			return long(path, n, len(line), ended)
		}
		rest = after
	}
	return nil
}

// long is the error for line n of path, of size bytes before its LF (the
// CR of a CRLF end among them), whose LF was there (ended) or not. It
// counts the line end, as MaxBytes does: "a line of 65536 bytes: at most
// 65536" would read as within the bound.
func long(path string, n, size int, ended bool) error {
	if !ended {
		return fmt.Errorf("%s:%d: a last line of %d bytes with no line end: at most %d (%d, counting a line end), since go test's datadriven reader stops reading the file at a longer one", path, n, size, MaxBytes-1, MaxBytes)
	}
	return fmt.Errorf("%s:%d: a line of %d bytes with its line end: at most %d, since go test's datadriven reader stops reading the file at a longer one", path, n, size+1, MaxBytes)
}
