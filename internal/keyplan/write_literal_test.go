package keyplan

import "testing"

// TestNullFindingLiteral: a NULL spelled in the query text is marked
// Literal (rules treat it as a deliberate sentinel); a NULL bound from Go is
// not.
func TestNullFindingLiteral(t *testing.T) {
	cases := []struct {
		name    string
		q       string
		params  map[string]ParamInfo
		literal bool
	}{
		{"NULL keyword", "UPSERT INTO orders (order_hash, order_id) VALUES (1, NULL)", nil, true},
		{"Nothing", "UPSERT INTO orders (order_hash, order_id) VALUES (1, Nothing(Uint64?))", nil, true},
		{"named expression holding NULL", "$none = NULL; UPSERT INTO orders (order_hash, order_id) VALUES (1, $none)", nil, true},
		{"Go-side NULL parameter", "UPSERT INTO orders (order_hash, order_id) VALUES (1, $id)",
			map[string]ParamInfo{"id": {Null: true, Optional: TriYes}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o ParamOracle
			if c.params != nil {
				o = oracle(c.params)
			}
			w := writeOf(t, planLast(t, c.q, o))
			var got []Finding
			for _, f := range w.Findings {
				if f.Code == FindNullKey {
					got = append(got, f)
				}
			}
			if len(got) != 1 || got[0].Column != "order_id" {
				t.Fatalf("null findings = %+v, want one on order_id", got)
			}
			if got[0].Literal != c.literal {
				t.Errorf("Literal = %v, want %v", got[0].Literal, c.literal)
			}
		})
	}
}
