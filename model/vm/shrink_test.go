package vm

import (
	"slices"
	"testing"

	"modelcheck/model"
	rt "modelcheck/runtime/vm"
)

// TestReductionsShrinkWhatTheScriptDoesNotUse: the vocabulary loses the
// protocols the script never loads (all at once first), the sessions come
// down to the loads, the capacity by one; each lowers Size and keeps the
// script.
func TestReductionsShrinkWhatTheScriptDoesNotUse(t *testing.T) {
	sc, _ := Lookup("claim")
	script := []Input{{Kind: Load, Proto: rt.Pipeline}, {Kind: Round}}
	rs := Reductions(&sc, script)
	if len(rs) == 0 || !slices.Equal(rs[0].Config.Vocabulary, []rt.ProtocolID{rt.Pipeline}) {
		t.Fatalf("first reduction %+v, want the vocabulary cut to pipeline", rs)
	}
	var sessions, capacity bool
	for _, r := range rs {
		if Size(&r.Config) >= Size(&sc) || !slices.Equal(r.Script, script) {
			t.Errorf("reduction %+v does not lower the size or changes the script", r.Config)
		}
		sessions = sessions || r.Config.MaxSessions == 1
		capacity = capacity || r.Config.Capacity == sc.Capacity-1
	}
	if !sessions || !capacity {
		t.Errorf("reductions %+v lack fewer sessions or a lower capacity", rs)
	}
	one := Scenario{Vocabulary: []rt.ProtocolID{rt.Pipeline}, MaxSessions: 1, Capacity: 1}
	if rs := Reductions(&one, script); len(rs) != 0 {
		t.Errorf("a minimal scenario still reduces to %+v", rs)
	}
}

// TestRenumberFollowsDroppedCoroutines: a step names a coroutine by its
// creation number, which moves down past dropped ones; naming a dropped
// one fails; other inputs pass unchanged.
func TestRenumberFollowsDroppedCoroutines(t *testing.T) {
	gone := []model.ID{{Kind: CoroID, N: 0}, {Kind: CoroID, N: 1}}
	if in, ok := Renumber(Input{Kind: Step, Coro: 3}, gone); !ok || in.Coro != 1 {
		t.Errorf("step c3 past c0, c1 gone: %v, %v", in, ok)
	}
	if _, ok := Renumber(Input{Kind: Step, Coro: 1}, gone); ok {
		t.Error("step c1 with c1 gone was kept")
	}
	if in, ok := Renumber(Input{Kind: Round}, gone); !ok || in.Kind != Round {
		t.Errorf("round: %v, %v", in, ok)
	}
	sc, _ := Lookup("interleavings")
	m := New(sc)
	s := m.Init()
	next := s
	if err := m.Apply(&s, Input{Kind: Load, Proto: rt.Relay}, &next); err != nil {
		t.Fatal(err)
	}
	if ids := Created(&s, &next, nil); len(ids) != 2 || ids[1] != (model.ID{Kind: CoroID, N: 1}) {
		t.Errorf("a relay load created %v, want c0 and c1 (B is spawned later)", ids)
	}
}
