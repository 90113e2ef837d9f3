package counterexamples

import (
	"reflect"
	"testing"

	"modelcheck/explore"
	model "modelcheck/model/asupersync"
)

// fill sets every number and flag of v, a struct, to a value that is not
// zero, recursing into nested structs; it reports a field it cannot fill.
func fill(t *testing.T, v reflect.Value, n *int) {
	t.Helper()
	for i := range v.NumField() {
		f := v.Field(i)
		*n++
		switch f.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f.SetInt(int64(*n))
		case reflect.Float32, reflect.Float64:
			f.SetFloat(float64(*n) + 0.5)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Struct:
			fill(t, f, n)
		case reflect.Slice, reflect.Pointer:
			// The violations, or the lasso, converted (checked by the caller).
		default:
			t.Fatalf("explore.Result field %s: kind %s; teach fill and explored.Result about it", v.Type().Field(i).Name, f.Kind())
		}
	}
}

// TestExploredResultKeepsEveryField: the type-erased result the command
// line reads carries every field of the explorer's result, so a field
// added to explore.Result is not silently dropped on the way.
func TestExploredResultKeepsEveryField(t *testing.T) {
	var typed explore.Result[model.Input]
	n := 0
	fill(t, reflect.ValueOf(&typed).Elem(), &n)
	typed.Violations = []explore.Violation[model.Input]{{Name: "x", Invariant: 3, Path: []model.Input{{}}, Depth: 1, Stuck: true}}
	typed.Hang = &explore.Hang[model.Input]{Path: []model.Input{{}, {}}, Call: "Step", After: 7}
	got := (&explored[model.Scenario, model.State, model.Input]{r: typed}).Result()
	gv, tv := reflect.ValueOf(got), reflect.ValueOf(typed)
	for i := range tv.NumField() {
		name := tv.Type().Field(i).Name
		if name == "Violations" || name == "Hang" {
			continue
		}
		if !reflect.DeepEqual(gv.FieldByName(name).Interface(), tv.Field(i).Interface()) {
			t.Errorf("field %s: %v, want %v", name, gv.FieldByName(name), tv.Field(i))
		}
	}
	want := explore.Violation[string]{Name: "x", Invariant: 3, Path: []string{model.Input{}.String()}, Depth: 1, Stuck: true}
	if len(got.Violations) != 1 || !reflect.DeepEqual(got.Violations[0], want) {
		t.Errorf("violations %+v, want %+v", got.Violations, want)
	}
	in := model.Input{}.String()
	wantHang := explore.Hang[string]{Path: []string{in, in}, Call: "Step", Input: in, After: 7}
	if got.Hang == nil || !reflect.DeepEqual(*got.Hang, wantHang) {
		t.Errorf("hang %+v, want %+v", got.Hang, wantHang)
	}
}
