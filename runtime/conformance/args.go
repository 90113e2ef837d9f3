package conformance

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cockroachdb/datadriven"

	"modelcheck/runtime/fault"
)

// argument is one key=value argument of a directive (init, new), kept
// with where it stands so that its errors name the file, line and
// directive, as every runner's do.
type argument struct {
	pos, directive string
	key            string
	val            string // the values, comma-joined
}

// arguments reads the directive's key=value arguments in order.
func arguments(d *datadriven.TestData) []argument {
	out := make([]argument, len(d.CmdArgs))
	for i, a := range d.CmdArgs {
		out[i] = argument{pos: d.Pos, directive: d.Cmd, key: a.Key, val: strings.Join(a.Vals, ",")}
	}
	return out
}

// num reads the value as a number in 0..max.
func (a argument) num(max uint64) (uint64, error) {
	n, err := strconv.ParseUint(a.val, 10, 64)
	if err != nil || n > max {
		return 0, fmt.Errorf("%s: %s: %s=%q is not a number in 0..%d", a.pos, a.directive, a.key, a.val, max)
	}
	return n, nil
}

// faults adds the value's comma-separated fault switches to set.
func (a argument) faults(set fault.Set) (fault.Set, error) {
	for _, name := range strings.Split(a.val, ",") {
		f, err := fault.Parse(name)
		if err != nil {
			return set, fmt.Errorf("%s: %s: %v", a.pos, a.directive, err)
		}
		set = set.With(f)
	}
	return set, nil
}
