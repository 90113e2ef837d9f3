package explore

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"
)

func TestCompactable(t *testing.T) {
	type inner struct {
		A [3]int16
		B bool
		C complex64
	}
	type ok struct {
		X  uint8
		In [2]inner
		_  [100]byte
		U  uintptr
	}
	for _, tc := range []struct {
		v    any
		want bool
	}{
		{cstate{}, true}, {pstate{}, true}, {sstate{}, true}, {ok{}, true}, {[4]float64{}, true}, {struct{}{}, true},
		{new(int), false}, {[]byte{}, false}, {"", false}, {map[int]int{}, false}, {make(chan int), false},
		{func() {}, false}, {unsafe.Pointer(nil), false}, {[2]*int{}, false}, {[1]any{}, false},
		{struct {
			ok
			S string
		}{}, false},
		{struct{ A [2]struct{ P []int } }{}, false},
	} {
		if got := compactable(reflect.TypeOf(tc.v)); got != tc.want {
			t.Errorf("compactable(%T) = %v, want %v", tc.v, got, tc.want)
		}
	}
	if useCompact[cstate]() || !useCompact[pstate]() || !useCompact[sstate]() {
		t.Errorf("useCompact: %v for 8-byte states, %v and %v for kilobyte ones; want false, true, true",
			useCompact[cstate](), useCompact[pstate](), useCompact[sstate]())
	}
}

// sparse is a counters model whose states are spread over a kilobyte and a
// half that is mostly zero, with padding, like a real model's state.
type sparse struct{ c *counters }

type sstate struct {
	on bool // any counter above zero; padding follows
	// slots[sparseStride*i] holds counter i twice, five bytes apart, so a
	// short run of zeros splits it.
	slots [190]uint64
	sums  [5]uint16
}

const sparseStride = 24

func (p *sparse) get(s *sstate) cstate {
	var c cstate
	for i := range c {
		c[i] = uint8(s.slots[sparseStride*i])
	}
	return c
}

func (p *sparse) set(s *sstate, c *cstate) {
	sum := 0
	for i, v := range c {
		s.slots[sparseStride*i] = uint64(v)<<40 | uint64(v)
		sum += int(v)
	}
	s.on, s.sums[sum%len(s.sums)] = sum > 0, uint16(sum)
}

func (p *sparse) Init() sstate {
	var s sstate
	c := p.c.Init()
	p.set(&s, &c)
	return s
}

func (p *sparse) Enabled(s *sstate, buf []uint8) []uint8 {
	c := p.get(s)
	return p.c.Enabled(&c, buf)
}

func (p *sparse) Step(s *sstate, in uint8, next *sstate) int {
	c := p.get(s)
	n := c
	v := p.c.Step(&c, in, &n)
	p.set(next, &n)
	return v
}

func (p *sparse) CheckInit(*sstate) int { return 0 }

func (p *sparse) Invariants() []string { return p.c.Invariants() }

func (p *sparse) Stuck(s *sstate) int {
	c := p.get(s)
	return p.c.Stuck(&c)
}

func (p *sparse) Encode(s *sstate, buf []byte) []byte {
	c := p.get(s)
	return p.c.Encode(&c, buf)
}

func (p *sparse) Fork() Model[sstate, uint8] { return p }

// TestCompactFrontierSameAsPlain runs a model with large, mostly-zero
// states with both frontier storages and any worker count: everything a
// run decides must be the same, down to the final frontier's bytes.
func TestCompactFrontierSameAsPlain(t *testing.T) {
	m := &sparse{bigCounters()}
	run := func(opt Options, compact bool) bfsOutcome {
		t.Helper()
		opt, err := opt.withDefaults()
		if err != nil {
			t.Fatal(err)
		}
		b := mustNewBFS(t, Model[sstate, uint8](m), opt, compact)
		var frontiers [][]cstate
		b.built = func(f *frontier[sstate]) {
			var level []cstate
			for _, s := range frontierStates(f) {
				level = append(level, m.get(&s))
			}
			frontiers = append(frontiers, level)
		}
		r, found := b.run()
		if r.Violations, err = resolve(Model[sstate, uint8](m), found); err != nil {
			t.Fatal(err)
		}
		r.VisitedBytes, r.ProcessBytes = 0, 0
		return bfsOutcome{withoutTiming(r), b.log.levels, frontiers}
	}
	for _, opt := range []Options{{KeepGoing: true}, {Depth: 8, KeepGoing: true}, {}, {MaxStates: 20000, KeepGoing: true}} {
		base := run(withWorkers(opt, 1), false)
		if len(base.result.Violations) == 0 && opt.KeepGoing {
			t.Fatalf("%+v: no violations; the test needs some", opt)
		}
		for _, workers := range []int{1, 3} {
			got := run(withWorkers(opt, workers), true)
			if !reflect.DeepEqual(got, base) {
				t.Errorf("%+v, workers %d: a compact frontier gives\n%+v\na plain one\n%+v", opt, workers, got.result, base.result)
			}
		}
	}
}

// TestCompactFrontierBytes checks that states read back bit for bit,
// padding included, and reports how much a compact frontier holds per state.
func TestCompactFrontierBytes(t *testing.T) {
	compactFrontierBytes(t, &sparse{bigCounters()}, 9)
	compactFrontierBytes(t, &padded{bigCounters()}, 9)
}

func compactFrontierBytes[S any](t *testing.T, m Model[S, uint8], depth int) {
	opt, _ := Options{Workers: 2, Depth: depth, KeepGoing: true}.withDefaults()
	b := mustNewBFS(t, m, opt, true)
	widest := 0
	b.built = func(f *frontier[S]) {
		if f.len() > widest {
			widest = f.len()
			checkCompactLevel(t, f)
		}
	}
	b.run()
	if widest < 1000 {
		t.Fatalf("the widest level has %d states; want a wide one", widest)
	}
}

// checkCompactLevel checks that f's states read back bit for bit and holds
// a tenth of their size or less.
func checkCompactLevel[S any](t *testing.T, f *frontier[S]) {
	size := int(unsafe.Sizeof(*new(S)))
	var encoded int
	for i := range f.len() {
		r := f.ref(i)
		var s S
		encoded += decodeZRL(rawBytes(&s), f.blocks[r>>32][uint32(r):], f.base)
		// Poison the scratch, padding and all, and decode over it.
		scratch := s
		for k, raw := 0, rawBytes(&scratch); k < len(raw); k++ {
			raw[k] = 0xee
		}
		if got := f.at(i, &scratch); string(rawBytes(got)) != string(rawBytes(&s)) {
			t.Fatalf("%T: state %d reads back differently", s, i)
		}
	}
	perState := float64(encoded+8*f.len()) / float64(f.len())
	t.Logf("%d-byte states: %.1f bytes of encoding and reference per state (%d states, %d bytes held)",
		size, perState, f.len(), f.bytes())
	if perState > float64(size)/10 {
		t.Errorf("%.1f bytes per %d-byte state; want a tenth or less", perState, size)
	}
}

// storedFrontier is a compact frontier of n random counters states, whose
// encodings have every length from one byte to the longest, placed by
// two worker goroutines' cursors in turn, by put or by putEncoded, in
// blocks of blockLen bytes.
func storedFrontier(r *rand.Rand, n, blockLen int) (*frontier[cstate], *blockPool, []cstate) {
	pool := newBlockPool(blockLen)
	f := newFrontier[cstate](true, 2, make([]byte, unsafe.Sizeof(cstate{})), pool)
	f.resize(n)
	states := make([]cstate, n)
	for i := range states {
		s := &states[i]
		s[r.IntN(len(s))] = uint8(1 + r.IntN(255)) // never the base
		for k := range s {
			if r.IntN(2) == 0 {
				s[k] = uint8(r.IntN(256))
			}
		}
		if i%3 == 0 {
			f.put(i%2, i, s)
		} else {
			f.putEncoded(i%2, i, appendZRL(nil, rawBytes(s), f.base))
		}
	}
	f.seal()
	return f, pool, states
}

// TestFrontierAcrossBlocks stores states in blocks a few states long, of
// every length from one longest encoding to four of them, so that
// encodings meet the end of their block at every offset: some fit the
// room left exactly, some miss it by a byte. Every state must read back
// as stored.
func TestFrontierAcrossBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	longest := zrlMaxLen(int(unsafe.Sizeof(cstate{})))
	for blockLen := longest; blockLen <= 4*longest; blockLen++ {
		f, _, states := storedFrontier(r, 300, blockLen)
		for i, want := range states {
			var s cstate
			if got := f.at(i, &s); *got != want {
				t.Fatalf("blocks of %d bytes: state %d reads back as %v, stored %v", blockLen, i, *got, want)
			}
		}
	}
}

// TestFrontierRecycle: once the parents before end are expanded, recycle
// gives back the blocks that hold only states before end, for the level
// being built to fill at once (here: with zeros). For every end, the
// states from end on must keep their blocks and read back as stored; at
// the level's end every block goes back.
func TestFrontierRecycle(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	const n = 60
	for end := range n + 1 {
		f, pool, states := storedFrontier(r, n, 2*zrlMaxLen(int(unsafe.Sizeof(cstate{}))))
		f.recycle(end)
		for _, b := range pool.free {
			clear(b)
		}
		for i := end; i < n; i++ {
			if f.blocks[f.ref(i)>>32] == nil {
				t.Fatalf("end %d: state %d's block was given back", end, i)
			}
			var s cstate
			if got := f.at(i, &s); *got != states[i] {
				t.Fatalf("end %d: state %d reads back as %v, stored %v", end, i, *got, states[i])
			}
		}
		if end == n && len(pool.free) != len(f.blocks) {
			t.Errorf("end %d: %d of %d blocks given back, want all", end, len(pool.free), len(f.blocks))
		}
	}
}
