package model

import (
	"fmt"
	"strconv"
)

// Unsigned is the integer types Number handles.
type Unsigned interface {
	~uint8 | ~uint16 | ~uint32
}

// Number is the Setting of an unsigned integer field of a configuration,
// spelled in decimal (no sign) and set only to a value in lo..hi (the
// error says so).
func Number[C any, N Unsigned](key string, line int, lo, hi N, field func(c *C) *N) Setting[C] {
	return Setting[C]{Key: key, Line: line,
		Get: func(c *C) string { return strconv.FormatUint(uint64(*field(c)), 10) },
		Set: func(c *C, v string) error {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil || n < uint64(lo) || n > uint64(hi) {
				return fmt.Errorf("want a number in %d..%d", lo, hi)
			}
			*field(c) = N(n)
			return nil
		}}
}

// Flag is the Setting of a boolean field, spelled true or false.
func Flag[C any](key string, line int, field func(c *C) *bool) Setting[C] {
	return Setting[C]{Key: key, Line: line,
		Get: func(c *C) string { return strconv.FormatBool(*field(c)) },
		Set: func(c *C, v string) error {
			switch v {
			case "true", "false":
				*field(c) = v == "true"
				return nil
			}
			return fmt.Errorf("want true or false")
		}}
}
