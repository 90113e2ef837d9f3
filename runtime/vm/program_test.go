package vm

import "testing"

// TestTokenGrantsAreOnePerReceive: a role's session type grants one
// progress token per receive (recv or offer) it performs (package doc),
// so each role's grant in the protocol table is the number of receives in
// its code; only the three overdrawing programs are ill-typed that way, and
// their B is granted one receive for the two its code performs.
//
// The invariants read the grants from this same table (README, VM: "what
// the audit left"), so a wrong grant changes what they expect too: a
// two-choices B granted three tokens for its two offers explored clean in
// every VM scenario and passed the fixtures, which load no two-choices
// session (session 34).
func TestTokenGrantsAreOnePerReceive(t *testing.T) {
	// The ill-typed grants, by the protocols' own documentation.
	overdrawn := map[ProtocolID]map[string]uint8{
		Overdraw:      {"B": 1},
		OverdrawOffer: {"B": 1},
		OverdrawReply: {"B": 1},
	}
	for p, proto := range Protocols {
		for _, r := range proto.Roles {
			want := uint8(0)
			for _, in := range r.Code {
				if in.Op == OpRecv || in.Op == OpOffer {
					want++
				}
			}
			if g, ok := overdrawn[ProtocolID(p)][r.Name]; ok {
				want = g
			}
			if r.Tokens != want {
				t.Errorf("%s role %s is granted %d tokens, its type %d", proto.Name, r.Name, r.Tokens, want)
			}
		}
	}
}
