package conformance

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/cockroachdb/datadriven"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/dethash"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// Runner executes the directives of one fixture or parity file:
//
//	init backend=native|browser [cancel_streak_limit=N] [burst_limit=N]
//	     [catchup_batch=N] [caps=timer,message,...|none]
//	     [max_chain_depth=N] [max_chain_memory=N] [seed=N] [fault=F,...]
//	     [channel=CAPACITY senders=N [tracked_permits=true]] [wheel=true]
//	run          operation script -> each operation and its events
//	state        the tasks, regions, obligations, lanes and timers
//	certificate  the fairness certificate and its witness hash
//	fingerprint  the event fingerprint of everything run since init
//	parity       a script run on both backends, compared
//	pool         a worker-pool script (push/pop/steal)
//
// Errors name the file and line of the offending operation.
type Runner struct {
	backend Backend
	seed    uint64
	config  setup
	log     trace.Log
	phases  phaseHistory
}

// setup is what init configured, reused by parity to build both backends.
type setup struct {
	k kernel.Config
	p pump.Config
}

// Do runs one directive and returns its output.
func (r *Runner) Do(d *datadriven.TestData) (string, error) {
	switch d.Cmd {
	case "init":
		return r.init(d)
	case "parity":
		return r.parity(d)
	case "pool":
		return r.pool(d)
	}
	if r.backend == nil {
		return "", fmt.Errorf("%s: %q before init", d.Pos, d.Cmd)
	}
	switch d.Cmd {
	case "run":
		return r.run(d)
	case "state":
		return describeState(r.backend), nil
	case "certificate":
		return describeCertificate(&r.backend.Kernel().Sched), nil
	case "fingerprint":
		return fmt.Sprintf("events=%d fingerprint=%016x\n", countEvents(r.log.Events), Fingerprint(r.log.Events)), nil
	}
	return "", fmt.Errorf("%s: unknown directive %q (want init, run, state, certificate, fingerprint, parity or pool)", d.Pos, d.Cmd)
}

func (r *Runner) init(d *datadriven.TestData) (string, error) {
	cfg := setup{k: kernel.DefaultConfig(), p: pump.Config{BurstLimit: pump.DefaultBurstLimit, Caps: pump.AllCaps}}
	backend := ""
	r.seed = 0
	for _, a := range arguments(d) {
		var n uint64
		var err error
		switch a.key {
		case "backend":
			backend = a.val
		case "cancel_streak_limit":
			n, err = a.num(127)
			cfg.k.CancelStreakLimit = uint8(n)
		case "catchup_batch":
			n, err = a.num(kernel.MaxTimers)
			cfg.k.CatchupBatch = uint8(n)
		case "max_chain_depth":
			n, err = a.num(255)
			cfg.k.MaxChainDepth = uint8(n)
		case "max_chain_memory":
			n, err = a.num(65535)
			cfg.k.MaxChainMemory = uint16(n)
		case "burst_limit":
			n, err = a.num(255)
			cfg.p.BurstLimit = uint8(n)
		case "seed":
			r.seed, err = a.num(1<<63 - 1)
		case "caps":
			cfg.p.Caps = 0
			for _, c := range strings.Split(a.val, ",") {
				if c == "none" {
					continue
				}
				cp, perr := pump.ParseCapability(c)
				if perr != nil {
					return "", fmt.Errorf("%s: init: %v", d.Pos, perr)
				}
				cfg.p.Caps |= cp
			}
		case "channel":
			n, err = a.num(255)
			cfg.k.Channel.Capacity = uint8(n)
		case "senders":
			n, err = a.num(255)
			cfg.k.Channel.Senders = uint8(n)
		case "tracked_permits", "wheel":
			if a.val != "true" && a.val != "false" {
				return "", fmt.Errorf("%s: init: %s=%q, want true or false", d.Pos, a.key, a.val)
			}
			if a.key == "wheel" {
				cfg.k.Wheel = a.val == "true"
			} else {
				cfg.k.TrackPermits = a.val == "true"
			}
		case "fault":
			cfg.k.Faults, err = a.faults(cfg.k.Faults)
		default:
			return "", fmt.Errorf("%s: init: unknown argument %q", d.Pos, a.key)
		}
		if err != nil {
			return "", err
		}
	}
	cfg.p.Faults = cfg.k.Faults
	if err := kernel.Validate(cfg.k); err != nil {
		return "", fmt.Errorf("%s: init: %v", d.Pos, err)
	}
	b, err := cfg.build(backend)
	if err != nil {
		return "", fmt.Errorf("%s: init: %v", d.Pos, err)
	}
	r.backend, r.config = b, cfg
	r.log.Reset()
	r.phases = phaseHistory{}
	return fmt.Sprintf("backend=%s seed=%d snapshot=%s\n", b.Name(), r.seed, SnapshotID(b)), nil
}

func (c setup) build(backend string) (Backend, error) {
	switch backend {
	case "native":
		return &Native{S: kernel.New(c.k), Caps: c.p.Caps}, nil
	case "browser":
		return &Browser{S: pump.New(c.p, c.k)}, nil
	}
	return nil, fmt.Errorf("backend=%q, want native or browser", backend)
}

// SnapshotID names an initial runtime snapshot: DetHasher over the
// backend's complete initial state, so two fixtures that start from the
// same configuration share an id.
func SnapshotID(b Backend) string {
	h := dethash.New()
	switch s := b.(type) {
	case *Native:
		h.Bytes([]byte(fmt.Sprintf("%+v", s.S)))
	case *Browser:
		h.Bytes([]byte(fmt.Sprintf("%+v", s.S)))
	}
	return fmt.Sprintf("snap-%016x", h.Sum())
}

// valueSnapshotID names the initial state of a runtime package (a channel,
// a wheel) as SnapshotID names a backend's: DetHasher over its printed value.
func valueSnapshotID(v any) string {
	h := dethash.New()
	h.Bytes([]byte(fmt.Sprintf("%+v", v)))
	return fmt.Sprintf("snap-%016x", h.Sum())
}

// runLines runs a `run` directive of the channel and wheel runners: each
// line through apply, printed with the events it emitted and its result
// ("-> result", none when apply returns "").
func runLines(d *datadriven.TestData, log *trace.Log, apply func(line string) (string, error)) (string, error) {
	var out strings.Builder
	for i, line := range strings.Split(d.Input, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		from := len(log.Events)
		res, err := apply(line)
		if err != nil {
			return "", fmt.Errorf("%s: %q: %v", opPos(d, i), line, err)
		}
		out.WriteString("> " + line + "\n")
		for _, e := range log.Events[from:] {
			out.WriteString("  " + e.String() + "\n")
		}
		if res != "" {
			out.WriteString("  -> " + res + "\n")
		}
	}
	return out.String(), nil
}

// script runs each line of a directive's input on b, recording events.
func script(d *datadriven.TestData, b Backend, log *trace.Log, phases *phaseHistory, out *strings.Builder) error {
	for i, line := range strings.Split(d.Input, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		from := len(log.Events)
		if err := b.Apply(line, log); err != nil {
			return fmt.Errorf("%s: %q: %v", opPos(d, i), line, err)
		}
		phases.observe(b.Kernel())
		if out != nil {
			out.WriteString("> " + line + "\n")
			for _, e := range log.Events[from:] {
				out.WriteString("  " + e.String() + "\n")
			}
		}
	}
	return nil
}

func (r *Runner) run(d *datadriven.TestData) (string, error) {
	var out strings.Builder
	err := script(d, r.backend, &r.log, &r.phases, &out)
	return out.String(), err
}

// opPos is the file:line of line i (0-based) of a directive's input: the
// input starts on the line after the directive.
func opPos(d *datadriven.TestData, i int) string {
	file, line, ok := strings.Cut(d.Pos, ":")
	if n, err := strconv.Atoi(line); ok && err == nil {
		return fmt.Sprintf("%s:%d", file, n+1+i)
	}
	return fmt.Sprintf("%s (operation %d)", d.Pos, i+1)
}

// Fingerprint is DetHasher over the events a backend-neutral observer
// sees: host-only events are dropped and host metadata left out, so equal
// fingerprints mean equal scheduler and cancellation behaviour.
func Fingerprint(events []trace.Event) uint64 {
	h := dethash.New()
	for _, e := range events {
		if e.Kind.IsHostOnly() {
			continue
		}
		s := e.StringNoHost()
		h.Size(len(s))
		h.Bytes([]byte(s))
	}
	return h.Sum()
}

func countEvents(events []trace.Event) int {
	n := 0
	for _, e := range events {
		if !e.Kind.IsHostOnly() {
			n++
		}
	}
	return n
}

func describeCertificate(s *sched.State) string {
	c := s.Cert
	return fmt.Sprintf("cancel_dispatches=%d timed_dispatches=%d ready_dispatches=%d\n"+
		"fallback_cancel_dispatches=%d base_limit_exceedances=%d effective_limit_exceedances=%d\n"+
		"max_effective_limit_observed=%d max_streak_observed=%d witness_hash=%016x\n",
		c.CancelDispatches, c.TimedDispatches, c.ReadyDispatches, c.FallbackCancelDispatches,
		c.BaseLimitExceedances, c.EffectiveLimitExceedances, c.MaxEffectiveLimitObserved,
		c.MaxStreakObserved, c.WitnessHash())
}

func describeState(b Backend) string {
	k := b.Kernel()
	var out strings.Builder
	cur := "none"
	if k.Current != 0 {
		cur = "t" + strconv.Itoa(int(k.Current))
	}
	fmt.Fprintf(&out, "now=%d current=%s governor=%s cancel_streak=%d/%d", k.Now, cur, k.Sched.Governor, k.Sched.Streak, k.Sched.EffectiveLimit())
	if d := b.Describe(); d != "" {
		out.WriteString(" " + d)
	}
	out.WriteString("\n")
	for l := sched.Cancel; l <= sched.Ready; l++ {
		fmt.Fprintf(&out, "lane %s:", l)
		for _, e := range k.Sched.Entries(l) {
			fmt.Fprintf(&out, " t%d(prio=%d", e.Task, e.Priority)
			if l == sched.Timed {
				fmt.Fprintf(&out, " deadline=%d", e.Deadline)
			}
			out.WriteString(")")
		}
		out.WriteString("\n")
	}
	for id := uint8(1); id <= kernel.MaxTasks; id++ {
		t := k.Cancel.Task(id)
		if t == nil || !t.Used {
			continue
		}
		fmt.Fprintf(&out, "t%d region=r%d phase=%s mask=%d cancel_epoch=%d", id, t.Region, t.Phase, t.Mask, t.Epoch)
		if t.CancelPending {
			fmt.Fprintf(&out, " reason=%s budget=poll:%d/prio:%d", t.Reason.Kind, t.Budget.PollQuota, t.Budget.Priority)
		}
		if t.Phase == cancel.Completed {
			fmt.Fprintf(&out, " outcome=%s", t.Outcome)
		}
		out.WriteString("\n")
	}
	for id := uint8(1); id <= cancel.MaxRegions; id++ {
		r := k.Cancel.Region(id)
		if r == nil || !r.Used {
			continue
		}
		fmt.Fprintf(&out, "r%d state=%s", id, r.State)
		if r.Parent != 0 {
			fmt.Fprintf(&out, " parent=r%d", r.Parent)
		}
		if r.HasReason {
			fmt.Fprintf(&out, " reason=%s depth=%d", r.Reason.Kind, r.Reason.Depth)
			if r.Reason.Truncated {
				fmt.Fprintf(&out, " truncated_at_depth=%d", r.Reason.TruncatedAt)
			}
		}
		out.WriteString("\n")
	}
	out.WriteString(describeObligations(k))
	for i, tm := range k.Timers {
		if tm.Used {
			fmt.Fprintf(&out, "tm%d task=t%d deadline=%d gen=%d live=%v\n", i+1, tm.Task, tm.Deadline, tm.Gen, tm.Live)
		}
	}
	if k.HasChannel() {
		ch := &k.Chan
		fmt.Fprintf(&out, "channel capacity=%d len=%d reserved=%d waiters=%d senders=%d receiver_dropped=%v\n",
			ch.Config.Capacity, ch.Len, ch.Reserved, ch.NWaiters, ch.Senders, ch.ReceiverDropped)
	}
	for i := range k.Wheel.Entries {
		if e := &k.Wheel.Entries[i]; e.Used {
			fmt.Fprintf(&out, "wheel timer %s task=t%d deadline=%d live=%v\n", e.Handle, e.Task, e.Deadline, k.Wheel.Live(e.Handle))
		}
	}
	return out.String()
}

func describeObligations(k *kernel.State) string {
	var out strings.Builder
	for id := uint8(1); id <= cancel.MaxObligations; id++ {
		o := k.Cancel.Obligation(id)
		if o == nil || !o.Used {
			continue
		}
		fmt.Fprintf(&out, "o%d %s task=t%d region=r%d state=%s\n", id, o.Kind, o.Task, o.Region, o.State)
	}
	return out.String()
}

// outcomes is the terminal outcome of every task, in id order.
func outcomes(k *kernel.State) string {
	var parts []string
	for id := uint8(1); id <= kernel.MaxTasks; id++ {
		t := k.Cancel.Task(id)
		if t == nil || !t.Used {
			continue
		}
		o := "live(" + t.Phase.String() + ")"
		if t.Phase == cancel.Completed {
			o = t.Outcome.String()
		}
		parts = append(parts, fmt.Sprintf("t%d=%s", id, o))
	}
	return strings.Join(parts, " ")
}

func (h *phaseHistory) String() string {
	var out strings.Builder
	for i, seq := range h {
		if len(seq) == 0 {
			continue
		}
		names := make([]string, len(seq))
		for j, p := range seq {
			names[j] = p.String()
		}
		fmt.Fprintf(&out, "t%d: %s\n", i+1, strings.Join(names, " -> "))
	}
	return out.String()
}

// parity runs the directive's script on a fresh native and a fresh browser
// backend built from the last init, and reports what the contracts
// compare: terminal outcomes, per-task phase sequences, the obligation
// closure set and the event fingerprint. Any difference is an error.
func (r *Runner) parity(d *datadriven.TestData) (string, error) {
	if r.backend == nil {
		return "", fmt.Errorf("%s: parity before init", d.Pos)
	}
	native, err := r.config.build("native")
	if err != nil {
		return "", err
	}
	browser, err := r.config.build("browser")
	if err != nil {
		return "", err
	}
	return compareBackends(d, native, browser)
}

// compareBackends runs d's script on both backends and compares them.
func compareBackends(d *datadriven.TestData, native, browser Backend) (string, error) {
	type result struct {
		outcomes, phases, obligations string
		fingerprint                   uint64
		events                        int
	}
	var res [2]result
	for i, b := range []Backend{native, browser} {
		name := b.Name()
		var log trace.Log
		var ph phaseHistory
		if err := script(d, b, &log, &ph, nil); err != nil {
			// The error names the file and line first, as every error does.
			return "", fmt.Errorf("%w (on the %s backend)", err, name)
		}
		res[i] = result{outcomes(b.Kernel()), ph.String(), describeObligations(b.Kernel()), Fingerprint(log.Events), countEvents(log.Events)}
	}
	var diffs []string
	if res[0].outcomes != res[1].outcomes {
		diffs = append(diffs, fmt.Sprintf("terminal outcomes differ:\n  native:  %s\n  browser: %s", res[0].outcomes, res[1].outcomes))
	}
	if res[0].phases != res[1].phases {
		diffs = append(diffs, fmt.Sprintf("phase sequences differ:\nnative:\n%sbrowser:\n%s", res[0].phases, res[1].phases))
	}
	if res[0].obligations != res[1].obligations {
		diffs = append(diffs, fmt.Sprintf("obligation closure sets differ:\nnative:\n%sbrowser:\n%s", res[0].obligations, res[1].obligations))
	}
	if res[0].fingerprint != res[1].fingerprint {
		diffs = append(diffs, fmt.Sprintf("event fingerprints differ: native %016x (%d events), browser %016x (%d events)", res[0].fingerprint, res[0].events, res[1].fingerprint, res[1].events))
	}
	if len(diffs) > 0 {
		sort.Strings(diffs)
		return "", fmt.Errorf("%s: parity mismatch:\n%s", d.Pos, strings.Join(diffs, "\n"))
	}
	var out strings.Builder
	for i, name := range []string{"native", "browser"} {
		fmt.Fprintf(&out, "%s outcomes: %s\n", name, res[i].outcomes)
		fmt.Fprintf(&out, "%s phases:\n%s", name, indent(res[i].phases))
		fmt.Fprintf(&out, "%s obligations:\n%s", name, indent(orNone(res[i].obligations)))
		fmt.Fprintf(&out, "%s fingerprint: %016x (%d events)\n", name, res[i].fingerprint, res[i].events)
	}
	out.WriteString("parity: equal\n")
	return out.String(), nil
}

func indent(s string) string {
	var out strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			out.WriteString("  " + l)
		}
	}
	return out.String()
}

func orNone(s string) string {
	if s == "" {
		return "none\n"
	}
	return s
}
