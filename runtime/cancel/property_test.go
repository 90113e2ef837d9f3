package cancel

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

type rapidDrawer struct{ t *rapid.T }

func (d rapidDrawer) intn(label string, lo, hi int) int {
	return rapid.IntRange(lo, hi).Draw(d.t, label)
}

// TestPropertiesHold drives random operation sequences, over valid and
// invalid ids, phases and arguments, with random chain limits and no
// faults, and checks every law of the checker after every step: phases only
// move along the Legal Transitions, severity and budgets only tighten,
// Completed and resolved obligations never change, regions close only at
// quiescence, errors change nothing.
func TestPropertiesHold(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := Config{
			MaxChainDepth:  uint8(rapid.IntRange(0, 4).Draw(t, "maxChainDepth")),
			MaxChainMemory: uint16(rapid.SampledFrom([]int{0, 60, 100, 200, 300}).Draw(t, "maxChainMemory")),
		}
		s := New(cfg)
		var log trace.Log
		var history []string
		steps := rapid.IntRange(1, 150).Draw(t, "steps")
		for range steps {
			o := drawOp(rapidDrawer{t}, &s)
			history = append(history, o.String())
			before := s
			log.Reset()
			err := apply(&s, o, &log)
			if v := check(&before, &s, err, log.Events); len(v) > 0 {
				t.Fatalf("after %s: violated %s (err %v)\nevents: %v", strings.Join(history, "; "), strings.Join(v, ", "), err, log.Events)
			}
		}
	})
}

// TestStrengthenProperties: Strengthen is never weaker than either side's
// current reason, idempotent, and picks a winner that does not depend on
// argument order when the reasons differ in severity, time or message.
func TestStrengthenProperties(t *testing.T) {
	genReason := rapid.Custom(func(t *rapid.T) Reason {
		return Reason{
			Kind: Kind(rapid.IntRange(0, int(kindCount)-1).Draw(t, "kind")),
			At:   uint32(rapid.IntRange(0, 3).Draw(t, "at")),
			Msg:  uint8(rapid.IntRange(0, 2).Draw(t, "msg")),
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		a, b := genReason.Draw(t, "a"), genReason.Draw(t, "b")
		ab := a.Strengthen(b, fault.Set{})
		if ab.Kind.Severity() < a.Kind.Severity() || ab.Kind.Severity() < b.Kind.Severity() {
			t.Fatalf("Strengthen(%+v, %+v) = %+v is weaker than an input", a, b, ab)
		}
		if a.Strengthen(a, fault.Set{}) != a {
			t.Fatalf("Strengthen not idempotent on %+v", a)
		}
		if a.Kind.Severity() != b.Kind.Severity() || a.At != b.At || a.Msg != b.Msg {
			if ba := b.Strengthen(a, fault.Set{}); ba != ab {
				t.Fatalf("order matters: a.Strengthen(b) = %+v, b.Strengthen(a) = %+v", ab, ba)
			}
		}
	})
}

// TestCombineProperties: Combine is a meet: no wider than either input,
// commutative, idempotent.
func TestCombineProperties(t *testing.T) {
	genBudget := rapid.Custom(func(t *rapid.T) Budget {
		return Budget{
			Deadline:  uint32(rapid.IntRange(0, 3).Draw(t, "deadline")),
			PollQuota: uint16(rapid.IntRange(0, 1000).Draw(t, "poll")),
			CostQuota: uint16(rapid.SampledFrom([]int{0, 10, 500, int(Unconstrained)}).Draw(t, "cost")),
			Priority:  uint8(rapid.IntRange(0, 255).Draw(t, "priority")),
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		a, b := genBudget.Draw(t, "a"), genBudget.Draw(t, "b")
		ab := a.Combine(b, fault.Set{})
		if !noWiderThan(ab, a) || !noWiderThan(ab, b) {
			t.Fatalf("Combine(%+v, %+v) = %+v is wider than an input", a, b, ab)
		}
		if ab != b.Combine(a, fault.Set{}) {
			t.Fatalf("Combine not commutative on %+v, %+v", a, b)
		}
		if a.Combine(a, fault.Set{}) != a {
			t.Fatalf("Combine not idempotent on %+v", a)
		}
	})
}
