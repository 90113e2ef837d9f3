package channel

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// opMix weights the operations a run draws: the ones that end a run's
// interest (close-rx, drop-tx) are rare, reserve and recv polls common.
var opMix = func() []opCode {
	var mix []opCode
	for c := range opCount {
		n := 3
		switch c {
		case opReserve, opRecv, opSend:
			n = 6
		case opDropSender, opClose:
			n = 1
		}
		for range n {
			mix = append(mix, c)
		}
	}
	return mix
}()

// drawConfig draws a fault-free channel: capacity 1..MaxCapacity, 1..3
// senders.
func drawConfig(t *rapid.T) Config {
	return Config{
		Capacity: uint8(rapid.IntRange(1, MaxCapacity).Draw(t, "capacity")),
		Senders:  uint8(rapid.IntRange(1, 3).Draw(t, "senders")),
	}
}

func drawOp(t *rapid.T) op {
	return op{
		code: rapid.SampledFrom(opMix).Draw(t, "op"),
		task: uint8(rapid.IntRange(1, 4).Draw(t, "task")),
	}
}

// TestPropertiesHold drives random operation sequences of up to four tasks
// on a fault-free channel and checks after every step: INV-CH-01..09
// (capacity, FIFO delivery, FIFO waiter service, try_reserve fairness,
// cancel safety of reserve and recv, monotone receiver_dropped and
// sender_count, reserved = permits held), a well-formed waiter queue (one
// entry per task, ids strictly increasing), no lost wake, and wakes that
// name real waiters.
func TestPropertiesHold(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := newHarness(drawConfig(t))
		var history []string
		steps := rapid.IntRange(1, 120).Draw(t, "steps")
		for range steps {
			o := drawOp(t)
			history = append(history, o.String())
			if v := h.step(o); len(v) > 0 {
				t.Fatalf("after %s: violated %s\nevents: %v\nstate: %+v", strings.Join(history, "; "), strings.Join(v, ", "), h.log.Events, h.s)
			}
		}
	})
}
