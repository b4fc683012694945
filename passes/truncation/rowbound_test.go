package truncation

import (
	"testing"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

func testTables() map[string]*schema.Table {
	mk := func(path string, pk []string, cols ...string) *schema.Table {
		t := &schema.Table{Path: path, PrimaryKey: pk}
		for _, c := range cols {
			t.Columns = append(t.Columns, &schema.Column{Name: c, Type: "Uint64"})
		}
		return t
	}
	p := mk("products", []string{"shop_id", "id"}, "shop_id", "id", "price")
	p.Indexes = []*schema.Index{{Name: "by_price", Columns: []string{"price"}}}
	u := mk("users", []string{"id"}, "id", "email", "name")
	u.Indexes = []*schema.Index{
		{Name: "users_email_uidx", Columns: []string{"email"}, Unique: true},
		{Name: "users_name_idx", Columns: []string{"name"}},
	}
	return map[string]*schema.Table{"products": p, "users": u}
}

// boundOf parses text and bounds its last SELECT statement.
func boundOf(t *testing.T, text string, param ParamBound) Bound {
	t.Helper()
	return boundWithLists(t, text, param, nil)
}

// boundWithLists is boundOf with the list parameters' lengths.
func boundWithLists(t *testing.T, text string, param ParamBound, list ListBound) Bound {
	t.Helper()
	tables := testTables()
	script := yql.Parse(text)
	resolve := func(ref *yql.TableRef, _ string) (*schema.Table, bool) {
		tb, ok := tables[ref.Path]
		return tb, ok
	}
	planner := keyplan.NewPlanner(script, text, resolve, nil)
	for i := len(script.Stmts) - 1; i >= 0; i-- {
		if sel, ok := script.Stmts[i].(*yql.SelectStmt); ok {
			return RowBound(sel.Query, planner.Plan(i), script, param, list, nil)
		}
	}
	t.Fatalf("no SELECT in %q", text)
	return Bound{}
}

func TestRowBound(t *testing.T) {
	limit := func(n int64) ParamBound {
		return func(name string) (int64, bool) { return n, name == "limit" }
	}
	cases := []struct {
		text  string
		param ParamBound
		rows  int64
	}{
		{"SELECT * FROM products WHERE shop_id = $s;", nil, unbounded},
		{"SELECT * FROM products WHERE shop_id = $s LIMIT 100;", nil, 100},
		{"SELECT * FROM products WHERE shop_id = $s LIMIT 5000;", nil, 5000},
		{"SELECT * FROM products LIMIT 10 OFFSET 20000;", nil, 10},
		{"SELECT * FROM products LIMIT 20, 10;", nil, 10},
		{"SELECT * FROM products WHERE shop_id = $s AND id = $id;", nil, 1},
		{"SELECT * FROM products WHERE shop_id = $s AND id IN $ids;", nil, unbounded},
		{"SELECT * FROM products WHERE shop_id = $s AND id IN (1, 2);", nil, 2},
		{"SELECT * FROM products WHERE shop_id = $s AND (id = 1 OR id = 2);", nil, 2},
		{"SELECT * FROM products WHERE shop_id IN (1, 2) AND id IN (1, 2, 3);", nil, 6},
		{"SELECT * FROM products WHERE shop_id = $s AND id > 5 AND id IN (1, 2);", nil, 2},
		{"SELECT * FROM products WHERE shop_id = $s AND (id IN (1, 2) OR price = 3);", nil, unbounded},
		{"SELECT COUNT(*) FROM products WHERE shop_id = $s;", nil, 1},
		{"SELECT COALESCE(SUM(price), 0) AS total, MAX(id) FROM products;", nil, 1},
		{"SELECT shop_id, COUNT(*) FROM products GROUP BY shop_id;", nil, unbounded},
		{"SELECT 1;", nil, 1},
		{"SELECT * FROM products WHERE shop_id = $s LIMIT $limit;", nil, unbounded},
		{"SELECT * FROM products WHERE shop_id = $s LIMIT $limit;", limit(200), 200},
		{"$n = 50; SELECT * FROM products LIMIT $n;", nil, 50},
		{"SELECT * FROM products LIMIT 10 UNION ALL SELECT * FROM products LIMIT 20;", nil, 30},
		{"SELECT * FROM products LIMIT 10 UNION ALL SELECT * FROM products;", nil, unbounded},
		{"SELECT * FROM (SELECT * FROM products LIMIT 10) UNION ALL (SELECT * FROM products LIMIT 20);", nil, 30},
		{"SELECT id FROM (SELECT * FROM products WHERE shop_id = 1 LIMIT 10) WHERE price > 5;", nil, 10},
		{"SELECT id FROM (SELECT * FROM products WHERE shop_id = 1) WHERE price > 5;", nil, unbounded},
		{"SELECT * FROM products VIEW by_price WHERE price = $p;", nil, unbounded},
		{"SELECT * FROM products VIEW by_price WHERE price = $p AND shop_id = $s AND id = $id;", nil, 1},
		{"SELECT * FROM products VIEW by_price WHERE price = $p AND shop_id = $s;", nil, unbounded},
		{"SELECT * FROM AS_TABLE($rows);", nil, unbounded},
		{"SELECT * FROM users WHERE email = $email;", nil, 1},
		{"SELECT * FROM users VIEW users_email_uidx WHERE email = $email;", nil, 1},
		{"SELECT * FROM users WHERE email IN $emails;", nil, unbounded},
		{"SELECT * FROM users VIEW users_name_idx WHERE name = $name;", nil, unbounded},
		{"SELECT * FROM users WHERE id = $id;", nil, 1},
		{"SELECT * FROM products WHERE shop_id = $s AND id IS NULL;", nil, 1},
		{"SELECT * FROM unknown_table WHERE id = $id;", nil, unbounded},
		{"SELECT p.id FROM products AS p JOIN products AS q ON p.id = q.id WHERE p.shop_id = 1 AND p.id = 2;", nil, unbounded},
	}
	for _, c := range cases {
		got := boundOf(t, c.text, c.param)
		if got.Rows != c.rows {
			t.Errorf("%s: rows %d (%s), want %d", c.text, got.Rows, got.Why, c.rows)
		}
	}
}

// TestRowBoundUnionReason: an unbounded UNION gives the reason of the
// SELECT that has no bound, whichever side it is on, never the other's
// reason for being bounded.
func TestRowBoundUnionReason(t *testing.T) {
	cases := map[string]string{
		"SELECT * FROM products WHERE shop_id = 1 AND id = 2 UNION ALL SELECT * FROM products;": "a SELECT of the UNION has no bound (no LIMIT)",
		"SELECT * FROM products UNION ALL SELECT * FROM products WHERE shop_id = 1 AND id = 2;": "a SELECT of the UNION has no bound (no LIMIT)",
		"SELECT * FROM products LIMIT 10 UNION ALL SELECT * FROM products LIMIT $n;":            "a SELECT of the UNION has no bound (a LIMIT whose value is not known to be at most 1000)",
	}
	for text, want := range cases {
		if got := boundOf(t, text, nil); got.Rows != unbounded || got.Why != want {
			t.Errorf("%s: rows %d (%s), want unbounded (%s)", text, got.Rows, got.Why, want)
		}
	}
}

// TestRowBoundLists: a read that pins a unique key by IN $list returns at
// most one row per element, so the list's length bounds it when the Go
// code bounds the list; an unknown length, an index that is not unique or
// a key left open is unbounded.
func TestRowBoundLists(t *testing.T) {
	lists := func(name string) (int64, bool) {
		switch name {
		case "ids":
			return 100, true
		case "many":
			return 5000, true
		case "few":
			return 3, true
		}
		return 0, false
	}
	cases := []struct {
		text string
		rows int64
	}{
		{"SELECT * FROM users WHERE id IN $ids;", 100},
		{"DECLARE $ids AS List<Uint64>; SELECT * FROM users WHERE id IN ($ids);", 100},
		{"SELECT * FROM users WHERE email IN $ids;", 100},
		{"SELECT * FROM users VIEW users_email_uidx WHERE email IN $ids;", 100},
		{"SELECT * FROM users WHERE id IN $ids OR id IN $few;", 103},
		{"SELECT * FROM products WHERE shop_id IN $few AND id IN $ids;", 300},
		{"SELECT * FROM products WHERE shop_id = $s AND id IN $many;", 5000},
		{"SELECT * FROM users WHERE id IN $unknown;", unbounded},
		{"SELECT * FROM users WHERE name IN $ids;", unbounded},
		{"SELECT * FROM products WHERE id IN $ids;", unbounded},
		{"$ids = AsList(1, 2); SELECT * FROM users WHERE id IN $ids;", unbounded},
		{"SELECT * FROM users WHERE id IN $ids LIMIT 10;", 10},
	}
	for _, c := range cases {
		got := boundWithLists(t, c.text, nil, lists)
		if got.Rows != c.rows {
			t.Errorf("%s: rows %d (%s), want %d", c.text, got.Rows, got.Why, c.rows)
		}
	}
	if got := boundOf(t, "SELECT * FROM users WHERE id IN $ids;", nil); got.Rows != unbounded {
		t.Errorf("without list lengths: rows %d (%s), want unbounded", got.Rows, got.Why)
	}
}

// TestRowBoundUnknownTable: a filtered read of a table the catalogue does
// not know may be a point read (silent); an unfiltered one is not.
func TestRowBoundUnknownTable(t *testing.T) {
	for text, unknown := range map[string]bool{
		"SELECT * FROM unknown_table WHERE id = $id;":                 true,
		"SELECT * FROM unknown_table;":                                false,
		"SELECT * FROM products WHERE shop_id = $s;":                  false,
		"SELECT * FROM unknown_table WHERE id = $id LIMIT 10;":        false,
		"SELECT 1 UNION ALL SELECT * FROM unknown_table WHERE k = 1;": true,
	} {
		if got := boundOf(t, text, nil); got.Unknown != unknown {
			t.Errorf("%s: Unknown = %v, want %v (%+v)", text, got.Unknown, unknown, got)
		}
	}
}

// FuzzRowBound: any text, no panic, and a bound is never negative other
// than unbounded.
func FuzzRowBound(f *testing.F) {
	for _, s := range []string{
		"SELECT * FROM products LIMIT 10;", "SELECT COUNT(*) FROM products;", "$n = 5; SELECT 1 LIMIT $n;",
		"SELECT * FROM products WHERE shop_id = 1 AND id = 2 UNION ALL SELECT 1;", "SELECT * FROM products LIMIT -1;",
		"SELECT * FROM products LIMIT 0x10;", "SELECT * FROM products LIMIT 99999999999999999999;",
	} {
		f.Add(s)
	}
	tables := testTables()
	f.Fuzz(func(t *testing.T, text string) {
		script := yql.Parse(text)
		resolve := func(ref *yql.TableRef, _ string) (*schema.Table, bool) {
			tb, ok := tables[ref.Path]
			return tb, ok
		}
		planner := keyplan.NewPlanner(script, text, resolve, nil)
		for i, st := range script.Stmts {
			sel, ok := st.(*yql.SelectStmt)
			if !ok {
				continue
			}
			b := RowBound(sel.Query, planner.Plan(i), script, func(string) (int64, bool) { return 7, true }, func(string) (int64, bool) { return 7, true },
				func(*schema.Table) (int64, string, bool) { return 7, "seeded", true })
			if b.Rows < unbounded {
				t.Fatalf("%q: bound %d", text, b.Rows)
			}
		}
	})
}
