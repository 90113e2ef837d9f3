package cancel

import (
	"fmt"
	"strconv"
	"strings"

	"modelcheck/internal/suggest"
	"modelcheck/runtime/fault"
)

// Kind says why a cancellation happened (CancelKind upstream).
type Kind uint8

// The kinds, grouped by severity (see Severity).
const (
	User Kind = iota
	Timeout
	Deadline
	PollQuota
	CostBudget
	FailFast
	RaceLost
	LinkedExit
	ParentCancelled
	ResourceUnavailable
	Shutdown

	kindCount
)

var kindNames = [kindCount]string{
	"User", "Timeout", "Deadline", "PollQuota", "CostBudget", "FailFast",
	"RaceLost", "LinkedExit", "ParentCancelled", "ResourceUnavailable", "Shutdown",
}

// kindSeverity is the severity lattice of the semantics notes: User 0;
// Timeout, Deadline 1; PollQuota, CostBudget 2; FailFast, RaceLost,
// LinkedExit 3; ParentCancelled, ResourceUnavailable 4; Shutdown 5.
var kindSeverity = [kindCount]uint8{0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5}

// String is the contract's (upstream enum) name of the kind.
func (k Kind) String() string {
	if k < kindCount {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Severity ranks kinds for strengthening: a higher severity wins
// (Non-Negotiable Invariant 2, "severity can only strengthen").
func (k Kind) Severity() uint8 {
	if k < kindCount {
		return kindSeverity[k]
	}
	return 0
}

func (k Kind) valid() bool { return k < kindCount }

// ParseKind reads a kind by name. Case, '_' and '-' are ignored, so a test
// file may write ParentCancelled, parent_cancelled or parent-cancelled.
func ParseKind(s string) (Kind, error) {
	for k := Kind(0); k < kindCount; k++ {
		if sameName(s, kindNames[k]) {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown cancel kind %s (known: %s)", suggest.Quote(s), strings.Join(kindNames[:], ", "))
}

// sameName compares names ignoring case, '_' and '-'.
func sameName(input, name string) bool {
	norm := strings.NewReplacer("_", "", "-", "").Replace(input)
	return strings.EqualFold(norm, name)
}

// Reason is a cancel reason with its cause chain stored compactly
// (CancelReason upstream, whose cause is a boxed linked list). Within a
// region cascade a ParentCancelled reason's cause is always the reason its
// parent region received in the same cascade ("Cascade Law" step 3), so the
// chain is the walk Origin, parent(Origin), ... of Depth regions and needs no
// links inside the value: Depth and the root's kind and region suffice, and
// the State stays a flat, copyable value.
//
// At comes first so that the byte-sized fields pack behind it.
type Reason struct {
	// At is the logical timestamp of the request; the earlier one wins a
	// tie on severity.
	At   uint32
	Kind Kind
	// Msg is a message id, 0 for none; the smaller one wins a full tie.
	Msg uint8
	// Origin is the region the reason was created for.
	Origin uint8
	// Depth is the cause-chain length: 1 means no cause.
	Depth uint8
	// RootKind and RootRegion name the chain's root cause: the kind and
	// region a cascade started from. They keep naming the true root even
	// when the recorded chain was truncated ("Cause-Chain Limits" bound how
	// far Depth lets a reader walk, not who started the cascade).
	RootKind   Kind
	RootRegion uint8
	// Truncated and TruncatedAt make truncation "explicit and auditable,
	// never silent" (Cause-Chain Limits): TruncatedAt is the chain depth at
	// which links were dropped (truncated_at_depth upstream). A reason
	// chained from a truncated cause is itself truncated.
	Truncated   bool
	TruncatedAt uint8
}

// rooted fills in the chain fields a caller may leave zero: a reason with
// Depth 0 is a root reason (no cause) created for region (when Origin is 0).
// Fault RootKindUnset (among faults) leaves the root kind at its zero value.
func (r Reason) rooted(region uint8, faults fault.Set) Reason {
	if r.Origin == 0 {
		r.Origin = region
	}
	if r.Depth == 0 {
		r.Depth = 1
		if !faults.Has(fault.RootKindUnset) {
			r.RootKind = r.Kind
		}
		r.RootRegion = r.Origin
	}
	return r
}

// beats reports whether o should replace r under the strengthen order of
// the semantics notes: higher severity; on equal severity the earlier
// timestamp; then the smaller message, none (0) before any message.
//
// The notes settle the message tie as "none before some"; the upstream
// code at the time of writing replaces a message-less reason with one that
// has a message. The notes are followed here.
//
// Fault FlatSeverity ranks every kind alike (as Kind.Severity would with
// its bounds test negated), so the timestamp alone decides.
func (o Reason) beats(r Reason, faults fault.Set) bool {
	so, sr := o.Kind.Severity(), r.Kind.Severity()
	if faults.Has(fault.FlatSeverity) {
		so, sr = 0, 0
	}
	if so != sr {
		return so > sr
	}
	if o.At != r.At {
		return o.At < r.At
	}
	return o.Msg < r.Msg
}

// Strengthen combines a pending reason r with a new request o (T1, R1, R3):
// the winner under the severity order replaces r whole, cause chain
// included (chains are never merged). The result is never less severe than
// r (Non-Negotiable Invariant 2), and Strengthen(r, r) == r (idempotence).
//
// Fault WeakenSeverity: the newer reason always replaces the old one, even
// when it is weaker. Fault LaterTieWins: on equal severity the later
// timestamp wins.
func (r Reason) Strengthen(o Reason, faults fault.Set) Reason {
	// Fault LaterTieWins lets the later of two equally severe requests win.
	if faults.Has(fault.LaterTieWins) && o.Kind.Severity() == r.Kind.Severity() && o.At > r.At {
		return o
	}
	if faults.Has(fault.WeakenSeverity) || o.beats(r, faults) {
		return o
	}
	return r
}

// Cause-chain defaults (CancelAttributionConfig::default upstream).
const (
	DefaultMaxChainDepth  = 16
	DefaultMaxChainMemory = 4096
)

// chainCost is the estimated memory of a chain of depth d in bytes, as the
// semantics notes give it: 80*d + 8*(d-1).
func chainCost(d int) int { return 80*d + 8*(d-1) }

// causeLinks is how many of the cause's want links a new reason may keep
// under the "Cause-Chain Limits": its own link plus the kept ones must fit
// both MaxChainDepth and MaxChainMemory. Upstream checks memory only when
// the depth fits; here the tighter of the two bounds always wins, since the
// contract bounds chains by both.
//
// Fault ChainMemoryUnbounded skips the memory bound.
func (c Config) causeLinks(want uint8) uint8 {
	keep := want
	if keep > c.MaxChainDepth-1 {
		keep = c.MaxChainDepth - 1
	}
	if c.Faults.Has(fault.ChainMemoryUnbounded) {
		return keep
	}
	for keep > 0 && chainCost(1+int(keep)) > int(c.MaxChainMemory) {
		keep--
	}
	return keep
}

// chained builds the ParentCancelled reason that region receives when its
// parent received cause in the same cascade ("Cascade Law" step 3). When the
// limits cut the chain, the result is marked truncated at its new depth and
// cut reports it, so the caller can emit ChainTruncated.
func (c Config) chained(region uint8, cause Reason, at uint32) (r Reason, cut bool) {
	r = Reason{
		Kind:       ParentCancelled,
		At:         at,
		Origin:     region,
		RootKind:   cause.RootKind,
		RootRegion: cause.RootRegion,
	}
	keep := c.causeLinks(cause.Depth)
	r.Depth = 1 + keep
	switch {
	case keep < cause.Depth:
		r.Truncated, r.TruncatedAt, cut = true, r.Depth, true
	case cause.Truncated:
		r.Truncated, r.TruncatedAt = true, cause.TruncatedAt+1
	}
	return r, cut
}
