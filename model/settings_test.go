package model

import "testing"

type config struct {
	N  uint16
	On bool
}

// TestNumberAndFlag: each value in range spells and parses back; a value
// out of range, signed or not a number is refused with what was wanted.
// A number is decimal only: a leading zero is not octal ("017" is 17),
// and a hexadecimal, binary or underscored spelling is refused; a value
// past the field's type (65538, 2 in a uint16) is out of range, not
// wrapped. A flag is
// true or false, spelled so: an empty value is not false.
func TestNumberAndFlag(t *testing.T) {
	n := Number("n", 0, 2, 300, func(c *config) *uint16 { return &c.N })
	f := Flag("on", 0, func(c *config) *bool { return &c.On })
	var c config
	for _, v := range []string{"2", "17", "300"} {
		if err := n.Set(&c, v); err != nil || n.Get(&c) != v {
			t.Errorf("n=%s: error %v, spelled back %q", v, err, n.Get(&c))
		}
	}
	if err := n.Set(&c, "017"); err != nil || c.N != 17 {
		t.Errorf("n=017: %d, %v, want 17 in decimal", c.N, err)
	}
	for _, v := range []string{"1", "301", "+5", "-1", "x", "", "99999999999999999999", "0x10", "0b101", "0o17", "1_0", "65538"} {
		if err := n.Set(&c, v); err == nil || err.Error() != "want a number in 2..300" {
			t.Errorf("n=%q: error %v", v, err)
		}
	}
	for _, v := range []string{"true", "false"} {
		if err := f.Set(&c, v); err != nil || f.Get(&c) != v {
			t.Errorf("on=%s: error %v, spelled back %q", v, err, f.Get(&c))
		}
	}
	for _, v := range []string{"yes", "", "True", "1"} {
		if err := f.Set(&c, v); err == nil || err.Error() != "want true or false" {
			t.Errorf("on=%q: error %v", v, err)
		}
	}
}
