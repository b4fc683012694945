package keyplan

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
)

// TestReadHashEvidence covers read-side hash-prefix evidence: a keyed read
// on a table with no evidence yet that pins the leading key column to a
// hash of the value it pins another key column to.
func TestReadHashEvidence(t *testing.T) {
	cases := []struct {
		name   string
		q      string
		params map[string]ParamInfo
		want   *schema.HashPrefix
	}{
		{"SLO read, hash after id", "SELECT * FROM slo WHERE id = $id AND hash = Digest::NumericHash($id)", nil,
			&schema.HashPrefix{Column: "hash", Func: "Digest::NumericHash", SourceColumn: "id", Evidence: "read"}},
		{"named hash expression", "$h = Digest::NumericHash($id); SELECT * FROM slo WHERE hash = $h AND id = $id", nil,
			&schema.HashPrefix{Column: "hash", Func: "Digest::NumericHash", SourceColumn: "id", Evidence: "read"}},
		{"DELETE by key", "DELETE FROM slo WHERE hash = Digest::NumericHash($id) AND id = $id", nil,
			&schema.HashPrefix{Column: "hash", Func: "Digest::NumericHash", SourceColumn: "id", Evidence: "read"}},
		{"Go-side hash parameter", "SELECT * FROM slo WHERE hash = $h AND id = $id",
			map[string]ParamInfo{"h": {HashOf: "id", HashFunc: "xxhash.Sum64"}},
			&schema.HashPrefix{Column: "hash", SourceColumn: "id", Evidence: "read"}},
		{"third key column is the source", "SELECT * FROM plain WHERE k1 = Digest::CityHash($s) AND k2 = 1 AND k3 = $s", nil,
			&schema.HashPrefix{Column: "k1", Func: "Digest::CityHash", SourceColumn: "k3", Evidence: "read"}},
		{"neg: hash of another value", "SELECT * FROM slo WHERE hash = Digest::NumericHash($x) AND id = $id", nil, nil},
		{"neg: hash of a column", "SELECT * FROM slo WHERE hash = Digest::NumericHash(id) AND id = $id", nil, nil},
		{"neg: Go hash of another parameter", "SELECT * FROM slo WHERE hash = $h AND id = $id",
			map[string]ParamInfo{"h": {HashOf: "other"}}, nil},
		{"neg: plain parameter", "SELECT * FROM slo WHERE hash = $h AND id = $id", nil, nil},
		{"neg: range on the source", "SELECT * FROM slo WHERE hash = Digest::NumericHash($id) AND id > $id", nil, nil},
		{"neg: OR branches", "SELECT * FROM slo WHERE (hash = Digest::NumericHash($a) AND id = $a) OR (hash = Digest::NumericHash($b) AND id = $b)", nil, nil},
		{"neg: single-column key", "SELECT * FROM customers WHERE id = Digest::NumericHash($id)", nil, nil},
		{"neg: hash into a non-leading column", "SELECT * FROM slo WHERE hash = $id AND id = Digest::NumericHash($id)", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o ParamOracle
			if c.params != nil {
				o = oracle(c.params)
			}
			p := planLast(t, c.q, o)
			if len(p.Reads) == 0 {
				t.Fatalf("no read")
			}
			a := p.Reads[0]
			switch {
			case c.want == nil && a.HashEvidence != nil:
				t.Errorf("evidence = %+v, want none", *a.HashEvidence)
			case c.want != nil && (a.HashEvidence == nil || *a.HashEvidence != *c.want):
				t.Errorf("evidence = %+v, want %+v", a.HashEvidence, *c.want)
			case c.want != nil && a.HashEvidenceSpan.End <= a.HashEvidenceSpan.Start:
				t.Errorf("no evidence span")
			}
		})
	}
	// A table that already has evidence gets none from reads.
	p := planLast(t, "SELECT * FROM orders WHERE order_hash = Digest::NumericHash($id) AND order_id = $id", nil)
	if p.Reads[0].HashEvidence != nil {
		t.Errorf("evidence on a table that has some: %+v", *p.Reads[0].HashEvidence)
	}
}
