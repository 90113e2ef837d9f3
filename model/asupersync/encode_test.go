package asupersync

import (
	"bytes"
	"testing"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/wheel"
)

// TestEncodeSlotOnlyOnALevel: two wheels that differ only in the slot a
// ready or overflow entry keeps encode alike (nothing reads that slot:
// package wheel, the checks and the trace read Slot only with Level <
// Levels, and TestUnplacedSlotUnread in package wheel shows the runtime
// acts alike), while a level entry's slot is encoded.
func TestEncodeSlotOnlyOnALevel(t *testing.T) {
	m, s := wheelState(t, "wheel-browser", fault.Set{})
	base := m.Encode(&s, nil)
	for _, level := range []uint8{wheel.Ready, wheel.Overflow, wheel.Level0} {
		other := s
		w := &other.P.Kernel.Wheel
		for i := range w.Entries {
			if w.Entries[i].Used && w.Entries[i].Level == level {
				w.Entries[i].Slot += 7
			}
		}
		same := bytes.Equal(m.Encode(&other, nil), base)
		if want := level >= wheel.Levels; same != want {
			t.Errorf("level %d: a changed slot encodes alike: %v, want %v", level, same, want)
		}
	}
}
