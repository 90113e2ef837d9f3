package conformance

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cockroachdb/datadriven"

	"modelcheck/runtime/channel"
	"modelcheck/runtime/trace"
)

// ChannelRunner executes the directives of one channel fixture (contract
// 004 section 1, fixtures of 7.1) on a bare channel, without the kernel:
//
//	new capacity=N [senders=N] [fault=F,...] [seed=N]
//	run          one channel operation per line -> its events and result
//	state        the queue, the reserved slots, the waiters and both ends
//	fingerprint  the event fingerprint of everything run since new
//
// The operations (tN is a task t1..t8; cancelled makes the poll's
// checkpoint fail):
//
//	reserve tN [cancelled]      one poll of reserve(cx)
//	try-reserve tN [cancelled]  try_reserve
//	send tN | try-send tN       commit one of tN's permits
//	abort tN | drop-permit tN   abort one of tN's permits, or drop it unsent
//	evict tN                    send_evict_oldest
//	recv tN [cancelled]         one poll of recv(cx)
//	try-recv tN                 try_recv
//	close-rx | drop-tx          drop the receiver, or one sender handle
//	cancel-reserve tN           drop tN's pending Reserve future
//	cancel-recv tN              drop tN's pending recv future
//
// The runner counts each task's permits, so a script cannot commit or
// abort a permit its task does not hold. Errors name the file and line of
// the offending operation.
type ChannelRunner struct {
	ch      channel.State
	ready   bool
	permits [channel.MaxWaiters + 1]int
	log     trace.Log
}

// Do runs one directive and returns its output.
func (r *ChannelRunner) Do(d *datadriven.TestData) (string, error) {
	if d.Cmd == "new" {
		return r.init(d)
	}
	if !r.ready {
		return "", fmt.Errorf("%s: %q before new", d.Pos, d.Cmd)
	}
	switch d.Cmd {
	case "run":
		return r.run(d)
	case "state":
		return describeChannel(&r.ch), nil
	case "fingerprint":
		return fmt.Sprintf("events=%d fingerprint=%016x\n", countEvents(r.log.Events), Fingerprint(r.log.Events)), nil
	}
	return "", fmt.Errorf("%s: unknown directive %q (want new, run, state or fingerprint)", d.Pos, d.Cmd)
}

func (r *ChannelRunner) init(d *datadriven.TestData) (string, error) {
	cfg := channel.Config{Senders: 1}
	var seed uint64
	haveCapacity := false
	for _, a := range arguments(d) {
		var n uint64
		var err error
		switch a.key {
		case "capacity":
			n, err = a.num(255)
			cfg.Capacity, haveCapacity = uint8(n), true
		case "senders":
			n, err = a.num(255)
			cfg.Senders = uint8(n)
		case "seed":
			seed, err = a.num(1<<63 - 1)
		case "fault":
			cfg.Faults, err = a.faults(cfg.Faults)
		default:
			return "", fmt.Errorf("%s: new: unknown argument %q (want capacity=, senders=, fault=, seed=)", d.Pos, a.key)
		}
		if err != nil {
			return "", err
		}
	}
	if !haveCapacity {
		return "", fmt.Errorf("%s: new: missing capacity=", d.Pos)
	}
	ch, err := channel.New(cfg)
	if err != nil {
		return "", fmt.Errorf("%s: new capacity=%d senders=%d: %v", d.Pos, cfg.Capacity, cfg.Senders, err)
	}
	*r = ChannelRunner{ch: ch, ready: true, log: r.log}
	r.log.Reset()
	return fmt.Sprintf("capacity=%d senders=%d seed=%d snapshot=%s\n", cfg.Capacity, cfg.Senders, seed, valueSnapshotID(ch)), nil
}

func (r *ChannelRunner) run(d *datadriven.TestData) (string, error) {
	return runLines(d, &r.log, r.apply)
}

// apply runs one operation line and returns its result ("" for an
// operation without one).
func (r *ChannelRunner) apply(line string) (string, error) {
	f := strings.Fields(line)
	op, args := f[0], f[1:]
	switch op {
	case "close-rx", "drop-tx":
		if len(args) != 0 {
			return "", fmt.Errorf("%s takes no arguments", op)
		}
		if op == "close-rx" {
			r.ch.CloseReceiver(&r.log)
		} else {
			r.ch.DropSender(&r.log)
		}
		return "", nil
	case "reserve", "try-reserve", "recv", "send", "try-send", "abort", "drop-permit",
		"evict", "try-recv", "cancel-reserve", "cancel-recv":
	default:
		return "", fmt.Errorf("unknown operation %q", op)
	}
	checked := op == "reserve" || op == "try-reserve" || op == "recv"
	if len(args) < 1 || len(args) > 2 || (len(args) == 2 && (!checked || args[1] != "cancelled")) {
		if checked {
			return "", fmt.Errorf("want %s tN [cancelled]", op)
		}
		return "", fmt.Errorf("want %s tN", op)
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(args[0], "t"), 10, 8)
	if err != nil || !strings.HasPrefix(args[0], "t") || n == 0 || n > channel.MaxWaiters {
		return "", fmt.Errorf("%s: %q is not a task t1..t%d", op, args[0], channel.MaxWaiters)
	}
	task := uint8(n)
	cancelled := len(args) == 2
	switch op {
	case "send", "try-send", "abort", "drop-permit":
		if r.permits[task] == 0 {
			return "", fmt.Errorf("%s: t%d holds no permit", op, task)
		}
		r.permits[task]--
	}
	var res channel.Result
	var msg channel.Message
	switch op {
	case "reserve":
		res = r.ch.Reserve(task, cancelled, &r.log)
	case "try-reserve":
		res = r.ch.TryReserve(task, cancelled, &r.log)
	case "send":
		res = r.ch.Send(task, &r.log)
	case "try-send":
		res = r.ch.TrySend(task, &r.log)
	case "abort":
		r.ch.Abort(task, &r.log)
		return "", nil
	case "drop-permit":
		r.ch.DropPermit(task, &r.log)
		return "", nil
	case "evict":
		res = r.ch.SendEvictOldest(task, &r.log)
	case "recv":
		res, msg = r.ch.Recv(task, cancelled, &r.log)
	case "try-recv":
		res, msg = r.ch.TryRecv(task, &r.log)
	case "cancel-reserve":
		r.ch.CancelReserve(task, &r.log)
		return "", nil
	case "cancel-recv":
		r.ch.CancelRecv(task, &r.log)
		return "", nil
	}
	if res == channel.OK && (op == "reserve" || op == "try-reserve") {
		r.permits[task]++
	}
	if msg.Seq != 0 {
		return fmt.Sprintf("%s msg=m%d", res, msg.Seq), nil
	}
	return res.String(), nil
}

// describeChannel prints the channel's state (1.1).
func describeChannel(s *channel.State) string {
	var out strings.Builder
	fmt.Fprintf(&out, "capacity=%d len=%d reserved=%d used=%d\n", s.Config.Capacity, s.Len, s.Reserved, s.UsedSlots())
	out.WriteString("queue:")
	for _, m := range s.Messages() {
		fmt.Fprintf(&out, " m%d(t%d)", m.Seq, m.From)
	}
	if s.Len == 0 {
		out.WriteString(" none")
	}
	out.WriteString("\nwaiters:")
	for _, w := range s.WaiterQueue() {
		fmt.Fprintf(&out, " %d:t%d", w.ID, w.Task)
	}
	if s.NWaiters == 0 {
		out.WriteString(" none")
	}
	rw := "none"
	if s.RecvWaiter != 0 {
		rw = "t" + strconv.Itoa(int(s.RecvWaiter))
	}
	fmt.Fprintf(&out, "\nsenders=%d receiver_dropped=%v recv_waiter=%s\n", s.Senders, s.ReceiverDropped, rw)
	return out.String()
}
