package explore_test

import (
	"context"
	"fmt"

	"modelcheck/explore"
	"modelcheck/model"
)

// waitingLock is naiveLock with a liveness property: a process that saw
// the lock free (PC 1) eventually enters. Subject p is process p.
type waitingLock struct{ naiveLock }

var _ model.Live[lockState, uint8] = waitingLock{}

func (waitingLock) LivenessProperties() []model.Liveness {
	return []model.Liveness{{Name: "entry", Rule: "a process that saw the lock free eventually enters"}}
}

// Pending: subject p is pending while process p is between seeing the lock
// free and taking it.
func (waitingLock) Pending(s *lockState, _ int) uint64 {
	var m uint64
	for p := range 2 {
		if s.PC[p] == 1 {
			m |= 1 << p
		}
	}
	return m
}

// Fair: every move of a process is progress; the model has no idle input.
func (waitingLock) Fair(*lockState, uint8, *lockState, int) bool { return true }

func (waitingLock) Subject(_ *lockState, _, k int) string { return fmt.Sprintf("process %d", k) }

func (m waitingLock) Fork() model.Model[lockState, uint8] { return m }

// ExampleFindLasso finds a run in which a process waits forever while the
// other keeps going round: the prefix leads to the state the loop returns
// to, and the subject is pending all along the loop.
func ExampleFindLasso() {
	r, err := explore.FindLasso(context.Background(), waitingLock{}, "entry", explore.Options{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	l := r.Lasso
	fmt.Printf("%s waits forever: prefix %v, then loop %v\n", l.SubjectName, l.Prefix, l.Loop)
	// Output: process 0 waits forever: prefix [0], then loop [1 1 1]
}
