package keyplan

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
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
		{"BATCH DELETE passes over every partition by design", "BATCH DELETE FROM idx WHERE ts < $cut", false, ""},
		{"a secondary index KQP may choose", "SELECT * FROM idx WHERE v = $v AND ts >= $from", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := catalogue()
			idx := table("idx", []string{"idx_hash", "ts", "trace_id"}, "idx_hash Uint64", "ts Int64", "trace_id Utf8", "v Utf8")
			idx.Hash = &schema.HashPrefix{Column: "idx_hash", GoFunc: "dbmodel.HashTagIndex", Evidence: "read"}
			idx.Indexes = []*schema.Index{{Name: "idx_v", Columns: []string{"v"}}}
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

// FuzzBucketCheck plans arbitrary text against a table with bucket
// evidence: no panic, and a Missing verdict always names a constrained
// later key column and never suggests an edit.
func FuzzBucketCheck(f *testing.F) {
	f.Add("SELECT * FROM idx WHERE ts >= $from")
	f.Add("SELECT * FROM idx WHERE idx_hash = $h AND ts >= $from AND trace_id = $t")
	f.Add("DELETE FROM idx WHERE (ts < $a OR trace_id = $b) AND " + holeName(0))
	f.Add("UPDATE idx SET v = $v WHERE trace_id IN (SELECT trace_id FROM idx WHERE ts > 0)")
	m := catalogue()
	idx := table("idx", []string{"idx_hash", "ts", "trace_id"}, "idx_hash Uint64", "ts Int64", "trace_id Utf8", "v Utf8")
	idx.Hash = &schema.HashPrefix{Column: "idx_hash", Evidence: "write"}
	m["idx"] = idx
	res := resolver(m)
	f.Fuzz(func(t *testing.T, q string) {
		s := yql.Parse(q)
		p := NewPlanner(s, q, res, nil)
		for i := range s.Stmts {
			for _, a := range p.Plan(i).Reads {
				hc := a.Hash
				if a.Table != idx || hc == nil {
					continue
				}
				if hc.Suggestion != "" || len(hc.Edits) != 0 || hc.Replace != nil || hc.Mismatch {
					t.Fatalf("bucket check with a suggestion or mismatch: %+v", hc)
				}
				if hc.Missing && (hc.HashBinding.Kind != BindNone || hc.SourceBinding.Column == "idx_hash" || hc.SourceBinding.Kind < BindDepends) {
					t.Fatalf("Missing with hash binding %+v, bound %+v", hc.HashBinding, hc.SourceBinding)
				}
			}
		}
	})
}
