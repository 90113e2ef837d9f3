package explore_test

import (
	"context"
	"fmt"

	"modelcheck/explore"
	"modelcheck/model"
)

// lockState is two processes taking a lock naively: each reads the lock,
// then, as a separate step, takes it. Its fields are plain bytes with no
// padding, so the model needs no Encode: the explorer hashes the state as
// it is.
type lockState struct {
	PC   [2]uint8 // 0 idle, 1 saw the lock free, 2 in the critical section
	Lock uint8
}

// naiveLock implements model.Model for lockState; an input is the number
// of the process that moves.
type naiveLock struct{}

var _ model.Model[lockState, uint8] = naiveLock{}

func (naiveLock) Init() lockState { return lockState{} }

// CheckInit: mutual exclusion holds in the initial state (nobody is in).
func (naiveLock) CheckInit(s *lockState) int { return mutex(s) }

func (naiveLock) Enabled(s *lockState, buf []uint8) []uint8 {
	for p := range uint8(2) {
		if s.PC[p] != 0 || s.Lock == 0 {
			buf = append(buf, p)
		}
	}
	return buf
}

// Step changes next, which already holds a copy of s.
func (naiveLock) Step(s *lockState, p uint8, next *lockState) int {
	switch s.PC[p] {
	case 0:
		next.PC[p] = 1
	case 1:
		next.PC[p], next.Lock = 2, 1
	case 2:
		next.PC[p], next.Lock = 0, 0
	}
	return mutex(next)
}

// Stuck: a state with nothing enabled breaks "deadlock-free".
func (naiveLock) Stuck(*lockState) int { return 2 }

func (naiveLock) Invariants() []string { return []string{"mutual-exclusion", "deadlock-free"} }

func (m naiveLock) Fork() model.Model[lockState, uint8] { return m }

// mutex returns 1 (the first invariant broken) when both processes are in.
func mutex(s *lockState) int {
	if s.PC[0] == 2 && s.PC[1] == 2 {
		return 1
	}
	return 0
}

// Example checks a model of one's own: a state type, an input type and the
// six methods of model.Model are all explore.Run needs. Breadth first, the
// path it reports is a shortest one.
func Example() {
	r, err := explore.Run(context.Background(), naiveLock{}, explore.Options{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	v := r.Violations[0]
	fmt.Printf("%s broken at depth %d by processes %v\n", v.Name, v.Depth, v.Path)
	// Output: mutual-exclusion broken at depth 4 by processes [0 1 0 1]
}
