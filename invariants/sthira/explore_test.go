package sthira

import (
	"context"
	"testing"

	"modelcheck/explore"
	sm "modelcheck/model/sthira"
)

// TestScenariosClean explores every named scenario to depth 12 with every
// invariant on: the correct runtime breaks none of them.
func TestScenariosClean(t *testing.T) {
	for _, sc := range sm.Scenarios() {
		t.Run(sc.Name, func(t *testing.T) {
			e, err := NewExplorable(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			r, err := explore.Run(context.Background(), e, explore.Options{Depth: 12, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range r.Violations {
				t.Errorf("%s violated at depth %d by %v", v.Name, v.Depth, v.Path)
			}
			t.Logf("%s: %d distinct states, %d transitions", sc.Name, r.Distinct, r.Generated)
		})
	}
}
