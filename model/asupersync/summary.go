package asupersync

import (
	"fmt"
	"strings"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/wheel"
)

// Summary is a short description of a state: time, pump, lanes, and each
// task, region and obligation in the contracts' words, one per line.
func Summary(s *State) string {
	k := &s.P.Kernel
	var b strings.Builder
	cur := "none"
	if k.Current != 0 {
		cur = fmt.Sprintf("t%d", k.Current)
	}
	fmt.Fprintf(&b, "now=%d polling=%s pump=%s burst=%d governor=%s cancel_streak=%d/%d\n",
		k.Now, cur, s.P.Mode, s.P.Burst, k.Sched.Governor, k.Sched.Streak, k.Sched.EffectiveLimit())
	for l := sched.Cancel; l <= sched.Ready; l++ {
		var ts []string
		for _, e := range LaneEntries(&k.Sched, l) {
			ts = append(ts, fmt.Sprintf("t%d", e.Task))
		}
		fmt.Fprintf(&b, "lane %s: [%s]\n", l, strings.Join(ts, " "))
	}
	for id := uint8(1); id <= cancel.MaxTasks; id++ {
		t := TaskRecord(&k.Cancel, id)
		if !t.Used {
			continue
		}
		fmt.Fprintf(&b, "t%d in r%d: %s", id, t.Region, t.Phase)
		if t.Phase == cancel.Completed {
			fmt.Fprintf(&b, "(%s)", t.Outcome)
		}
		if t.CancelPending {
			fmt.Fprintf(&b, " reason=%s", t.Reason.Kind)
		}
		if t.Mask > 0 {
			fmt.Fprintf(&b, " mask=%d", t.Mask)
		}
		b.WriteString("\n")
	}
	for id := uint8(1); id <= cancel.MaxRegions; id++ {
		if r := RegionRecord(&k.Cancel, id); r.Used {
			fmt.Fprintf(&b, "r%d: %s\n", id, r.State)
		}
	}
	for id := uint8(1); id <= cancel.MaxObligations; id++ {
		if o := ObligationRecord(&k.Cancel, id); o.Used {
			fmt.Fprintf(&b, "o%d %s held by t%d: %s\n", id, o.Kind, o.Task, o.State)
		}
	}
	if channelConfigured(k) {
		ch := &k.Chan
		var q, w []string
		for _, m := range ch.Messages() {
			q = append(q, fmt.Sprintf("m%d", m.Seq))
		}
		for _, x := range ch.WaiterQueue() {
			w = append(w, fmt.Sprintf("t%d", x.Task))
		}
		fmt.Fprintf(&b, "channel: capacity=%d queue=[%s] reserved=%d waiters=[%s] senders=%d receiver_dropped=%v\n",
			ch.Config.Capacity, strings.Join(q, " "), ch.Reserved, strings.Join(w, " "), ch.Senders, ch.ReceiverDropped)
	}
	if k.Config.Wheel {
		for i := range k.Wheel.Entries {
			e := &k.Wheel.Entries[i]
			if !e.Used {
				continue
			}
			state := "dead"
			if k.Wheel.Live(e.Handle) {
				state = "live"
			}
			place := fmt.Sprintf("level=%d slot=%d", e.Level, e.Slot)
			switch e.Level {
			case wheel.Overflow:
				place = "in overflow"
			case wheel.Ready:
				place = "ready"
			}
			fmt.Fprintf(&b, "timer id=%d gen=%d task=t%d deadline=%d %s %s\n",
				e.Handle.ID, e.Handle.Gen, e.Task, e.Deadline, place, state)
		}
	}
	return b.String()
}

// Brief is a state on one line, for a trace that prints it after every
// step: time, pump, the polled task, the lanes, then each task's, region's
// and obligation's state.
func Brief(s *State) string {
	k := &s.P.Kernel
	cur := "none"
	if k.Current != 0 {
		cur = fmt.Sprintf("t%d", k.Current)
	}
	parts := []string{fmt.Sprintf("now=%d pump=%s polling=%s streak=%d/%d", k.Now, s.P.Mode, cur, k.Sched.Streak, k.Sched.EffectiveLimit())}
	for l := sched.Cancel; l <= sched.Ready; l++ {
		var ts []string
		for _, e := range LaneEntries(&k.Sched, l) {
			ts = append(ts, fmt.Sprintf("t%d", e.Task))
		}
		parts = append(parts, fmt.Sprintf("%s=[%s]", l, strings.Join(ts, " ")))
	}
	for id := uint8(1); id <= cancel.MaxTasks; id++ {
		if t := TaskRecord(&k.Cancel, id); t.Used {
			parts = append(parts, fmt.Sprintf("t%d:%s", id, t.Phase))
		}
	}
	for id := uint8(1); id <= cancel.MaxRegions; id++ {
		if r := RegionRecord(&k.Cancel, id); r.Used {
			parts = append(parts, fmt.Sprintf("r%d:%s", id, r.State))
		}
	}
	for id := uint8(1); id <= cancel.MaxObligations; id++ {
		if o := ObligationRecord(&k.Cancel, id); o.Used {
			parts = append(parts, fmt.Sprintf("o%d:%s", id, o.State))
		}
	}
	return strings.Join(parts, " ")
}
