// Package wheel is the hierarchical timer wheel of contract 004 section 2:
// four levels of 256 slots (resolutions 1 ms, 256 ms, 65.536 s and
// 16,777.216 s; ranges 256 ms, 65.5 s, 4.66 h and 49.7 days), an overflow
// heap for deadlines beyond max_wheel_duration, a ready list, lazy
// generation-checked cancellation (INV-TM-01, INV-TM-02), validation of
// max_timer_duration (INV-TM-04), purge when every timer is cancelled
// (INV-TM-05), wrapping (id, generation) counters (INV-TM-06), cascades
// that drop dead entries (INV-TM-07), the inclusive fire criterion
// deadline <= now (INV-TM-08) and optional coalescing. Time is in ticks of
// 1 ms.
//
// State is a fixed-size value (no slices, maps or pointers) because the
// model checker copies and hashes it on every step:
//   - Physical storage is a pool of MaxEntries entries. An entry records
//     where it lies (Level0..Level3 with its slot, Overflow or Ready) and its
//     registration sequence number. The pool is kept compact and in
//     registration order: used entries first, oldest first, so a slot's
//     contents (the entries with that level and slot) are read in
//     registration order by scanning the pool, and equal histories give
//     equal bytes.
//   - The active map (id -> generation, upstream's HashMap) is a fixed
//     array of handles with a used bit per element (ActiveUsed), looked up by
//     id as upstream does; registering an id that is already active
//     overwrites its generation, as HashMap::insert does.
//   - The occupancy bitmaps are kept exactly as upstream keeps them (set on
//     placement, cleared when a slot is taken or emptied by coalescing,
//     cleared by purge). The cursors always equal (now >> 8k) mod 256.
//
// Choices where the contract is silent or upstream disagrees with it
// (each also noted at its spot):
//   - Same-deadline timers fire in registration order, always (004 2.8,
//     5.1, INV-TM-03): a slot is taken in registration order, a cascade keeps
//     that order, and the ready list drains in (deadline, registration seq)
//     order. Upstream appends on cascade and drains ready with swap_remove,
//     which can reorder equal deadlines; we keep the contract's rule. The
//     overflow heap refills in (deadline, seq) order (004 5.1: deadline then
//     generation; seq is the generation before any wrap).
//   - Advancing does not walk tick by tick: it jumps straight to the next
//     tick where anything can happen (an occupied level-0 slot, a cascade
//     boundary whose target slot is occupied at any level, the tick an
//     overflow entry may enter the wheel). Every tick it skips is one where
//     upstream's tick-by-tick loop only moves cursors, so the fires, their
//     order, the dead drops and the cascades (with the tick they happen at)
//     are upstream's; TestJumpEqualsStepwise checks it against a
//     transcription of upstream's loop.
//   - max_wheel_duration is clamped to the physical range (2^32 ms): above
//     it upstream's refill would re-insert an entry that no level can hold
//     back into the overflow heap forever.
//   - Collect with now earlier than the wheel's time does not move time
//     back: it collects at the wheel's time.
//   - Collect(now, max) with max > 0 fires at most max timers and leaves the
//     rest in the ready list for the next Collect (the kernel's bounded
//     catch-up batches); upstream has no bound.
//   - Cancelled entries are dropped, with a WheelDeadDropped event, when a
//     slot, the overflow heap or the ready list reaches them; WheelPurged is
//     emitted only when a purge clears some storage (upstream calls
//     purge_inactive_storage on every collect of an empty wheel).
//   - NextDeadline is a pure query (upstream's pops dead overflow entries)
//     and returns the earliest live deadline itself.
//   - Coalescing (004 2.4 step 5): boundary = (now/window + 1) * window;
//     every entry with deadline <= boundary is first moved to the ready list
//     (upstream's promote step); if at least min_group_size live ready
//     entries have deadline <= boundary, all of them fire now, and a
//     WheelCoalesced event (count = group size) precedes the fires when at
//     least one of them fires early (deadline > now).
//   - A full pool (MaxEntries physical entries, dead ones included) refuses a
//     registration with ErrStorageFull: a model bound, not a contract rule,
//     and no event.
//
// Faults (package fault, where each is marked "(runtime/wheel)") sit at
// their real spots, each named in a comment beside it. The first eight
// were CancelIgnoresGeneration (Cancel), FireCancelled (the level-0
// collect and the ready drain skip the is_live check), UnstableSlotOrder
// (slots and the ready list drain newest first), UncheckedDuration
// (TryRegister), NoPurge (purge), SaturatingIDs (the counters),
// CascadeKeepsDead (cascade and overflow refill) and ExclusiveDeadline
// (the ready drain).
package wheel

import (
	"math"
	"math/bits"
	"strconv"

	"modelcheck/runtime/fault"
	"modelcheck/runtime/trace"
)

// Sizes.
const (
	Levels        = 4
	SlotsPerLevel = 256
	MaxEntries    = 8
)

// Placements: Entry.Level and the Level of WheelRegistered and
// WheelCascaded events.
const (
	Level0   = 0
	Level1   = 1
	Level2   = 2
	Level3   = 3
	Overflow = 4
	Ready    = 5
)

// Defaults (004 2.7), in ms.
const (
	DefaultMaxWheelDuration = 86_400_000  // 24 h
	DefaultMaxTimerDuration = 604_800_000 // 7 days
)

// PhysicalRange is the range of the top level: 256^4 ms, about 49.7 days.
const PhysicalRange = 1 << (8 * Levels)

// Config is fixed for a wheel's life. New replaces zero values by defaults,
// so a State's Config shows the values in force.
type Config struct {
	// MaxWheelDuration: deltas at or above it go to the overflow heap.
	// 0 means min(24 h, PhysicalRange); larger values are clamped to
	// PhysicalRange.
	MaxWheelDuration uint64
	// MaxTimerDuration: try_register rejects deadline - now above it.
	// 0 means 7 days.
	MaxTimerDuration uint64
	// Coalesce turns coalescing on, with window CoalesceWindow (0 means
	// 1 ms) and threshold MinGroupSize (0 means 1).
	Coalesce       bool
	CoalesceWindow uint64
	MinGroupSize   uint8
	// FirstID and FirstGen are where the id and generation counters start
	// (upstream starts both at 0).
	FirstID, FirstGen uint64
	Faults            fault.Set
}

func (c Config) normalized() Config {
	if c.MaxWheelDuration == 0 {
		c.MaxWheelDuration = min(DefaultMaxWheelDuration, PhysicalRange)
		// Fault WheelDefaultInSeconds slips the unit.
		if c.Faults.Has(fault.WheelDefaultInSeconds) {
			c.MaxWheelDuration = DefaultMaxWheelDuration / 1000
		}
	}
	// Above the physical range no level could hold a refilled entry.
	c.MaxWheelDuration = min(c.MaxWheelDuration, PhysicalRange)
	if c.MaxTimerDuration == 0 {
		c.MaxTimerDuration = DefaultMaxTimerDuration
	}
	// Faults WheelBoundCappedAtDefault and TimerBoundCappedAtDefault cut
	// an explicit bound above its default (24 h, 7 days) to the default.
	if c.Faults.Has(fault.WheelBoundCappedAtDefault) {
		c.MaxWheelDuration = min(c.MaxWheelDuration, DefaultMaxWheelDuration)
	}
	if c.Faults.Has(fault.TimerBoundCappedAtDefault) {
		c.MaxTimerDuration = min(c.MaxTimerDuration, DefaultMaxTimerDuration)
	}
	if c.CoalesceWindow == 0 {
		c.CoalesceWindow = 1
	}
	if c.MinGroupSize == 0 {
		c.MinGroupSize = 1
	}
	return c
}

// Handle is a TimerHandle (004 2.6).
type Handle struct{ ID, Gen uint64 }

func (h Handle) String() string {
	return "id=" + strconv.FormatUint(h.ID, 10) + " gen=" + strconv.FormatUint(h.Gen, 10)
}

// Entry is one physical TimerEntry. Level is its placement (Level0..Level3,
// Overflow, Ready) and Slot its slot on a level; Seq is its registration
// sequence number, the tie-break among equal deadlines.
type Entry struct {
	Used     bool
	Level    uint8
	Slot     uint8
	Seq      uint32
	Task     uint8
	Deadline uint64
	Handle   Handle
}

// State is the wheel. Now is current_tick (ms).
type State struct {
	Config  Config
	Now     uint64
	NextID  uint64
	NextGen uint64
	NextSeq uint32
	// Cursor[k] is level k's cursor, always (Now >> 8k) mod 256.
	Cursor [Levels]uint8
	// Occupied[k] is level k's occupancy bitmap: bit s of word s/64.
	Occupied [Levels][4]uint64
	// Entries is the physical storage, compact and in registration order.
	Entries [MaxEntries]Entry
	// Active is the active map: Active[i] is an entry while bit i of
	// ActiveUsed is set.
	Active     [MaxEntries]Handle
	ActiveUsed uint8
}

// Error is a refused registration. The values are preallocated, so the
// error path allocates nothing.
type Error struct {
	// Class is the trace error class (NoError for the model bound).
	Class trace.ErrorClass
	Msg   string
}

func (e *Error) Error() string { return "wheel: " + e.Msg }

// The errors TryRegister returns.
var (
	// ErrDurationExceeded is TimerDurationExceeded (004 2.3, INV-TM-04).
	ErrDurationExceeded = &Error{Class: trace.ErrDurationExceeded, Msg: "timer_duration_exceeded: duration exceeds max_timer_duration"}
	// ErrStorageFull: all MaxEntries physical entries are in use (a model
	// bound, not a contract rule).
	ErrStorageFull = &Error{Msg: "storage full (" + strconv.Itoa(MaxEntries) + " entries, cancelled ones included)"}
)

// New is a wheel at time now (TimerWheel::with_config).
func New(cfg Config, now uint64) State {
	w := State{Config: cfg.normalized(), Now: now, NextID: cfg.FirstID, NextGen: cfg.FirstGen}
	// Fault WheelIgnoresFirstIDs numbers from 1 whatever is configured.
	if cfg.Faults.Has(fault.WheelIgnoresFirstIDs) {
		w.NextID, w.NextGen = 1, 1
	}
	w.realign()
	return w
}

func emit(log *trace.Log, e trace.Event) {
	if log != nil {
		log.Emit(e)
	}
}

// realign sets every cursor from Now.
func (w *State) realign() {
	for k := range w.Cursor {
		w.Cursor[k] = uint8(w.Now >> (8 * k))
	}
}

// next advances an id or generation counter: wrapping_add(1), or
// saturating under fault SaturatingIDs.
func (w *State) next(v uint64) uint64 {
	if v == math.MaxUint64 && w.Config.Faults.Has(fault.SaturatingIDs) {
		return v // fault: saturate, so handles repeat
	}
	return v + 1
}

// used is the number of physical entries in use (the pool is compact).
func (w *State) used() int {
	n := 0
	for n < MaxEntries && w.Entries[n].Used {
		n++
	}
	return n
}

// activeIndex finds id in the active map. Fault LookupByGen compares
// the id with the stored generations.
func (w *State) activeIndex(id uint64) int {
	byGen := w.Config.Faults.Has(fault.LookupByGen)
	for i := range w.Active {
		key := w.Active[i].ID
		if byGen {
			key = w.Active[i].Gen
		}
		if w.ActiveUsed&(1<<i) != 0 && key == id {
			return i
		}
	}
	return -1
}

func (w *State) removeActive(i int) {
	w.ActiveUsed &^= 1 << i
	w.Active[i] = Handle{}
}

// isLive is upstream's is_live: active[id] == generation.
func (w *State) isLive(h Handle) bool {
	i := w.activeIndex(h.ID)
	return i >= 0 && w.Active[i].Gen == h.Gen
}

// TryRegister is try_register (004 2.3): a timer for task at deadline.
// A duration deadline - now over MaxTimerDuration is refused with
// ErrDurationExceeded and a WheelRejected event; otherwise the timer gets
// the next (id, generation), enters the active map and is placed, with a
// WheelRegistered event naming its placement. Fault RefuseOverflow also
// refuses a duration of max_wheel_duration or more, one the overflow heap
// should take.
func (w *State) TryRegister(deadline uint64, task uint8, log *trace.Log) (Handle, error) {
	tooLong := deadline > w.Now && deadline-w.Now > w.Config.MaxTimerDuration && !w.Config.Faults.Has(fault.UncheckedDuration)
	if w.Config.Faults.Has(fault.RefuseOverflow) && deadline > w.Now && deadline-w.Now >= w.Config.MaxWheelDuration {
		tooLong = true
	}
	if tooLong {
		// Fault SilentWheelReject refuses without wheel_rejected.
		if !w.Config.Faults.Has(fault.SilentWheelReject) {
			emit(log, trace.Event{Kind: trace.WheelRejected, Deadline: deadline, Now: w.Now, Task: task, ErrorClass: trace.ErrDurationExceeded})
		}
		return Handle{}, ErrDurationExceeded
	}
	n := w.used()
	// The active map never outgrows the pool (every active handle has a
	// physical entry), but check both before changing anything.
	if n == MaxEntries || (w.ActiveUsed == math.MaxUint8 && w.activeIndex(w.NextID) < 0) {
		return Handle{}, ErrStorageFull
	}
	h := Handle{ID: w.NextID, Gen: w.NextGen}
	w.NextID = w.next(w.NextID)
	w.NextGen = w.next(w.NextGen)
	// Fault GenFollowsID takes the id for the generation too.
	if w.Config.Faults.Has(fault.GenFollowsID) {
		h.Gen, w.NextGen = h.ID, w.NextID
	}
	if i := w.activeIndex(h.ID); i >= 0 {
		w.Active[i].Gen = h.Gen // HashMap::insert overwrites
	} else {
		i = bits.TrailingZeros8(^w.ActiveUsed)
		w.Active[i] = h
		w.ActiveUsed |= 1 << i
	}
	w.Entries[n] = Entry{Used: true, Seq: w.NextSeq, Task: task, Deadline: deadline, Handle: h}
	// Fault SeqStalls forgets to advance the sequence.
	if !w.Config.Faults.Has(fault.SeqStalls) {
		w.NextSeq++
	}
	w.place(n)
	e := &w.Entries[n]
	emit(log, trace.Event{Kind: trace.WheelRegistered, ID: h.ID, Gen: h.Gen, Deadline: deadline, Now: w.Now, Task: task, Level: e.Level, Slot: e.Slot})
	return h, nil
}

// place is insert_entry: entry i goes to the ready list when its deadline
// is due (<= now; with ticks of 1 ms "inside the current level-0 tick" is
// the same thing), to the overflow heap when delta >= max_wheel_duration,
// else to the first level whose range exceeds delta, in slot
// (deadline / resolution) mod 256.
func (w *State) place(i int) {
	e := &w.Entries[i]
	e.Slot = 0
	if e.Deadline <= w.Now {
		e.Level = Ready
		return
	}
	delta := e.Deadline - w.Now
	if delta >= w.Config.MaxWheelDuration {
		e.Level = Overflow
		return
	}
	// Fault WideLevels lets a level take deltas up to twice its range.
	wide := 0
	if w.Config.Faults.Has(fault.WideLevels) {
		wide = 1
	}
	for k := range Levels {
		if delta < uint64(1)<<(8*(k+1)+wide) {
			e.Level = uint8(k)
			e.Slot = uint8(e.Deadline >> (8 * k))
			w.Occupied[k][e.Slot/64] |= 1 << (e.Slot % 64)
			return
		}
	}
	e.Level = Overflow // unreachable: MaxWheelDuration <= PhysicalRange
}

// Cancel is cancel(handle) (004 2.5): when active[id] == generation the
// timer leaves the active map (WheelCancelled, true), and if the map is
// then empty all storage is purged; otherwise WheelCancelRejected and
// false. The entry itself stays where it is (lazy deletion).
func (w *State) Cancel(h Handle, log *trace.Log) bool {
	i := w.activeIndex(h.ID)
	if i < 0 || (w.Active[i].Gen != h.Gen && !w.Config.Faults.Has(fault.CancelIgnoresGeneration)) {
		// Fault SilentCancelReject drops the event.
		if !w.Config.Faults.Has(fault.SilentCancelReject) {
			emit(log, trace.Event{Kind: trace.WheelCancelRejected, ID: h.ID, Gen: h.Gen, Now: w.Now})
		}
		return false
	}
	w.removeActive(i)
	now := w.Now
	// Fault WheelCancelNowUnset leaves now out.
	if w.Config.Faults.Has(fault.WheelCancelNowUnset) {
		now = 0
	}
	emit(log, trace.Event{Kind: trace.WheelCancelled, ID: h.ID, Gen: h.Gen, Now: now})
	// Fault CancelDropsEntry removes the entry at once while other
	// timers stay active (the purge below clears everything anyway).
	if w.Config.Faults.Has(fault.CancelDropsEntry) && w.ActiveUsed != 0 {
		w.dropNow(h, log)
	}
	if w.ActiveUsed == 0 {
		w.purge(log)
	}
	return true
}

// dropNow is fault CancelDropsEntry's eager deletion: the entry holding h
// leaves storage, and its slot's occupancy bit goes if the slot empties.
func (w *State) dropNow(h Handle, log *trace.Log) {
	for j := range w.Entries {
		if e := &w.Entries[j]; e.Used && e.Handle == h {
			w.drop(j, log)
			if e.Level < Levels && !w.slotHasEntries(e.Level, e.Slot) {
				w.Occupied[e.Level][e.Slot/64] &^= 1 << (e.Slot % 64)
			}
			w.compact()
			return
		}
	}
}

// purge is purge_inactive_storage (INV-TM-05): every entry, slot and bitmap
// cleared. WheelPurged is emitted only when there was storage to clear.
// Fault NoPurge skips it.
func (w *State) purge(log *trace.Log) {
	if w.Config.Faults.Has(fault.NoPurge) {
		return // fault: dead entries and occupancy bits stay
	}
	had := w.Entries[0].Used
	w.Entries = [MaxEntries]Entry{}
	w.Occupied = [Levels][4]uint64{}
	// Fault SilentPurge drops the event.
	if had && !w.Config.Faults.Has(fault.SilentPurge) {
		emit(log, trace.Event{Kind: trace.WheelPurged, Now: w.Now})
	}
}

// Live reports whether h is an active timer.
func (w *State) Live(h Handle) bool { return w.isLive(h) }

// Len is the number of active timers.
func (w *State) Len() int { return bits.OnesCount8(w.ActiveUsed) }

// Free is the number of free physical entries.
func (w *State) Free() int { return MaxEntries - w.used() }

// NextDeadline is the earliest live deadline, if any timer is active,
// wherever its entry lies: a level's slot, the overflow heap or the ready
// list. Fault NextDeadlineSkipsReady passes over the ready list, fault
// NextDeadlineSkipsOverflow over the overflow heap.
func (w *State) NextDeadline() (uint64, bool) {
	skipReady := w.Config.Faults.Has(fault.NextDeadlineSkipsReady)
	skipOverflow := w.Config.Faults.Has(fault.NextDeadlineSkipsOverflow)
	var best uint64
	found := false
	for i := range w.Entries {
		e := &w.Entries[i]
		if skipReady && e.Level == Ready {
			continue // fault: a ready entry counted as fired
		}
		if skipOverflow && e.Level == Overflow {
			continue // fault: an overflow entry counted as not due yet
		}
		if e.Used && w.isLive(e.Handle) && (!found || e.Deadline < best) {
			best, found = e.Deadline, true
		}
	}
	return best, found
}
