package cancel

import (
	"testing"

	"modelcheck/runtime/fault"
)

func TestKindSeverity(t *testing.T) {
	want := map[Kind]uint8{
		User: 0, Timeout: 1, Deadline: 1, PollQuota: 2, CostBudget: 2,
		FailFast: 3, RaceLost: 3, LinkedExit: 3, ParentCancelled: 4, ResourceUnavailable: 4, Shutdown: 5,
	}
	if len(want) != int(kindCount) {
		t.Fatalf("table covers %d kinds, want %d", len(want), kindCount)
	}
	for k, sev := range want {
		if k.Severity() != sev {
			t.Errorf("%v.Severity() = %d, want %d", k, k.Severity(), sev)
		}
	}
}

func TestParseKind(t *testing.T) {
	for k := Kind(0); k < kindCount; k++ {
		got, err := ParseKind(k.String())
		if err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v", k.String(), got, err)
		}
	}
	for in, want := range map[string]Kind{"parent_cancelled": ParentCancelled, "poll-quota": PollQuota, "SHUTDOWN": Shutdown} {
		if got, err := ParseKind(in); err != nil || got != want {
			t.Errorf("ParseKind(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseKind("sigkill"); err == nil {
		t.Error("ParseKind accepted an unknown kind")
	}
}

// TestStrengthen is cancel.task.reason_strengthen_monotone: higher severity
// wins; on a tie the earlier timestamp, then the smaller message with none
// before some; the winner replaces the whole reason.
func TestStrengthen(t *testing.T) {
	chain := Reason{Kind: ParentCancelled, At: 5, Origin: 3, Depth: 3, RootKind: User, RootRegion: 1}
	tests := []struct {
		name    string
		cur, in Reason
		want    Reason
	}{
		{"more severe wins", Reason{Kind: User, At: 1}, Reason{Kind: Shutdown, At: 9}, Reason{Kind: Shutdown, At: 9}},
		{"less severe loses", Reason{Kind: Shutdown, At: 9}, Reason{Kind: User, At: 1}, Reason{Kind: Shutdown, At: 9}},
		{"equal severity: earlier wins", Reason{Kind: Timeout, At: 7}, Reason{Kind: Deadline, At: 3}, Reason{Kind: Deadline, At: 3}},
		{"equal severity: later loses", Reason{Kind: Timeout, At: 3}, Reason{Kind: Deadline, At: 7}, Reason{Kind: Timeout, At: 3}},
		{"tie: smaller message wins", Reason{Kind: FailFast, At: 2, Msg: 5}, Reason{Kind: RaceLost, At: 2, Msg: 4}, Reason{Kind: RaceLost, At: 2, Msg: 4}},
		{"tie: none before some", Reason{Kind: FailFast, At: 2, Msg: 1}, Reason{Kind: LinkedExit, At: 2}, Reason{Kind: LinkedExit, At: 2}},
		{"tie: some loses to none", Reason{Kind: FailFast, At: 2}, Reason{Kind: LinkedExit, At: 2, Msg: 1}, Reason{Kind: FailFast, At: 2}},
		{"full tie keeps current", Reason{Kind: Timeout, At: 2}, Reason{Kind: Deadline, At: 2}, Reason{Kind: Timeout, At: 2}},
		{"winner's chain replaces", Reason{Kind: User, At: 1, Origin: 1, Depth: 1, RootKind: User, RootRegion: 1}, chain, chain},
	}
	for _, tc := range tests {
		if got := tc.cur.Strengthen(tc.in, fault.Set{}); got != tc.want {
			t.Errorf("%s: %+v.Strengthen(%+v) = %+v, want %+v", tc.name, tc.cur, tc.in, got, tc.want)
		}
	}
}

func TestStrengthenFaultWeakens(t *testing.T) {
	cur, in := Reason{Kind: Shutdown}, Reason{Kind: User}
	if got := cur.Strengthen(in, fault.Set{}.With(fault.WeakenSeverity)); got != in {
		t.Fatalf("with weaken-severity: got %+v, want the newer, weaker %+v", got, in)
	}
}

// TestChained covers the Cause-Chain Limits on one link: depth and memory
// bounds, the tighter winning, inherited truncation.
func TestChained(t *testing.T) {
	cause := func(depth uint8) Reason {
		return Reason{Kind: ParentCancelled, Depth: depth, RootKind: Deadline, RootRegion: 1}
	}
	tests := []struct {
		name      string
		cfg       Config
		cause     Reason
		depth     uint8
		truncated bool
		at        uint8
		cut       bool
	}{
		{"within defaults", New(Config{}).Config, cause(3), 4, false, 0, false},
		{"depth limit", Config{MaxChainDepth: 2, MaxChainMemory: 4096}, cause(2), 2, true, 2, true},
		{"depth limit 1 keeps no cause", Config{MaxChainDepth: 1, MaxChainMemory: 4096}, cause(1), 1, true, 1, true},
		// cost(2) = 168, cost(3) = 256.
		{"memory limit", Config{MaxChainDepth: 16, MaxChainMemory: 200}, cause(2), 2, true, 2, true},
		{"memory fits exactly", Config{MaxChainDepth: 16, MaxChainMemory: 256}, cause(2), 3, false, 0, false},
		{"memory tighter than depth", Config{MaxChainDepth: 2, MaxChainMemory: 100}, cause(5), 1, true, 1, true},
		{"inherited truncation", Config{MaxChainDepth: 16, MaxChainMemory: 4096},
			Reason{Kind: ParentCancelled, Depth: 2, Truncated: true, TruncatedAt: 2}, 3, true, 3, false},
	}
	for _, tc := range tests {
		r, cut := tc.cfg.chained(4, tc.cause, 9)
		if r.Depth != tc.depth || r.Truncated != tc.truncated || r.TruncatedAt != tc.at || cut != tc.cut {
			t.Errorf("%s: got depth %d truncated %v at %d cut %v; want %d %v %d %v",
				tc.name, r.Depth, r.Truncated, r.TruncatedAt, cut, tc.depth, tc.truncated, tc.at, tc.cut)
		}
		if r.Kind != ParentCancelled || r.Origin != 4 || r.At != 9 || r.RootKind != tc.cause.RootKind || r.RootRegion != tc.cause.RootRegion {
			t.Errorf("%s: chain attribution lost: %+v", tc.name, r)
		}
	}
}
