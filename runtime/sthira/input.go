package sthira

import (
	"fmt"
	"strconv"
	"strings"
)

// Op is what the environment does.
type Op uint8

// The operations.
const (
	NoOp Op = iota
	// Declare creates a task with its priority and scope (INIT).
	Declare
	// Submit attaches a declared task to the scheduler: it starts, is
	// queued, or is rejected.
	Submit
	// Complete ends a running task with an outcome (its code returned).
	Complete
	// Suspend and Resume are the task's own doing; it keeps its slot.
	Suspend
	Resume
	// Cancel is the explicit cancellation of a queued task (§8).
	Cancel
	// Tick advances time by one unit (§8 max wait, §10 wait time).
	Tick
	// Retry retries a task that failed with ERROR as a new task (§9).
	Retry
)

var opNames = [...]string{NoOp: "noop", Declare: "declare", Submit: "submit", Complete: "complete",
	Suspend: "suspend", Resume: "resume", Cancel: "cancel", Tick: "tick", Retry: "retry"}

// NumOps is the number of operations, NoOp included: every Op is below it.
const NumOps = len(opNames)

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// Input is one environment event. Task is 1-based (t1...); Prio and Scope
// are Declare's, Outcome is Complete's.
type Input struct {
	Op      Op
	Task    uint8
	Prio    Priority
	Scope   uint8
	Outcome Outcome
}

// String spells the input as a test file line, e.g. `declare t1 prio=HIGH
// scope=s1`, `complete t2 outcome=ERROR`, `tick`. ParseInput reads it back.
func (in Input) String() string {
	switch in.Op {
	case Tick:
		return "tick"
	case Declare:
		return fmt.Sprintf("declare t%d prio=%s scope=s%d", in.Task, in.Prio, in.Scope+1)
	case Complete:
		return fmt.Sprintf("complete t%d outcome=%s", in.Task, in.Outcome)
	}
	return fmt.Sprintf("%s t%d", in.Op, in.Task)
}

// ParseInput reads what Input.String writes; the error says what was
// expected.
func ParseInput(line string) (Input, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Input{}, fmt.Errorf("empty input")
	}
	op := NoOp
	for o := Declare; o <= Retry; o++ {
		if o.String() == f[0] {
			op = o
		}
	}
	if op == NoOp {
		return Input{}, fmt.Errorf("unknown input %q (expected declare, submit, complete, suspend, resume, cancel, tick or retry)", f[0])
	}
	in := Input{Op: op}
	if op == Tick {
		if len(f) != 1 {
			return Input{}, fmt.Errorf("tick takes no arguments, got %q", line)
		}
		return in, nil
	}
	want := 2
	switch op {
	case Declare:
		want = 4
	case Complete:
		want = 3
	}
	if len(f) != want {
		return Input{}, fmt.Errorf("%s expects %d fields, got %q", op, want, line)
	}
	id, err := parseID(f[1], "t", MaxTasks)
	if err != nil {
		return Input{}, err
	}
	in.Task = id
	switch op {
	case Declare:
		v, ok := strings.CutPrefix(f[2], "prio=")
		if !ok {
			return Input{}, fmt.Errorf("declare expects prio=..., got %q", f[2])
		}
		if in.Prio, err = ParsePriority(v); err != nil {
			return Input{}, err
		}
		v, ok = strings.CutPrefix(f[3], "scope=")
		if !ok {
			return Input{}, fmt.Errorf("declare expects scope=sN, got %q", f[3])
		}
		sc, err := parseID(v, "s", MaxScopes)
		if err != nil {
			return Input{}, err
		}
		in.Scope = sc - 1
	case Complete:
		v, ok := strings.CutPrefix(f[2], "outcome=")
		if !ok {
			return Input{}, fmt.Errorf("complete expects outcome=SUCCESS|ERROR, got %q", f[2])
		}
		if in.Outcome, err = ParseOutcome(v); err != nil {
			return Input{}, err
		}
	}
	return in, nil
}

// parseID reads prefix+N with N in 1..max.
func parseID(s, prefix string, max int) (uint8, error) {
	v, ok := strings.CutPrefix(s, prefix)
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n < 1 || n > max {
		return 0, fmt.Errorf("%q is not %s1..%s%d", s, prefix, prefix, max)
	}
	return uint8(n), nil
}
