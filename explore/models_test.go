package explore

// Synthetic models for the tests and benchmarks. Their states are arrays, so
// the reference BFS can use them as map keys and so check the explorer's
// fingerprinting against plain equality.

// counters is K counters in [0, Max] (K <= 8). Inputs inc i and dec i move
// one counter; rot rotates the counters left, which connects distant parts
// of the state space and makes paths non-trivial.
//
// Invariants, each enabled by its field:
//   - 0 (Bad != nil): no transition may reach the state *Bad;
//   - 1 (NoFullRot): rot is forbidden while counter 0 is Max and the last
//     counter is 0;
//   - 2 (StuckAtMax): a state whose first two counters are Max has no
//     inputs; it is a legitimate end if counter 2 is 0, else stuck.
type counters struct {
	K, Max     uint8
	Bad        *cstate
	NoFullRot  bool
	StuckAtMax bool
	// IncOnly drops dec and rot, for a state space whose every level up to
	// Max is non-empty whatever K is.
	IncOnly bool
}

type cstate [8]uint8

const (
	opInc uint8 = iota << 4
	opDec
	opRot
)

func (c *counters) Init() cstate { return cstate{} }

// CheckInit: every invariant of counters is a rule over transitions or
// stuck states.
func (c *counters) CheckInit(*cstate) int { return 0 }

func (c *counters) Invariants() []string { return []string{"bad-state", "no-full-rot", "stuck"} }

func (c *counters) Enabled(s *cstate, buf []uint8) []uint8 {
	buf = buf[:0]
	if c.StuckAtMax && c.K >= 3 && s[0] == c.Max && s[1] == c.Max {
		return buf
	}
	for i := uint8(0); i < c.K; i++ {
		if s[i] < c.Max {
			buf = append(buf, opInc|i)
		}
		if !c.IncOnly && s[i] > 0 {
			buf = append(buf, opDec|i)
		}
	}
	if !c.IncOnly && c.K > 1 {
		buf = append(buf, opRot)
	}
	return buf
}

func (c *counters) Step(s *cstate, in uint8, next *cstate) int {
	i := in & 0xf
	switch in &^ 0xf {
	case opInc:
		next[i]++
	case opDec:
		next[i]--
	case opRot:
		if c.NoFullRot && s[0] == c.Max && s[c.K-1] == 0 {
			return 2
		}
		first := next[0]
		copy(next[:c.K-1], next[1:c.K])
		next[c.K-1] = first
	}
	if c.Bad != nil && *next == *c.Bad {
		return 1
	}
	return 0
}

func (c *counters) Stuck(s *cstate) int {
	if s[2] != 0 {
		return 3
	}
	return 0
}

func (c *counters) Encode(s *cstate, buf []byte) []byte { return append(buf, s[:c.K]...) }

func (c *counters) Fork() Model[cstate, uint8] { return c }

// table is an explicit transition system: state i has the edges succ[i] in
// order and, when it has none, violates invariant stuck[i]-1 (0: terminal).
// Random tables drive the property tests.
type table struct {
	succ  [][]edge
	stuck []int
}

type edge struct {
	input     uint16
	to        uint16
	violation int
}

type tstate [1]uint16

func (t *table) Init() tstate { return tstate{} }

func (t *table) CheckInit(*tstate) int { return 0 }

// Invariants names the invariants a table may report: the property tests
// draw violations 1 to 3.
func (t *table) Invariants() []string { return []string{"inv-1", "inv-2", "inv-3"} }

func (t *table) Enabled(s *tstate, buf []uint16) []uint16 {
	buf = buf[:0]
	for _, e := range t.succ[s[0]] {
		buf = append(buf, e.input)
	}
	return buf
}

func (t *table) Step(s *tstate, in uint16, next *tstate) int {
	for _, e := range t.succ[s[0]] {
		if e.input == in {
			next[0] = e.to
			return e.violation
		}
	}
	panic("input not enabled")
}

func (t *table) Stuck(s *tstate) int { return t.stuck[s[0]] }

func (t *table) Encode(s *tstate, buf []byte) []byte {
	return append(buf, byte(s[0]), byte(s[0]>>8))
}

func (t *table) Fork() Model[tstate, uint16] { return t }

// wideTable has fan-out 300 from every state, so input indices and child
// counts need more than one byte in the path log.
func wideTable(states int) *table {
	t := &table{succ: make([][]edge, states), stuck: make([]int, states)}
	for i := range t.succ {
		for k := range 300 {
			t.succ[i] = append(t.succ[i], edge{input: uint16(k), to: uint16((i*300 + k*7 + 1) % states)})
		}
	}
	// The one violation sits on the last input of the last state, so its
	// path has large indices at every step.
	last := &t.succ[states-1][299]
	last.violation = 1
	return t
}
