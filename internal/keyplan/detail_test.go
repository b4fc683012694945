package keyplan

import (
	"strings"
	"testing"
)

func TestBindings(t *testing.T) {
	q := "SELECT * FROM plain WHERE k1 > 1 AND k2 = $b AND v = 'x'"
	a := readOf(t, planLast(t, q, nil), "plain")
	if got := a.Binding("k1"); got.Kind != BindRange || !got.InPrefix || q[got.Atom.Start:got.Atom.End] != "k1 > 1" {
		t.Errorf("k1 binding = %+v", got)
	}
	if got := a.Binding("k2"); got.Kind != BindPoint || got.InPrefix || got.Value == nil {
		t.Errorf("k2 binding = %+v (want point outside the prefix with a value)", got)
	}
	if got := a.Binding("k3"); got.Kind != BindNone {
		t.Errorf("k3 binding = %+v", got)
	}
	if a.PointPrefix != 0 || a.UsedPrefix != 1 {
		t.Errorf("prefix = %d/%d, want 0/1", a.PointPrefix, a.UsedPrefix)
	}

	// OR branches: k1 is a point in both, k2 only in one.
	a = readOf(t, planLast(t, "SELECT * FROM plain WHERE (k1 = 1 AND k2 = 2) OR k1 = 3", nil), "plain")
	if a.Binding("k1").Kind != BindPoint || a.Binding("k1").Value != nil {
		t.Errorf("k1 over OR = %+v (want point without a single value)", a.Binding("k1"))
	}
	if a.Binding("k2").Kind != BindNone {
		t.Errorf("k2 over OR = %+v", a.Binding("k2"))
	}

	// IS NULL.
	a = readOf(t, planLast(t, "SELECT * FROM plain WHERE k1 IS NULL", nil), "plain")
	if b := a.Binding("k1"); b.Kind != BindPoint || !b.Null {
		t.Errorf("IS NULL binding = %+v", b)
	}

	// Opaque conjunct: unbound columns become unknown, not none.
	a = readOf(t, planLast(t, "SELECT * FROM plain WHERE k2 = 1 AND "+holeName(0), nil), "plain")
	if a.Binding("k1").Kind != BindUnknown || a.Binding("k2").Kind != BindPoint {
		t.Errorf("with a hole: k1=%v k2=%v", a.Binding("k1").Kind, a.Binding("k2").Kind)
	}

	// Residual atoms are listed with their reasons.
	q = "SELECT * FROM plain WHERE k1 = 1 AND CAST(k2 AS String) = '2' AND k3 != 'a'"
	a = readOf(t, planLast(t, q, nil), "plain")
	if len(a.Residual) != 2 || a.Residual[0].Code != ReasonFuncOnColumn || a.Residual[1].Code != ReasonNotEqual {
		t.Errorf("residual = %+v", a.Residual)
	}
	if a.Break.Code != ReasonFuncOnColumn || a.Break.Column != "k2" {
		t.Errorf("break = %+v", a.Break)
	}
}

func TestListParamDepends(t *testing.T) {
	a := readOf(t, planLast(t, "SELECT * FROM orders_poor WHERE order_id IN $ids", nil), "orders_poor")
	if a.Verdict != Point {
		t.Fatalf("verdict = %v", a.Verdict)
	}
	if len(a.Depends) != 1 || a.Depends[0].Code != ReasonListParam {
		t.Errorf("depends = %+v, want one list-param note", a.Depends)
	}
	a = readOf(t, planLast(t, "SELECT * FROM orders_poor WHERE order_id IN (1, 2)", nil), "orders_poor")
	if len(a.Depends) != 0 {
		t.Errorf("literal list depends = %+v", a.Depends)
	}
}

func TestIndexHint(t *testing.T) {
	cases := []struct {
		q       string
		verdict Verdict
		hint    string
	}{
		{"SELECT * FROM t WHERE v = $v", Depends, "idx_v"},
		{"SELECT * FROM t VIEW PRIMARY KEY WHERE v = $v", Full, "idx_v"},
		{"SELECT * FROM t WHERE w = $w", Full, "idx_w_async"},
		{"SELECT * FROM t WHERE w > $w", Full, ""},    // a range on the index column: no point-led hint
		{"SELECT * FROM t WHERE v > $v", Depends, ""}, // auto choice may still use a range
		{"SELECT * FROM t WHERE k2 = 1", Full, ""},    // no index leads with k2
		{"SELECT * FROM t VIEW idx_v WHERE w = 1", Full, "idx_w_async"},
		{"SELECT * FROM t WHERE v = $v AND k1 = 1", Range, ""}, // not FULL: no hint
		// Only the ASYNC index pins a column; KQP may choose the SYNC idx_v
		// (a range): the hint names the headline's index.
		{"SELECT * FROM t WHERE w = $w AND v > $v", Depends, "idx_v"},
	}
	for _, c := range cases {
		a := readOf(t, planLast(t, c.q, nil), "t")
		hint := ""
		if a.IndexHint != nil {
			hint = a.IndexHint.Name
		}
		if a.Verdict != c.verdict || hint != c.hint {
			t.Errorf("%s: verdict %v hint %q, want %v %q", c.q, a.Verdict, hint, c.verdict, c.hint)
		}
	}
	a := readOf(t, planLast(t, "SELECT * FROM t VIEW idx_v WHERE v = $v", nil), "t")
	if a.KeyName != "idx_v" || len(a.Key) != 4 || a.Key[0] != "v" || a.Key[1] != "k1" || a.Index == nil {
		t.Errorf("VIEW key = %s %v", a.KeyName, a.Key)
	}
}

func TestAliasesAndJoins(t *testing.T) {
	// Alias-qualified columns in a single-table statement.
	a := readOf(t, planLast(t, "SELECT * FROM orders AS o WHERE o.order_hash = 1 AND o.order_id = 2", nil), "orders")
	if a.Verdict != Point || a.Alias != "o" {
		t.Errorf("alias: %v %q", a.Verdict, a.Alias)
	}
	// A qualifier the statement does not know still means the row.
	a = readOf(t, planLast(t, "SELECT * FROM orders_poor WHERE x.order_id = 2", nil), "orders_poor")
	if a.Verdict != Point {
		t.Errorf("unknown qualifier in single-table statement: %v", a.Verdict)
	}
	// Join: each side gets its own access.
	p := planLast(t, "SELECT * FROM orders AS o JOIN customers AS c ON o.customer_id = c.id WHERE o.order_hash = 1 AND o.order_id = 2", nil)
	if len(p.Reads) != 2 {
		t.Fatalf("reads = %d", len(p.Reads))
	}
	if a := readOf(t, p, "orders"); a.Verdict != Point {
		t.Errorf("orders side: %v (%s)", a.Verdict, a.Break.Text)
	}
	if a := readOf(t, p, "customers"); a.Verdict != Depends || a.Break.Code != ReasonJoin {
		t.Errorf("customers side: %v %v", a.Verdict, a.Break.Code)
	}
	// The table name qualifies columns when there is no alias.
	p = planLast(t, "SELECT * FROM orders_poor JOIN customers ON orders_poor.customer_id = customers.id WHERE orders_poor.order_id = 1", nil)
	if a := readOf(t, p, "orders_poor"); a.Verdict != Point {
		t.Errorf("table-name qualifier: %v (%s)", a.Verdict, a.Break.Text)
	}
	// A value qualified with the other side is not the row: join key, DEPENDS.
	p = planLast(t, "SELECT * FROM customers AS c JOIN orders_poor AS o ON c.id = o.customer_id WHERE c.name = 'x'", nil)
	if a := readOf(t, p, "orders_poor"); a.Verdict != Full {
		t.Errorf("join on a non-key column: %v", a.Verdict)
	}
	if a := readOf(t, p, "customers"); a.Verdict != Depends {
		t.Errorf("customers keyed by join: %v", a.Verdict)
	}
	// LEFT JOIN: the preserved side is read in full.
	p = planLast(t, "SELECT * FROM customers AS c LEFT JOIN orders_poor AS o ON c.id = o.order_id", nil)
	if a := readOf(t, p, "customers"); a.Verdict != Full || a.Break.Code != ReasonNoWhere {
		t.Errorf("preserved side: %v %v", a.Verdict, a.Break.Code)
	}
	if a := readOf(t, p, "orders_poor"); a.Verdict != Depends {
		t.Errorf("looked-up side: %v", a.Verdict)
	}
	// Keys from a list parameter joined to the table on its whole key
	// (§3.4): KQP's batch lookup (lookupjoin.go), one point per key.
	p = planLast(t, "SELECT * FROM $keys AS k JOIN orders AS o ON o.order_hash = k.h AND o.order_id = k.id", nil)
	if a := readOf(t, p, "orders"); a.Verdict != Point {
		t.Errorf("join from $keys: %v", a.Verdict)
	}
	// USING.
	p = planLast(t, "SELECT * FROM customers AS c JOIN customers AS d USING (id)", nil)
	for _, a := range p.Reads {
		if a.Verdict != Depends {
			t.Errorf("USING side %s: %v", a.Alias, a.Verdict)
		}
	}
	// An unqualified column that two sides have: cannot tell.
	p = planLast(t, "SELECT * FROM customers AS c JOIN serial AS s ON c.id = s.v WHERE id = 1", nil)
	if a := readOf(t, p, "customers"); a.Verdict != Unknown {
		t.Errorf("ambiguous column, customers: %v", a.Verdict)
	}
	if a := readOf(t, p, "serial"); a.Verdict != Unknown {
		t.Errorf("ambiguous column, serial: %v", a.Verdict)
	}
	// Only one side has the column: it is that side's.
	p = planLast(t, "SELECT * FROM customers AS c JOIN orders_poor AS o ON c.id = o.customer_id WHERE order_id = 1", nil)
	if a := readOf(t, p, "orders_poor"); a.Verdict != Point {
		t.Errorf("unambiguous unqualified column: %v", a.Verdict)
	}
}

func TestSubqueries(t *testing.T) {
	// IN (SELECT …): the inner select is a read of its own.
	p := planLast(t, "SELECT * FROM orders_poor WHERE order_id IN (SELECT id FROM customers WHERE name = 'x')", nil)
	if a := readOf(t, p, "customers"); a.Verdict != Full {
		t.Errorf("inner select: %v", a.Verdict)
	}
	// A derived table with an outer filter: the filter may be pushed down.
	p = planLast(t, "SELECT * FROM (SELECT * FROM plain) WHERE k1 = 1", nil)
	if a := readOf(t, p, "plain"); a.Verdict != Unknown || a.Break.Code != ReasonOuterFilter {
		t.Errorf("derived with outer filter: %v %v", a.Verdict, a.Break.Code)
	}
	// Without an outer filter it is a full scan.
	p = planLast(t, "SELECT * FROM (SELECT * FROM plain)", nil)
	if a := readOf(t, p, "plain"); a.Verdict != Full {
		t.Errorf("derived without filter: %v", a.Verdict)
	}
	// Named subquery: planned where used, with Named set.
	q := "$q = SELECT * FROM plain WHERE k1 = 1; SELECT * FROM $q"
	p = planLast(t, q, nil)
	a := readOf(t, p, "plain")
	if a.Verdict != Range || a.Named != "q" {
		t.Errorf("named subquery: %v named %q", a.Verdict, a.Named)
	}
	s := NewPlanner(mustParse(t, q), q, resolver(catalogue()), nil)
	if n := len(s.Plan(0).Reads); n != 0 {
		t.Errorf("the named-expression statement itself has %d reads", n)
	}
	p = planLast(t, "$q = SELECT * FROM plain; SELECT * FROM $q WHERE k1 = 1", nil)
	if a := readOf(t, p, "plain"); a.Verdict != Unknown {
		t.Errorf("named subquery with outer filter: %v", a.Verdict)
	}
	// UNION ALL: each part is a read.
	p = planLast(t, "SELECT * FROM plain WHERE k1 = 1 UNION ALL SELECT * FROM customers", nil)
	if len(p.Reads) != 2 {
		t.Errorf("union reads = %d", len(p.Reads))
	}
	// INSERT … SELECT: the source is a read.
	p = planLast(t, "INSERT INTO customers SELECT id, name FROM customers WHERE name = 'x'", nil)
	if len(p.Reads) != 1 || p.Reads[0].Verdict != Full {
		t.Errorf("insert-select source reads = %d", len(p.Reads))
	}
	// UPDATE ON: the inner select is a read; the write is keyed (row 27).
	p = planLast(t, "UPDATE plain ON SELECT k1, k2, k3, 'x' AS v FROM plain WHERE k2 = 1", nil)
	if len(p.Reads) != 1 || p.Reads[0].Verdict != Full || len(p.Writes) != 1 || p.Writes[0].Kind != WriteUpdateOn {
		t.Errorf("update on: %d reads, %d writes", len(p.Reads), len(p.Writes))
	}
	if len(p.Writes[0].Findings) != 0 {
		t.Errorf("update on findings: %+v", p.Writes[0].Findings)
	}
	// Writes alone (row 29): no reads.
	p = planLast(t, "UPSERT INTO customers (id, name) VALUES ($id, $name)", nil)
	if len(p.Reads) != 0 || len(p.Writes) != 1 {
		t.Errorf("upsert: %d reads %d writes", len(p.Reads), len(p.Writes))
	}
}

// TestLookupJoin: a key list joined with a table on its whole key, the
// table the right input and read without a filter of its own, is KQP's
// batch lookup (POINT; RANGE on a key prefix); every other join keeps the
// planner's verdict (DEPENDS, or FULL when the leading key column is free).
func TestLookupJoin(t *testing.T) {
	cases := []struct {
		q    string
		want Verdict
	}{
		{"SELECT c.* FROM AS_TABLE($keys) AS k JOIN customers AS c ON c.id = k.id", Point},
		{"SELECT c.* FROM AS_TABLE($keys) AS k LEFT JOIN customers AS c ON k.id = c.id", Point},
		{"SELECT c.* FROM AS_TABLE($keys) AS k LEFT SEMI JOIN customers AS c ON k.id = c.id", Point},
		{"DECLARE $keys AS List<Struct<id: Uint64>>; SELECT c.* FROM $keys AS k JOIN customers AS c ON c.id = k.id", Point},
		{"SELECT p.* FROM AS_TABLE($keys) AS k JOIN plain AS p ON p.k1 = k.a AND p.k2 = k.b AND p.k3 = k.c", Point},
		{"SELECT p.* FROM AS_TABLE($keys) AS k JOIN plain AS p USING (k1, k2, k3)", Point},
		{"SELECT p.* FROM AS_TABLE($keys) AS k JOIN plain AS p ON p.k1 = k.a AND p.k2 = k.b", Range},     // a key prefix
		{"SELECT p.* FROM AS_TABLE($keys) AS k JOIN plain AS p ON p.k2 = k.b", Full},                     // not a prefix
		{"SELECT p.* FROM AS_TABLE($keys) AS k JOIN plain AS p USING (k1, k2) WHERE p.k3 >= k.c", Range}, // a filter after the join
		{"SELECT c.* FROM AS_TABLE($keys) AS k JOIN customers AS c ON c.id = k.id WHERE c.name > k.name", Point},
		{"SELECT c.* FROM AS_TABLE($keys) AS k JOIN customers AS c ON c.id = k.id WHERE c.name = 'x'", Depends}, // a filter on the table
		{"SELECT c.* FROM AS_TABLE($keys) AS k RIGHT JOIN customers AS c ON c.id = k.id", Full},                 // every row of the table is kept
		{"SELECT c.* FROM customers AS c JOIN AS_TABLE($keys) AS k ON c.id = k.id", Depends},                    // the table is the left input
		{"SELECT c.* FROM orders_poor AS o JOIN customers AS c ON c.id = o.customer_id", Depends},               // a table on the left
		{"$keys = (SELECT customer_id AS id FROM orders_poor); SELECT c.* FROM $keys AS k JOIN customers AS c ON c.id = k.id", Depends},
		{"SELECT c.* FROM AS_TABLE($keys) AS k JOIN customers AS c ON c.id > k.id", Full}, // not an equality
	}
	for _, c := range cases {
		tbl := "customers"
		if strings.Contains(c.q, "plain") {
			tbl = "plain"
		}
		a := readOf(t, planLast(t, c.q, nil), tbl)
		if a.Verdict != c.want {
			t.Errorf("%s: %v (%s), want %v", c.q, a.Verdict, a.Break.Text, c.want)
		}
	}
}
