package numflag

import "testing"

func TestIntIsDecimal(t *testing.T) {
	for v, want := range map[string]int{"010": 10, "12": 12, "-3": -3, "0": 0} {
		var n Int
		if err := n.Set(v); err != nil || int(n) != want {
			t.Errorf("Int.Set(%q) = %d, %v; want %d", v, n, err, want)
		}
	}
	for v, why := range map[string]string{"0x10": "not a decimal whole number", "1_0": "not a decimal whole number", "": "not a decimal whole number", "99999999999999999999": "out of range"} {
		var n Int
		if err := n.Set(v); err == nil || err.Error() != why {
			t.Errorf("Int.Set(%q): error %v, want %q", v, err, why)
		}
	}
}

func TestUint64IsDecimal(t *testing.T) {
	for v, want := range map[string]uint64{"010": 10, "18446744073709551615": 1<<64 - 1, "0": 0} {
		var n Uint64
		if err := n.Set(v); err != nil || uint64(n) != want {
			t.Errorf("Uint64.Set(%q) = %d, %v; want %d", v, n, err, want)
		}
	}
	for v, why := range map[string]string{"0x10": "not a decimal whole number", "-1": "negative: want a decimal whole number from 0", "18446744073709551616": "out of range"} {
		var n Uint64
		if err := n.Set(v); err == nil || err.Error() != why {
			t.Errorf("Uint64.Set(%q): error %v, want %q", v, err, why)
		}
	}
}
