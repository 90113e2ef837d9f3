package explore

// batchSeen is one worker's set of the fingerprints of the candidates it
// found in the current batch. A successor not visited before the batch
// may still repeat one the same worker found earlier in the batch (two
// interleavings of the same steps); about half of the default asupersync
// model's candidates do. Such a repeat can never be the new one: the
// worker takes its chunks in frontier order, so its first occurrence
// comes first, and the merge marks only the first occurrence new. Dropping
// the repeat at once spares encoding it for the frontier (or, at the
// depth bound, checking it for being stuck) and merging it. Repeats across
// workers are still left to the merge, so the outcome does not depend on
// which worker expanded which chunk.
type batchSeen struct {
	slots []uint64 // open addressing, a power of two long; 0 is empty
	used  []int    // the filled slots, to empty them for the next batch
}

// add adds fp and reports whether it was absent.
func (s *batchSeen) add(fp uint64) bool {
	if 2*(len(s.used)+1) > len(s.slots) {
		s.grow()
	}
	mask := len(s.slots) - 1
	for i := int(fp>>32) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case fp:
			return false
		case 0:
			s.slots[i] = fp
			s.used = append(s.used, i)
			return true
		}
	}
}

// grow doubles the table, keeping its fingerprints.
func (s *batchSeen) grow() {
	old := s.slots
	s.slots = make([]uint64, max(1024, 2*len(old)))
	s.used = s.used[:0]
	for _, fp := range old {
		if fp != 0 {
			s.add(fp)
		}
	}
}

// reset empties the set for a new batch, keeping its memory.
func (s *batchSeen) reset() {
	for _, i := range s.used {
		s.slots[i] = 0
	}
	s.used = s.used[:0]
}
