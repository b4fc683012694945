package keyplan

import (
	"github.com/ydblint/ydblint/internal/yql"
	"testing"
)

type findingWant struct {
	code    FindingCode
	column  string
	compile bool
}

func writeOf(tb testing.TB, p *Plan) *Write {
	tb.Helper()
	if len(p.Writes) != 1 {
		tb.Fatalf("writes = %d, want 1", len(p.Writes))
	}
	return p.Writes[0]
}

// TestWriteFindings covers the write-side table of §3.3.
func TestWriteFindings(t *testing.T) {
	cases := []struct {
		name   string
		q      string
		params map[string]ParamInfo
		want   []findingWant
	}{
		// Missing key column.
		{"missing hash column", "UPSERT INTO orders (order_id, customer_id) VALUES ($id, 1)", nil,
			[]findingWant{{FindMissingKeyColumn, "order_hash", true}}},
		{"neg: all key columns", "UPSERT INTO orders (order_hash, order_id) VALUES (Digest::NumericHash($id), $id)", nil, nil},
		{"neg: Serial key may be left out", "INSERT INTO serial (v) VALUES ('x')", nil, nil},
		{"neg: DEFAULT key may be left out", "INSERT INTO defaulted (b) VALUES (1)", nil, nil},
		{"missing non-default next to a default", "INSERT INTO defaulted (a) VALUES (1)", nil,
			[]findingWant{{FindMissingKeyColumn, "b", true}}},
		{"SELECT output names", "INSERT INTO plain SELECT id AS k1, 2 AS k2, name AS v FROM customers", nil,
			[]findingWant{{FindMissingKeyColumn, "k3", true}}},
		{"neg: SELECT with all aliases", "INSERT INTO plain SELECT id AS k1, 2 AS k2, name AS k3 FROM customers", nil, nil},
		{"neg: SELECT * from an unknown source", "INSERT INTO plain SELECT * FROM $src", nil, nil},
		{"neg: unnamed SELECT item", "INSERT INTO plain SELECT id + 1, 2 AS k2 FROM customers", nil, nil},
		{"SELECT * from a known table", "INSERT INTO plain SELECT * FROM customers", nil,
			[]findingWant{{FindMissingKeyColumn, "k1", true}, {FindMissingKeyColumn, "k2", true}, {FindMissingKeyColumn, "k3", true}}},
		{"AS_TABLE struct fields", "DECLARE $rows AS List<Struct<order_id: Uint64, amount: Double>>; UPSERT INTO orders SELECT * FROM AS_TABLE($rows)", nil,
			[]findingWant{{FindMissingKeyColumn, "order_hash", true}}},
		{"neg: AS_TABLE without DECLARE", "UPSERT INTO orders SELECT * FROM AS_TABLE($rows)", nil, nil},
		{"neg: AS_TABLE with all fields", "DECLARE $rows AS List<Struct<order_hash: Uint64, order_id: Uint64>>; UPSERT INTO orders SELECT * FROM AS_TABLE($rows)", nil, nil},
		{"AS_TABLE fields bound from Go", "UPSERT INTO orders SELECT * FROM AS_TABLE($rows)",
			map[string]ParamInfo{"rows": {Type: structList("order_id", "Uint64")}},
			[]findingWant{{FindMissingKeyColumn, "order_hash", true}}},
		{"neg: no column list with VALUES", "UPSERT INTO orders VALUES (1, 2)", nil, nil},
		// NULL and Optional into key columns.
		{"NULL into NOT NULL key", "UPSERT INTO nn (h, id) VALUES (NULL, 1)", nil,
			[]findingWant{{FindNullKey, "h", true}}},
		{"NULL into nullable key", "UPSERT INTO orders_poor (order_id) VALUES (NULL)", nil,
			[]findingWant{{FindNullKey, "order_id", false}}},
		{"Nothing into nullable key", "UPSERT INTO orders_poor (order_id) VALUES (Nothing(Uint64?))", nil,
			[]findingWant{{FindNullKey, "order_id", false}}},
		{"Optional param into NOT NULL key", "DECLARE $id AS Uint64?; UPSERT INTO nn (h, id) VALUES (1, $id)", nil,
			[]findingWant{{FindOptionalKey, "id", true}}},
		{"Optional<T> param into nullable key", "DECLARE $id AS Optional<Uint64>; UPSERT INTO orders_poor (order_id) VALUES ($id)", nil,
			[]findingWant{{FindOptionalKey, "order_id", false}}},
		{"certainly NULL param", "UPSERT INTO orders_poor (order_id) VALUES ($id)", map[string]ParamInfo{"id": {Null: true}},
			[]findingWant{{FindNullKey, "order_id", false}}},
		{"Go-bound Optional param", "UPSERT INTO nn (h, id) VALUES (1, $id)", map[string]ParamInfo{"id": {Optional: TriYes}},
			[]findingWant{{FindOptionalKey, "id", true}}},
		{"AutoMap Digest of Optional", "DECLARE $id AS Uint64?; UPSERT INTO nn (h, id) VALUES (Digest::NumericHash($id), 5)", nil,
			[]findingWant{{FindOptionalKey, "h", true}}},
		{"CAST to T?", "UPSERT INTO nn (h, id) VALUES (CAST($x AS Uint64?), 5)", nil,
			[]findingWant{{FindOptionalKey, "h", true}}},
		{"Just", "UPSERT INTO orders_poor (order_id) VALUES (Just($x))", nil,
			[]findingWant{{FindOptionalKey, "order_id", false}}},
		{"named expression NULL", "$v = NULL; UPSERT INTO nn (h, id) VALUES ($v, 1)", nil,
			[]findingWant{{FindNullKey, "h", true}}},
		{"AS_TABLE Optional field into NOT NULL key", "DECLARE $rows AS List<Struct<h: Uint64, id: Uint64?>>; UPSERT INTO nn SELECT * FROM AS_TABLE($rows)", nil,
			[]findingWant{{FindOptionalKey, "id", true}}},
		{"neg: DECLARE overrides a Go Optional", "DECLARE $id AS Uint64; UPSERT INTO nn (h, id) VALUES (1, $id)", map[string]ParamInfo{"id": {Optional: TriYes}}, nil},
		{"neg: non-optional param and Digest", "DECLARE $id AS Uint64; UPSERT INTO nn (h, id) VALUES (Digest::NumericHash($id), $id)", nil, nil},
		{"neg: Coalesce with a default", "DECLARE $id AS Uint64?; UPSERT INTO nn (h, id) VALUES (1, Coalesce($id, 0))", nil, nil},
		{"neg: NULL into a non-key column", "UPSERT INTO orders_poor (order_id, amount) VALUES (1, NULL)", nil, nil},
		{"neg: nullable column copied into nullable key", "INSERT INTO orders_poor SELECT id AS order_id FROM customers", nil, nil},
		{"nullable column copied into NOT NULL key", "INSERT INTO nn SELECT id AS h, id AS id FROM customers", nil,
			[]findingWant{{FindOptionalKey, "h", true}, {FindOptionalKey, "id", true}}},
		// UPDATE SET of a key column.
		{"UPDATE SET key", "UPDATE plain SET k2 = 5 WHERE k1 = 1", nil,
			[]findingWant{{FindUpdateKeyColumn, "k2", true}}},
		{"neg: UPDATE SET non-key", "UPDATE plain SET v = 'x' WHERE k1 = 1", nil, nil},
		// UPDATE ON / DELETE ON input lacking key columns.
		{"UPDATE ON lacks key", "UPDATE plain ON SELECT k1, k2, 'x' AS v FROM plain WHERE k1 = 1", nil,
			[]findingWant{{FindOnMissingKeyColumn, "k3", true}}},
		{"DELETE ON lacks key", "DELETE FROM orders ON SELECT order_id FROM orders WHERE order_hash = 1", nil,
			[]findingWant{{FindOnMissingKeyColumn, "order_hash", true}}},
		{"DELETE ON VALUES lacks key", "DELETE FROM orders ON (order_id) VALUES (1)", nil,
			[]findingWant{{FindOnMissingKeyColumn, "order_hash", true}}},
		{"neg: DELETE ON with the key", "DELETE FROM orders ON SELECT order_hash, order_id FROM orders WHERE order_hash = 1", nil, nil},
		{"UPDATE ON NULL key into NOT NULL", "UPDATE nn ON SELECT NULL AS h, 1 AS id, 'x' AS v", nil,
			[]findingWant{{FindNullKey, "h", true}}},
		// Unknown or unusable tables: silent.
		{"neg: unknown table", "UPSERT INTO nowhere (x) VALUES (NULL)", nil, nil},
		{"neg: conflicting table", "UPSERT INTO conflict (v) VALUES (1)", nil, nil},
		{"neg: hole as key value", "UPSERT INTO nn (h, id) VALUES (" + holeName(0) + ", 1)", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o ParamOracle
			if c.params != nil {
				o = oracle(c.params)
			}
			w := writeOf(t, planLast(t, c.q, o))
			if len(w.Findings) != len(c.want) {
				t.Fatalf("findings = %+v, want %+v", w.Findings, c.want)
			}
			for i, f := range w.Findings {
				g := c.want[i]
				if f.Code != g.code || f.Column != g.column || f.CompileError != g.compile {
					t.Errorf("finding %d = %v %s compile=%v, want %v %s compile=%v", i, f.Code, f.Column, f.CompileError, g.code, g.column, g.compile)
				}
				if f.Span.End <= f.Span.Start || f.Text == "" {
					t.Errorf("finding %d has no span/text: %+v", i, f)
				}
			}
		})
	}
}

func structList(kv ...string) *yql.TypeRef {
	st := &yql.TypeRef{Name: "Struct"}
	for i := 0; i+1 < len(kv); i += 2 {
		st.Fields = append(st.Fields, &yql.TypeField{Name: kv[i], Type: typ(kv[i+1])})
	}
	return &yql.TypeRef{Name: "List", Args: []*yql.TypeRef{st}}
}

func TestMissingHashHint(t *testing.T) {
	q := "UPSERT INTO orders (order_id, customer_id) VALUES ($id, 1)"
	w := writeOf(t, planLast(t, q, nil))
	f := w.Findings[0]
	if !f.HashColumn || f.HashHint != "Digest::NumericHash($id)" {
		t.Errorf("hint = %v %q", f.HashColumn, f.HashHint)
	}
	if q[f.Span.Start:f.Span.End] != "order_id, customer_id" {
		t.Errorf("span text = %q", q[f.Span.Start:f.Span.End])
	}
}

func TestWrittenValues(t *testing.T) {
	q := "$h = Digest::NumericHash($id); UPSERT INTO orders (order_hash, order_id) VALUES ($h, $id), (NULL, 5)"
	w := writeOf(t, planLast(t, q, nil))
	h := w.Key("order_hash")
	if h == nil || h.Present != TriYes || len(h.Values) != 2 {
		t.Fatalf("order_hash key write = %+v", h)
	}
	if v := h.Values[0]; v.Class != ValHash || v.Func != "Digest::NumericHash" || q[v.Span.Start:v.Span.End] != "$h" {
		t.Errorf("value 0 = %+v", v)
	}
	if v := h.Values[1]; v.Class != ValNull || !v.Null {
		t.Errorf("value 1 = %+v", v)
	}
	if v := w.Key("order_id").Values[0]; v.Class != ValParam || v.Param != "id" {
		t.Errorf("order_id value = %+v", v)
	}
	classes := map[string]ValueClass{
		"CurrentUtcTimestamp()":                           ValCurrentTime,
		"CAST(CurrentUtcDatetime() AS Uint64)":            ValCurrentTime,
		"DateTime::ToMicroseconds(CurrentUtcTimestamp())": ValCurrentTime,
		"Uuid::newV8ColumnKey()":                          ValUuidColumnKey,
		"Uuid::newV7()":                                   ValRandomUuid,
		"RandomUuid(1)":                                   ValRandomUuid,
		"1":                                               ValLiteral,
		"Nothing(Uint64?)":                                ValNothing,
		"Unicode::ToLower($x)":                            ValFunc,
		holeName(0):                                       ValUnknown,
	}
	for expr, want := range classes {
		w := writeOf(t, planLast(t, "UPSERT INTO customers (id) VALUES ("+expr+")", nil))
		if got := w.Keys[0].Values[0].Class; got != want {
			t.Errorf("%s: class %v, want %v", expr, got, want)
		}
	}
}
