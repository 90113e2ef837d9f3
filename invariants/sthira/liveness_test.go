package sthira

import (
	"context"
	"slices"
	"testing"

	"modelcheck/explore"

	sm "modelcheck/model/sthira"
	rt "modelcheck/runtime/sthira"
)

// TestStarvationWitness replays the §7 starvation lasso by hand in the
// starvation scenario: t1 (LOW) is queued while HIGH tasks t2 and t3,
// declared again each time they finish, take turns on the one slot. The
// loop returns to the state it starts from, t1 is waiting in every state
// of it, every step is legal, and the loop activates other tasks: a run
// in which t1 waits forever, as the contract intends.
func TestStarvationWitness(t *testing.T) {
	sc, err := sm.Lookup("starvation")
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewExplorable(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	in := func(line string) sm.Input {
		i, err := rt.ParseInput(line)
		if err != nil {
			t.Fatal(err)
		}
		return i
	}
	round := []string{
		"complete t2 outcome=SUCCESS", "declare t2 prio=HIGH scope=s1", "submit t2",
		"complete t3 outcome=SUCCESS", "declare t3 prio=HIGH scope=s1", "submit t3",
	}
	prefix := append([]string{
		"declare t2 prio=HIGH scope=s1", "submit t2", "declare t1 prio=LOW scope=s1", "submit t1",
		"declare t3 prio=HIGH scope=s1", "submit t3",
	}, round...)
	s := e.Init()
	step := func(line string) (fair bool) {
		i := in(line)
		var buf []sm.Input
		enabled := false
		for _, o := range e.Enabled(&s, buf) {
			enabled = enabled || o == i
		}
		if !enabled {
			t.Fatalf("%s is not enabled", line)
		}
		next := s
		if v := e.Step(&s, i, &next); v != 0 {
			t.Fatalf("%s breaks %s", line, Names()[v-1])
		}
		fair = sm.ActivatesAnother(&s, i, &next)
		s = next
		return fair
	}
	for _, line := range prefix {
		step(line)
	}
	start := s
	fair := false
	for _, line := range round {
		if sm.Waiting(&s)&1 == 0 {
			t.Fatalf("t1 is not waiting before %s", line)
		}
		fair = step(line) || fair
	}
	if s != start {
		t.Fatalf("the loop does not return to its first state:\n%v\n%v", sm.Summary(&start), sm.Summary(&s))
	}
	if !fair {
		t.Fatal("the loop activates no task")
	}
	if d := s.Diagnose(&sc.Config, 1); d.BlockedBy != 0b110 || d.Queue != rt.Low {
		t.Fatalf("t1's diagnosis %+v does not name t2 and t3 as blocking it in Q_LOW", d)
	}
}

// TestStarvationLasso: the explorer's lasso search finds §7's starvation
// in the starvation scenario, the same lasso for one and two workers,
// with t1 as the task that waits forever; where a max wait drops every
// waiting task (timeout, default), no lasso exists, and none where no
// task is declared again (scopes, suspend-ticks): a task activates once,
// so there every loop only suspends and resumes tasks that already hold
// their slots, which activates no one (a resume is not an activation). A
// Fair that counted a resume found a false lasso in both, t2 waiting
// behind a t1 that suspends and resumes forever, and passed every test
// (session 34).
func TestStarvationLasso(t *testing.T) {
	find := func(name string, workers int) *explore.Lasso[sm.Input] {
		sc, err := sm.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := explore.FindLasso(context.Background(), e, sm.Starvation, explore.Options{Depth: 12, Workers: workers})
		if err != nil || !r.Complete {
			t.Fatalf("%s: %v (complete %v)", name, err, r.Complete)
		}
		return r.Lasso
	}
	one, two := find("starvation", 1), find("starvation", 2)
	if one == nil || two == nil {
		t.Fatal("no starvation lasso in the starvation scenario")
	}
	if one.Subject != 0 || !slices.Equal(one.Prefix, two.Prefix) || !slices.Equal(one.Loop, two.Loop) {
		t.Fatalf("lassos differ or starve another task: %+v, %+v", one, two)
	}
	for _, name := range []string{"timeout", "default"} {
		if l := find(name, 2); l != nil {
			t.Errorf("%s: a lasso where max wait drops every waiting task: %+v", name, l)
		}
	}
	for _, name := range []string{"scopes", "suspend-ticks"} {
		if l := find(name, 2); l != nil {
			t.Errorf("%s: a lasso where no task activates twice: %+v", name, l)
		}
	}
}
