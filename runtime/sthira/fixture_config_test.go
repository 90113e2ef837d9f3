package sthira

import (
	"fmt"
	"strconv"
	"strings"
)

// The fixtures (TestFixtures) spell a Config as key=value settings; only
// they read and write that spelling, so it lives with them, not in the
// scheduler. (The explorer's scenarios have their own, in model/sthira.)

// ConfigKeys are the keys a Config is spelled with, in spelling order.
var ConfigKeys = []string{"limit", "scope_limits", "queue_limit", "max_wait", "policy", "recycle", "tasks", "faults"}

// Spell writes c as key=value settings, in ConfigKeys order: e.g.
// `limit=2 scope_limits=1,0 queue_limit=2 max_wait=3 policy=queue
// recycle=false tasks=4 faults=none`. Set reads each back.
func (c *Config) Spell() []string {
	policy := "queue"
	if c.Reject {
		policy = "reject"
	}
	return []string{
		"limit=" + strconv.Itoa(int(c.Limit)),
		fmt.Sprintf("scope_limits=%d,%d", c.ScopeLimit[0], c.ScopeLimit[1]),
		"queue_limit=" + strconv.Itoa(int(c.QueueLimit)),
		"max_wait=" + strconv.Itoa(int(c.MaxWait)),
		"policy=" + policy,
		"recycle=" + strconv.FormatBool(c.Recycle),
		"tasks=" + strconv.Itoa(int(c.Tasks)),
		"faults=" + c.Faults.String(),
	}
}

// Set sets one key; the error names the key and what it expects.
func (c *Config) Set(key, value string) error {
	num := func(dst *uint8, lo, hi int) error {
		n, err := strconv.Atoi(value)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("%s=%s: expected a number in %d..%d", key, value, lo, hi)
		}
		*dst = uint8(n)
		return nil
	}
	switch key {
	case "limit":
		return num(&c.Limit, 1, MaxTasks)
	case "scope_limits":
		parts := strings.Split(value, ",")
		if len(parts) != MaxScopes {
			return fmt.Errorf("%s=%s: expected %d limits like 1,0 (0 for none)", key, value, MaxScopes)
		}
		for i, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 || n > MaxTasks {
				return fmt.Errorf("%s=%s: expected numbers in 0..%d", key, value, MaxTasks)
			}
			c.ScopeLimit[i] = uint8(n)
		}
		return nil
	case "queue_limit":
		return num(&c.QueueLimit, 0, MaxTasks)
	case "max_wait":
		return num(&c.MaxWait, 0, WaitCap-1)
	case "policy":
		switch value {
		case "queue", "reject":
			c.Reject = value == "reject"
			return nil
		}
		return fmt.Errorf("%s=%s: expected queue or reject", key, value)
	case "recycle":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("%s=%s: expected true or false", key, value)
		}
		c.Recycle = b
		return nil
	case "tasks":
		return num(&c.Tasks, 1, MaxTasks)
	case "faults":
		f, err := ParseFaults(value)
		if err != nil {
			return fmt.Errorf("%s=%s: %w", key, value, err)
		}
		c.Faults = f
		return nil
	}
	return fmt.Errorf("unknown key %q (known: %s)", key, strings.Join(ConfigKeys, ", "))
}
