package asupersync

import (
	"bytes"
	"fmt"
	"math/bits"
	"unsafe"

	model "modelcheck/model/asupersync"
	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// A gate says when an invariant can fire at all, so that Check calls it
// only then. Most checks return false at once unless the scenario has a
// channel, a wheel or a pump, the input is of one kind, or the step
// emitted an event of some kind; with about a hundred checks a transition,
// those calls were most of the checks' time. A gate never changes what a
// check accepts or rejects: it may skip a check only where the check's
// own code returns false, which each entry below restates from the
// check's first lines, and TestGatesSkipOnlyQuietChecks confirms over
// random reachable paths of every scenario, clean and under every fault.
// That test can only catch a gate too narrow where some fault takes the
// skipped path, so the restated reason beside each entry is the argument:
// a new entry needs one, read off its check's code.
//
// A check of the state after alone (holds) is the one exception: its code
// may return true on a step that left its part alone, but only where the
// state before already broke it, and no explored state does: a violating
// transition is a dead end (model.Model's Step), so the state before was
// reached by a transition checked clean or is the initial state, which no
// transition reaches and CheckInit checks with exactly these checks. With
// CheckInit the checker rejects the same paths as without the gates; the
// test walks from CheckInit as the explorer does.
//
// Gates are kept apart from the invariant table, by name, so the table's
// format is unchanged: an invariant with no gate always runs.
type gate struct {
	// applies, if set, is false for the scenarios the check can never
	// fire in (it reads configuration the kernel copies from the scenario
	// and never changes).
	applies func(sc *model.Scenario) bool
	// on, if non-empty, are the transitions the check can fire on: those
	// whose input or one of whose events is in on.
	on signature
	// changed, if non-empty, are parts of the state the check can also
	// fire on a change of, with neither such an input nor such an event:
	// a derived-field check compares a part after with the part before,
	// moved by the input and the events, so an unchanged part with none
	// of them agrees.
	changed parts
	// holds, if non-empty, are the parts of the state after that the
	// check, with neither such an input nor such an event, reads alone:
	// its answer is then a predicate Q of them, and on any transition it
	// returns true when Q holds of the state after. So with none of them
	// changed it answers as the transition into the state before did,
	// false (or as CheckInit did, on the initial state).
	holds parts
}

// dynamic reports whether the gate looks at the transition at all.
func (g *gate) dynamic() bool { return !g.on.empty() || g.changed|g.holds != 0 }

// signature is a set of event kinds and input kinds: a transition's (its
// input and the kinds of its events, one pass over them per transition)
// or a gate's. Words 0 and 1 hold event kinds by Kind; word 2 holds a
// kernel operation given with no host event by Op, and a host event at
// hostBit+HostOp.
type signature [3]uint64

const hostBit = 56

func (s *signature) empty() bool { return s[0]|s[1]|s[2] == 0 }

func (s *signature) or(o signature) signature {
	return signature{s[0] | o[0], s[1] | o[1], s[2] | o[2]}
}

// transitionSignature is the signature of an input and its events. An
// input or event kind outside the bits (none is) sets every input or
// event bit, so that every check gated on one runs.
func transitionSignature(in model.Input, events []trace.Event) signature {
	var s signature
	for i := range events {
		k := events[i].Kind
		if k >= 128 {
			s[0], s[1] = ^uint64(0), ^uint64(0)
			continue
		}
		s[k>>6] |= 1 << (k & 63)
	}
	s[2] = inputBits(in)
	return s
}

// inputBits is word 2 of an input's signature: its one bit, or every
// bit for an input outside the bits.
func inputBits(in model.Input) uint64 {
	switch {
	case in.Host == pump.NoHost && in.K.Op < hostBit:
		return 1 << in.K.Op
	case in.Host != pump.NoHost && in.Host < 64-hostBit:
		return 1 << (hostBit + in.Host)
	}
	return ^uint64(0)
}

// mayHold reports whether the transition's events may hold an event of
// one of ks's kinds: false only when none of them is there.
func (c *Context) mayHold(ks signature) bool {
	return c.sig[0]&ks[0]|c.sig[1]&ks[1] != 0
}

// has reports whether event kind k is one of the signature's.
func (s *signature) has(k trace.Kind) bool { return k < 128 && s[k>>6]&(1<<(k&63)) != 0 }

// kinds is the signature of events of kinds ks.
func kinds(ks ...trace.Kind) signature {
	var s signature
	for _, k := range ks {
		if k >= 128 {
			panic(fmt.Sprintf("gate: event kind %d lies past the signature's kind bits", k))
		}
		s[k>>6] |= 1 << (k & 63)
	}
	return s
}

// anyEvent is the signature of every event kind.
func anyEvent() signature {
	var s signature
	for k := trace.Kind(1); int(k) < trace.NumKinds; k++ {
		s = s.or(kinds(k))
	}
	return s
}

// chanSignature is every channel operation and every channel event.
func chanSignature() signature {
	var s signature
	for o := kernel.ChanReserve; o <= kernel.ChanClose; o++ {
		s = s.or(ops(o))
	}
	for k := trace.ChanReserved; k <= trace.ChanOpFailed; k++ {
		s = s.or(kinds(k))
	}
	return s
}

// ops is the signature of kernel operations os given with no host event.
func ops(os ...kernel.Op) signature {
	var s signature
	for _, o := range os {
		if o >= hostBit {
			panic(fmt.Sprintf("gate: kernel op %d lies past the signature's op bits", o))
		}
		s[2] |= 1 << o
	}
	return s
}

// hosts is the signature of host events hs.
func hosts(hs ...pump.HostOp) signature {
	var s signature
	for _, h := range hs {
		s[2] |= 1 << (hostBit + h)
	}
	return s
}

// anyHost is every host event, for a check that tests the kernel
// operation whatever the host event.
var anyHost = signature{0, 0, ^uint64(1<<hostBit - 1)}

// on is the union of signatures.
func on(ss ...signature) signature {
	var s signature
	for _, o := range ss {
		s = s.or(o)
	}
	return s
}

// checkSet is a set of invariants by index in all, so that Check finds
// the checks a transition needs with a few word operations instead of
// asking each check's gate.
type checkSet [4]uint64

func (s *checkSet) add(i int) { s[i>>6] |= 1 << (i & 63) }

func (s *checkSet) has(i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }

func (s *checkSet) or(o *checkSet) {
	for w := range s {
		s[w] |= o[w]
	}
}

// dispatch is the gates of a scenario's enabled invariants, turned around:
// for each signature bit and each part of the state, the invariants it
// opens.
type dispatch struct {
	// always are the enabled invariants that apply and have no gate.
	always checkSet
	// onBit[b] are those whose gate's signature holds bit b.
	onBit [len(signature{}) * 64]checkSet
	// onPart[p] are those whose gate names part 1<<p.
	onPart [partBits]checkSet
	// parts are the parts some gate names.
	parts parts
	// atInit are the enabled invariants that apply with a holds gate:
	// CheckInit's.
	atInit checkSet
}

func newDispatch(sc *model.Scenario, enabled []bool) *dispatch {
	if len(all) > len(checkSet{})*64 {
		panic(fmt.Sprintf("gate: %d invariants, more than a checkSet holds", len(all)))
	}
	d := &dispatch{}
	for i, inv := range all {
		g := gates[inv.Name]
		switch {
		case !enabled[i] || (g.applies != nil && !g.applies(sc)):
		case !g.dynamic():
			d.always.add(i)
		default:
			for b := range d.onBit {
				if g.on[b>>6]&(1<<(b&63)) != 0 {
					d.onBit[b].add(i)
				}
			}
			if g.holds != 0 {
				d.atInit.add(i)
			}
			for p := range d.onPart {
				if (g.changed|g.holds)&(1<<p) != 0 {
					d.onPart[p].add(i)
					d.parts |= 1 << p
				}
			}
		}
	}
	return d
}

// toRun is the set of invariants to call on the transition c holds, whose
// signature is sig: the ungated ones, those an input or event of theirs
// opens, and those a changed part of theirs opens.
func (d *dispatch) toRun(c *Context, sig signature) checkSet {
	return d.addChanged(c, d.opened(sig))
}

// opened is the signature's half of toRun: the ungated invariants and
// those an input or event of sig opens.
func (d *dispatch) opened(sig signature) checkSet {
	run := d.always
	for w := range sig {
		for m := sig[w]; m != 0; m &= m - 1 {
			run.or(&d.onBit[w*64+bits.TrailingZeros64(m)])
		}
	}
	return run
}

// signed is transitionSignature and opened's answer for it together, in
// the one pass over the events the signature takes: each event adds its
// kind's invariants as it adds its kind's bit. Asking opened from the
// signature afterwards (or a memo of its answers by signature) costs a
// second walk of data-dependent branches, which mispredict.
func (d *dispatch) signed(in model.Input, events []trace.Event) (signature, checkSet) {
	run := d.always
	var s signature
	for i := range events {
		k := events[i].Kind
		if k >= 128 {
			sig := transitionSignature(in, events)
			return sig, d.opened(sig)
		}
		s[k>>6] |= 1 << (k & 63)
		run.or(&d.onBit[k])
	}
	s[2] = inputBits(in)
	if s[2]&(s[2]-1) != 0 {
		return s, d.opened(s)
	}
	run.or(&d.onBit[2*64+bits.TrailingZeros64(s[2])])
	return s, run
}

// addChanged is the state's half of toRun: run and the invariants a
// changed part opens. Every part some gate names is compared, whatever
// the signature opened already: on the default scenario's transitions
// nearly every record part would still add an invariant, and the field
// parts are compared all at once, so choosing the parts by signature
// cost more than the compares it saved.
func (d *dispatch) addChanged(c *Context, run checkSet) checkSet {
	if d.parts == 0 {
		return run
	}
	for ch := partsChanged(c, d.parts); ch != 0; ch &= ch - 1 {
		run.or(&d.onPart[bits.TrailingZeros32(uint32(ch))])
	}
	return run
}

// parts is a set of parts of the state.
type parts uint32

const (
	seqPart         parts = 1 << iota // the scheduler's decision_seq
	hashPart                          // the scheduler's decision_hash
	streakPart                        // the scheduler's cancel streak
	fallbackPart                      // the certificate's fallback dispatch count
	governorPart                      // the scheduler's governor
	cancelTasksPart                   // the cancellation records of the tasks
	regionsPart                       // the regions
	obligationsPart                   // the obligations
	timersPart                        // the host-table timers
	nowPart                           // the kernel's clock
	pollPart                          // the polled task and the outer one (Current, Outer)
	taskRunsPart                      // the kernel's per-task run records
	burstPart                         // the pump's burst counter
	pendingPart                       // the pump's pending flag
	modePart                          // the pump's mode
	sourcePart                        // how the pump was queued (its Source)
	lanesPart                         // the scheduler's lanes (their entries) and membership set
	ghostPart                         // the environment's ghost (model.Ghost)
	certPart                          // the scheduler's fairness certificate
	wheelPart                         // the timer wheel, in a scenario with one
	partCount
)

// partBits is the number of parts (the index fails to compile otherwise).
const partBits = 20

var _ = [1]struct{}{}[partCount>>partBits-1]

// fieldParts are the parts of one field or two, which fieldsChanged
// compares; the others are records and tables.
const fieldParts = seqPart | hashPart | streakPart | fallbackPart | governorPart | nowPart | pollPart |
	burstPart | pendingPart | modePart | sourcePart | ghostPart | certPart

// fieldsChanged is the set of fieldParts that differ across c's
// transition.
func fieldsChanged(c *Context) parts {
	b, a, pb, pa := kern(c.Before), kern(c.After), &c.Before.P, &c.After.P
	var ch parts
	if b.Sched.Seq != a.Sched.Seq {
		ch |= seqPart
	}
	if b.Sched.Hash != a.Sched.Hash {
		ch |= hashPart
	}
	if b.Sched.Streak != a.Sched.Streak {
		ch |= streakPart
	}
	if b.Sched.Cert.FallbackCancelDispatches != a.Sched.Cert.FallbackCancelDispatches {
		ch |= fallbackPart
	}
	if b.Sched.Governor != a.Sched.Governor {
		ch |= governorPart
	}
	if b.Now != a.Now {
		ch |= nowPart
	}
	if b.Current != a.Current || b.Outer != a.Outer {
		ch |= pollPart
	}
	if pb.Burst != pa.Burst {
		ch |= burstPart
	}
	if pb.Pending != pa.Pending {
		ch |= pendingPart
	}
	if pb.Mode != pa.Mode {
		ch |= modePart
	}
	if pb.Source != pa.Source {
		ch |= sourcePart
	}
	if c.Before.Ghost != c.After.Ghost {
		ch |= ghostPart
	}
	if b.Sched.Cert != a.Sched.Cert {
		ch |= certPart
	}
	return ch
}

// partsChanged is the set of the parts of ps that differ across c's
// transition: the field parts all at once, the record and table parts
// each if ps holds it.
func partsChanged(c *Context, ps parts) parts {
	ch := fieldsChanged(c) & ps
	b, a := kern(c.Before), kern(c.After)
	// The cancellation tables lie side by side (tasks, regions,
	// obligations), and most transitions change none of them: one
	// compare of the three finds those, and tells changedTasks too.
	if ps&(cancelTasksPart|regionsPart|obligationsPart) != 0 && sameSpan(&b.Cancel.Tasks, &a.Cancel.Tasks, cancelTables) {
		c.changed, c.changedDone = 0, true
	} else {
		// The checks this part opens ask changedTasks, which then
		// compares nothing again.
		if ps&cancelTasksPart != 0 && c.changedTasks() != 0 {
			ch |= cancelTasksPart
		}
		if ps&regionsPart != 0 && !sameBytes(&b.Cancel.Regions, &a.Cancel.Regions) {
			ch |= regionsPart
		}
		if ps&obligationsPart != 0 && !sameBytes(&b.Cancel.Obligations, &a.Cancel.Obligations) {
			ch |= obligationsPart
		}
	}
	if ps&timersPart != 0 && !sameBytes(&b.Timers, &a.Timers) {
		ch |= timersPart
	}
	if ps&taskRunsPart != 0 && !sameBytes(&b.Tasks, &a.Tasks) {
		ch |= taskRunsPart
	}
	// The three lanes lie side by side too.
	if ps&lanesPart != 0 && (b.Sched.Scheduled != a.Sched.Scheduled || !sameSpan(&b.Sched.Cancel, &a.Sched.Cancel, schedLanes)) {
		ch |= lanesPart
	}
	// Without a wheel (configuration, which never changes) no check reads
	// it.
	if ps&wheelPart != 0 && c.Scenario.Kernel.Wheel && !sameBytes(&b.Wheel, &a.Wheel) {
		ch |= wheelPart
	}
	return ch
}

// sameBytes compares two values as memory: one compare instead of one per
// field. Equal bytes mean equal fields (the state holds no floats); a
// difference in padding alone would count as a change, which only runs a
// check that did not need to run.
func sameBytes[T any](a, b *T) bool { return sameSpan(a, b, unsafe.Sizeof(*a)) }

// sameSpan compares the n bytes from a with the n bytes from b: a run of
// adjacent fields from the first, in two values of one type, as one
// compare.
func sameSpan[T any](a, b *T, n uintptr) bool {
	return bytes.Equal(unsafe.Slice((*byte)(unsafe.Pointer(a)), n), unsafe.Slice((*byte)(unsafe.Pointer(b)), n))
}

// The spans partsChanged compares at once: the cancellation tables (tasks
// to obligations) and the scheduler's lanes (cancel to ready).
const (
	cancelTables = unsafe.Offsetof(cancel.State{}.Obligations) + unsafe.Sizeof(cancel.State{}.Obligations) - unsafe.Offsetof(cancel.State{}.Tasks)
	schedLanes   = unsafe.Offsetof(sched.State{}.Ready) + unsafe.Sizeof(sched.State{}.Ready) - unsafe.Offsetof(sched.State{}.Cancel)
)

// The regions lie between the tasks and the obligations, and the timed
// lane between the cancel and ready lanes, or a span would leave them out
// (a reordering of the fields fails to compile here: the constants
// underflow).
const (
	_ = unsafe.Offsetof(cancel.State{}.Regions) - unsafe.Offsetof(cancel.State{}.Tasks) - unsafe.Sizeof(cancel.State{}.Tasks)
	_ = unsafe.Offsetof(cancel.State{}.Obligations) - unsafe.Offsetof(cancel.State{}.Regions) - unsafe.Sizeof(cancel.State{}.Regions)
	_ = unsafe.Offsetof(sched.State{}.Timed) - unsafe.Offsetof(sched.State{}.Cancel) - unsafe.Sizeof(sched.State{}.Cancel)
	_ = unsafe.Offsetof(sched.State{}.Ready) - unsafe.Offsetof(sched.State{}.Timed) - unsafe.Sizeof(sched.State{}.Timed)
)

// wakes are the inputs wakeTarget names a task for.
var wakes = on(ops(kernel.Wake), hosts(pump.Callback))

// replayKinds are the events replayed() acts on.
var replayKinds = kinds(trace.Enqueued, trace.TaskCompleted, trace.Park, trace.StepDecision)

func withWheel(sc *model.Scenario) bool      { return sc.Kernel.Wheel }
func withoutWheel(sc *model.Scenario) bool   { return !sc.Kernel.Wheel }
func withChannel(sc *model.Scenario) bool    { return sc.Kernel.Channel.Capacity > 0 }
func withoutChannel(sc *model.Scenario) bool { return !withChannel(sc) }
func never(*model.Scenario) bool             { return false }
func withPump(sc *model.Scenario) bool       { return !sc.Native }
func withPool(sc *model.Scenario) bool       { return sc.Kernel.Workers > 0 }

// gates are the invariants' gates by name, each with the first lines of
// the check that justify it.
var gates = map[string]gate{
	// wheels(c) is false without a wheel (Scenario.Kernel.Wheel).
	"wheel-handle-exact":       {applies: withWheel},
	"wheel-lazy-cancel":        {applies: withWheel},
	"wheel-insertion-order":    {applies: withWheel},
	"wheel-duration-bound":     {applies: withWheel},
	"wheel-purge":              {applies: withWheel},
	"wheel-wrap-safe":          {applies: withWheel},
	"wheel-cascade-drops-dead": {applies: withWheel},
	"wheel-fire-inclusive":     {applies: withWheel},
	"wheel-occupancy":          {applies: withWheel},
	"wheel-active-derived":     {applies: withWheel},
	// !Scenario.Kernel.Wheel -> false.
	"wheel-placement":       {applies: withWheel},
	"wheel-purge-announced": {applies: withWheel},
	// wheels(c) false without a wheel; then only wheel_cascaded events
	// are looked at.
	"wheel-storage-derived":    {applies: withWheel},
	"wheel-cascade-from-above": {applies: withWheel, on: kinds(trace.WheelCascaded)},
	// The wheel unchanged -> nothing moved.
	"wheel-cascade-announced": {applies: withWheel, changed: wheelPart},
	"wheel-cascade-on-time":   {applies: withWheel, on: kinds(trace.WheelCascaded)},
	// wheels(c) false without a wheel; an unchanged wheel stores the
	// same entries at the same time and fires nothing (a fire and a
	// registration change it).
	"wheel-deadline-kept": {applies: withWheel, changed: wheelPart},
	// wheels(c) false without a wheel; no move of the wheel's time -> false.
	"wheel-slot-taken": {applies: withWheel, changed: wheelPart},
	// wheels(c) false without a wheel; no wheel_dead_dropped -> false.
	"wheel-drops-when-reached": {applies: withWheel, on: kinds(trace.WheelDeadDropped)},
	// !Scenario.Kernel.Wheel -> false; then only wheel_registered and
	// wheel_rejected events are looked at.
	"wheel-default-bounds": {applies: withWheel, on: kinds(trace.WheelRegistered, trace.WheelRejected)},
	// !Scenario.Kernel.Wheel or not a (no-host) sleep -> false.
	"wheel-accepts-valid": {applies: withWheel, on: ops(kernel.Sleep)},
	// !Scenario.Kernel.Wheel or not a (no-host) dispatch -> false.
	"wheel-coalesce-window": {applies: withWheel, on: ops(kernel.Dispatch)},
	// not a (no-host) TimerCancelStale -> false.
	"wheel-cancel-answered": {on: ops(kernel.TimerCancelStale)},
	// The host-table timer checks: Scenario.Kernel.Wheel -> false.
	"timer-gen-derived": {applies: withoutWheel, on: kinds(trace.TimerRegistered)},
	"host-timer-due":    {applies: withoutWheel, on: kinds(trace.TimerFired)},

	// chans(c) is false without a channel (withChannel(Scenario)).
	"chan-capacity":                  {applies: withChannel},
	"chan-fifo":                      {applies: withChannel},
	"chan-waiter-fifo":               {applies: withChannel},
	"chan-receiver-dropped-monotone": {applies: withChannel},
	"chan-sender-count-monotone":     {applies: withChannel},
	"chan-permit-linear":             {applies: withChannel},
	"chan-reserved-derived":          {applies: withChannel},
	"chan-recv-waker-derived":        {applies: withChannel},
	"chan-waiter-ids-derived":        {applies: withChannel},
	"chan-queue-derived":             {applies: withChannel},
	"chan-senders-derived":           {applies: withChannel},
	// No channel, or not a (no-host) op of their own -> false.
	"chan-reserve-answered":  {applies: withChannel, on: ops(kernel.ChanReserve)},
	"chan-try-recv-answered": {applies: withChannel, on: ops(kernel.ChanTryRecv)},
	// No channel, or K.Op not ChanTryReserve (any host), -> false.
	"chan-try-reserve-fair": {applies: withChannel, on: on(anyHost, ops(kernel.ChanTryReserve))},
	// No channel, or K.Op not ChanReserve / ChanRecv (any host) -> false.
	"chan-cancelled-reserve": {applies: withChannel, on: on(anyHost, ops(kernel.ChanReserve))},
	"chan-cancelled-recv":    {applies: withChannel, on: on(anyHost, ops(kernel.ChanRecv))},
	// No channel or no chan_permit_dropped -> false.
	"chan-permit-drop": {applies: withChannel, on: kinds(trace.ChanPermitDropped)},
	// No channel or not a (no-host) try_reserve -> false.
	"chan-try-reserve-answered": {applies: withChannel, on: ops(kernel.ChanTryReserve)},
	// Scenario.Kernel.Channel.Capacity == 0 -> false.
	"chan-roles":     {applies: withChannel},
	"permit-derived": {applies: withChannel},
	// ... or not a (no-host) recv or try_recv.
	"chan-recv-outcome": {applies: withChannel, on: ops(kernel.ChanRecv, kernel.ChanTryRecv)},
	// Not a (no-host) op of their own -> false.
	"chan-abort-announced": {on: ops(kernel.ChanAbort)},
	"chan-recv-answered":   {on: ops(kernel.ChanRecv)},
	"chan-evict":           {on: ops(kernel.ChanEvict)},
	// Only chan_op_failed events are read.
	"chan-cancelled-needs-cancel": {on: kinds(trace.ChanOpFailed)},

	// b.Workers == 0 (the pool's worker count, set from the scenario) ->
	// false.
	"pool-derived": {applies: withPool},
	// K.Op not PoolSteal (any host) -> false.
	"steal-order": {on: on(anyHost, ops(kernel.PoolSteal))},
	// Not a (no-host) PoolPop -> false.
	"local-pop-order": {on: ops(kernel.PoolPop)},

	// Scenario.Native -> false.
	"burst-limit":         {applies: withPump},
	"pump-runs-with-work": {applies: withPump},
	"host-turn-origin":    {applies: withPump},
	// ... or no scheduler_burst_limit_reached (firstIndex < 0).
	"burst-handoff-at-limit": {applies: withPump, on: kinds(trace.BurstLimitReached)},

	// Not a (no-host) region cancel -> false.
	"region-cancel-effective": {on: ops(kernel.CancelRegion)},
	"cascade-reason":          {on: ops(kernel.CancelRegion)},
	"cascade-order":           {on: ops(kernel.CancelRegion)},
	"region-cancel-announced": {on: ops(kernel.CancelRegion)},
	// Not a (no-host) op of their own -> false.
	"task-cancel-reason": {on: ops(kernel.CancelTask)},
	"pending-parks":      {on: ops(kernel.Pending)},
	"sleep-deadline":     {on: ops(kernel.Sleep)},
	// Not a host callback -> false.
	"capability-fail-closed": {on: hosts(pump.Callback)},

	// Only events of these kinds are read, and none of them -> false.
	"stale-timer":                {on: kinds(trace.TimerFired)},
	"timer-order":                {on: kinds(trace.TimerFired)}, // last stays 0
	"catchup-bounded":            {on: kinds(trace.TimerFired, trace.WheelFired)},
	"ack-unmasked":               {on: kinds(trace.CancelAcknowledged, trace.CancelDeferredMasked)},
	"no-spawn-after-cancel":      {on: kinds(trace.TaskSpawned)},
	"no-obligation-after-cancel": {on: kinds(trace.ObligationReserved)},
	"pump-scheduled-microtask":   {on: kinds(trace.PumpScheduled)},
	// Input op not CancelTask/CancelRegion (cancelRequest) -> false.
	"cancel-schedules-changed": {on: ops(kernel.CancelTask, kernel.CancelRegion)},
	// cancelRequest() is false unless the input is such a cancel -> false.
	"changed-cancel-scheduled": {on: ops(kernel.CancelTask, kernel.CancelRegion)},
	// wakeTarget() is 0 unless a callback or a (no-host) wake -> false.
	"stale-wake":           {on: wakes},
	"wake-dedup-announced": {on: wakes},
	// Not a (no-host) reserve, try_reserve or recv -> false.
	"chan-cancel-observed": {on: ops(kernel.ChanReserve, kernel.ChanTryReserve, kernel.ChanRecv)},
	// Only cancel_deferred_masked events, then a (no-host) checkpoint.
	"checkpoint-acks-unmasked": {on: on(ops(kernel.Checkpoint), kinds(trace.CancelDeferredMasked))},
	// Only these events move begun and parked, which start false.
	"step-bracketed": {on: kinds(trace.StepBegin, trace.StepDecision, trace.Park, trace.StepEnd)},
	// Only events of these kinds are looked at.
	"event-tags": {on: kinds(trace.StepBegin, trace.StepEnd, trace.Park, trace.StepDecision, trace.Enqueued,
		trace.RegionOpened, trace.RegionCancelled, trace.RegionClosing, trace.RegionDraining, trace.RegionFinalizing, trace.RegionClosed,
		trace.ChanReserved, trace.ChanAborted, trace.ChanPermitDropped, trace.ChanRecvPending, trace.ChanReceiverWoken, trace.ChanOpFailed,
		trace.ChanSent, trace.ChanReceived, trace.ChanEvicted, trace.ChanReservePending, trace.ChanSenderWoken, trace.ChanWaiterRemoved,
		trace.ChanMessageDropped)},

	// The derived-field checks: with no input or event of theirs, each
	// compares a part after with the same part before.
	// a.Seq / a.Hash against b's, moved only by step_decision events.
	"decision-seq":  {on: kinds(trace.StepDecision), changed: seqPart},
	"decision-hash": {on: kinds(trace.StepDecision), changed: hashPart},
	// The replay (replayed()) moves the streak and the fallback count
	// only at these events; with none it is b's streak and 0 fallbacks,
	// compared with a's streak and a's fallback count.
	"streak-derived":    {on: replayKinds, changed: streakPart},
	"decision-fallback": {on: replayKinds, changed: fallbackPart},
	// governor() is b's unless a (no-host) governor input.
	"governor-derived": {on: on(ops(kernel.Governor), kinds(trace.GovernorChanged)), changed: governorPart},
	// now is b's unless an advance (a timer turn or a no-host advance),
	// and any time_advanced fires it.
	"clock-derived": {on: on(ops(kernel.Advance), hosts(pump.TimerTurn), kinds(trace.TimeAdvanced)), changed: nowPart},
	// burst() is b's unless a pump turn or a scheduler_step_begin.
	"burst-derived": {applies: withPump, on: on(hosts(pump.RunMicrotask, pump.RunHostTask), kinds(trace.StepBegin)), changed: burstPart},
	// The pending flag moves only at these events.
	"pump-pending-derived": {applies: withPump, on: kinds(trace.ReentrancyDeferred, trace.PumpScheduled, trace.HostHandoff, trace.AuthorizationDenied), changed: pendingPart},
	// Each obligation's count is b's (0 if unused) unless these events,
	// compared with a's: equal when the obligations did not change.
	"obligation-resolutions-derived": {on: resolutionKinds, changed: obligationsPart},
	// Each task's epoch is b's unless its phase moved (so its record
	// changed); then cancel_requested events are compared.
	"epoch-derived": {on: kinds(trace.CancelRequested), changed: cancelTasksPart},
	// Each task's cancel_requested flag is b's unless its record changed.
	"cancel-requested-derived": {changed: cancelTasksPart},
	// Native -> false; mode and source are b's unless these events,
	// compared with a's.
	"pump-mode-derived": {applies: withPump, on: kinds(trace.PumpScheduled, trace.HostHandoff, trace.PumpRunning, trace.PumpIdle, trace.AuthorizationDenied), changed: modePart | sourcePart},
	// Liveness and use of a timer move only at these events.
	"timers-derived":      {applies: withoutWheel, on: kinds(trace.TimerRegistered, trace.TimerCancelled, trace.TimerFired), changed: timersPart},
	"timer-slots-derived": {applies: withoutWheel, on: kinds(trace.TimerRegistered, trace.TimerFired, trace.StaleTimer), changed: timersPart},
	// eachTask visits only the tasks whose record changed.
	"completed-absorbing": {on: cancelProtocolEvents, changed: cancelTasksPart},
	"phase-monotone":      {changed: cancelTasksPart},
	"severity-monotone":   {changed: cancelTasksPart},
	"budget-monotone":     {changed: cancelTasksPart},
	// Mask depths move only at mask events.
	"mask-derived": {on: kinds(trace.MaskEntered, trace.MaskExited), changed: cancelTasksPart},
	// A task's phase or a region's state that did not change needs no
	// announcement; finalizer counts move only at finalizer events.
	"changes-announced": {on: finalizerKinds, changed: cancelTasksPart | regionsPart},
	// No region state event -> false.
	"region-moves-made": {on: kinds(regionEvents[:]...)},
	// A pending reason that did not change; then a (no-host) task cancel.
	"task-cancel-strengthened": {on: ops(kernel.CancelTask), changed: cancelTasksPart},
	// An obligation whose state did not change needs no announcement.
	"obligation-resolution-announced": {changed: obligationsPart},
	// Each task's record is b's unless spawned (a no-host spawn); then
	// enqueued events are compared.
	"route-own-record": {on: on(ops(kernel.Spawn), kinds(trace.Enqueued)), changed: taskRunsPart},
	// cur and outer are b's unless these events; then a (no-host) yield,
	// pending, complete or finalize-done must end the poll.
	"poll-current-derived": {on: on(ops(kernel.Yield, kernel.Pending, kernel.Complete, kernel.FinalizeDone), kinds(trace.StepDecision, trace.StepEnd)), changed: pollPart},

	// A region closes (a Closed after, not before) only if the regions
	// changed; a Finalizing region's Reserved obligation (a predicate of
	// the regions and obligations after) appears only if one of them
	// changed.
	"quiescence": {changed: regionsPart | obligationsPart},
	// Native, or not a change of the pump's mode to Idle -> false.
	"pump-idle-announced": {applies: withPump, changed: modePart},
	// Not a (no-host) operation with an answer event (open-region, reserve,
	// spawn, close-region, the finalizers, mask, unmask, cleanup-done, yield,
	// sleep) -> false.
	"ops-answered": {on: ops(kernel.OpenRegion, kernel.Reserve, kernel.Spawn, kernel.CloseRegion, kernel.RegisterFinalizer,
		kernel.FinalizerDone, kernel.Mask, kernel.Unmask, kernel.CleanupDone, kernel.Yield, kernel.Sleep)},
	// Not a (no-host) task or region cancel -> false.
	"budget-derived": {on: ops(kernel.CancelTask, kernel.CancelRegion)},
	"budget-granted": {on: ops(kernel.CancelTask, kernel.CancelRegion)},
	// Not a (no-host) region cancel -> false.
	"chain-bounded": {on: ops(kernel.CancelRegion)},
	// Not a (no-host) wake -> false.
	"stale-wake-announced": {on: ops(kernel.Wake)},
	// Only spawn_rejected and obligation_rejected events are looked at.
	"refusal-class": {on: kinds(trace.SpawnRejected, trace.ObligationRejected)},
	// Only an enqueued event can find a task already in a lane.
	"dedup-keeps-place": {on: kinds(trace.Enqueued)},
	// Not a (no-host) region cancel -> false.
	"cascade-inject-order": {on: ops(kernel.CancelRegion)},
	// No cleanup_done event -> false.
	"cleanup-done-finalizes": {on: kinds(trace.CleanupDone)},
	// Only task events with a cancel_phase are looked at.
	"cancel-phase-attr": {on: taskPhaseEvents},
	"cancel-epoch-attr": {on: taskPhaseEvents},
	// Only the events it judges or replays are looked at.
	"event-from-phase": {on: fromPhaseKinds},
	// Only the named events are looked at.
	"obligation-kind-attr":    {on: obligationKindEvents},
	"region-parent-attr":      {on: kinds(trace.RegionOpened)},
	"chan-op-attr":            {on: kinds(trace.ChanOpFailed)},
	"region-cancel-kind-attr": {on: kinds(trace.RegionCancelled, trace.RegionClosing)},

	// The checks of the state after (holds): with none of their events,
	// each reads only these parts of the state after.
	// The lanes' entries, one per task.
	"wake-dedup": {holds: lanesPart},
	// The obligations' states, and their holders' phases and outcomes.
	"no-leak": {holds: obligationsPart | cancelTasksPart},
	// The regions (state, finalizers, parent) and the tasks' regions and
	// phases.
	"region-closes": {holds: regionsPart | cancelTasksPart},
	// The kernel's wake flags against the ghost's.
	"notified-derived": {holds: taskRunsPart | ghostPart},
	// Native -> false; then the ghost's owed turn and the pump's mode.
	"deferred-wake-gets-turn": {applies: withPump, holds: ghostPart | modePart},
	// With no replay event the lanes wanted are b's, a's when the lanes
	// did not change; then the membership set against a's lanes.
	"lanes-derived": {on: replayKinds, holds: lanesPart},
	// Unless a (no-host) task or region cancel, a task with a live timer
	// (the host table's, or the wheel's in a scenario with one) Completed.
	"cancel-clears-timer": {on: ops(kernel.CancelTask, kernel.CancelRegion), holds: cancelTasksPart | timersPart | wheelPart},
	// The timed and ready lanes' tasks and their phases.
	"cancel-lane-routing": {holds: lanesPart | cancelTasksPart},
	// Resolutions > 1 of any obligation; then only resolution events can
	// fire it.
	"resolve-once": {on: resolutionKinds, holds: obligationsPart},
	// The root region, before and after (one record when the regions did
	// not change); then region_opened events; then a region used after
	// and not before, or in use before and moved, which an unchanged table
	// has none of.
	"region-tree-derived": {on: kinds(trace.RegionOpened), holds: regionsPart},
	// With no step_decision the counts wanted are b's, a's when the
	// certificate did not change; then the witness hash of a's.
	"certificate-derived": {on: decisionKinds, holds: certPart},

	// No scheduler_step_begin -> false (decision() finds none).
	"pump-non-reentrant": {on: kinds(trace.StepBegin)},
	"phase0-first":       {on: kinds(trace.StepBegin)},
	"lane-order":         {on: kinds(trace.StepBegin)},
	"fairness-bound":     {on: kinds(trace.StepBegin)},

	// The wheel, or no scheduler_step_begin (mayHold) -> false.
	"dead-timers-dropped": {applies: withoutWheel, on: kinds(trace.StepBegin)},
	// Native -> false; only a pump_scheduled event can fire it.
	"pump-requeue-owed": {applies: withPump, on: kinds(trace.PumpScheduled)},
	// Not a (no-host) close-region -> false.
	"region-close-effective": {on: ops(kernel.CloseRegion)},
	// The regions unchanged -> the state before's verdict.
	"closing-drains": {holds: regionsPart},
	// No event of the kinds each reads -> false.
	"task-region-attr":        {on: taskRegionEvents},
	"obligation-holder-attr":  {on: obligationHolderEvents},
	"host-timer-attr":         {applies: withoutWheel, on: hostTimerEvents},
	"wheel-event-attr":        {applies: withWheel, on: wheelEvents},
	"chan-party-attr":         {applies: withChannel, on: kinds(trace.ChanEvicted, trace.ChanWaiterRemoved, trace.ChanReceiverClosed)},
	"pump-event-attr":         {on: kinds(trace.ReentrancyDeferred, trace.AuthorizationDenied)},
	"dispatch-answered":       {on: ops(kernel.Dispatch)},
	"mask-once":               {on: kinds(trace.MaskEntered, trace.MaskExited)},
	"run-after-decision":      {on: kinds(trace.TaskRunning)},
	"schedule-after-request":  {on: ops(kernel.CancelTask, kernel.CancelRegion)},
	"named-after-creation":    {on: kinds(trace.TaskSpawned, trace.RegionOpened)},
	"region-before-tasks":     {on: ops(kernel.CancelRegion)},
	"fire-wakes-after":        {on: kinds(trace.TimerFired, trace.WheelFired)},
	"effects-before-step-end": {on: kinds(trace.StepEnd)},
	"handoff-after-limit":     {on: kinds(trace.HostHandoff)},
	"pump-moves-last":         {on: kinds(trace.PumpScheduled, trace.PumpIdle, trace.BurstLimitReached, trace.HostHandoff, trace.ReentrancyDeferred)},
	"closed-is-final":         {on: kinds(trace.RegionClosed)},
	"chan-wakes-after":        {applies: withChannel, on: kinds(trace.ChanSenderWoken, trace.ChanReceiverWoken)},
	"cascade-phases":          {on: ops(kernel.CancelRegion)},
	"checkpoint-first":        {applies: withChannel, on: ops(kernel.ChanReserve, kernel.ChanTryReserve, kernel.ChanRecv)},
	"wake-answered-once":      {on: wakes},
	"chan-wake-announced":     {applies: withChannel, on: kinds(trace.Enqueued)},
	"waiters-announced":       {applies: withChannel},
	"dispatch-once":           {on: ops(kernel.Dispatch)},
	// Not a reserve or try_reserve -> false.
	"permit-before-obligation": {applies: withChannel, on: ops(kernel.ChanReserve, kernel.ChanTryReserve)},
	// No event -> false.
	"attr-keys":   {on: anyEvent()},
	"events-once": {on: anyEvent()},
	// No channel, or not a (no-host) send or try_send -> false.
	"chan-send-answered": {applies: withChannel, on: ops(kernel.ChanSend, kernel.ChanTrySend)},
	// No channel, or not a (no-host) chan-close -> false.
	"chan-close-answered": {applies: withChannel, on: ops(kernel.ChanClose)},
	// Not a (no-host) sleep -> false.
	"sleep-parks": {on: ops(kernel.Sleep)},
	// Not a (no-host) reserve or recv -> false.
	"chan-pending-parks": {on: ops(kernel.ChanReserve, kernel.ChanRecv)},
	// No channel -> false.
	"waits-derived": {applies: withChannel},
	// Native, or not a host timer turn -> false.
	"stale-timer-reported": {applies: withPump, on: hosts(pump.TimerTurn)},
	// Only a scheduler_step_end can fire it.
	"noted-wake-requeues": {on: kinds(trace.StepEnd)},
	// Not a wake input or a host callback -> false (wakeTarget).
	"wake-enqueues": {on: wakes},
	// No wheel -> false; it reads the wheel after alone.
	"wheel-cursor-derived": {applies: withWheel, holds: wheelPart},
	// No wheel_registered and an unchanged wheel: next_seq and every
	// entry's number as before -> false.
	"wheel-seq-derived": {applies: withWheel, on: kinds(trace.WheelRegistered), changed: wheelPart},
	// With none of these events and neither the wheel nor the clock
	// changed, the answer is the transition into the state before's.
	"wheel-clock-derived": {applies: withWheel, on: kinds(trace.WheelRegistered, trace.WheelRejected, trace.StepBegin), changed: wheelPart | nowPart},
	// Only a spawn_rejected or an obligation_rejected can fire it.
	"open-region-admits": {on: kinds(trace.SpawnRejected, trace.ObligationRejected)},
	// No channel -> false.
	"chan-seq-derived": {applies: withChannel},
	// A region leaves Open only by a change of the regions.
	"leaving-open-announced": {changed: regionsPart},
	// Only a region_closed can fire it.
	"region-outcome": {on: kinds(trace.RegionClosed)},
	// Not a (no-host) commit, abort, chan-send, chan-try-send or chan-abort
	// -> false.
	"resolution-follows-act": {on: ops(kernel.Commit, kernel.Abort, kernel.ChanSend, kernel.ChanTrySend, kernel.ChanAbort)},
	// An obligation leaves Reserved only by a change of the obligations.
	"resolution-has-cause": {changed: obligationsPart},
	// A region's reason moves only by a change of the regions.
	"region-reason-from-cancel": {changed: regionsPart},
	"region-reason-recorded":    {on: ops(kernel.CancelRegion)},
	"task-region-derived":       {changed: cancelTasksPart},
	// An obligation appears or moves only by a change of the obligations.
	"obligation-record": {changed: obligationsPart},
	// No channel -> false.
	"chan-waiters-parked": {applies: withChannel},
	// No channel -> false.
	"chan-cascade-wake": {applies: withChannel},
	// A task completes only by a change of the tasks' records.
	"completion-outcome": {changed: cancelTasksPart},
	// Only an obligation_reserved can fire it.
	"reservation-recorded": {on: kinds(trace.ObligationReserved)},
	// Not a (no-host) commit or abort, and an obligation becomes Leaked
	// only by a change of the obligations.
	"obligation-errors-reported": {on: ops(kernel.Commit, kernel.Abort), changed: obligationsPart},
	// Native -> false; only a pump_scheduled can fire it.
	"pump-queued-once": {applies: withPump, on: kinds(trace.PumpScheduled)},
	// withChannel(Scenario) -> false; else true only on a channel
	// operation given with no host event or a channel event.
	"chan-configured": {applies: withoutChannel, on: chanSignature()},
	// !Scenario.Kernel.Wheel -> false (wheels); an unchanged wheel moves
	// no entry.
	"wheel-drain-drops-dead": {applies: withWheel, changed: wheelPart},
	// c.inputRefused -> true, set only by Checker.Refused, never on a
	// transition Check is asked about.
	"offered-input-accepted": {applies: never},
	// c.atOrigin -> true, set only by Checker.Origin, never on a transition.
	"initial-state": {applies: never},
	// No wheel -> false.
	"wheel-ready-due": {applies: withWheel},
	// No wheel, or no scheduler_step_begin (mayHold) -> false.
	"wheel-ready-drops-dead": {applies: withWheel, on: kinds(trace.StepBegin)},
	// Native -> false; only a host_handoff, or an authorization_denied
	// after a burst_limit_reached, can fire it.
	"handoff-route": {applies: withPump, on: kinds(trace.HostHandoff, trace.BurstLimitReached)},
	// withChannel(Scenario) false -> false; with neither wake in the
	// step the loop returns false.
	"chan-wake-after-cause": {applies: withChannel, on: kinds(trace.ChanSenderWoken, trace.ChanReceiverWoken)},
	// No chan_receiver_closed (firstIndex) -> false; without a channel
	// the ghost never records the receiver's close.
	"chan-closed-once": {applies: withChannel, on: kinds(trace.ChanReceiverClosed)},
}
