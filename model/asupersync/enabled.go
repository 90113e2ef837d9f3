package asupersync

import (
	"math"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/wheel"
)

// Enabled appends the inputs the environment may give in s, in a fixed
// order: host events, the polled task's own operations, then environment
// operations. It offers only inputs the runtime accepts, so Step never
// meets an error; refusals the contracts mandate (a spawn into a cancelled
// region, a stale wake, a denied callback) are offered, because those are
// the paths the invariants watch.
func (m *Model) Enabled(s *State, buf []Input) []Input {
	sc := &m.Scenario
	k := &s.P.Kernel
	add := func(in kernel.Input) { buf = append(buf, Input{K: in}) }
	running := sc.Native || s.P.Mode == pump.Running

	// Host events.
	if !sc.Native && s.P.Mode == pump.Scheduled {
		if s.P.Source == pump.Microtask {
			buf = append(buf, Input{Host: pump.RunMicrotask})
		} else {
			buf = append(buf, Input{Host: pump.RunHostTask})
		}
	}
	if next, ok := nextDeadline(k); ok && (sc.Native || s.P.Mode != pump.Running) {
		buf = append(buf, Input{Host: pump.TimerTurn, K: kernel.Input{Op: kernel.Advance, N: next - k.Now}})
		if sc.LateTurns && next < math.MaxUint32 {
			buf = append(buf, Input{Host: pump.TimerTurn, K: kernel.Input{Op: kernel.Advance, N: next - k.Now + 1}})
		}
	}

	// The polled task's own operations. A task parked on the channel
	// re-polls the operation it waits on before anything else, or, with
	// DropFutures, returns and so drops it (a well-behaved task, as
	// below, holding nothing Reserved).
	if t := k.Current; t != 0 && k.Tasks[t-1].Waits != kernel.WaitsNothing {
		op := kernel.ChanReserve
		if k.Tasks[t-1].Waits == kernel.WaitsRecv {
			op = kernel.ChanRecv
		}
		add(kernel.Input{Op: op, Task: t})
		if sc.DropFutures && !holdsReserved(&k.Cancel, t) && !holdsPermit(k, t) {
			add(kernel.Input{Op: kernel.Complete, Task: t, Arg: uint8(cancel.Ok)})
		}
	} else if t != 0 {
		tk := TaskRecord(&k.Cancel, t)
		task := func(op kernel.Op) kernel.Input { return kernel.Input{Op: op, Task: t} }
		add(task(kernel.Checkpoint))
		if sc.Masks && (tk.Mask == 0 || sc.NestedMasks && tk.Mask == 1) {
			add(task(kernel.Mask))
		}
		if tk.Mask > 0 {
			add(task(kernel.Unmask))
		}
		add(task(kernel.Yield))
		add(task(kernel.Pending))
		if sc.Sleep != 0 && freeTimer(k) {
			if withinClock(k, sc.Sleep) {
				add(kernel.Input{Op: kernel.Sleep, Task: t, N: sc.Sleep})
			}
			for _, d := range sc.Sleeps {
				if withinClock(k, d) {
					add(kernel.Input{Op: kernel.Sleep, Task: t, N: d})
				}
			}
		}
		switch tk.Phase {
		case cancel.Running, cancel.CancelRequested:
			// A well-behaved task resolves its obligations before it
			// returns; the runtime must not leak them for it. A leaky
			// one (Scenario.LeakyTasks) may return holding a Lease, but
			// never a channel permit.
			if (sc.LeakyTasks || !holdsReserved(&k.Cancel, t)) && !holdsPermit(k, t) {
				add(kernel.Input{Op: kernel.Complete, Task: t, Arg: uint8(cancel.Ok)})
			}
			// With ErrOutcomes a well-behaved task may return Err too,
			// and a leaky one holding its Lease.
			if sc.ErrOutcomes && (sc.LeakyTasks || !holdsReserved(&k.Cancel, t)) && !holdsPermit(k, t) {
				add(kernel.Input{Op: kernel.Complete, Task: t, Arg: uint8(cancel.Err)})
			}
		case cancel.Cancelling:
			add(task(kernel.CleanupDone))
		case cancel.Finalizing:
			add(task(kernel.FinalizeDone))
		}
		// A late return holding a Lease (LeakyTasks) ends a cleanup
		// that never resolved it: the Cancelled completion must abort it.
		if sc.LateReturns && (tk.Phase == cancel.Cancelling || tk.Phase == cancel.Finalizing) &&
			(sc.LeakyTasks || !holdsReserved(&k.Cancel, t)) && !holdsPermit(k, t) {
			add(kernel.Input{Op: kernel.Complete, Task: t, Arg: uint8(cancel.Ok)})
			if sc.ErrOutcomes {
				add(kernel.Input{Op: kernel.Complete, Task: t, Arg: uint8(cancel.Err)})
			}
		}
		if tk.Phase == cancel.Running && used(k, obligationIDs) < int(sc.Obligations) && obligationRoom(k) {
			add(kernel.Input{Op: kernel.Reserve, Task: t, Arg: uint8(cancel.Lease)})
		}
		for id := uint8(1); id <= cancel.MaxObligations; id++ {
			// Resolved ones too: resolving twice must be refused. A
			// send permit is resolved by sending or aborting it.
			if o := ObligationRecord(&k.Cancel, id); o.Used && o.Task == t && o.Kind != cancel.SendPermit {
				add(kernel.Input{Op: kernel.Commit, Task: t, Obligation: id})
				add(kernel.Input{Op: kernel.Abort, Task: t, Obligation: id})
			}
		}
		buf = m.channelOps(s, t, buf)
	} else if running {
		add(kernel.Input{Op: kernel.Dispatch})
	}

	// Environment operations.
	tasks := used(k, taskIDs)
	for r := uint8(1); r <= cancel.MaxRegions; r++ {
		reg := RegionRecord(&k.Cancel, r)
		if !reg.Used || reg.State == cancel.RegionClosed {
			continue
		}
		if tasks < int(sc.Tasks) {
			add(kernel.Input{Op: kernel.Spawn, Region: r})
			// One timed task, in the root region, is enough to put the
			// timed lane between the other two; more only multiply states.
			if sc.TimedTasks && r == 1 && !hasTimedTask(k) {
				add(kernel.Input{Op: kernel.Spawn, Region: r, N: TimedTaskDeadline})
			}
			if r == 1 {
				for _, d := range sc.Deadlines {
					add(kernel.Input{Op: kernel.Spawn, Region: r, N: d})
				}
				for _, p := range sc.Priorities {
					add(kernel.Input{Op: kernel.Spawn, Region: r, Priority: p})
					// A timed task with a priority: the timed lane
					// must order it by deadline, then generation,
					// never by priority (004 3.3's TimedEntry).
					for _, d := range sc.Deadlines {
						add(kernel.Input{Op: kernel.Spawn, Region: r, Priority: p, N: d})
					}
				}
			}
		}
		if !sc.NoRegionCancel {
			add(kernel.Input{Op: kernel.CancelRegion, Region: r, Arg: uint8(sc.RegionCancelKind)})
		}
		if r != 1 && reg.State == cancel.RegionOpen {
			add(kernel.Input{Op: kernel.CloseRegion, Region: r})
		}
		if reg.State == cancel.RegionOpen && finalizers(k) < int(sc.Finalizers) {
			add(kernel.Input{Op: kernel.RegisterFinalizer, Region: r})
		}
		if reg.State == cancel.RegionFinalizing && reg.Finalizers > 0 {
			add(kernel.Input{Op: kernel.FinalizerDone, Region: r})
		}
	}
	// Regions open as a chain under the deepest one, or, with
	// SiblingRegions, under any Open region.
	if used(k, regionIDs) < int(sc.Regions) {
		if sc.SiblingRegions {
			for r := uint8(1); r <= cancel.MaxRegions; r++ {
				if reg := RegionRecord(&k.Cancel, r); reg.Used && reg.State == cancel.RegionOpen {
					add(kernel.Input{Op: kernel.OpenRegion, Region: r})
				}
			}
		} else if deepest := deepestRegion(k); deepest != 0 {
			add(kernel.Input{Op: kernel.OpenRegion, Region: deepest})
		}
	}
	for t := uint8(1); t <= kernel.MaxTasks; t++ {
		tk := TaskRecord(&k.Cancel, t)
		if !tk.Used {
			continue
		}
		bit := uint16(1) << (t - 1)
		// Wakes: the one a parked task awaits, duplicates of a runnable
		// task's, and late ones for a completed task (stale); with
		// SpuriousChanWakes, spurious ones of a task parked on the channel.
		spurious := sc.SpuriousChanWakes && k.Tasks[t-1].Waits != kernel.WaitsNothing
		if t != k.Current && (s.Awaiting&bit != 0 || k.Sched.Scheduled&bit != 0 || tk.Phase == cancel.Completed || spurious) {
			add(kernel.Input{Op: kernel.Wake, Task: t})
			if (sc.DeniedCallbacks || sc.Callbacks) && s.Awaiting&bit != 0 {
				for _, c := range []pump.Capability{pump.CapMessage, pump.CapTimer} {
					if granted := s.P.Config.Caps&c != 0; granted && sc.Callbacks || !granted && sc.DeniedCallbacks {
						buf = append(buf, Input{Host: pump.Callback, Cap: c, K: kernel.Input{Op: kernel.Wake, Task: t}})
						// A late callback holding a token of a
						// generation the task never had (000 F2
						// on the callback path): stale, no enqueue.
						if granted && sc.StaleHandles {
							buf = append(buf, Input{Host: pump.Callback, Cap: c, K: kernel.Input{Op: kernel.Wake, Task: t, N: staleGen}})
						}
					}
				}
			}
		}
		// A wake that lands while the task itself is being polled, with
		// the current generation or one the task never had (000 F2: the
		// stale one must be reported stale, not noted; session 44's audit
		// noted it before looking at the generation, and no scenario
		// offered the polled task a stale waker).
		if sc.SelfWakes && t == k.Current && tk.Phase != cancel.Completed {
			add(kernel.Input{Op: kernel.Wake, Task: t})
			add(kernel.Input{Op: kernel.Wake, Task: t, N: staleGen})
		}
		// Completed tasks too: a late cancel must change nothing (T5).
		for _, kind := range sc.CancelKinds {
			add(kernel.Input{Op: kernel.CancelTask, Task: t, Arg: uint8(kind)})
		}
		if sc.StaleHandles && wheelTimerOf(&k.Wheel, t) {
			add(kernel.Input{Op: kernel.TimerCancelStale, Task: t})
		}
		// A waker holding a generation the task never had (000 F2).
		if sc.StaleHandles && t != k.Current {
			add(kernel.Input{Op: kernel.Wake, Task: t, N: staleGen})
		}
	}
	if k.Config.Workers > 0 {
		buf = m.poolOps(k, buf)
	}
	for _, g := range sc.Governors {
		if g != k.Sched.Governor {
			add(kernel.Input{Op: kernel.Governor, Arg: uint8(g)})
		}
	}
	return buf
}

// poolOps appends pushes of the pool tasks not queued anywhere, to every
// worker, a steal by every worker (when there is another to steal from)
// and a local pop by every worker. A steal that finds every other queue
// empty still draws its start (004 3.6 draws before it scans), and a
// worker whose queue is empty steals in its backoff loop: offering only
// steals with something to take left a failed steal's draw unchecked.
// A pop of an empty queue takes nothing and draws nothing, which
// local-pop-order checks. With one entry the RNG hint has nothing to
// choose, but the pop must still take it and draw: offering only pops
// from two or more left a pop that ignores a lone entry unchecked.
func (m *Model) poolOps(k *kernel.State, buf []Input) []Input {
	var queued uint16
	for w := uint8(0); w < k.Config.Workers; w++ {
		for _, e := range PoolEntries(&k.Pool, w) {
			queued |= 1 << e.Task
		}
	}
	for t := uint8(1); t <= m.Scenario.PoolTasks; t++ {
		if queued&(1<<t) != 0 {
			continue
		}
		for w := uint8(0); w < k.Config.Workers; w++ {
			buf = append(buf, Input{K: kernel.Input{Op: kernel.PoolPush, Arg: w, Task: t}})
			// With Priorities, a push may carry one, so a worker's
			// queue holds entries of different priorities and the
			// local pop's tie is among the best only (004 3.5 step 1).
			for _, p := range m.Scenario.Priorities {
				buf = append(buf, Input{K: kernel.Input{Op: kernel.PoolPush, Arg: w, Task: t, Priority: p}})
			}
		}
	}
	for w := uint8(0); w < k.Config.Workers; w++ {
		if k.Config.Workers > 1 {
			buf = append(buf, Input{K: kernel.Input{Op: kernel.PoolSteal, Arg: w}})
		}
		buf = append(buf, Input{K: kernel.Input{Op: kernel.PoolPop, Arg: w}})
	}
	return buf
}

// HasInput reports whether Enabled would offer s any input
// (model.InputChecker): the explorer asks it of every new state at the
// depth bound. A task in use is offered a cancel of each of the scenario's
// kinds whatever its phase (Enabled: a late cancel must change nothing),
// so with one the answer is yes without listing the rest.
func (m *Model) HasInput(s *State) bool {
	if len(m.Scenario.CancelKinds) > 0 {
		for i := range s.P.Kernel.Cancel.Tasks {
			if s.P.Kernel.Cancel.Tasks[i].Used {
				return true
			}
		}
	}
	m.inputs = m.Enabled(s, m.inputs[:0])
	return len(m.inputs) > 0
}

// channelOps appends the channel operations task t may perform: a sender
// without a permit reserves, one with a permit sends or aborts, the
// receiver receives or closes. The roles are the configuration's (tasks
// t1..tN hold the N senders, t(N+1) the receiver), read here rather than
// through the runtime's IsSender and Receiver, for the reason
// earliestLiveDeadline gives: which operations are offered is the
// environment's choice, and a bug in those accessors must not narrow it.
func (m *Model) channelOps(s *State, t uint8, buf []Input) []Input {
	k := &s.P.Kernel
	sc := &m.Scenario
	// The channel's shape is the scenario's, not the kernel's copy of it,
	// which a runtime bug could rewrite.
	if sc.Kernel.Channel.Capacity == 0 {
		return buf
	}
	senders := sc.Kernel.Channel.Senders
	add := func(op kernel.Op) { buf = append(buf, Input{K: kernel.Input{Op: op, Task: t}}) }
	switch {
	case holdsPermit(k, t):
		add(kernel.ChanSend)
		add(kernel.ChanAbort)
		if sc.ChanTryOps {
			add(kernel.ChanTrySend)
		}
	case t >= 1 && t <= senders:
		if !k.Config.TrackPermits || obligationRoom(k) {
			add(kernel.ChanReserve)
			if sc.ChanTryOps {
				add(kernel.ChanTryReserve)
			}
		}
		if sc.ChanTryOps {
			add(kernel.ChanEvict)
		}
	// The receiver is offered nothing once it is gone as the environment
	// saw it go (Ghost.ReceiverClosed), not as the runtime's flag says: a
	// runtime that marked the receiver dropped without a close must not
	// thereby stop being asked to receive.
	case t == senders+1 && !s.Ghost.ReceiverClosed:
		add(kernel.ChanRecv)
		add(kernel.ChanClose)
		if sc.ChanTryOps {
			add(kernel.ChanTryRecv)
		}
	}
	return buf
}

// obligationRoom reports whether the obligation table can take a new
// obligation: a lease, or with tracked permits a fresh channel reserve.
// A resolved obligation keeps its record (resolving it twice must be
// refused), so the slots run out: the table's size bounds a run as the
// scenario's task count does, and the environment offers nothing past it,
// keeping a slot for each task parked on a reserve, whose re-poll must
// still find one. Offered regardless, a swarm walk that reserved and
// aborted eight permits met "obligation table full" on the ninth
// (TestWalksStayWithinTheObligationTable); no path of 12 inputs reaches it.
func obligationRoom(k *kernel.State) bool {
	n := used(k, obligationIDs)
	if k.Config.TrackPermits {
		for i := range k.Tasks {
			if k.Tasks[i].Waits == kernel.WaitsReserve {
				n++
			}
		}
	}
	return n < cancel.MaxObligations
}

// holdsPermit reports whether task t holds an unsent permit, read from
// its record (the runtime asks no accessor for it either): which
// operations are offered is the model's reading, for the reason
// channelOps gives.
func holdsPermit(k *kernel.State, t uint8) bool { return k.Tasks[t-1].Permit != 0 }

// nextDeadline is the earliest deadline of a pending timer after now.
// withinClock reports whether a sleep of d ms from the kernel's now ends
// within the kernel's clock, 32 bits of ms (about 49.7 days): the
// environment never asks for time the kernel cannot count. Past it the
// kernel's clock would wrap (time_advanced going back), which
// wheel-clock-derived caught in wheel-defaults at depth 25, after eight
// sleeps of a week: a limit of the runtime the README lists, not a
// behaviour to explore.
func withinClock(k *kernel.State, d uint32) bool {
	return uint64(k.Now)+uint64(d) <= math.MaxUint32
}

func nextDeadline(k *kernel.State) (uint32, bool) {
	if k.Config.Wheel {
		d, ok := earliestLiveDeadline(&k.Wheel)
		if !ok || d <= uint64(k.Now) {
			return 0, false
		}
		return uint32(d), true
	}
	best, ok := uint32(0), false
	for _, tm := range k.Timers {
		if tm.Used && tm.Deadline > k.Now && (!ok || tm.Deadline < best) {
			best, ok = tm.Deadline, true
		}
	}
	return best, ok
}

// earliestLiveDeadline is the earliest deadline of a live wheel timer: a
// stored entry whose exact handle the active map holds (004 2.5's
// is_live), wherever it lies (a level's slot, the overflow heap or the
// ready list). It reads the wheel's entries and active map itself rather
// than asking wheel.State.NextDeadline: when a host timer turn is offered
// is the environment's choice, the model's and not the runtime's, so it
// lives here, outside the code make mutate plants bugs in. Through the
// runtime's query, a NextDeadline that missed timers offered fewer timer
// turns, narrowing the inputs the runtime was checked on with no check able
// to see it (make mutate -tests seed 9: coalesce-batch 1035 -> 56 states).
func earliestLiveDeadline(w *wheel.State) (uint64, bool) {
	var best uint64
	found := false
	for i := range w.Entries {
		e := &w.Entries[i]
		if e.Used && wheelHolds(w, e.Handle) && (!found || e.Deadline < best) {
			best, found = e.Deadline, true
		}
	}
	return best, found
}

// wheelTimerOf reports whether task t has a live wheel timer: a stored
// entry naming it whose handle the active map holds (the kernel's
// LiveTimerOf, read by the model itself).
func wheelTimerOf(w *wheel.State, t uint8) bool {
	for i := range w.Entries {
		if e := &w.Entries[i]; e.Used && e.Task == t && wheelHolds(w, e.Handle) {
			return true
		}
	}
	return false
}

// wheelHolds reports whether the wheel's active map holds exactly h.
func wheelHolds(w *wheel.State, h wheel.Handle) bool {
	for i := range w.Active {
		if w.ActiveUsed&(1<<i) != 0 && w.Active[i] == h {
			return true
		}
	}
	return false
}

func hasTimedTask(k *kernel.State) bool {
	for i := range k.Tasks {
		if k.Cancel.Tasks[i].Used && k.Tasks[i].Deadline != 0 {
			return true
		}
	}
	return false
}

// freeTimer reports whether a sleep can be offered: a free entry in the
// wheel's storage or the host timer table, read from the entries, not
// through the wheel's own count (a bug there would narrow the inputs).
func freeTimer(k *kernel.State) bool {
	if k.Config.Wheel {
		for i := range k.Wheel.Entries {
			if !k.Wheel.Entries[i].Used {
				return true
			}
		}
		return false
	}
	for _, tm := range k.Timers {
		if !tm.Used {
			return true
		}
	}
	return false
}

type idKind uint8

const (
	taskIDs idKind = iota
	regionIDs
	obligationIDs
)

// used counts the used ids of a table.
func used(k *kernel.State, which idKind) int {
	n := 0
	switch which {
	case taskIDs:
		for i := range k.Cancel.Tasks {
			if k.Cancel.Tasks[i].Used {
				n++
			}
		}
	case regionIDs:
		for i := range k.Cancel.Regions {
			if k.Cancel.Regions[i].Used {
				n++
			}
		}
	case obligationIDs:
		for i := range k.Cancel.Obligations {
			if k.Cancel.Obligations[i].Used {
				n++
			}
		}
	}
	return n
}

func finalizers(k *kernel.State) int {
	n := 0
	for i := range k.Cancel.Regions {
		n += int(k.Cancel.Regions[i].Finalizers)
	}
	return n
}

// deepestRegion is the most recently opened region if it is still Open:
// new regions nest under it, so the scenario's regions form a chain.
func deepestRegion(k *kernel.State) uint8 {
	for r := uint8(cancel.MaxRegions); r >= 1; r-- {
		if reg := RegionRecord(&k.Cancel, r); reg.Used {
			if reg.State == cancel.RegionOpen {
				return r
			}
			return 0
		}
	}
	return 0
}

// holdsReserved reports whether task t holds an obligation still Reserved:
// the environment's choice of when a task may complete cleanly, which is
// the model's and not the runtime's, so it lives here, outside the code
// make mutate plants bugs in.
func holdsReserved(c *cancel.State, t uint8) bool {
	for i := range c.Obligations {
		if o := &c.Obligations[i]; o.Used && o.Task == t && o.State == cancel.Reserved {
			return true
		}
	}
	return false
}

// staleGen is the generation a stale waker holds: tasks are never re-used,
// so every task is at generation 1 and any other names none (000 F2).
const staleGen = 2
