package asupersync

import (
	"modelcheck/model"
	"modelcheck/runtime/cancel"
)

// The kinds of ids the environment's inputs name, in creation order each
// (model.ID's Kind).
const (
	taskID uint8 = iota
	regionID
	obligationID
)

// Created appends the task, region and obligation ids the step from
// before to after created (model.Renumberer's Created).
func Created(before, after *State, ids []model.ID) []model.ID {
	b, a := &before.P.Kernel.Cancel, &after.P.Kernel.Cancel
	for id := uint8(1); id <= cancel.MaxTasks; id++ {
		if TaskRecord(a, id).Used && !TaskRecord(b, id).Used {
			ids = append(ids, model.ID{Kind: taskID, N: id})
		}
	}
	for id := uint8(1); id <= cancel.MaxRegions; id++ {
		if RegionRecord(a, id).Used && !RegionRecord(b, id).Used {
			ids = append(ids, model.ID{Kind: regionID, N: id})
		}
	}
	for id := uint8(1); id <= cancel.MaxObligations; id++ {
		if ObligationRecord(a, id).Used && !ObligationRecord(b, id).Used {
			ids = append(ids, model.ID{Kind: obligationID, N: id})
		}
	}
	return ids
}

// Renumber rewrites the task, region and obligation ids of an input that
// follows dropped ones: an id above gone ones of its kind moves down by as
// many. It fails if the input names a gone id (model.Renumberer's
// Renumber).
func Renumber(in Input, gone []model.ID) (Input, bool) {
	var okT, okR, okO bool
	in.K.Task, okT = shift(in.K.Task, taskID, gone)
	in.K.Region, okR = shift(in.K.Region, regionID, gone)
	in.K.Obligation, okO = shift(in.K.Obligation, obligationID, gone)
	return in, okT && okR && okO
}

func shift(id, kind uint8, gone []model.ID) (uint8, bool) {
	if id == 0 {
		return 0, true
	}
	below := uint8(0)
	for _, g := range gone {
		switch {
		case g.Kind != kind:
		case g.N == id:
			return 0, false
		case g.N < id:
			below++
		}
	}
	return id - below, true
}
