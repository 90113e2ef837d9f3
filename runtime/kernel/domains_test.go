package kernel

import (
	"strings"
	"testing"

	"modelcheck/runtime/channel"
	"modelcheck/runtime/trace"
)

// TestDomainOpsRefuseMisuse: channel, wheel and pool operations on a
// runtime without them, or by a task without the handle, are errors that
// say what is wrong, not silent no-ops.
func TestDomainOpsRefuseMisuse(t *testing.T) {
	plain := DefaultConfig()
	withChan := DefaultConfig()
	withChan.Channel = channel.Config{Capacity: 1, Senders: 1}
	withChan.TrackPermits = true
	cases := []struct {
		cfg    Config
		script []string
		want   string
	}{
		{plain, []string{"spawn r1", "dispatch", "chan-reserve t1"}, "the runtime has no channel"},
		{plain, []string{"timer-cancel-stale t1"}, "keeps no timer wheel"},
		{plain, []string{"pool-steal w0"}, "has no worker pool"},
		{withChan, []string{"spawn r1", "dispatch", "chan-send t1"}, "t1 holds no permit"},
		{withChan, []string{"spawn r1", "dispatch", "chan-recv t1"}, "does not hold the receiver (t2 does)"},
		{withChan, []string{"spawn r1", "spawn r1", "dispatch", "complete t1 ok", "dispatch", "chan-reserve t2"}, "t2 holds no sender"},
		{withChan, []string{"spawn r1", "dispatch", "chan-reserve t1", "chan-reserve t1"}, "already holds a permit"},
	}
	for _, c := range cases {
		s := New(c.cfg)
		var log trace.Log
		var err error
		for _, line := range c.script {
			in, perr := ParseInput(line)
			if perr != nil {
				t.Fatalf("%q: %v", line, perr)
			}
			if err = s.Apply(in, &log); err != nil {
				break
			}
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.script, err, c.want)
		}
	}
}

// TestValidate names a configuration New cannot build.
func TestValidate(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Channel = channel.Config{Capacity: channel.MaxCapacity + 1, Senders: 1}
	if err := Validate(cfg); err == nil {
		t.Error("capacity over the bound accepted")
	}
	cfg.Channel = channel.Config{Capacity: 1, Senders: MaxTasks}
	if err := Validate(cfg); err == nil || !strings.Contains(err.Error(), "senders") {
		t.Errorf("too many senders: %v", err)
	}
	cfg.Channel, cfg.Workers = channel.Config{}, 9
	if err := Validate(cfg); err == nil {
		t.Error("too many workers accepted")
	}
}
