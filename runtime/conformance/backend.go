// Package conformance runs the contracts' fixtures (testdata/fixtures) and
// native-vs-browser parity scenarios (testdata/parity) against the runtime.
// A Backend is one way to run an operation script: native drives the
// kernel directly, browser drives the same kernel through the pump.
package conformance

import (
	"fmt"

	"modelcheck/runtime/cancel"
	"modelcheck/runtime/kernel"
	"modelcheck/runtime/pump"
	"modelcheck/runtime/trace"
)

// Backend runs operations and exposes the kernel it drives.
type Backend interface {
	Name() string
	// Apply parses one operation line and applies it, appending events.
	Apply(line string, log *trace.Log) error
	Kernel() *kernel.State
	// Describe is a one-line summary of backend-specific state.
	Describe() string
}

// Native is the three-lane run loop called directly. A host callback
// reaches it through the same authority seam as in the browser, so a denied
// callback is denied alike on both backends.
type Native struct {
	S    kernel.State
	Caps pump.Capability
}

// Name is "native".
func (*Native) Name() string { return "native" }

// Apply runs a kernel operation; host events are rejected with the reason.
func (n *Native) Apply(line string, log *trace.Log) error {
	in, err := pump.ParseInput(line)
	if err != nil {
		return err
	}
	switch in.Host {
	case pump.NoHost, pump.TimerTurn:
		return n.S.Apply(in.K, log)
	case pump.Callback:
		if !pump.Authorize(n.Caps, in.Cap, in.K.Task, n.S.Config.Faults, log) {
			return nil
		}
		return n.S.Wake(in.K.Task, in.K.N, log)
	}
	return fmt.Errorf("%q is a browser pump event; the native backend has no pump (use backend=browser)", line)
}

// Kernel returns the kernel.
func (n *Native) Kernel() *kernel.State { return &n.S }

// Describe says nothing more: native has no host state.
func (*Native) Describe() string { return "" }

// Browser is the kernel driven through the microtask pump.
type Browser struct{ S pump.State }

// Name is "browser".
func (*Browser) Name() string { return "browser" }

// Apply runs a host event as given, and a kernel operation through drive so
// that backend-neutral scripts run unchanged.
func (b *Browser) Apply(line string, log *trace.Log) error {
	in, err := pump.ParseInput(line)
	if err != nil {
		return err
	}
	if in.Host != pump.NoHost {
		return b.S.Apply(in, log)
	}
	return b.drive(in.K, log)
}

// drive runs a kernel operation the way an idle browser host would get
// there: before a dispatch it runs whatever pump is queued, queueing a
// microtask first if none is. It lets one backend-neutral script run on
// both backends; the host events it adds are host-only. It is the
// fixtures' driver, not the runtime's (the explorer gives host events as
// inputs of their own), so it lives here with the runner.
func (b *Browser) drive(k kernel.Input, log *trace.Log) error {
	if k.Op == kernel.Dispatch {
		if b.S.Mode == pump.Idle {
			from := len(log.Events)
			b.S.QueueMicrotask(log)
			for i := from; i < len(log.Events); i++ {
				log.Events[i].HostTurn, log.Events[i].Batch = b.S.HostTurn, b.S.Batch
			}
		}
		if b.S.Mode == pump.Scheduled {
			host := pump.RunMicrotask
			if b.S.Source == pump.HostTask {
				host = pump.RunHostTask
			}
			if err := b.S.Apply(pump.Input{Host: host}, log); err != nil {
				return err
			}
		}
	}
	return b.S.Apply(pump.Input{K: k}, log)
}

// Kernel returns the driven kernel.
func (b *Browser) Kernel() *kernel.State { return &b.S.Kernel }

// Describe is the pump's state.
func (b *Browser) Describe() string {
	return fmt.Sprintf("pump=%s pending=%v burst=%d/%d host_turn_id=%d microtask_batch_id=%d",
		b.S.Mode, b.S.Pending, b.S.Burst, b.S.Config.BurstLimit, b.S.HostTurn, b.S.Batch)
}

// phaseHistory records each task's cancellation phase sequence, sampled
// after every operation; no single operation moves a task through more
// than one transition, so sampling misses none.
type phaseHistory [kernel.MaxTasks][]cancel.Phase

func (h *phaseHistory) observe(k *kernel.State) {
	for i := range h {
		t := k.Cancel.Task(uint8(i + 1))
		if t == nil || !t.Used {
			continue
		}
		if n := len(h[i]); n == 0 || h[i][n-1] != t.Phase {
			h[i] = append(h[i], t.Phase)
		}
	}
}
