package main

import (
	"reflect"
	"testing"

	"github.com/ydblint/ydblint/passes/queryplan"
)

// A text built in several ways plans the same access once per variant;
// -explain prints each distinct plan once, with how many variants share it,
// in the order the plans first appear.
func TestCollapseChecks(t *testing.T) {
	rng := queryplan.Check{Op: "SELECT", Table: "audit_events", Key: "(org_id, created_at)", Verdict: "RANGE", Why: "prefix-end"}
	full := queryplan.Check{Op: "SELECT", Table: "audit_events", Key: "(org_id, created_at)", Verdict: "FULL", Why: "leading-unbound"}
	upd := queryplan.Check{Op: "UPDATE", Table: "tickets", Key: "(id)", Verdict: "WRITE"}
	for _, tc := range []struct {
		name   string
		checks []queryplan.Check
		want   []string
	}{
		{"none", nil, nil},
		{"single", []queryplan.Check{upd}, []string{"UPDATE tickets (id) WRITE"}},
		{"four identical variants", []queryplan.Check{rng, rng, rng, rng},
			[]string{"SELECT audit_events (org_id, created_at) RANGE [prefix-end] ×4"}},
		{"interleaved", []queryplan.Check{full, rng, full, rng, upd},
			[]string{
				"SELECT audit_events (org_id, created_at) FULL [leading-unbound] ×2",
				"SELECT audit_events (org_id, created_at) RANGE [prefix-end] ×2",
				"UPDATE tickets (id) WRITE",
			}},
		{"why distinguishes plans", []queryplan.Check{full, {Op: "SELECT", Table: "audit_events", Key: "(org_id, created_at)", Verdict: "FULL", Why: "no-key-predicate"}},
			[]string{
				"SELECT audit_events (org_id, created_at) FULL [leading-unbound]",
				"SELECT audit_events (org_id, created_at) FULL [no-key-predicate]",
			}},
	} {
		if got := collapseChecks(tc.checks); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
