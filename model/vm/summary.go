package vm

import (
	"fmt"
	"slices"
	"strings"

	rt "modelcheck/runtime/vm"
)

// Summary describes a state for a reader, one fact a line: for each run,
// its configuration, clock, queues and coroutines, then its per-session
// normalized traces; under interleavings, the explored run and the
// reference's traces. It needs no scenario: lockstep runs all hold the
// sessions loaded, while under interleavings only the explored run does.
func Summary(s *State) string {
	var b strings.Builder
	if s.Runs[0].VM.NSessions == 0 {
		return "no session loaded"
	}
	configs := Configs(0)
	interleaving := s.Runs[1].VM.NSessions == 0
	for k := range NumConfigs {
		run := &s.Runs[k]
		name := ConfigName(configs[k])
		if interleaving {
			name = "interleaving"
		}
		fmt.Fprintf(&b, "%s: %s\n", name, Brief(&run.VM))
		writeTraces(&b, "  ", &run.Rec, run.VM.NSessions)
		if interleaving {
			if s.Running != 0 {
				fmt.Fprintf(&b, "reference %s:\n", ConfigName(configs[0]))
				writeTraces(&b, "  ", &s.Runs[1].Rec, s.Runs[0].VM.NSessions)
			}
			break
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func writeTraces(b *strings.Builder, indent string, r *Recorder, sessions uint8) {
	for sid := range int(sessions) {
		fmt.Fprintf(b, "%ss%d: %s\n", indent, sid, strings.Join(r.Trace(sid), "; "))
	}
}

// Brief is a VM on one line: clock, queues, and each coroutine's status.
func Brief(s *rt.State) string {
	parts := []string{fmt.Sprintf("tick=%d", s.Clock)}
	var q []string
	for _, c := range s.Ready[:s.NReady] {
		q = append(q, fmt.Sprintf("c%d", c))
	}
	parts = append(parts, "ready=["+strings.Join(q, " ")+"]")
	q = q[:0]
	for _, c := range s.Blocked[:s.NBlocked] {
		q = append(q, fmt.Sprintf("c%d:%s", c, s.Coros[c].Reason))
	}
	parts = append(parts, "blocked=["+strings.Join(q, " ")+"]")
	for c := range s.NCoros {
		co := &s.Coros[c]
		parts = append(parts, fmt.Sprintf("c%d=s%d.%c@%d:%s", c, co.Session, 'A'+co.Role, co.PC, co.Status))
	}
	return strings.Join(parts, " ")
}

// EventLines appends the events of the last Apply to buf, one a line.
// Under lockstep each line is prefixed by the configurations whose runs
// emitted exactly those events (runs that did nothing are left out), so
// a reader sees at once where the configurations part ways.
func (m *Model) EventLines(buf []string) []string {
	if m.Scenario.Interleavings {
		for _, e := range m.Events[0] {
			buf = append(buf, e.String())
		}
		return buf
	}
	var grouped [NumConfigs]bool
	for k := range NumConfigs {
		if grouped[k] || len(m.Events[k]) == 0 {
			continue
		}
		names := []string{ConfigName(m.Configs[k])}
		for j := k + 1; j < NumConfigs; j++ {
			if !grouped[j] && slices.Equal(m.Events[j], m.Events[k]) {
				names = append(names, ConfigName(m.Configs[j]))
				grouped[j] = true
			}
		}
		prefix := strings.Join(names, ", ") + ": "
		for _, e := range m.Events[k] {
			buf = append(buf, prefix+e.String())
		}
	}
	return buf
}
