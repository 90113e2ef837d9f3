// Package shellword spells an argument so that a POSIX shell reads it
// back as one word, unchanged. The commands modelcheck prints for a
// reader to paste (a counterexample's replay and test lines, replay's
// hints) name paths the user chose, and a path with a space or a quote
// must still paste as one argument.
package shellword

import "strings"

// Quote returns s as it is when every byte is one a shell passes through
// literally, so that the usual paths and names print as they always
// have, and otherwise in single quotes, each ' in s written '\”.
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, needsQuotes) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// needsQuotes reports whether r is outside the characters no shell
// treats specially anywhere in a word.
func needsQuotes(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return false
	}
	return !strings.ContainsRune("-_./:,+@%=", r)
}
