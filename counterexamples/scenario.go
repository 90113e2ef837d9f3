package counterexamples

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cockroachdb/datadriven"

	"modelcheck/internal/suggest"
	"modelcheck/model"
)

// A counterexample file spells its scenario as a named base scenario plus
// overrides (`scenario base=default tasks=2 faults=lifo-ready`), so that a
// shrunk scenario, which no longer matches any named one, can be written
// down and replayed. The system's settings table (model.Spec's Settings)
// drives both directions, so every value the writer spells the reader
// accepts.

// scenarioArgs spells a scenario as the scenario directive's arguments:
// base=NAME, then every key whose value differs from the base's.
func (p *Pipeline[C, S, I]) scenarioArgs(base string, sc *C) ([]string, error) {
	b, err := p.spec.Config(base)
	if err != nil {
		return nil, err
	}
	args := []string{"base=" + base}
	for _, s := range p.spec.Settings() {
		if v := s.Get(sc); v != s.Get(&b) {
			args = append(args, s.Key+"="+v)
		}
	}
	if err := p.readsBack(args, sc); err != nil {
		return nil, err
	}
	return args, nil
}

// readsBack checks that the scenario directive spelled as args reads back
// as sc, through the reader's own path (datadriven's line parser, the
// names-or-numbers rule, Set and Validate): a system whose Get spells a
// value its Set or the file format refuses would otherwise have its
// counterexample written to disk and then refused on replay. The error is
// the system's bug, named by key.
func (p *Pipeline[C, S, I]) readsBack(args []string, sc *C) error {
	_, parsed, err := datadriven.ParseLine("scenario " + strings.Join(args, " "))
	if err == nil {
		err = plainArgs(parsed)
	}
	var back C
	if err == nil {
		_, back, err = p.parseScenario(parsed)
	}
	if err != nil {
		return fmt.Errorf("model %s spells a scenario it cannot read back (a bug in its Settings): %w", p.spec.Name(), err)
	}
	for _, s := range p.spec.Settings() {
		if got, want := s.Get(&back), s.Get(sc); got != want {
			return fmt.Errorf("model %s spells a scenario it cannot read back (a bug in its Settings): %s=%s reads back as %s", p.spec.Name(), s.Key, want, got)
		}
	}
	return nil
}

// parseScenario reads the scenario directive's arguments: the base
// scenario, then the overrides in the order given. The error says which
// key and what was expected; the caller adds the file and line.
func (p *Pipeline[C, S, I]) parseScenario(args []datadriven.CmdArg) (string, C, error) {
	var zero C
	base := ""
	for _, a := range args {
		if a.Key == "base" {
			base = strings.Join(a.Vals, ",")
		}
	}
	if base == "" {
		return "", zero, fmt.Errorf("scenario: missing base=NAME (a named scenario, see 'modelcheck list')")
	}
	sc, err := p.spec.Config(base)
	if err != nil {
		return "", sc, fmt.Errorf("scenario: base: %w", err)
	}
	settings := p.spec.Settings()
	seen := map[string]bool{}
	for _, a := range args {
		// An unknown key is named (cut to suggest.MaxEcho) before a
		// repeat is: "given twice" echoes the key whole, and only a known
		// key is short.
		i := slices.IndexFunc(settings, func(s model.Setting[C]) bool { return s.Key == a.Key })
		if i < 0 && a.Key != "base" {
			return "", sc, fmt.Errorf("scenario: unknown key %s (known: base, %s)", suggest.Quote(a.Key), strings.Join(settingKeys(settings), ", "))
		}
		if seen[a.Key] {
			return "", sc, fmt.Errorf("scenario: %s is given twice", a.Key)
		}
		seen[a.Key] = true
		if a.Key == "base" {
			continue
		}
		v := strings.Join(a.Vals, ",")
		if err := settings[i].Set(&sc, v); err != nil {
			return "", sc, fmt.Errorf("scenario: %s=%s: %w", a.Key, suggest.Quote(v), err)
		}
	}
	if p.validator != nil {
		if err := p.validator.Validate(&sc); err != nil {
			return "", sc, fmt.Errorf("scenario: %w", err)
		}
	}
	return base, sc, nil
}

func settingKeys[C any](settings []model.Setting[C]) []string {
	keys := make([]string, len(settings))
	for i, s := range settings {
		keys[i] = s.Key
	}
	return keys
}

// describeScenario is the scenario directive's output: every key with its
// value, the base's included, so the file records the whole scenario and
// a change to the base shows up as a diff. Keys are listed line by line
// as the settings say, and a line whose keys are all unset (see
// model.Setting's Unset) is left out.
func (p *Pipeline[C, S, I]) describeScenario(sc *C) string {
	settings := p.spec.Settings()
	var b strings.Builder
	for from := 0; from < len(settings); {
		to := from + 1
		for to < len(settings) && settings[to].Line == settings[from].Line {
			to++
		}
		line := settings[from:to]
		from = to
		if !slices.ContainsFunc(line, func(s model.Setting[C]) bool { return s.Unset == "" || s.Get(sc) != s.Unset }) {
			continue
		}
		for i, s := range line {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(s.Key + "=" + s.Get(sc))
		}
		b.WriteString("\n")
	}
	return b.String()
}
