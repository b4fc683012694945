package fullscan

import (
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

// TestRowFree: only values computed without the updated row move into
// the ON SELECT as they are.
func TestRowFree(t *testing.T) {
	for _, tc := range []struct {
		set  string
		want bool
	}{
		{"c = $v", true},
		{`c = "x"`, true},
		{"c = CAST($v AS Uint64) + 1", true},
		{"c = -$v", true},
		{"c = $a || $b", true},
		{"c = CurrentUtcTimestamp()", true},
		{"c = CurrentUtcTimestamp(c)", false}, // an argument may read the row
		{"c = c + 1", false},
		{"c = $v ?? d", false},
		{"c = Unwrap($v)", false},
		{"c = (SELECT 1)", false},
		{"c = NOT $v", false},
	} {
		s := yql.Parse("UPDATE t SET " + tc.set + " WHERE x = 1;")
		u, ok := s.Stmts[0].(*yql.UpdateStmt)
		if !ok || len(u.Set) != 1 {
			t.Fatalf("%s: parsed as %T", tc.set, s.Stmts[0])
		}
		if got := rowFree(u.Set[0].Value); got != tc.want {
			t.Errorf("rowFree(%s) = %v, want %v", tc.set, got, tc.want)
		}
	}
}

func TestPlainIdent(t *testing.T) {
	for s, want := range map[string]bool{
		"membership_id": true, "_x1": true, "A": true,
		"": false, "1a": false, "my-col": false, "a b": false, "dir/t": false, "é": false,
	} {
		if got := plainIdent(s); got != want {
			t.Errorf("plainIdent(%q) = %v, want %v", s, got, want)
		}
	}
}
