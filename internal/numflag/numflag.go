// Package numflag holds the number flags of modelcheck's commands, read in
// decimal only. The flag package's IntVar and Uint64Var read 010 as octal
// 8, 0x10 as 16 and 1_0 as 10, so a depth or seed typed with a leading
// zero ran with another number than the one typed, and the report, and
// each counterexample's "found by" line, named the other number.
package numflag

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Int is a decimal int flag. A sign is read, so that a command can name a
// negative value as negative where it checks its bounds.
type Int int

func (n *Int) String() string { return strconv.Itoa(int(*n)) }

// Set reads v in decimal.
func (n *Int) Set(v string) error {
	x, err := strconv.ParseInt(v, 10, 0)
	if err != nil {
		return why(err)
	}
	*n = Int(x)
	return nil
}

// Uint64 is a decimal uint64 flag, for the seeds and sizes that use the
// whole range.
type Uint64 uint64

func (n *Uint64) String() string { return strconv.FormatUint(uint64(*n), 10) }

// Set reads v in decimal.
func (n *Uint64) Set(v string) error {
	if strings.HasPrefix(v, "-") {
		return errors.New("negative: want a decimal whole number from 0")
	}
	x, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return why(err)
	}
	*n = Uint64(x)
	return nil
}

// why says why a value was not taken.
func why(err error) error {
	if errors.Is(err, strconv.ErrRange) {
		return fmt.Errorf("out of range")
	}
	return fmt.Errorf("not a decimal whole number")
}
