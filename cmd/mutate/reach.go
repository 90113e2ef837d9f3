package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// A mutant that changes no count may still be behaviour no check sees: the
// trace, and the fields the canonical encoding leaves out, change no count
// either (session 9 found three such survivors reached at depth 2 of the
// default scenario). Whether the unmutated explorer ever runs the
// mutant's code tells the two apart: code the scenarios never reach
// cannot be judged by them, code they run through and whose change they
// do not see deserves a look. reach records that from a coverage build
// of the unmutated tree, run on every scenario at its depth.

// block is a coverage block: a span of source and whether it ran.
type block struct {
	startLine, startCol, endLine, endCol int
	ran                                  bool
}

// reach maps a file (relative to the module root, slash-separated) to its
// blocks. A nil reach knows nothing.
type reach map[string][]block

// Reached reports whether the block holding m's edit ran (a profile's
// blocks do not overlap), and whether the coverage knows the spot at all.
func (rc reach) Reached(m Mutant) (ran, known bool) {
	for _, b := range rc[m.File] {
		if b.contains(m.Line, m.Col) {
			return b.ran, true
		}
	}
	return false, false
}

func (b block) contains(line, col int) bool {
	after := line > b.startLine || line == b.startLine && col >= b.startCol
	before := line < b.endLine || line == b.endLine && col <= b.endCol
	return after && before
}

// parseCoverage reads `go tool covdata textfmt` output; module is the
// module path, which the profile's file names begin with.
func parseCoverage(r io.Reader, module string) (reach, error) {
	rc := reach{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 && strings.HasPrefix(line, "mode:") {
			continue
		}
		// file:startLine.startCol,endLine.endCol statements count
		loc, rest, ok := strings.Cut(line, ":")
		fields := strings.Fields(rest)
		if !ok || len(fields) != 3 {
			return nil, fmt.Errorf("coverage line %d: %q is not file:span statements count", n, line)
		}
		var b block
		if _, err := fmt.Sscanf(fields[0], "%d.%d,%d.%d", &b.startLine, &b.startCol, &b.endLine, &b.endCol); err != nil {
			return nil, fmt.Errorf("coverage line %d: span %q: %v", n, fields[0], err)
		}
		_, errStatements := strconv.Atoi(fields[1])
		count, err := strconv.Atoi(fields[2])
		if errStatements != nil || err != nil {
			return nil, fmt.Errorf("coverage line %d: %q: statements and count must be numbers", n, line)
		}
		b.ran = count > 0
		file, ok := strings.CutPrefix(loc, module+"/")
		if !ok {
			continue
		}
		rc[file] = append(rc[file], b)
	}
	return rc, sc.Err()
}

// measureReach builds modelcheck with coverage, explores every scenario
// at its depth with it, and reads which runtime code ran.
func (r *runner) measureReach(ctx context.Context) (reach, error) {
	bin := filepath.Join(r.work, "modelcheck-cover")
	if out, err := r.goCmd(ctx, "build", "-cover", "-o", bin, "./cmd/modelcheck").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build -cover: %v\n%s", err, out)
	}
	dir := filepath.Join(r.work, "cover")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for _, sc := range r.scenarios {
		if err := r.exploreCovered(ctx, bin, dir, sc); err != nil {
			return nil, err
		}
	}
	profile := filepath.Join(r.work, "cover.txt")
	if out, err := r.goCmd(ctx, "tool", "covdata", "textfmt", "-i", dir, "-o", profile).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go tool covdata: %v\n%s", err, out)
	}
	module, err := modulePath(r.root)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(profile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseCoverage(f, module)
}

// exploreCovered runs one scenario with the coverage build, writing its
// counters to dir.
func (r *runner) exploreCovered(ctx context.Context, bin, dir string, sc scenario) error {
	args := []string{"explore", "--scenario", sc.Name, "--depth", strconv.Itoa(sc.Depth), "--out", "", "--workers", "1"}
	if model, name, ok := strings.Cut(sc.Name, "/"); ok {
		args = []string{"explore", "--model", model, "--scenario", name, "--depth", strconv.Itoa(sc.Depth), "--out", "", "--workers", "1"}
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "GOCOVERDIR="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("coverage run of %s: %v\n%s", sc.Name, err, abbrev(string(out)))
	}
	return nil
}

// modulePath is go.mod's module line.
func modulePath(root string) (string, error) {
	src, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(src), "\n") {
		if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(m), `"`), nil
		}
	}
	return "", fmt.Errorf("go.mod names no module")
}
