package conformance

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cockroachdb/datadriven"

	"modelcheck/runtime/trace"
	"modelcheck/runtime/wheel"
)

// WheelRunner executes the directives of one timer-wheel fixture (contract
// 004 section 2, fixtures tm-*):
//
//	new [now=N] [max_wheel=N] [max_timer=N] [coalesce=WINDOW] [min_group=N]
//	    [first_id=N] [first_gen=N] [fault=F,...] [seed=N]
//	run          one operation a line, each with its events and result:
//	               register NAME at=DEADLINE [task=tN]
//	               register NAME after=DURATION [task=tN]
//	               cancel NAME              (the handle NAME got)
//	               cancel-handle id=N gen=N (a forged or stale handle)
//	               collect now=N [max=N]
//	               advance N [max=N]        (collect at now+N)
//	state        time, cursors, active handles, entries, occupied slots
//	fingerprint  the event fingerprint of everything run since new
//
// Times are in ms. Errors name the file and line of the offending
// directive or operation.
type WheelRunner struct {
	w     wheel.State
	built bool
	seed  uint64
	log   trace.Log
	names []wheelName
}

// wheelName is a name a register line bound to the handle it got.
type wheelName struct {
	name string
	h    wheel.Handle
}

// Do runs one directive and returns its output.
func (r *WheelRunner) Do(d *datadriven.TestData) (string, error) {
	if d.Cmd == "new" {
		return r.newWheel(d)
	}
	if !r.built {
		return "", fmt.Errorf("%s: %q before new", d.Pos, d.Cmd)
	}
	switch d.Cmd {
	case "run":
		return r.run(d)
	case "state":
		return r.describe(), nil
	case "fingerprint":
		return fmt.Sprintf("events=%d fingerprint=%016x\n", countEvents(r.log.Events), Fingerprint(r.log.Events)), nil
	}
	return "", fmt.Errorf("%s: unknown directive %q (want new, run, state or fingerprint)", d.Pos, d.Cmd)
}

func (r *WheelRunner) newWheel(d *datadriven.TestData) (string, error) {
	var cfg wheel.Config
	var now uint64
	r.seed = 0
	for _, a := range arguments(d) {
		var n uint64
		var err error
		switch a.key {
		case "now":
			now, err = a.num(1<<63 - 1)
		case "max_wheel":
			cfg.MaxWheelDuration, err = a.num(1<<63 - 1)
		case "max_timer":
			cfg.MaxTimerDuration, err = a.num(1<<63 - 1)
		case "coalesce":
			cfg.Coalesce = true
			cfg.CoalesceWindow, err = a.num(1<<63 - 1)
		case "min_group":
			n, err = a.num(255)
			cfg.MinGroupSize = uint8(n)
		case "first_id":
			cfg.FirstID, err = a.num(1<<64 - 1)
		case "first_gen":
			cfg.FirstGen, err = a.num(1<<64 - 1)
		case "seed":
			r.seed, err = a.num(1<<63 - 1)
		case "fault":
			cfg.Faults, err = a.faults(cfg.Faults)
		default:
			return "", fmt.Errorf("%s: new: unknown argument %q (want now, max_wheel, max_timer, coalesce, min_group, first_id, first_gen, fault or seed)", d.Pos, a.key)
		}
		if err != nil {
			return "", err
		}
	}
	r.w = wheel.New(cfg, now)
	r.built = true
	r.log.Reset()
	r.names = nil
	return fmt.Sprintf("now=%d seed=%d snapshot=%s\n", r.w.Now, r.seed, valueSnapshotID(r.w)), nil
}

func (r *WheelRunner) run(d *datadriven.TestData) (string, error) {
	return runLines(d, &r.log, r.apply)
}

// apply runs one operation and returns its result.
func (r *WheelRunner) apply(line string) (string, error) {
	f := strings.Fields(line)
	switch f[0] {
	case "register":
		if len(f) < 2 || strings.Contains(f[1], "=") {
			return "", errors.New("register: want a name, as in register a at=100")
		}
		name := f[1]
		if _, ok := r.handle(name); ok {
			return "", fmt.Errorf("register: name %q is already bound", name)
		}
		kv, err := wheelKeyValues(f[2:], "at", "after", "task")
		if err != nil {
			return "", fmt.Errorf("register: %v", err)
		}
		at, hasAt := kv["at"]
		after, hasAfter := kv["after"]
		if hasAt == hasAfter {
			return "", errors.New("register: want exactly one of at= and after=")
		}
		deadline, err := wheelNum("at", at)
		if hasAfter {
			var n uint64
			n, err = wheelNum("after", after)
			deadline = r.w.Now + n
		}
		if err != nil {
			return "", fmt.Errorf("register: %v", err)
		}
		var task uint8
		if v, ok := kv["task"]; ok {
			n, terr := strconv.ParseUint(strings.TrimPrefix(v, "t"), 10, 8)
			if terr != nil || !strings.HasPrefix(v, "t") || n == 0 {
				return "", fmt.Errorf("register: task=%q is not a task such as t1", v)
			}
			task = uint8(n)
		}
		h, err := r.w.TryRegister(deadline, task, &r.log)
		if errors.Is(err, wheel.ErrDurationExceeded) {
			return "rejected: " + wheel.ErrDurationExceeded.Class.String(), nil
		}
		if err != nil {
			return "", err
		}
		r.names = append(r.names, wheelName{name, h})
		return h.String(), nil
	case "cancel":
		if len(f) != 2 {
			return "", errors.New("cancel: want one name, as in cancel a")
		}
		h, ok := r.handle(f[1])
		if !ok {
			return "", fmt.Errorf("cancel: no timer is named %q", f[1])
		}
		return strconv.FormatBool(r.w.Cancel(h, &r.log)), nil
	case "cancel-handle":
		kv, err := wheelKeyValues(f[1:], "id", "gen")
		if err != nil {
			return "", fmt.Errorf("cancel-handle: %v", err)
		}
		if len(kv) != 2 {
			return "", errors.New("cancel-handle: want id=N gen=N")
		}
		id, err := wheelNum("id", kv["id"])
		if err != nil {
			return "", fmt.Errorf("cancel-handle: %v", err)
		}
		gen, err := wheelNum("gen", kv["gen"])
		if err != nil {
			return "", fmt.Errorf("cancel-handle: %v", err)
		}
		return strconv.FormatBool(r.w.Cancel(wheel.Handle{ID: id, Gen: gen}, &r.log)), nil
	case "collect", "advance":
		var now uint64
		rest := f[1:]
		if f[0] == "advance" {
			if len(rest) == 0 {
				return "", errors.New("advance: want a duration, as in advance 10")
			}
			n, err := wheelNum("advance", rest[0])
			if err != nil {
				return "", err
			}
			now, rest = r.w.Now+n, rest[1:]
		}
		keys := []string{"max"}
		if f[0] == "collect" {
			keys = append(keys, "now")
		}
		kv, err := wheelKeyValues(rest, keys...)
		if err != nil {
			return "", fmt.Errorf("%s: %v", f[0], err)
		}
		if f[0] == "collect" {
			v, ok := kv["now"]
			if !ok {
				return "", errors.New("collect: want now=N")
			}
			if now, err = wheelNum("now", v); err != nil {
				return "", fmt.Errorf("collect: %v", err)
			}
		}
		max := uint64(0)
		if v, ok := kv["max"]; ok {
			if max, err = wheelNum("max", v); err != nil || max > 255 {
				return "", fmt.Errorf("%s: max=%q is not a number in 0..255", f[0], v)
			}
		}
		return "fired=" + strconv.Itoa(r.w.Collect(now, int(max), &r.log)), nil
	}
	return "", fmt.Errorf("unknown operation %q (want register, cancel, cancel-handle, collect or advance)", f[0])
}

// wheelKeyValues reads key=value fields, each key one of allowed, at most once.
func wheelKeyValues(fields []string, allowed ...string) (map[string]string, error) {
	kv := map[string]string{}
	for _, fl := range fields {
		k, v, ok := strings.Cut(fl, "=")
		known := false
		for _, a := range allowed {
			known = known || a == k
		}
		if !ok || !known {
			return nil, fmt.Errorf("unexpected %q (want %s)", fl, strings.Join(allowed, "=, ")+"=")
		}
		if _, dup := kv[k]; dup {
			return nil, fmt.Errorf("%s= given twice", k)
		}
		kv[k] = v
	}
	return kv, nil
}

func wheelNum(key, v string) (uint64, error) {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s=%q is not a number", key, v)
	}
	return n, nil
}

// handle is the handle a name got.
func (r *WheelRunner) handle(name string) (wheel.Handle, bool) {
	for _, n := range r.names {
		if n.name == name {
			return n.h, true
		}
	}
	return wheel.Handle{}, false
}

// nameOf names a handle by the names bound to it ("?" for none; several
// only when a fault repeats handles).
func (r *WheelRunner) nameOf(h wheel.Handle) string {
	var names []string
	for _, n := range r.names {
		if n.h == h {
			names = append(names, n.name)
		}
	}
	if len(names) == 0 {
		return "?"
	}
	return strings.Join(names, "/")
}

var wheelPlaceNames = [...]string{wheel.Overflow: "overflow", wheel.Ready: "ready"}

func wheelPlace(level, slot uint8) string {
	if level < wheel.Levels {
		return fmt.Sprintf("l%d/%d", level, slot)
	}
	if int(level) < len(wheelPlaceNames) {
		return wheelPlaceNames[level]
	}
	return fmt.Sprintf("level(%d)", level)
}

// describe prints the wheel: time, counters and cursors; the active map;
// every physical entry with its placement and liveness; the occupied slots.
func (r *WheelRunner) describe() string {
	w := &r.w
	var out strings.Builder
	fmt.Fprintf(&out, "now=%d next_id=%d next_gen=%d cursors=%d,%d,%d,%d len=%d free=%d",
		w.Now, w.NextID, w.NextGen, w.Cursor[0], w.Cursor[1], w.Cursor[2], w.Cursor[3], w.Len(), w.Free())
	if d, ok := w.NextDeadline(); ok {
		fmt.Fprintf(&out, " next_deadline=%d", d)
	}
	out.WriteString("\nactive:")
	if w.ActiveUsed == 0 {
		out.WriteString(" none")
	}
	for i, h := range w.Active {
		if w.ActiveUsed&(1<<i) != 0 {
			fmt.Fprintf(&out, " %s(%s)", r.nameOf(h), h)
		}
	}
	out.WriteString("\n")
	for _, e := range w.Entries {
		if !e.Used {
			continue
		}
		live := "dead"
		if w.Live(e.Handle) {
			live = "live"
		}
		fmt.Fprintf(&out, "entry %s %s seq=%d", r.nameOf(e.Handle), e.Handle, e.Seq)
		if e.Task != trace.None {
			fmt.Fprintf(&out, " task=t%d", e.Task)
		}
		fmt.Fprintf(&out, " deadline=%d at=%s %s\n", e.Deadline, wheelPlace(e.Level, e.Slot), live)
	}
	out.WriteString("occupied:")
	for k := range wheel.Levels {
		var slots []string
		for s := range wheel.SlotsPerLevel {
			if w.Occupied[k][s/64]&(1<<(s%64)) != 0 {
				slots = append(slots, strconv.Itoa(s))
			}
		}
		fmt.Fprintf(&out, " l%d=[%s]", k, strings.Join(slots, " "))
	}
	out.WriteString("\n")
	return out.String()
}
