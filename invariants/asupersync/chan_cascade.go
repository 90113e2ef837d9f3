package asupersync

import "modelcheck/runtime/trace"

// chanCascadeInvariants: the cascade wake was checked only where a permit
// is dropped (chan-permit-drop). A head that took its slot, or left the
// queue without one, and did not wake the next sender with a slot to
// spare (faults reserved-head-no-wake and leaving-head-no-wake) was seen
// only by stuck, once nothing else could move: at depth 12 in
// chan-cascade, past the depth make mutate explores it to. It comes late
// in the check order, so the older faults keep their first reports.
var chanCascadeInvariants = []Invariant{
	{"chan-cascade-wake", []string{"004/1.11", "004/1.4", "004/1.8", "INV-CH-09", "ch-cascade-001"},
		"a step that leaves a sender at the head of the waiter queue with a slot free and the receiver open, where before it the sender was not the head or no slot was free, wakes it (chan_sender_woken naming it) unless it is already in a lane or being polled: the head of the waiter queue is woken first, whatever freed the slot or the head's place", chanCascadeWake},
}

// chanCascadeWake reads the waiter queue, the slots and the receiver flag
// before and after the step, the step's events, and the lanes' membership
// set and the polled task after it. A head that could take a slot before
// the step too was owed its wake then, so the step owes it nothing.
func chanCascadeWake(c *Context) bool {
	b, a, ok := chans(c)
	if !ok || a.NWaiters == 0 || a.ReceiverDropped || !hasCapacity(c.Scenario, a) {
		return false
	}
	head := a.Waiters[0].Task
	if b.NWaiters > 0 && b.Waiters[0].Task == head && hasCapacity(c.Scenario, b) {
		return false
	}
	for i := range c.Events {
		if e := &c.Events[i]; e.Kind == trace.ChanSenderWoken && e.Task == head {
			return false
		}
	}
	k := kern(c.After)
	return k.Sched.Scheduled&taskBit(head) == 0 && k.Current != head && k.Outer != head
}
