package models

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	iasu "modelcheck/invariants/asupersync"
	isth "modelcheck/invariants/sthira"
	ivm "modelcheck/invariants/vm"
	"modelcheck/model"
	masu "modelcheck/model/asupersync"
	msth "modelcheck/model/sthira"
	mvm "modelcheck/model/vm"
)

// TestNoCrashOnCorruptedRuntimeState: a buggy runtime may store any value
// in any integer field of its state. Whatever it stores, the tool must
// report it or carry on, never crash: a crash leaves no counterexample.
// Along a seeded walk of every scenario of every model, each integer field
// of the runtime's part of a visited state is set in turn to 0 and to its
// type's largest value (-1 and the largest for a signed one). A state the
// model's OutsideTables rejects is never visited (Step reports the step
// that makes one), so it is skipped; on any other the explorer's calls
// (Encode, Enabled, Stuck, and Step by every enabled input, the checks
// included, then Encode and Enabled on an accepted successor) must not
// panic. The runtime's own Apply is guarded by Step, so a panic here is
// the tool's.
func TestNoCrashOnCorruptedRuntimeState(t *testing.T) {
	for _, sc := range masu.Scenarios() {
		e, err := iasu.NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		corruptWalk(t, "asupersync/"+sc.Name, e, masu.OutsideTables, func(s *masu.State) []reflect.Value {
			return []reflect.Value{reflect.ValueOf(&s.P).Elem()}
		})
	}
	for _, sc := range msth.Scenarios() {
		e, err := isth.NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		corruptWalk(t, "sthira/"+sc.Name, e, msth.OutsideTables, func(s *msth.State) []reflect.Value {
			return []reflect.Value{reflect.ValueOf(s).Elem()}
		})
	}
	for _, sc := range mvm.Scenarios() {
		e, err := ivm.NewExplorable(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		corruptWalk(t, "vm/"+sc.Name, e, mvm.OutsideTables, func(s *mvm.State) []reflect.Value {
			var vs []reflect.Value
			for r := range s.Runs {
				vs = append(vs, reflect.ValueOf(&s.Runs[r].VM).Elem())
			}
			return vs
		})
	}
}

// corruptWalk walks m from its initial state by seeded random inputs and,
// at every other depth, tries every single-field corruption of the parts
// runtime returns (the runtime's; the model's own records, such as a
// ghost, only the model writes).
func corruptWalk[S any, I comparable](t *testing.T, name string, m model.Model[S, I], outside func(*S) error, runtime func(*S) []reflect.Value) {
	t.Helper()
	enc, _ := m.(model.Encoder[S])
	rng := rand.New(rand.NewPCG(uint64(len(name)), 9))
	s := m.Init()
	var ins []I
	for d := 0; d < 10; d++ {
		if ins = m.Enabled(&s, ins[:0]); len(ins) == 0 {
			return
		}
		if d%2 == 1 {
			bad := s
			for _, part := range runtime(&bad) {
				integerFields(part, "", func(path string, field reflect.Value) {
					for _, v := range extremes(field) {
						old := reflect.New(field.Type()).Elem()
						old.Set(field)
						field.Set(v)
						if outside(&bad) == nil {
							explorerCalls(t, fmt.Sprintf("%s depth %d %s=%v", name, d, path, v), m, enc, &bad)
						}
						field.Set(old)
					}
				})
			}
		}
		next := s
		if m.Step(&s, ins[rng.IntN(len(ins))], &next) != 0 {
			return
		}
		s = next
	}
}

// explorerCalls makes every call the explorer makes on a visited state s
// and on its accepted successors, failing t on a panic.
func explorerCalls[S any, I comparable](t *testing.T, what string, m model.Model[S, I], enc model.Encoder[S], s *S) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: %v", what, r)
		}
	}()
	visit := func(s *S) []I {
		if enc != nil {
			enc.Encode(s, nil)
		}
		ins := m.Enabled(s, nil)
		if len(ins) == 0 {
			m.Stuck(s)
		}
		return ins
	}
	for _, in := range visit(s) {
		next := *s
		if m.Step(s, in, &next) == 0 {
			visit(&next)
		}
	}
}

// integerFields calls f with every integer field below v, by path.
func integerFields(v reflect.Value, path string, f func(path string, field reflect.Value)) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				integerFields(v.Field(i), path+"."+v.Type().Field(i).Name, f)
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			integerFields(v.Index(i), fmt.Sprintf("%s[%d]", path, i), f)
		}
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f(path, v)
	}
}

// extremes are the values a corruption tries in an integer field: its
// type's smallest and largest.
func extremes(field reflect.Value) []reflect.Value {
	lo, hi := reflect.New(field.Type()).Elem(), reflect.New(field.Type()).Elem()
	bits := 8 * field.Type().Size()
	if field.CanUint() {
		hi.SetUint(1<<bits - 1)
	} else {
		lo.SetInt(-1 << (bits - 1))
		hi.SetInt(1<<(bits-1) - 1)
	}
	return []reflect.Value{lo, hi}
}
