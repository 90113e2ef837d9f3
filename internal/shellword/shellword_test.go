package shellword

import (
	"os/exec"
	"testing"
)

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"testdata/counterexamples/lane-law-0a1b.txt": "testdata/counterexamples/lane-law-0a1b.txt",
		"":                  "''",
		"my file.txt":       "'my file.txt'",
		"it's.txt":          `'it'\''s.txt'`,
		"TestRegression/x$": "'TestRegression/x$'",
		"a*b":               "'a*b'",
		"~/x":               "'~/x'",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestShellReadsOneWord hands quoted words to a real shell and checks
// that each comes back as one argument, byte for byte.
func TestShellReadsOneWord(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on this machine")
	}
	for _, in := range []string{"plain", "two words", "it's", `back\slash`, `"dq"`, "$HOME", "`x`", "a;b", "*", "tab\there", "new\nline", "-"} {
		out, err := exec.Command(sh, "-c", `printf %s `+Quote(in)).Output()
		if err != nil {
			t.Fatalf("sh on %q: %v", in, err)
		}
		if string(out) != in {
			t.Errorf("sh read %s as %q, want %q", Quote(in), out, in)
		}
	}
}
