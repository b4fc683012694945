package keyplan

import (
	"testing"

	"github.com/ydblint/ydblint/passes/internal/schema"
	"github.com/ydblint/ydblint/passes/internal/yql"
)

// TestBucketCheck: a table whose leading key column holds a hash of values
// outside the key (bucket evidence). A read is Missing when it constrains
// a later key column but neither binds nor mentions the hash column.
func TestBucketCheck(t *testing.T) {
	cases := []struct {
		name    string
		q       string
		missing bool
		bound   string // SourceBinding.Column when missing
	}{
		{"range on the second key column", "SELECT * FROM idx WHERE ts >= $from", true, "ts"},
		{"point on the third key column", "SELECT * FROM idx WHERE trace_id = $t", true, "trace_id"},
		{"IN (SELECT) on a later column", "SELECT * FROM idx WHERE ts IN (SELECT ts FROM other)", true, "ts"},
		{"keyed read", "SELECT * FROM idx WHERE idx_hash = $hash AND ts >= $from", false, ""},
		{"hash column in a residual", "SELECT * FROM idx WHERE idx_hash != 0 AND ts >= $from", false, ""},
		{"hash column under OR", "SELECT * FROM idx WHERE (idx_hash = $a OR ts > 5) AND ts >= $from", false, ""},
		{"no key column constrained", "SELECT * FROM idx WHERE v = 'x'", false, ""},
		{"no WHERE", "SELECT * FROM idx", false, ""},
		{"DELETE by a later column", "DELETE FROM idx WHERE ts < $cut", true, "ts"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := catalogue()
			idx := table("idx", []string{"idx_hash", "ts", "trace_id"}, "idx_hash Uint64", "ts Int64", "trace_id Utf8", "v Utf8")
			idx.Hash = &schema.HashPrefix{Column: "idx_hash", GoFunc: "dbmodel.HashTagIndex", Evidence: "read"}
			m["idx"] = idx
			s := yql.Parse(c.q)
			if len(s.Errors) > 0 {
				t.Fatalf("parse: %v", s.Errors[0])
			}
			p := NewPlanner(s, c.q, resolver(m), nil).Plan(len(s.Stmts) - 1)
			a := readOf(t, p, "idx")
			if a.Hash == nil {
				t.Fatal("no hash check on a table with bucket evidence")
			}
			if a.Hash.Missing != c.missing {
				t.Fatalf("Missing = %v, want %v (bindings %+v)", a.Hash.Missing, c.missing, a.Bindings)
			}
			if c.missing && a.Hash.SourceBinding.Column != c.bound {
				t.Errorf("bound column = %q, want %q", a.Hash.SourceBinding.Column, c.bound)
			}
			if a.Hash.Suggestion != "" || len(a.Hash.Edits) != 0 || a.Hash.Mismatch {
				t.Errorf("bucket check suggests or mismatches: %+v", a.Hash)
			}
		})
	}
}

// TestReadEvidenceOutranksBucket: a read showing "leading column =
// F(another key column)" is still recorded on a table that has bucket
// evidence only.
func TestReadEvidenceOutranksBucket(t *testing.T) {
	m := catalogue()
	o := m["orders"]
	o.Hash = &schema.HashPrefix{Column: "order_hash", Evidence: "read"}
	q := "SELECT * FROM orders WHERE order_hash = Digest::NumericHash($id) AND order_id = $id"
	s := yql.Parse(q)
	p := NewPlanner(s, q, resolver(m), nil).Plan(0)
	a := readOf(t, p, "orders")
	if a.HashEvidence == nil || a.HashEvidence.SourceColumn != "order_id" {
		t.Fatalf("read evidence = %+v, want order_hash = Digest::NumericHash(order_id)", a.HashEvidence)
	}
}
