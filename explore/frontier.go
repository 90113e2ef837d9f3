package explore

import (
	"reflect"
	"slices"
	"sync"
	"unsafe"
)

// frontier is one BFS level's states in frontier order: the level being
// expanded or the one being built.
//
// BFS holds the level it expands and the level it builds, which for
// kilobyte states that are mostly zero bytes is most of a run's memory. So
// when S is plain data (see compactable) a frontier keeps each state's raw
// bytes zero-run-length encoded (zrl.go) against the raw bytes of the
// run's initial state, in large byte blocks, recycled from the level being
// expanded to the level being built, and decodes a parent into its
// worker's scratch state when the parent is expanded. Otherwise, or when S
// is too small to gain, it keeps the states as they are.
//
// Storage never changes a result: states are identified by the
// fingerprints of Model.Encode, never by their raw bytes, and a decoded
// state has exactly the bytes that were encoded. That includes padding
// bytes, which hold whatever copying left there, so they are stored
// faithfully too and nothing depends on them.
type frontier[S any] struct {
	plain []S // the states, unless compact

	compact bool
	// base is the raw bytes of the initial state, which compact states are
	// encoded against.
	base []byte
	// ref(i) locates state i's encoding: block index<<32 | offset. The
	// refs are kept in pages (see refPageBits), n of them in use.
	refs [][]uint64
	n    int
	// blocks[k] holds encodings, and last[k] is the highest state index
	// stored in it, once sealed (see seal); a block is nil once recycled.
	// Blocks come from and go back to pool, which the two frontiers of a
	// run share, so a level being expanded hands its blocks to the level
	// being built as it goes (see recycle).
	blocks   [][]byte
	last     []int
	pool     *blockPool
	blockLen int
	maxEnc   int // zrlMaxLen(size of S)
	mu       sync.Mutex
	// cursors[w] is the block worker goroutine w encodes into, sliced from
	// its start to the end of the encodings so far; nil before the first.
	cursors [][]byte
	// curBlock[w] is the index of the block cursors[w] is in, and
	// curLast[w] the highest state index w stored in it.
	curBlock, curLast []int
}

// blockPool is the free encoding blocks of a run's two frontiers. Each
// holds a whole level, and a level can be ten times the one before, so
// without recycling BFS would hold the level it expands and the level it
// builds in full at once: with it, the one being built takes the blocks
// the one being expanded is done with.
type blockPool struct {
	mu   sync.Mutex
	free [][]byte
	len  int
	// keep is false at the depth bound, where nothing is built: a block
	// given back is then let go, for the visited set to grow into.
	keep bool
}

func newBlockPool(blockLen int) *blockPool { return &blockPool{len: blockLen, keep: true} }

// get returns a block, whole: its old bytes are garbage.
func (p *blockPool) get() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		b := p.free[n-1]
		p.free = p.free[:n-1]
		return b
	}
	return make([]byte, p.len)
}

// put takes a block back, or lets it go unless keep.
func (p *blockPool) put(b []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.keep {
		p.free = append(p.free, b)
	}
}

// letGo drops the free blocks and those given back from now on.
func (p *blockPool) letGo() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.keep, p.free = false, nil
}

const (
	// frontierBlockLen is the size of an encoding block, large enough that
	// workers rarely take the lock to get one and small enough that the
	// partly filled last block of each worker wastes little.
	frontierBlockLen = 1 << 20
	// compactMinSize is the least state size stored compactly: below it the
	// 8-byte reference per state eats what encoding saves.
	compactMinSize = 64
	// refPageBits: a compact frontier's refs are kept in pages of
	// 1<<refPageBits, so that a growing level adds pages instead of moving
	// its refs to a larger array, and the pages stay with the frontier
	// from level to level. Grown as one slice, the default scenario's
	// levels copied their refs four or five times over into fresh memory,
	// in the batches' one serial phase: 0.2 s of a 9 s make run, most of
	// it page faults.
	refPageBits = 12
	refPageMask = 1<<refPageBits - 1
)

// newFrontier makes an empty frontier for workers worker goroutines,
// compact against base if asked, with blocks from pool.
func newFrontier[S any](compact bool, workers int, base []byte, pool *blockPool) *frontier[S] {
	f := &frontier[S]{compact: compact}
	if compact {
		f.base, f.pool = base, pool
		f.maxEnc = zrlMaxLen(int(unsafe.Sizeof(*new(S))))
		f.cursors = make([][]byte, workers)
		f.curBlock = make([]int, workers)
		f.curLast = make([]int, workers)
	}
	return f
}

// frontierBlockLenFor is the block length of a frontier of S: frontierBlockLen,
// or one state's longest encoding if that is longer.
func frontierBlockLenFor[S any]() int {
	return max(frontierBlockLen, zrlMaxLen(int(unsafe.Sizeof(*new(S)))))
}

// useCompact says whether BFS stores S compactly: when its raw bytes are
// the whole value and there are enough of them to gain from encoding.
func useCompact[S any]() bool {
	t := reflect.TypeFor[S]()
	return t.Size() >= compactMinSize && compactable(t)
}

// compactable reports whether a value of type t is nothing but its bytes:
// no pointers, slices, maps, strings, interfaces, chans or funcs anywhere
// in it. Only then may its bytes be stored apart from the garbage
// collector's view and copied back.
func compactable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return compactable(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !compactable(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// rawBytes is the memory of *s. Only for a compactable S.
func rawBytes[S any](s *S) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(s)), unsafe.Sizeof(*s))
}

func (f *frontier[S]) len() int {
	if f.compact {
		return f.n
	}
	return len(f.plain)
}

// ref is where state i's encoding lies, in a compact frontier.
func (f *frontier[S]) ref(i int) uint64 { return f.refs[i>>refPageBits][i&refPageMask] }

// setRef records where state i's encoding lies.
func (f *frontier[S]) setRef(i int, r uint64) { f.refs[i>>refPageBits][i&refPageMask] = r }

// reset empties the frontier for a new level, giving its blocks back and
// keeping its ref pages.
func (f *frontier[S]) reset() {
	f.plain, f.n = f.plain[:0], 0
	for k, b := range f.blocks {
		if b != nil {
			f.pool.put(b)
		}
		f.blocks[k] = nil
	}
	f.blocks, f.last = f.blocks[:0], f.last[:0]
	clear(f.cursors)
}

// release empties the frontier and lets its memory go: for the level at the
// depth bound, which is never stored.
func (f *frontier[S]) release() {
	f.reset()
	f.plain, f.refs, f.blocks, f.last = nil, nil, nil, nil
}

// seal records the highest state index in each worker's last block, once
// the level is built; recycle reads it.
func (f *frontier[S]) seal() {
	for w, c := range f.cursors {
		if c != nil {
			f.last[f.curBlock[w]] = f.curLast[w]
		}
	}
	clear(f.cursors)
}

// recycle gives back the blocks that hold only states before end, which
// have been expanded: the level being built takes them. The frontier must
// be sealed.
func (f *frontier[S]) recycle(end int) {
	for k, b := range f.blocks {
		if b != nil && f.last[k] < end {
			f.pool.put(b)
			f.blocks[k] = nil
		}
	}
}

// resize makes room for states up to n, to be placed by put.
func (f *frontier[S]) resize(n int) {
	if f.compact {
		for len(f.refs)<<refPageBits < n {
			f.refs = append(f.refs, make([]uint64, 1<<refPageBits))
		}
		f.n = n
	} else {
		f.plain = slices.Grow(f.plain, n-len(f.plain))[:n]
	}
}

// put stores s as state i. Worker goroutine w does the storing; goroutines
// may store different states at once.
func (f *frontier[S]) put(w, i int, s *S) {
	if !f.compact {
		f.plain[i] = *s
		return
	}
	c := f.cursors[w]
	if c == nil || cap(c)-len(c) < f.maxEnc {
		c = f.newBlock(w)
	}
	f.setRef(i, uint64(f.curBlock[w])<<32|uint64(len(c)))
	f.curLast[w] = max(f.curLast[w], i)
	f.cursors[w] = appendZRL(c, rawBytes(s), f.base)
}

// putEncoded stores as state i the state whose encoding (appendZRL of its
// raw bytes against the frontier's base) is enc, in a compact frontier. Worker goroutine w does the
// storing, as in put.
func (f *frontier[S]) putEncoded(w, i int, enc []byte) {
	c := f.cursors[w]
	if c == nil || cap(c)-len(c) < len(enc) {
		c = f.newBlock(w)
	}
	f.setRef(i, uint64(f.curBlock[w])<<32|uint64(len(c)))
	f.curLast[w] = max(f.curLast[w], i)
	f.cursors[w] = append(c, enc...)
}

// newBlock hands worker goroutine w an empty block, sealing the one it
// filled.
func (f *frontier[S]) newBlock(w int) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.cursors[w] != nil {
		f.last[f.curBlock[w]] = f.curLast[w]
	}
	b := f.pool.get()
	f.curBlock[w], f.curLast[w] = len(f.blocks), 0
	f.blocks = append(f.blocks, b)
	f.last = append(f.last, 0)
	return b[:0]
}

// at returns state i: in plain storage the stored state itself, in compact
// storage a copy decoded into scratch.
func (f *frontier[S]) at(i int, scratch *S) *S {
	if !f.compact {
		return &f.plain[i]
	}
	r := f.ref(i)
	decodeZRL(rawBytes(scratch), f.blocks[r>>32][uint32(r):], f.base)
	return scratch
}

// bytes is the memory the frontier holds.
func (f *frontier[S]) bytes() int64 {
	if !f.compact {
		return int64(cap(f.plain)) * int64(unsafe.Sizeof(*new(S)))
	}
	n := int64(len(f.refs)) << refPageBits * 8
	for _, b := range f.blocks {
		if b != nil {
			n += int64(cap(b))
		}
	}
	return n
}
