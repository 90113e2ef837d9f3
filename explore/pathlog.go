package explore

import (
	"encoding/binary"
	"slices"
)

// pathLog is what BFS keeps to rebuild the path to any visited state, at
// about two bytes per state instead of a parent pointer and an input.
//
// BFS appends each level's new states in parent order, so the children of a
// parent are contiguous in the next level. For each state the log keeps the
// index of the input that reached it (within its parent's Enabled list) and
// how many states of the next level it is the parent of, both as uvarints,
// one byte each below 128. Finding a parent is then a scan of the previous
// level's counts, which is fine because paths are rebuilt only for
// violations, at most once per invariant.
type pathLog struct {
	levels []levelLog
	// The level being expanded writes its counts, and the next level its
	// inputs, into these buffers; endLevel copies them to exact size and
	// drops them. Reusing them would keep the widest level's bytes twice
	// over to the end of the run.
	counts, inputs []byte
}

type levelLog struct {
	inputs []byte // per state of the level: uvarint input index
	counts []byte // per state of the level: uvarint number of children
}

// newPathLog starts with level 0, which holds only Init and has no input.
func newPathLog() pathLog {
	return pathLog{levels: []levelLog{{}}}
}

func (p *pathLog) addChild(input int) {
	p.inputs = binary.AppendUvarint(p.inputs, uint64(input))
}

func (p *pathLog) addCount(children int) {
	p.counts = binary.AppendUvarint(p.counts, uint64(children))
}

// endLevel files the counts of the expanded level and the inputs of the
// level it produced.
func (p *pathLog) endLevel() {
	last := len(p.levels) - 1
	p.levels[last].counts = slices.Clone(p.counts)
	p.levels = append(p.levels, levelLog{inputs: slices.Clone(p.inputs)})
	p.counts, p.inputs = nil, nil
}

// trace appends to steps the input indices from Init to the state at
// position pos of level level. That level's inputs and the counts of every
// level before it must be filed.
func (p *pathLog) trace(level, pos int, steps []int) []int {
	n := len(steps)
	for l := level; l > 0; l-- {
		steps = append(steps, nthUvarint(p.levels[l].inputs, pos))
		pos = parentOf(p.levels[l-1].counts, pos)
	}
	slices.Reverse(steps[n:])
	return steps
}

// nthUvarint decodes the n-th uvarint of b.
func nthUvarint(b []byte, n int) int {
	for ; n > 0; n-- {
		_, k := binary.Uvarint(b)
		b = b[k:]
	}
	v, _ := binary.Uvarint(b)
	return int(v)
}

// parentOf returns the position of the parent of child position pos, given
// the children count of each parent in order.
func parentOf(counts []byte, pos int) int {
	for parent, seen := 0, 0; ; parent++ {
		c, k := binary.Uvarint(counts)
		counts = counts[k:]
		if seen += int(c); pos < seen {
			return parent
		}
	}
}

func (p *pathLog) bytes() int64 {
	n := int64(cap(p.counts) + cap(p.inputs))
	for _, l := range p.levels {
		n += int64(cap(l.inputs) + cap(l.counts))
	}
	return n
}
