package explore

import (
	"fmt"

	"modelcheck/model"
)

// Models with liveness properties for the lasso search's tests.

// lock is two processes sharing a lock, each going idle (0) -> waiting (1)
// -> critical section (2) -> idle; an input is the number of the process
// that moves, or tickInput, an idle tick that changes nothing.
//
// The liveness property "entry" says a waiting process eventually enters:
// subject k is pending while process k waits, and every move of a process
// is fair, a tick is not.
//
// Naively (Peterson false) a waiting process takes the lock whenever it is
// free, so the other can pass it over forever: a lasso. With Peterson's
// turn variable a process that starts waiting gives the turn away, and
// enters only if the other is idle or the turn is its own, so
// while one waits the other enters at most once more: no lasso, only loops
// of ticks.
type lock struct {
	Peterson bool
	Ticks    bool
	// FairTicks makes ticks fair, so that a loop of ticks is a lasso: the
	// tests use it to show that a loop of unfair steps is left out only
	// because it is unfair.
	FairTicks bool
}

type lockSt struct {
	PC   [2]uint8
	Lock uint8
	Turn uint8
}

const tickInput = 2

var _ model.Live[lockSt, uint8] = lock{}

func (lock) Init() lockSt                 { return lockSt{} }
func (lock) CheckInit(*lockSt) int        { return 0 }
func (lock) Invariants() []string         { return []string{"mutual-exclusion"} }
func (lock) Stuck(*lockSt) int            { return 0 }
func (l lock) Fork() Model[lockSt, uint8] { return l }

func (l lock) Enabled(s *lockSt, buf []uint8) []uint8 {
	for p := range uint8(2) {
		if s.PC[p] != 1 || l.mayEnter(s, p) {
			buf = append(buf, p)
		}
	}
	if l.Ticks {
		buf = append(buf, tickInput)
	}
	return buf
}

func (l lock) mayEnter(s *lockSt, p uint8) bool {
	if l.Peterson {
		return s.PC[1-p] == 0 || s.Turn == p
	}
	return s.Lock == 0
}

func (l lock) Step(s *lockSt, p uint8, next *lockSt) int {
	if p == tickInput {
		return 0
	}
	switch s.PC[p] {
	case 0:
		next.PC[p] = 1
		if l.Peterson {
			next.Turn = 1 - p
		}
	case 1:
		next.PC[p], next.Lock = 2, 1
	case 2:
		next.PC[p], next.Lock = 0, 0
	}
	if next.PC == [2]uint8{2, 2} {
		return 1
	}
	return 0
}

func (lock) LivenessProperties() []model.Liveness {
	return []model.Liveness{{Name: "entry", Rule: "a waiting process eventually enters its critical section"}}
}

func (lock) Pending(s *lockSt, _ int) uint64 {
	var m uint64
	for p := range 2 {
		if s.PC[p] == 1 {
			m |= 1 << p
		}
	}
	return m
}

func (lock) Subject(_ *lockSt, _, k int) string { return fmt.Sprintf("process %d", k) }

func (l lock) Fair(_ *lockSt, in uint8, _ *lockSt, _ int) bool {
	return in != tickInput || l.FairTicks
}

// liveCounters gives counters a liveness property "leaves-max": subject k
// is pending while counter k is at Max; every transition is fair but rot,
// so rotating a full counter round does not count as progress. Its state
// space is big enough to cross many chunk and batch boundaries.
type liveCounters struct{ counters }

func (c *liveCounters) Fork() Model[cstate, uint8] { return c }

func (c *liveCounters) LivenessProperties() []model.Liveness {
	return []model.Liveness{{Name: "leaves-max", Rule: "a counter at Max eventually leaves it"}}
}

func (c *liveCounters) Pending(s *cstate, _ int) uint64 {
	var m uint64
	for k := range c.K {
		if s[k] == c.Max {
			m |= 1 << k
		}
	}
	return m
}

func (c *liveCounters) Subject(_ *cstate, _, k int) string { return fmt.Sprintf("counter %d", k) }

func (c *liveCounters) Fair(_ *cstate, in uint8, _ *cstate, _ int) bool { return in != opRot }

// liveTable is a table with a liveness property "p": pending[i] are state
// i's pending subjects, fair[i][k] says whether its k-th edge is fair.
type liveTable struct {
	*table
	pending []uint64
	fair    [][]bool
}

func (t liveTable) Fork() Model[tstate, uint16] { return t }

func (t liveTable) LivenessProperties() []model.Liveness {
	return []model.Liveness{{Name: "p"}}
}

func (t liveTable) Pending(s *tstate, _ int) uint64 { return t.pending[s[0]] }

func (t liveTable) Subject(_ *tstate, _, k int) string { return fmt.Sprint(k) }

func (t liveTable) Fair(s *tstate, in uint16, _ *tstate, _ int) bool {
	for k, e := range t.succ[s[0]] {
		if e.input == in {
			return t.fair[s[0]][k]
		}
	}
	panic("input not enabled")
}
