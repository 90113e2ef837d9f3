package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestBadValuesNameTheFlag: each value mutate cannot run with, and a
// stray argument, is exit 2 before anything runs, with a message that
// names the flag (or the argument), the value and what is wanted.
func TestBadValuesNameTheFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "-1"}, "mutate: -n -1: need 0 (every mutant that compiles) or more\n"},
		{[]string{"-j", "0"}, "mutate: -j 0: need at least 1\n"},
		{[]string{"-states", "-5"}, "mutate: -states -5: need at least 1\n"},
		{[]string{"-depth", "-1"}, "mutate: -depth -1: need at least 1\n"},
		{[]string{"-timeout", "-1s"}, "mutate: -timeout -1s: need more than 0\n"},
		{[]string{"-max-memory", "0", "-list"}, "mutate: -max-memory 0: need at least 64 (MiB)\n"},
		{[]string{"-max-memory", "63", "-checks"}, "mutate: -max-memory 63: need at least 64 (MiB)\n"},
		// Numbers are decimal: Go's own flags read 010 as 8 and 0x10 as 16.
		{[]string{"-seed", "0x10"}, `mutate: invalid value "0x10" for flag -seed: not a decimal whole number`},
		{[]string{"-seed", "-1"}, `mutate: invalid value "-1" for flag -seed: negative`},
		{[]string{"-n", "1_0"}, `mutate: invalid value "1_0" for flag -n: not a decimal whole number`},
		{[]string{"extra-arg"}, `mutate: unexpected argument "extra-arg": `},
		{[]string{"-n", "3", "stray", "-v"}, `mutate: unexpected argument "stray": `},
		{[]string{"-bogus"}, "mutate: flag provided but not defined: -bogus\nUsage: mutate [flags]"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != 2 || !strings.HasPrefix(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want 2 and %q", tc.args, code, stderr.String(), stdout.String(), tc.want)
		}
	}
}

// TestHelpStatesTheMemoryFloor: -h says how low -max-memory may go.
func TestHelpStatesTheMemoryFloor(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &stdout, &stderr); code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	if !strings.Contains(stderr.String(), "in MiB, at least 64") {
		t.Errorf("-h does not give -max-memory's minimum:\n%s", stderr.String())
	}
}

// TestListChecksScenarios: -list refuses an unknown -scenarios name as a
// run does (exit 2, naming it, nothing listed), and lists with known ones.
func TestListChecksScenarios(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modelcheck")
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-scenarios", "default,nope", "-list"}, &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), `-scenarios: unknown scenario "nope"`) || stdout.Len() != 0 {
		t.Errorf("-scenarios default,nope -list: exit %d, stderr %q, stdout %q; want 2, the name refused and nothing listed", code, stderr.String(), stdout.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"-scenarios", "default", "-list", "-n", "2"}, &stdout, &stderr); code != 0 ||
		strings.Count(stdout.String(), "\n") != 2 {
		t.Errorf("-scenarios default -list -n 2: exit %d, stdout %q, stderr %q; want 0 and two mutants", code, stdout.String(), stderr.String())
	}
}
