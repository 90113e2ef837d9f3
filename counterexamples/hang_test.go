package counterexamples

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"modelcheck/internal/lockspec"
	"modelcheck/model"
)

// hangingLock is the lock whose tick never returns (until release is
// closed): a runtime step caught in a loop.
type hangingLock struct {
	lockspec.Spec
	release chan struct{}
}

func (h hangingLock) New(c lockspec.Config, only []string) (model.Traced[lockspec.State, lockspec.Input], error) {
	m, err := h.Spec.New(c, only)
	if err != nil {
		return nil, err
	}
	return hangingModel{m.(*lockspec.Model), h.release}, nil
}

// hangingModel is the lock model, liveness property included, with the
// hanging tick.
type hangingModel struct {
	*lockspec.Model
	release chan struct{}
}

func (m hangingModel) Step(s *lockspec.State, in lockspec.Input, next *lockspec.State) int {
	if in == lockspec.Tick {
		<-m.release
	}
	return m.Model.Step(s, in, next)
}

// TestHangingStepIsAnError: a script whose step never returns ends the
// run with a *HangError naming the step and its input, within a little
// more than the step timeout, instead of hanging the caller (a replay,
// a shrink, go test).
func TestHangingStepIsAnError(t *testing.T) {
	const timeout = 250 * time.Millisecond
	release := make(chan struct{})
	defer close(release)
	p := New[lockspec.Config, lockspec.State, lockspec.Input](hangingLock{release: release})
	start := time.Now()
	_, err := p.execute(WithStepTimeout(context.Background(), timeout), lockspec.Config{}, nil, []lockspec.Input{0, 1, lockspec.Tick, 0}, nil)
	var h *HangError
	if !errors.As(err, &h) || h.Step != 3 || h.Input != "tick" || h.After != timeout {
		t.Fatalf("error %v (after %v); want step 3 (tick) hung", err, time.Since(start))
	}
	if got, want := err.Error(), "step 3 (tick) had not returned after 250ms: an endless loop in the runtime?"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}

// TestSlowObserverIsNoHang: the time a step spends being shown (a replay
// writing to a pipe nobody reads) is not a step of the runtime.
func TestSlowObserverIsNoHang(t *testing.T) {
	p := lockPipeline()
	sc, err := p.spec.Config("naive")
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.execute(WithStepTimeout(context.Background(), 50*time.Millisecond), sc, nil, []lockspec.Input{0, lockspec.Tick}, func(lockspec.Input, []string, *lockspec.State) {
		time.Sleep(200 * time.Millisecond)
	})
	if err != nil {
		t.Fatalf("a slow observer: %v", err)
	}
}

// TestHangingLoopStepIsAnError: the loop of a lasso file is watched too,
// its steps numbered after the prefix's.
func TestHangingLoopStepIsAnError(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	p := New[lockspec.Config, lockspec.State, lockspec.Input](hangingLock{release: release})
	ctx := WithStepTimeout(context.Background(), 250*time.Millisecond)
	c := Case[lockspec.Config, lockspec.Input]{Script: []lockspec.Input{0},
		Loop: &Loop[lockspec.Input]{Property: "entry", Subject: 1, Script: []lockspec.Input{1, lockspec.Tick}}}
	prefix, err := p.execute(ctx, c.Scenario, nil, c.Script, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = p.executeLoop(ctx, &c, prefix.Final, nil)
	var h *HangError
	if !errors.As(err, &h) || h.Step != 3 || h.Input != "tick" {
		t.Fatalf("error %v; want step 3 (tick), the loop's second, hung", err)
	}
}

// enteringLock is hangingLock whose check fails once p0 has entered: a
// violation two inputs deep that needs no tick, where the shrinker's
// search for a shorter path still steps the hanging tick.
type enteringLock struct{ hangingLock }

func (h enteringLock) New(c lockspec.Config, only []string) (model.Traced[lockspec.State, lockspec.Input], error) {
	m, err := h.hangingLock.New(c, only)
	if err != nil {
		return nil, err
	}
	return enteringModel{m.(hangingModel)}, nil
}

type enteringModel struct{ hangingModel }

func (m enteringModel) Step(s *lockspec.State, in lockspec.Input, next *lockspec.State) int {
	if v := m.hangingModel.Step(s, in, next); v != 0 {
		return v
	}
	if next.PC[0] == 2 {
		return 1
	}
	return 0
}

// TestShrinkSearchOutlivesAHang: the shrinker's breadth-first search for
// a shorter path steps inputs the script never takes, and one of them may
// never return. The search is watched with the step timeout, as every
// replay is: it gives up on the hang, and the shrink goes on without it,
// where it had waited for the step for ever.
func TestShrinkSearchOutlivesAHang(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	p := New[lockspec.Config, lockspec.State, lockspec.Input](enteringLock{hangingLock{release: release}})
	c := Case[lockspec.Config, lockspec.Input]{Script: []lockspec.Input{1, 0, 0}}
	done := make(chan error, 1)
	var got Case[lockspec.Config, lockspec.Input]
	go func() {
		var err error
		got, err = p.Shrink(WithStepTimeout(context.Background(), 100*time.Millisecond), c)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil || !slices.Equal(got.Script, []lockspec.Input{0, 0}) {
			t.Errorf("shrunk to %v (error %v), want p0, p0", got.Script, err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the shrink had not returned after 20s: its search waits on the hanging tick")
	}
}
