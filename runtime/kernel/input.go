package kernel

import (
	"fmt"
	"strconv"
	"strings"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/sched"
)

// Op is an operation. Environment operations come first; the task
// operations, performed by the task being polled, run from Checkpoint to
// Abort.
type Op uint8

// The operations, spelled in test files and traces as opNames says.
const (
	NoOp Op = iota
	Spawn
	OpenRegion
	Wake
	CancelTask
	CancelRegion
	Dispatch
	Advance
	CloseRegion
	Governor
	RegisterFinalizer
	FinalizerDone
	Checkpoint
	Mask
	Unmask
	Yield
	Pending
	Sleep
	Complete
	CleanupDone
	FinalizeDone
	Reserve
	Commit
	Abort
	// Channel operations of the task being polled (channel.go).
	ChanReserve
	ChanTryReserve
	ChanSend
	ChanTrySend
	ChanAbort
	ChanEvict
	ChanRecv
	ChanTryRecv
	ChanClose
	// TimerCancelStale: the environment cancels a task's wheel timer with
	// a handle of an older generation.
	TimerCancelStale
	// PoolPush, PoolSteal and PoolPop drive the worker pool (pool.go).
	PoolPush
	PoolSteal
	PoolPop
	opCount
)

// NumOps is the number of operations, NoOp included: every Op is below it.
const NumOps = int(opCount)

// IsTaskOp reports whether the task being polled performs the operation.
func (o Op) IsTaskOp() bool { return o >= Checkpoint && o <= ChanClose }

var opNames = [opCount]string{
	"", "spawn", "open-region", "wake", "cancel", "cancel", "dispatch", "advance", "close",
	"governor", "register-finalizer", "finalizer-done", "checkpoint", "mask", "unmask", "yield",
	"pending", "sleep", "complete", "cleanup-done", "finalize-done", "reserve", "commit", "abort",
	"chan-reserve", "chan-try-reserve", "chan-send", "chan-try-send", "chan-abort", "chan-evict",
	"chan-recv", "chan-try-recv", "chan-close", "timer-cancel-stale", "pool-push", "pool-steal", "pool-pop",
}

func (o Op) String() string {
	if o < opCount {
		return opNames[o]
	}
	return "op(" + strconv.Itoa(int(o)) + ")"
}

// Input is one operation with its operands: a small comparable value so the
// explorer can store and compare it cheaply.
type Input struct {
	Op         Op
	Task       uint8
	Region     uint8
	Obligation uint8
	// Arg is the cancel kind, obligation kind, governor or outcome.
	Arg      uint8
	Priority uint8
	// N is a duration, deadline or generation.
	N uint32
}

// String spells the input as a test file does.
func (in Input) String() string {
	var b strings.Builder
	b.WriteString(in.Op.String())
	id := func(p string, v uint8) { b.WriteString(" " + p + strconv.Itoa(int(v))) }
	switch in.Op {
	case Spawn:
		id("r", in.Region)
		if in.Priority != 0 {
			b.WriteString(" prio=" + strconv.Itoa(int(in.Priority)))
		}
		if in.N != 0 {
			b.WriteString(" deadline=" + strconv.FormatUint(uint64(in.N), 10))
		}
	case OpenRegion, CloseRegion, RegisterFinalizer, FinalizerDone:
		id("r", in.Region)
	case Wake:
		id("t", in.Task)
		if in.N != 0 {
			b.WriteString(" gen=" + strconv.FormatUint(uint64(in.N), 10))
		}
	case CancelTask:
		id("t", in.Task)
		b.WriteString(" kind=" + cancel.Kind(in.Arg).String())
	case CancelRegion:
		id("r", in.Region)
		b.WriteString(" kind=" + cancel.Kind(in.Arg).String())
	case Advance:
		b.WriteString(" " + strconv.FormatUint(uint64(in.N), 10))
	case Governor:
		b.WriteString(" " + sched.Governor(in.Arg).String())
	case Sleep:
		id("t", in.Task)
		b.WriteString(" " + strconv.FormatUint(uint64(in.N), 10))
	case Complete:
		id("t", in.Task)
		b.WriteString(" " + strings.ToLower(cancel.Outcome(in.Arg).String()))
	case Reserve:
		id("t", in.Task)
		b.WriteString(" kind=" + cancel.ObligationKind(in.Arg).String())
	case Commit, Abort:
		id("t", in.Task)
		id("o", in.Obligation)
	case PoolPush:
		b.WriteString(" w" + strconv.Itoa(int(in.Arg)))
		id("t", in.Task)
		if in.Priority != 0 {
			b.WriteString(" prio=" + strconv.Itoa(int(in.Priority)))
		}
	case PoolSteal, PoolPop:
		b.WriteString(" w" + strconv.Itoa(int(in.Arg)))
	case Dispatch:
	default:
		id("t", in.Task)
	}
	return b.String()
}

// ParseInput reads one operation line (the inverse of String). The error
// says what was expected; the caller adds the file and line.
func ParseInput(line string) (Input, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Input{}, fmt.Errorf("empty operation")
	}
	p := parser{args: f[1:]}
	var in Input
	switch f[0] {
	case "spawn":
		in = Input{Op: Spawn, Region: p.id('r')}
		in.Priority = uint8(p.opt("prio", 255))
		in.N = uint32(p.opt("deadline", 1<<31))
	case "open-region":
		in = Input{Op: OpenRegion, Region: p.id('r')}
	case "close":
		in = Input{Op: CloseRegion, Region: p.id('r')}
	case "register-finalizer":
		in = Input{Op: RegisterFinalizer, Region: p.id('r')}
	case "finalizer-done":
		in = Input{Op: FinalizerDone, Region: p.id('r')}
	case "wake":
		in = Input{Op: Wake, Task: p.id('t')}
		in.N = uint32(p.opt("gen", 1<<31))
	case "cancel":
		if len(p.args) > 0 && strings.HasPrefix(p.args[0], "r") {
			in = Input{Op: CancelRegion, Region: p.id('r')}
		} else {
			in = Input{Op: CancelTask, Task: p.id('t')}
		}
		k, err := cancel.ParseKind(p.key("kind"))
		p.note(err)
		in.Arg = uint8(k)
	case "dispatch":
		in = Input{Op: Dispatch}
	case "pool-push":
		in = Input{Op: PoolPush, Arg: p.worker(), Task: p.id('t')}
		in.Priority = uint8(p.opt("prio", 255))
	case "pool-steal":
		in = Input{Op: PoolSteal, Arg: p.worker()}
	case "pool-pop":
		in = Input{Op: PoolPop, Arg: p.worker()}
	case "advance":
		in = Input{Op: Advance, N: uint32(p.num(1 << 31))}
	case "governor":
		g, ok := sched.ParseGovernor(p.word("a governor suggestion (NoPreference, MeetDeadlines, DrainObligations, DrainRegions)"))
		if !ok && p.err == nil {
			p.err = fmt.Errorf("unknown governor suggestion (want NoPreference, MeetDeadlines, DrainObligations or DrainRegions)")
		}
		in = Input{Op: Governor, Arg: uint8(g)}
	case "sleep":
		in = Input{Op: Sleep, Task: p.id('t'), N: uint32(p.num(1 << 31))}
	case "complete":
		in = Input{Op: Complete, Task: p.id('t')}
		switch w := p.word("ok or err"); w {
		case "ok":
			in.Arg = uint8(cancel.Ok)
		case "err":
			in.Arg = uint8(cancel.Err)
		default:
			if p.err == nil {
				p.err = fmt.Errorf("complete: outcome %q, want ok or err", w)
			}
		}
	case "reserve":
		in = Input{Op: Reserve, Task: p.id('t')}
		k, err := cancel.ParseObligationKind(p.key("kind"))
		p.note(err)
		in.Arg = uint8(k)
	case "commit", "abort":
		in = Input{Op: Commit, Task: p.id('t'), Obligation: p.id('o')}
		if f[0] == "abort" {
			in.Op = Abort
		}
	default:
		for op := Checkpoint; op < opCount; op++ {
			if op.String() == f[0] {
				in = Input{Op: op, Task: p.id('t')}
				break
			}
		}
		if in.Op == NoOp {
			return Input{}, fmt.Errorf("unknown operation %q", f[0])
		}
	}
	if p.err == nil && len(p.args) > 0 {
		p.err = fmt.Errorf("unexpected %q", strings.Join(p.args, " "))
	}
	if p.err != nil {
		return Input{}, fmt.Errorf("%s: %w", f[0], p.err)
	}
	return in, nil
}

// parser consumes operands, keeping the first error.
type parser struct {
	args []string
	err  error
}

func (p *parser) note(err error) {
	if p.err == nil {
		p.err = err
	}
}

func (p *parser) next(what string) string {
	if p.err != nil {
		return ""
	}
	if len(p.args) == 0 {
		p.err = fmt.Errorf("missing %s", what)
		return ""
	}
	a := p.args[0]
	p.args = p.args[1:]
	return a
}

func (p *parser) word(what string) string { return p.next(what) }

// id reads an id such as t3, r1 or o2 (1-based, at most 255).
func (p *parser) id(prefix byte) uint8 {
	a := p.next(fmt.Sprintf("an id like %c1", prefix))
	if p.err != nil {
		return 0
	}
	if len(a) < 2 || a[0] != prefix {
		p.err = fmt.Errorf("%q is not an id like %c1", a, prefix)
		return 0
	}
	n, err := strconv.ParseUint(a[1:], 10, 8)
	if err != nil || n == 0 {
		p.err = fmt.Errorf("%q is not an id like %c1 (ids start at 1)", a, prefix)
		return 0
	}
	return uint8(n)
}

func (p *parser) num(max uint64) uint64 {
	a := p.next("a number")
	if p.err != nil {
		return 0
	}
	n, err := strconv.ParseUint(a, 10, 64)
	if err != nil || n > max {
		p.err = fmt.Errorf("%q is not a number in 0..%d", a, max)
	}
	return n
}

// worker reads a worker id such as w0 (0-based).
func (p *parser) worker() uint8 {
	a := p.next("a worker like w0")
	if p.err != nil {
		return 0
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(a, "w"), 10, 8)
	if err != nil || !strings.HasPrefix(a, "w") {
		p.err = fmt.Errorf("%q is not a worker like w0", a)
	}
	return uint8(n)
}

// key reads a required key=value operand.
func (p *parser) key(k string) string {
	for i, a := range p.args {
		if v, ok := strings.CutPrefix(a, k+"="); ok {
			p.args = append(p.args[:i:i], p.args[i+1:]...)
			return v
		}
	}
	p.note(fmt.Errorf("missing %s=", k))
	return ""
}

// opt reads an optional numeric key=value operand (0 when absent).
func (p *parser) opt(k string, max uint64) uint64 {
	for i, a := range p.args {
		if v, ok := strings.CutPrefix(a, k+"="); ok {
			p.args = append(p.args[:i:i], p.args[i+1:]...)
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil || n > max {
				p.note(fmt.Errorf("%s=%q is not a number in 0..%d", k, v, max))
			}
			return n
		}
	}
	return 0
}
